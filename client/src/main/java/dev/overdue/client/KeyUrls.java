package dev.overdue.client;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Locale;

/**
 * Where an identity provider's keys (or its discovery document) may be fetched from: https, or
 * plain http to this machine only. Keys fetched over plain http from elsewhere could be swapped on
 * the way, and whoever swapped them could sign for anyone. The worker's signed commands and the
 * HTTP task API check their settings by it.
 */
public final class KeyUrls {
  /** The hosts plain {@code http://} is taken for: this machine. */
  public static final List<String> LOOPBACK = List.of("127.0.0.1", "::1", "[::1]", "localhost");

  private KeyUrls() {}

  /**
   * {@code url} as a URI, when it may be used; {@code what} names the setting in the refusal.
   *
   * @throws IllegalArgumentException saying why not
   */
  public static URI check(String what, String url) {
    URI uri;
    try {
      uri = new URI(url);
    } catch (URISyntaxException wrong) {
      throw new IllegalArgumentException(what + " is not a URL: " + url);
    }
    String host = uri.getHost();
    if (uri.getScheme() == null || host == null || host.isEmpty()) {
      throw new IllegalArgumentException(what + " names no host: " + url);
    }
    boolean http = uri.getScheme().equalsIgnoreCase("http");
    if (!http && !uri.getScheme().equalsIgnoreCase("https")) {
      throw new IllegalArgumentException(what + " is not an https:// URL: " + url);
    }
    if (http && !LOOPBACK.contains(host.toLowerCase(Locale.ROOT))) {
      throw new IllegalArgumentException(what + " is a plain http:// URL to " + host
          + " (" + url + "): keys fetched without TLS could be swapped on the way; use the issuer's https://"
          + " jwks_uri (plain http:// is taken for this machine only: localhost, 127.0.0.1, [::1])");
    }
    return uri;
  }
}
