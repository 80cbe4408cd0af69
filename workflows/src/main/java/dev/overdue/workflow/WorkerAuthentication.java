package dev.overdue.workflow;

import dev.overdue.model.auth.AuthPolicy;
import dev.overdue.model.auth.TokenCheck;
import dev.overdue.model.auth.TokenVerifier;
import java.time.Instant;
import java.util.Objects;

/**
 * The worker's signed-commands settings: its default {@link AuthPolicy} and the verifier of
 * tokens, with the keys it trusts now. Workflow code reads both only inside side effects: an
 * approval records the default when it starts and what each verification came to, so replays and
 * continued runs agree while the keys rotate and the settings change.
 */
public final class WorkerAuthentication {
  private static volatile AuthPolicy defaultPolicy = AuthPolicy.OFF;
  private static volatile TokenVerifier verifier = TokenVerifier.NONE;

  private WorkerAuthentication() {}

  /** Set by the worker from its settings before it starts polling. */
  public static void use(AuthPolicy policy, TokenVerifier tokenVerifier) {
    defaultPolicy = Objects.requireNonNull(policy);
    verifier = Objects.requireNonNull(tokenVerifier);
  }

  static AuthPolicy defaultPolicy() {
    return defaultPolicy;
  }

  /** What the verifier answers; a verifier that fails (a key server down) refuses the token. */
  static TokenCheck verify(String token, Instant now) {
    try {
      return verifier.verify(token, now);
    } catch (RuntimeException failed) {
      return TokenCheck.refused("cannot verify it now: " + failed.getMessage());
    }
  }
}
