package dev.overdue.http;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class ApiSettingsTest {
  private static ApiSettings with(String issuer, String jwks) {
    return new ApiSettings(issuer, jwks, List.of("overdue-api"), "sub", "groups", "overdue-admins", "overdue",
        20, 65536, null, Duration.ofSeconds(10), List.of());
  }

  @Test
  void theProvidersKeysComeOverTlsOrFromThisMachine() {
    assertTrue(with(null, null).developmentMode());
    with("https://login.example.com/realms/acme", null);
    with("http://127.0.0.1:8180/realms/overdue", "http://127.0.0.1:8180/realms/overdue/protocol/openid-connect/certs");
    IllegalArgumentException issuer =
        assertThrows(IllegalArgumentException.class, () -> with("http://login.example.com/realms/acme", null));
    assertTrue(issuer.getMessage().startsWith("overdue.api.issuer (OVERDUE_API_ISSUER) is a plain http:// URL"),
        issuer.getMessage());
    IllegalArgumentException jwks = assertThrows(IllegalArgumentException.class,
        () -> with("https://login.example.com/realms/acme", "http://login.example.com/certs"));
    assertTrue(jwks.getMessage().startsWith("overdue.api.jwks (OVERDUE_API_JWKS)"), jwks.getMessage());
  }
}
