package dev.overdue.worker;

import dev.overdue.model.RuleViolation;
import dev.overdue.model.auth.AuthPolicy;
import dev.overdue.model.auth.TokenVerifier;
import java.time.Duration;
import java.util.List;

/**
 * The settings file's {@code auth} section, for signed commands: the {@code policy} approvals
 * start with unless their request tightens it, the {@code issuers} whose tokens the worker trusts,
 * each with its keys (a JWKS file, or an https URL such as the issuer's {@code jwks_uri}; plain
 * http only to this machine), the {@code audiences} a token must be meant for, the {@code
 * userClaim} that names the person ({@code sub} unless the identity provider puts the user name
 * elsewhere, e.g. {@code preferred_username}),
 * the {@code clockSkew} allowed on expiry and not-before, and the signature {@code algorithms}
 * accepted (asymmetric ones only: a shared HMAC secret would let every holder sign for anyone).
 * Checked when the file is read.
 */
public record AuthSettings(
    String policy,
    List<Issuer> issuers,
    List<String> audiences,
    String userClaim,
    String clockSkew,
    List<String> algorithms) {

  /** A trusted token issuer ({@code iss}) and where its public keys are. */
  public record Issuer(String issuer, String jwks) {
    public Issuer {
      if (issuer == null || issuer.isBlank()) {
        throw new IllegalArgumentException("issuer is required: the iss claim of its tokens");
      }
      if (jwks == null || jwks.isBlank()) {
        throw new IllegalArgumentException(
            "jwks is required for issuer " + issuer + ": a JWKS file, or its https:// URL");
      }
      if (IssuerKeys.isUrl(jwks)) {
        IssuerKeys.url(issuer, jwks); // https, or http on loopback only: refused now, not at the first fetch
      }
    }
  }

  /** Every algorithm the worker can verify with. */
  public static final List<String> ALGORITHMS =
      List.of("RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA", "Ed25519");

  /** The most clock skew allowed: more would keep an expired token alive. */
  static final Duration MAX_CLOCK_SKEW = Duration.ofMinutes(5);

  public AuthSettings {
    issuers = issuers == null ? List.of() : List.copyOf(issuers);
    audiences = audiences == null ? List.of() : List.copyOf(audiences);
    userClaim = userClaim == null ? "sub" : userClaim.strip();
    clockSkew = clockSkew == null ? "60s" : clockSkew;
    algorithms = algorithms == null ? ALGORITHMS : List.copyOf(algorithms);
    AuthPolicy effective = policyOf(policy, issuers);
    if (effective != AuthPolicy.OFF && issuers.isEmpty()) {
      throw new IllegalArgumentException(
          "issuers: policy " + effective.key() + " needs at least one trusted issuer");
    }
    if (!issuers.isEmpty() && audiences.isEmpty()) {
      throw new IllegalArgumentException(
          "audiences: name at least one audience (aud) a token must be meant for, so a token minted"
              + " for another application is refused");
    }
    if (userClaim.isEmpty()) {
      throw new IllegalArgumentException("userClaim must name a claim, e.g. sub or preferred_username");
    }
    Duration skew;
    try {
      skew = Durations.parse(clockSkew);
    } catch (RuntimeException notADuration) {
      throw new IllegalArgumentException("clockSkew: " + notADuration.getMessage());
    }
    if (skew.compareTo(MAX_CLOCK_SKEW) > 0) {
      throw new IllegalArgumentException("clockSkew: at most " + MAX_CLOCK_SKEW.toMinutes() + " minutes, got " + clockSkew);
    }
    for (String algorithm : algorithms) {
      if (!ALGORITHMS.contains(algorithm)) {
        throw new IllegalArgumentException(
            "algorithms: " + algorithm + " is not accepted; use " + String.join(", ", ALGORITHMS));
      }
    }
  }

  /** No section: approvals start with auth off, and no issuer is trusted. */
  public static AuthSettings none() {
    return new AuthSettings(null, null, null, null, null, null);
  }

  /** The default policy: as set; without one, optional when an issuer is trusted, else off. */
  public AuthPolicy defaultPolicy() {
    return policyOf(policy, issuers);
  }

  /** What verifies tokens: none when no issuer is trusted (every token is then refused). */
  public TokenVerifier verifier() {
    return issuers.isEmpty() ? TokenVerifier.NONE : JwtVerifier.of(this);
  }

  public Duration skew() {
    return Durations.parse(clockSkew);
  }

  private static AuthPolicy policyOf(String policy, List<Issuer> issuers) {
    if (policy == null) {
      return issuers.isEmpty() ? AuthPolicy.OFF : AuthPolicy.OPTIONAL;
    }
    // YAML 1.1 reads an unquoted off as false.
    String text = policy.equalsIgnoreCase("false") ? "off" : policy;
    try {
      return AuthPolicy.parse(text, "policy");
    } catch (RuleViolation wrong) {
      throw new IllegalArgumentException(wrong.reason());
    }
  }
}
