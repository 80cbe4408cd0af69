package dev.overdue.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class KeyUrlsTest {
  @Test
  void httpsAnywhereAndPlainHttpOnThisMachineOnly() {
    assertEquals("idp.example", KeyUrls.check("jwks", "https://idp.example/certs").getHost());
    for (String local : new String[] {"http://127.0.0.1:8180/x", "http://localhost/x", "http://[::1]:1/x", "HTTP://LOCALHOST/x"}) {
      KeyUrls.check("jwks", local);
    }
    for (String remote : new String[] {"http://idp.example/x", "http://10.0.0.7/x", "http://127.0.0.1.nip.io/x",
        "http://localhost.evil.example/x", "http://localhost@evil.example/x"}) {
      IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> KeyUrls.check("jwks", remote));
      assertTrue(refused.getMessage().startsWith("jwks is a plain http:// URL to "), refused.getMessage());
    }
  }

  @Test
  void aValueThatIsNoUsableUrlIsRefusedNamingTheSetting() {
    assertTrue(assertThrows(IllegalArgumentException.class, () -> KeyUrls.check("issuer", "idp.example"))
        .getMessage().startsWith("issuer names no host"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> KeyUrls.check("issuer", "ftp://idp.example/x"))
        .getMessage().startsWith("issuer is not an https:// URL"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> KeyUrls.check("issuer", "https://a b"))
        .getMessage().startsWith("issuer is not a URL"));
  }
}
