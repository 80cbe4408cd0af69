package dev.overdue.http;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;

/**
 * An issuer of signed access tokens with its key set served over HTTP on loopback, as an identity
 * provider publishes it: for the hostile-input tests, which need tokens no real provider would mint
 * (expired, for another audience, signed by a stranger). KeycloakApiIT uses the real thing.
 */
final class TokenIssuer implements AutoCloseable {
  static final String AUDIENCE = "overdue-api";

  final String issuer;
  final String jwks;
  private final RSAKey key;
  private final RSAKey stranger;
  private final HttpServer server;

  TokenIssuer() {
    try {
      key = new RSAKeyGenerator(2048).keyID("k1").generate();
      stranger = new RSAKeyGenerator(2048).keyID("k1").generate();
      server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    } catch (JOSEException | IOException e) {
      throw new IllegalStateException(e);
    }
    byte[] keys = new JWKSet(key.toPublicJWK()).toString().getBytes(StandardCharsets.UTF_8);
    server.createContext("/jwks", exchange -> {
      exchange.getResponseHeaders().add("Content-Type", "application/json");
      exchange.sendResponseHeaders(200, keys.length);
      exchange.getResponseBody().write(keys);
      exchange.close();
    });
    server.start();
    String base = "http://127.0.0.1:" + server.getAddress().getPort();
    issuer = base + "/realms/test";
    jwks = base + "/jwks";
  }

  /** A token for {@code user} in {@code groups}, valid for five minutes. */
  String token(String user, String... groups) {
    return sign(key, claims(user, AUDIENCE, Instant.now().plus(Duration.ofMinutes(5)), groups));
  }

  String expired(String user) {
    return sign(key, claims(user, AUDIENCE, Instant.now().minus(Duration.ofMinutes(10)), new String[0]));
  }

  String forAudience(String user, String audience) {
    return sign(key, claims(user, audience, Instant.now().plus(Duration.ofMinutes(5)), new String[0]));
  }

  /** Same key id, same claims, another key: what a forger would send. */
  String forged(String user) {
    return sign(stranger, claims(user, AUDIENCE, Instant.now().plus(Duration.ofMinutes(5)), new String[0]));
  }

  private JWTClaimsSet claims(String user, String audience, Instant expiry, String[] groups) {
    return new JWTClaimsSet.Builder()
        .issuer(issuer)
        .subject("id-" + user)
        .claim("preferred_username", user)
        .claim("groups", List.of(groups))
        .audience(audience)
        .issueTime(Date.from(expiry.minus(Duration.ofMinutes(15))))
        .expirationTime(Date.from(expiry))
        .build();
  }

  private static String sign(RSAKey with, JWTClaimsSet claims) {
    try {
      SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.RS256).keyID(with.getKeyID()).build(), claims);
      jwt.sign(new RSASSASigner(with));
      return jwt.serialize();
    } catch (JOSEException e) {
      throw new IllegalStateException(e);
    }
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
