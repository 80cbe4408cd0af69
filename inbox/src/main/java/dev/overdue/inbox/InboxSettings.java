package dev.overdue.inbox;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneId;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The inbox's settings ({@code overdue.inbox.*} in application.yaml, or variables such as
 * {@code OVERDUE_INBOX_ISSUER}).
 *
 * @param apiUrl the task API every page reads and every action goes through
 * @param publicUrl where people reach the inbox (behind a proxy, the proxy's https address): with
 *     an https one, its cookies are {@code Secure}
 * @param issuer the OpenID Connect provider people sign in with; none: development mode
 * @param clientId the inbox's client at the provider
 * @param clientSecret its secret, for a confidential client; none for a public one (PKCE either way)
 * @param zone the time zone dates are shown in
 * @param developmentUsers the names the development mode's sign-in page offers
 * @param refresh how often an open list asks the API again
 * @param requestTypes a directory of request types, one JSON file each, that people may start from
 *     the "New request" page; none: no such page
 */
@ConfigurationProperties("overdue.inbox")
public record InboxSettings(
    @DefaultValue("http://127.0.0.1:8090") URI apiUrl,
    URI publicUrl,
    String issuer,
    @DefaultValue("overdue-inbox") String clientId,
    String clientSecret,
    ZoneId zone,
    @DefaultValue({"alice", "bob", "carol", "frank"}) List<String> developmentUsers,
    @DefaultValue("15s") Duration refresh,
    Path requestTypes) {

  public InboxSettings {
    zone = zone == null ? ZoneId.systemDefault() : zone;
    if (publicUrl != null && !publicUrl.isAbsolute()) {
      throw new IllegalArgumentException(
          "overdue.inbox.public-url (OVERDUE_INBOX_PUBLIC_URL) must be an absolute URL, such as https://inbox.example.com");
    }
  }

  /** No identity provider: people pick who they are, on this machine only. */
  public boolean developmentMode() {
    return issuer == null || issuer.isBlank();
  }

  /** Cookies only over TLS, once the inbox is reached over it. */
  public boolean secureCookies() {
    return publicUrl != null && "https".equalsIgnoreCase(publicUrl.getScheme());
  }
}
