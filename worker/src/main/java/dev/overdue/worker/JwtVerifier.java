package dev.overdue.worker;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.JWSVerifier;
import com.nimbusds.jose.KeySourceException;
import com.nimbusds.jose.crypto.ECDSAVerifier;
import com.nimbusds.jose.crypto.Ed25519Verifier;
import com.nimbusds.jose.crypto.RSASSAVerifier;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKMatcher;
import com.nimbusds.jose.jwk.JWKSelector;
import com.nimbusds.jose.jwk.OctetKeyPair;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jwt.EncryptedJWT;
import com.nimbusds.jwt.JWT;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.JWTParser;
import com.nimbusds.jwt.PlainJWT;
import com.nimbusds.jwt.SignedJWT;
import dev.overdue.model.Texts;
import dev.overdue.model.auth.TokenCheck;
import dev.overdue.model.auth.TokenVerifier;
import java.text.ParseException;
import java.time.Duration;
import java.time.Instant;
import java.util.Collections;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Verifies a signed command's JWT: signed (never {@code alg: none}) with an accepted asymmetric
 * algorithm by a key of a trusted issuer, meant for one of the worker's audiences, within its
 * expiry and not-before (give or take the clock skew), and naming the user in the configured
 * claim. Each refusal says which of these failed. Keys come from {@link IssuerKeys}, which follow
 * a rotation without a restart.
 */
public final class JwtVerifier implements TokenVerifier {
  private final Map<String, JWKSource<SecurityContext>> keys;
  private final Set<JWSAlgorithm> algorithms;
  private final List<String> audiences;
  private final String userClaim;
  private final Duration skew;

  JwtVerifier(Map<String, JWKSource<SecurityContext>> keys, AuthSettings settings) {
    this.keys = Collections.unmodifiableMap(new LinkedHashMap<>(keys));
    this.algorithms = settings.algorithms().stream().map(JWSAlgorithm::parse).collect(Collectors.toSet());
    this.audiences = settings.audiences();
    this.userClaim = settings.userClaim();
    this.skew = settings.skew();
  }

  /**
   * The verifier of {@code settings}' issuers; a JWKS file that cannot be read fails here, at the
   * worker's start, not at the first command.
   */
  public static JwtVerifier of(AuthSettings settings) {
    Map<String, JWKSource<SecurityContext>> keys = new LinkedHashMap<>();
    for (AuthSettings.Issuer issuer : settings.issuers()) {
      keys.put(issuer.issuer(), IssuerKeys.of(issuer));
    }
    return new JwtVerifier(keys, settings);
  }

  @Override
  public TokenCheck verify(String token, Instant now) {
    JWT jwt;
    try {
      jwt = JWTParser.parse(token);
    } catch (ParseException notAJwt) {
      return TokenCheck.refused("not a JWT: " + notAJwt.getMessage());
    }
    if (jwt instanceof PlainJWT) {
      return TokenCheck.refused("it is not signed (alg none)");
    }
    if (jwt instanceof EncryptedJWT || !(jwt instanceof SignedJWT signed)) {
      return TokenCheck.refused("an encrypted token; send a signed one (JWS)");
    }
    JWSHeader header = signed.getHeader();
    if (!algorithms.contains(header.getAlgorithm())) {
      return TokenCheck.refused(
          "algorithm " + header.getAlgorithm() + " is not accepted (accepted: "
              + algorithms.stream().map(JWSAlgorithm::getName).sorted().collect(Collectors.joining(", ")) + ")");
    }
    JWTClaimsSet claims;
    try {
      claims = signed.getJWTClaimsSet();
    } catch (ParseException badClaims) {
      return TokenCheck.refused("its claims are not a JSON object: " + badClaims.getMessage());
    }
    String issuer = claims.getIssuer();
    JWKSource<SecurityContext> source = keys.get(issuer);
    if (source == null) {
      return TokenCheck.refused("issuer " + quote(issuer) + " is not trusted (trusted: " + String.join(", ", keys.keySet()) + ")");
    }
    String signature = signatureProblem(signed, source, issuer);
    if (signature != null) {
      return TokenCheck.refused(signature);
    }
    String claimsProblem = claimsProblem(claims, now);
    if (claimsProblem != null) {
      return TokenCheck.refused(claimsProblem);
    }
    Object user = claims.getClaim(userClaim);
    if (!(user instanceof String name) || name.isBlank()) {
      return TokenCheck.refused("it has no " + userClaim + " claim naming the user");
    }
    return TokenCheck.verified(name, issuer);
  }

  /** Null when a key of the issuer with the header's algorithm (and key id) verifies it. */
  private static String signatureProblem(SignedJWT signed, JWKSource<SecurityContext> source, String issuer) {
    JWSHeader header = signed.getHeader();
    List<JWK> candidates;
    try {
      candidates = source.get(new JWKSelector(JWKMatcher.forJWSHeader(header)), null);
    } catch (KeySourceException unavailable) {
      return "the keys of issuer " + quote(issuer) + " cannot be read now: " + unavailable.getMessage();
    }
    if (candidates.isEmpty()) {
      return "issuer " + quote(issuer) + " has no " + header.getAlgorithm() + " key"
          + (header.getKeyID() == null ? "" : " with key id " + quote(header.getKeyID()));
    }
    for (JWK key : candidates) {
      try {
        if (signed.verify(verifierFor(key))) {
          return null;
        }
      } catch (JOSEException unusable) {
        // Another candidate may fit; if none does, the signature is refused below.
      }
    }
    return "its signature does not match " + (candidates.size() == 1 ? "the key" : "any key")
        + " of issuer " + quote(issuer);
  }

  private static JWSVerifier verifierFor(JWK key) throws JOSEException {
    if (key instanceof RSAKey rsa) {
      return new RSASSAVerifier(rsa);
    }
    if (key instanceof ECKey ec) {
      return new ECDSAVerifier(ec);
    }
    if (key instanceof OctetKeyPair okp) {
      return new Ed25519Verifier(okp);
    }
    throw new JOSEException("a " + key.getKeyType() + " key cannot verify a signature");
  }

  /** Audience, expiry and not-before, at {@code now} give or take the skew. */
  private String claimsProblem(JWTClaimsSet claims, Instant now) {
    List<String> audience = claims.getAudience();
    if (audience.stream().noneMatch(audiences::contains)) {
      return "it is meant for " + (audience.isEmpty() ? "no audience" : quote(String.join(", ", audience)))
          + ", not for " + String.join(" or ", audiences) + " (aud)";
    }
    Date expires = claims.getExpirationTime();
    if (expires == null) {
      return "it never expires (no exp claim)";
    }
    if (now.isAfter(expires.toInstant().plus(skew))) {
      return "it expired at " + expires.toInstant();
    }
    Date notBefore = claims.getNotBeforeTime();
    if (notBefore != null && now.isBefore(notBefore.toInstant().minus(skew))) {
      return "it is not valid before " + notBefore.toInstant();
    }
    return null;
  }

  /** A value from the token, quoted and cut short: it is whatever the sender wrote. */
  private static String quote(String value) {
    return value == null ? "(none)" : Texts.quote(value);
  }
}
