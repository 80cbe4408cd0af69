package dev.overdue.worker;

import static dev.overdue.worker.TestTokens.claims;
import static dev.overdue.worker.TestTokens.sign;
import static dev.overdue.worker.TestTokens.writeJwks;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.OctetKeyPair;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.PlainJWT;
import com.sun.net.httpserver.HttpServer;
import dev.overdue.model.auth.TokenCheck;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The worker's JWT verifier against tokens a test signs with keys it makes: several issuers and
 * algorithms (RS256, ES256, EdDSA), a rotated key, and every way a token may be wrong. Each
 * refusal names what was wrong.
 */
class JwtVerifierTest {
  static final String CORP = "https://login.corp.example";
  static final String PARTNER = "https://idp.partner.example";
  static final Instant NOW = Instant.parse("2026-11-26T10:00:00Z");

  @TempDir Path dir;
  RSAKey corpKey = TestTokens.rsa("corp-1");
  ECKey partnerKey = TestTokens.ec("partner-1");
  OctetKeyPair partnerEd = TestTokens.ed25519("partner-ed");
  Path corpJwks;
  JwtVerifier verifier;

  @BeforeEach
  void setUp() throws Exception {
    corpJwks = writeJwks(dir.resolve("corp.json"), corpKey);
    Path partnerJwks = writeJwks(dir.resolve("partner.json"), partnerKey, partnerEd);
    verifier = verifier("sub", corpJwks, partnerJwks);
  }

  private JwtVerifier verifier(String userClaim, Path corp, Path partner) {
    return JwtVerifier.of(
        new AuthSettings("required",
            List.of(new AuthSettings.Issuer(CORP, corp.toString()), new AuthSettings.Issuer(PARTNER, partner.toString())),
            List.of("overdue"), userClaim, "60s", null));
  }

  private String refusal(String token) {
    TokenCheck check = verifier.verify(token, NOW);
    assertTrue(!check.isVerified(), "accepted: " + check);
    return check.refusal();
  }

  @Test
  void tokensOfEachTrustedIssuerAndAlgorithmNameTheirUser() {
    assertEquals(TokenCheck.verified("alice", CORP), verifier.verify(sign(corpKey, claims(CORP, "alice", NOW).build()), NOW));
    assertEquals(TokenCheck.verified("bob", PARTNER), verifier.verify(sign(partnerKey, claims(PARTNER, "bob", NOW).build()), NOW));
    assertEquals(TokenCheck.verified("erin", PARTNER), verifier.verify(sign(partnerEd, claims(PARTNER, "erin", NOW).build()), NOW));
  }

  @Test
  void aRotatedKeyAppliesWithoutARestartAndTheOldOneStops() throws Exception {
    String before = sign(corpKey, claims(CORP, "alice", NOW).build());
    RSAKey next = TestTokens.rsa("corp-2");
    writeJwks(corpJwks, next);
    assertEquals(TokenCheck.verified("alice", CORP), verifier.verify(sign(next, claims(CORP, "alice", NOW).build()), NOW));
    assertEquals("issuer 'https://login.corp.example' has no RS256 key with key id 'corp-1'", refusal(before));
  }

  @Test
  void aKeySetThatCannotBeReadAgainKeepsTheKeysReadLast() throws Exception {
    Files.writeString(corpJwks, "{\"keys\": [");
    Files.setLastModifiedTime(corpJwks, java.nio.file.attribute.FileTime.from(Instant.now().plusSeconds(60)));
    assertEquals(TokenCheck.verified("alice", CORP), verifier.verify(sign(corpKey, claims(CORP, "alice", NOW).build()), NOW));
  }

  @Test
  void anExpiredTokenIsRefusedBeyondTheClockSkew() {
    String expired = sign(corpKey, claims(CORP, "alice", NOW).expirationTime(Date.from(NOW.minusSeconds(61))).build());
    assertEquals("it expired at 2026-11-26T09:58:59Z", refusal(expired));
    String justNow = sign(corpKey, claims(CORP, "alice", NOW).expirationTime(Date.from(NOW.minusSeconds(30))).build());
    assertTrue(verifier.verify(justNow, NOW).isVerified());
    String notYet = sign(corpKey, claims(CORP, "alice", NOW).notBeforeTime(Date.from(NOW.plusSeconds(600))).build());
    assertEquals("it is not valid before 2026-11-26T10:10:00Z", refusal(notYet));
    String forever = sign(corpKey, claims(CORP, "alice", NOW).expirationTime(null).build());
    assertEquals("it never expires (no exp claim)", refusal(forever));
  }

  @Test
  void aTokenForAnotherAudienceIsRefused() {
    String wrong = sign(corpKey, claims(CORP, "alice", NOW).audience("payroll").build());
    assertEquals("it is meant for 'payroll', not for overdue (aud)", refusal(wrong));
    String none = sign(corpKey, claims(CORP, "alice", NOW).audience((String) null).build());
    assertEquals("it is meant for no audience, not for overdue (aud)", refusal(none));
  }

  @Test
  void anUnsignedTokenIsNeverAccepted() {
    String none = new PlainJWT(claims(CORP, "alice", NOW).build()).serialize();
    assertEquals("it is not signed (alg none)", refusal(none));
    // alg none dressed up with a signature part, and a shared-secret signature.
    String forgedHeader =
        Base64.getUrlEncoder().withoutPadding().encodeToString("{\"alg\":\"none\"}".getBytes(StandardCharsets.UTF_8))
            + none.substring(none.indexOf('.')) + "c2ln";
    assertTrue(refusal(forgedHeader).startsWith("not a JWT") || refusal(forgedHeader).contains("alg none"));
    assertTrue(refusal(TestTokens.hmac(claims(CORP, "alice", NOW).build())).startsWith("algorithm HS256 is not accepted"));
  }

  @Test
  void aTokenSignedByAnUnknownKeyIsRefused() {
    RSAKey stranger = TestTokens.rsa("corp-1");
    assertEquals(
        "its signature does not match the key of issuer 'https://login.corp.example'",
        refusal(sign(stranger, claims(CORP, "alice", NOW).build())));
    RSAKey unlisted = TestTokens.rsa("corp-9");
    assertEquals(
        "issuer 'https://login.corp.example' has no RS256 key with key id 'corp-9'",
        refusal(sign(unlisted, claims(CORP, "alice", NOW).build())));
  }

  @Test
  void aTokenOfAnUntrustedIssuerIsRefusedEvenWithATrustedKey() {
    assertEquals(
        "issuer 'https://evil.example' is not trusted (trusted: https://login.corp.example, https://idp.partner.example)",
        refusal(sign(corpKey, claims("https://evil.example", "alice", NOW).build())));
    // A partner's key does not sign for the corporate issuer.
    assertTrue(refusal(sign(partnerKey, claims(CORP, "alice", NOW).build())).contains("has no ES256 key"));
  }

  @Test
  void garbageIsNotAToken() {
    assertTrue(refusal("not.a.jwt").startsWith("not a JWT"), refusal("not.a.jwt"));
    assertTrue(refusal("x".repeat(5000)).startsWith("not a JWT"));
  }

  @Test
  void theUserComesFromTheConfiguredClaim() throws Exception {
    verifier = verifier("preferred_username", corpJwks, dir.resolve("partner.json"));
    JWTClaimsSet named = claims(CORP, "00u1ab2cd", NOW).claim("preferred_username", "alice").build();
    assertEquals(TokenCheck.verified("alice", CORP), verifier.verify(sign(corpKey, named), NOW));
    assertEquals(
        "it has no preferred_username claim naming the user",
        refusal(sign(corpKey, claims(CORP, "00u1ab2cd", NOW).build())));
  }

  @Test
  void aKeySetWithPrivateKeysOrNoneStopsTheStart() throws Exception {
    Path secret = dir.resolve("private.json");
    Files.writeString(secret, new JWKSet(corpKey).toString(false));
    WorkerSettings.InvalidSettings refused =
        assertThrows(WorkerSettings.InvalidSettings.class, () -> verifier("sub", secret, corpJwks));
    assertTrue(refused.getMessage().contains("holds private keys"), refused.getMessage());
    WorkerSettings.InvalidSettings missing =
        assertThrows(WorkerSettings.InvalidSettings.class, () -> verifier("sub", dir.resolve("nope.json"), corpJwks));
    assertTrue(missing.getMessage().contains("nope.json cannot be used"), missing.getMessage());
  }

  @Test
  void keysFromTheIssuersUrlFollowItsRotationWithoutWaitingOnTheNetwork() throws Exception {
    AtomicReference<byte[]> served = new AtomicReference<>(publicSet(corpKey));
    HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/jwks", exchange -> {
      byte[] body = served.get();
      exchange.getResponseHeaders().add("Content-Type", "application/json");
      exchange.sendResponseHeaders(200, body.length);
      exchange.getResponseBody().write(body);
      exchange.close();
    });
    server.start();
    try {
      URI url = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/jwks");
      JwtVerifier fromUrl =
          JwtVerifier.of(new AuthSettings(null, List.of(new AuthSettings.Issuer(CORP, url.toString())), List.of("overdue"), null, null, null));
      assertEquals(TokenCheck.verified("alice", CORP), fromUrl.verify(sign(corpKey, claims(CORP, "alice", NOW).build()), NOW));

      // The issuer rotates: its next key's first token sends the fetch off and is refused at once;
      // once the new set is in, the token goes through. (Fetches may follow each other at once here.)
      JwtVerifier eager = new JwtVerifier(Map.of(CORP, new UrlKeys(url, Duration.ofHours(1), Duration.ZERO)), settings());
      RSAKey next = TestTokens.rsa("corp-2");
      served.set(publicSet(next));
      String token = sign(next, claims(CORP, "alice", NOW).build());
      TokenCheck first = eager.verify(token, NOW);
      assertEquals("issuer 'https://login.corp.example' has no RS256 key with key id 'corp-2'", first.refusal());
      long giveUp = System.nanoTime() + Duration.ofSeconds(10).toNanos();
      TokenCheck later = first;
      while (!later.isVerified() && System.nanoTime() < giveUp) {
        Thread.sleep(50);
        later = eager.verify(token, NOW);
      }
      assertEquals(TokenCheck.verified("alice", CORP), later);
    } finally {
      server.stop(0);
    }
  }

  @Test
  void anIssuerUnreachableAtTheStartRefusesItsTokensWithTheReason() {
    JwtVerifier unreachable =
        JwtVerifier.of(new AuthSettings(null, List.of(new AuthSettings.Issuer(CORP, "http://127.0.0.1:9/jwks")),
            List.of("overdue"), null, null, null));
    String refusal = unreachable.verify(sign(corpKey, claims(CORP, "alice", NOW).build()), NOW).refusal();
    assertTrue(refusal.startsWith("the keys of issuer 'https://login.corp.example' cannot be read now: cannot fetch"
        + " http://127.0.0.1:9/jwks"), refusal);
  }

  @Test
  void keysComeOverHttpsOrOverPlainHttpFromThisMachineOnly() {
    for (String fine : List.of("https://login.corp.example/jwks", "https://10.0.0.7:8443/certs", "http://127.0.0.1:8180/certs",
        "http://localhost/certs", "HTTP://LOCALHOST:9/certs", "http://[::1]:8180/realms/overdue/protocol/openid-connect/certs")) {
      assertEquals(fine, new AuthSettings.Issuer(CORP, fine).jwks());
    }
    for (String elsewhere : List.of("http://login.corp.example/jwks", "http://10.0.0.7:8180/certs", "http://127.0.0.1.nip.io/certs",
        "http://localhost@evil.example/certs", "http://localhost.evil.example/certs", "Http://idp.example/certs")) {
      IllegalArgumentException refused =
          assertThrows(IllegalArgumentException.class, () -> new AuthSettings.Issuer(CORP, elsewhere), elsewhere);
      assertTrue(refused.getMessage().startsWith("jwks of issuer " + CORP + " is a plain http:// URL to "), refused.getMessage());
      assertTrue(refused.getMessage().contains("use the issuer's https:// jwks_uri"), refused.getMessage());
    }
    IllegalArgumentException noHost =
        assertThrows(IllegalArgumentException.class, () -> new AuthSettings.Issuer(CORP, "http:///certs"));
    assertEquals("jwks of issuer " + CORP + " names no host: http:///certs", noHost.getMessage());
    // At the settings' reading, before any fetch: the worker does not start with such a URL.
    assertThrows(IllegalArgumentException.class, () -> new AuthSettings(null,
        List.of(new AuthSettings.Issuer(CORP, "http://idp.example/jwks")), List.of("overdue"), null, null, null));
  }

  private static AuthSettings settings() {
    return new AuthSettings(null, List.of(new AuthSettings.Issuer(CORP, "unused")), List.of("overdue"), null, null, null);
  }

  private static byte[] publicSet(RSAKey key) {
    return new JWKSet(key).toPublicJWKSet().toString().getBytes(StandardCharsets.UTF_8);
  }
}
