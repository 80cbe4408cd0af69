package dev.overdue.worker;

import com.nimbusds.jose.KeySourceException;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSelector;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.proc.SecurityContext;
import java.io.IOException;
import dev.overdue.client.KeyUrls;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.text.ParseException;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An issuer's public keys, as they are now. Tokens are verified on workflow threads (in a side
 * effect, or an Update's validator), which must not wait for the network: a lookup only reads
 * what is in memory. From a URL (the issuer's {@code jwks_uri}): fetched at the start, then in the
 * background every five minutes and when a token names a key id the set lacks (at most every 30
 * seconds). From a file: read again when it changes. Either way a rotated key set applies without
 * a restart.
 */
final class IssuerKeys {
  private IssuerKeys() {}

  static JWKSource<SecurityContext> of(AuthSettings.Issuer issuer) {
    String where = issuer.jwks();
    if (isUrl(where)) {
      URI uri;
      try {
        uri = url(issuer.issuer(), where);
      } catch (IllegalArgumentException wrong) {
        throw new WorkerSettings.InvalidSettings("auth.issuers: " + wrong.getMessage());
      }
      return new UrlKeys(uri, Duration.ofMinutes(5), Duration.ofSeconds(30));
    }
    return new FileKeys(where.startsWith("file:") ? Path.of(URI.create(where)) : Path.of(where));
  }

  /** Whether {@code jwks} is a URL to fetch (http or https, in any case), not a file. */
  static boolean isUrl(String jwks) {
    String lower = jwks.toLowerCase(Locale.ROOT);
    return lower.startsWith("https://") || lower.startsWith("http://");
  }

  /** The key set's URL, checked as the settings are read ({@link KeyUrls}). */
  static URI url(String issuer, String jwks) {
    return KeyUrls.check("jwks of issuer " + issuer, jwks);
  }

  /** A JWKS file, read again when its modification time changes. */
  static final class FileKeys implements JWKSource<SecurityContext> {
    private static final Logger log = LoggerFactory.getLogger(FileKeys.class);
    private final Path file;
    private volatile JWKSet keys;
    private volatile FileTime read;

    FileKeys(Path file) {
      this.file = file;
      try {
        reload();
      } catch (IOException | ParseException | IllegalArgumentException unusable) {
        throw new WorkerSettings.InvalidSettings("auth: the JWKS file " + file + " cannot be used: " + unusable.getMessage());
      }
    }

    @Override
    public List<JWK> get(JWKSelector selector, SecurityContext context) throws KeySourceException {
      try {
        if (!Files.getLastModifiedTime(file).equals(read)) {
          reload();
        }
      } catch (IOException | ParseException | IllegalArgumentException unusable) {
        // A half-written or removed file must not lock everyone out: the keys read last stay.
        log.warn("JWKS file {} cannot be read again, keeping the keys read at {}: {}", file, read, unusable.getMessage());
      }
      return selector.select(keys);
    }

    private void reload() throws IOException, ParseException {
      FileTime modified = Files.getLastModifiedTime(file);
      JWKSet loaded = publicOnly(JWKSet.parse(Files.readString(file)));
      keys = loaded;
      read = modified;
      log.info("JWKS file {}: {} key(s)", file, loaded.getKeys().size());
    }
  }

  /** Only public keys: a verifier never needs a private one, and a set that holds some is refused. */
  static JWKSet publicOnly(JWKSet keys) {
    if (keys.getKeys().stream().anyMatch(JWK::isPrivate)) {
      throw new IllegalArgumentException("it holds private keys; give the worker the public keys only");
    }
    return keys;
  }
}
