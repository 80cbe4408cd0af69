package dev.overdue.model.auth;

import java.time.Instant;

/**
 * Verifies a signed command's token (a JWT) against the keys, issuers and audiences the worker
 * trusts at {@code now}. The worker's implementation reads keys from files or URLs; workflow
 * code records what it answered, so a replay after a key rotation answers the same.
 */
@FunctionalInterface
public interface TokenVerifier {
  /** Refuses every token: the worker trusts no issuer. */
  TokenVerifier NONE =
      (token, now) -> TokenCheck.refused("the worker trusts no token issuer (no auth section in its settings)");

  TokenCheck verify(String token, Instant now);
}
