package dev.overdue.worker;

import com.nimbusds.jose.KeySourceException;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSelector;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.jwk.source.JWKSourceBuilder;
import com.nimbusds.jose.proc.SecurityContext;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.text.ParseException;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An issuer's public keys, as they are now. From a URL (the issuer's {@code jwks_uri}): fetched,
 * cached for five minutes and fetched again when a token names a key id the cache lacks (at most
 * every 30 seconds), by nimbus' JWKSourceBuilder. From a file: read again when it changes, so a
 * rotated key set applies to the next command without a restart.
 */
final class IssuerKeys {
  private IssuerKeys() {}

  static JWKSource<SecurityContext> of(AuthSettings.Issuer issuer) {
    String where = issuer.jwks();
    if (where.startsWith("https://") || where.startsWith("http://")) {
      try {
        return JWKSourceBuilder.create(URI.create(where).toURL()).retrying(true).build();
      } catch (MalformedURLException | IllegalArgumentException wrong) {
        throw new WorkerSettings.InvalidSettings("auth.issuers: jwks of " + issuer.issuer() + " is not a URL: " + where);
      }
    }
    return new FileKeys(where.startsWith("file:") ? Path.of(URI.create(where)) : Path.of(where));
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
      JWKSet loaded = JWKSet.parse(Files.readString(file));
      if (loaded.getKeys().stream().anyMatch(JWK::isPrivate)) {
        throw new IllegalArgumentException(
            "it holds private keys; give the worker the public keys only");
      }
      keys = loaded;
      read = modified;
      log.info("JWKS file {}: {} key(s)", file, loaded.getKeys().size());
    }
  }
}
