package dev.overdue.workflow;

import dev.overdue.model.auth.TokenCheck;
import dev.overdue.model.auth.TokenVerifier;

/**
 * A stand-in for the worker's JWT verifier in workflow tests: "signed:NAME" is NAME's token from
 * {@link #ISSUER} while its key is trusted; any other token is forged.
 */
final class StandInTokens implements TokenVerifier {
  static final String ISSUER = "https://idp.example";

  volatile boolean keyTrusted = true;

  @Override
  public TokenCheck verify(String token, java.time.Instant now) {
    return keyTrusted && token.startsWith("signed:")
        ? TokenCheck.verified(token.substring("signed:".length()), ISSUER)
        : TokenCheck.refused("no key of issuer '" + ISSUER + "' matches its signature");
  }
}
