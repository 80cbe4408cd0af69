package dev.overdue.worker;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.JWSSigner;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jose.crypto.Ed25519Signer;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.OctetKeyPair;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import com.nimbusds.jose.jwk.gen.OctetKeyPairGenerator;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.function.UnaryOperator;

/** Keys a test makes and tokens it signs with them, as an identity provider would. */
final class TestTokens {
  static final String AUDIENCE = "overdue";

  private TestTokens() {}

  static RSAKey rsa(String keyId) {
    try {
      return new RSAKeyGenerator(2048).keyID(keyId).generate();
    } catch (JOSEException e) {
      throw new IllegalStateException(e);
    }
  }

  static ECKey ec(String keyId) {
    try {
      return new ECKeyGenerator(Curve.P_256).keyID(keyId).generate();
    } catch (JOSEException e) {
      throw new IllegalStateException(e);
    }
  }

  static OctetKeyPair ed25519(String keyId) {
    try {
      return new OctetKeyPairGenerator(Curve.Ed25519).keyID(keyId).generate();
    } catch (JOSEException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Writes the public halves of {@code keys} as a JWKS file, with a modification time that moved. */
  static Path writeJwks(Path file, JWK... keys) throws IOException {
    Files.writeString(file, new JWKSet(List.of(keys)).toPublicJWKSet().toString());
    // Coarse file-system clocks would hide a rewrite within the same tick.
    Files.setLastModifiedTime(file, FileTime.from(Instant.now().plusSeconds(rewrites++)));
    return file;
  }

  private static long rewrites;

  /** Claims for {@code subject} from {@code issuer}, meant for overdue, valid an hour from {@code now}. */
  static JWTClaimsSet.Builder claims(String issuer, String subject, Instant now) {
    return new JWTClaimsSet.Builder()
        .issuer(issuer)
        .subject(subject)
        .audience(AUDIENCE)
        .issueTime(Date.from(now))
        .expirationTime(Date.from(now.plusSeconds(3600)));
  }

  static String sign(JWK key, JWTClaimsSet claims) {
    return sign(key, claims, header -> header);
  }

  static String sign(JWK key, JWTClaimsSet claims, UnaryOperator<JWSHeader.Builder> header) {
    try {
      JWSSigner signer;
      JWSAlgorithm algorithm;
      if (key instanceof RSAKey rsa) {
        signer = new RSASSASigner(rsa);
        algorithm = JWSAlgorithm.RS256;
      } else if (key instanceof ECKey ec) {
        signer = new ECDSASigner(ec);
        algorithm = JWSAlgorithm.ES256;
      } else if (key instanceof OctetKeyPair okp) {
        signer = new Ed25519Signer(okp);
        algorithm = JWSAlgorithm.EdDSA;
      } else {
        throw new IllegalArgumentException(key.getKeyType().toString());
      }
      SignedJWT jwt = new SignedJWT(header.apply(new JWSHeader.Builder(algorithm).keyID(key.getKeyID())).build(), claims);
      jwt.sign(signer);
      return jwt.serialize();
    } catch (JOSEException e) {
      throw new IllegalStateException(e);
    }
  }

  /** An HS256 token: signed with a shared secret, which the worker never accepts. */
  static String hmac(JWTClaimsSet claims) {
    try {
      SignedJWT jwt = new SignedJWT(new JWSHeader(JWSAlgorithm.HS256), claims);
      jwt.sign(new MACSigner(new byte[32]));
      return jwt.serialize();
    } catch (JOSEException e) {
      throw new IllegalStateException(e);
    }
  }
}
