package dev.overdue.model.auth;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.overdue.model.RuleViolation;
import dev.overdue.model.Texts;
import java.util.function.Function;

/**
 * Who acts for a command, under the approval's {@link AuthPolicy}. A command may carry a {@code
 * token} (a JWT) beside its fields; a verified token's subject is the acting user: filled in as
 * {@code user} when the command takes one and leaves it out, and refused when {@code user} names
 * someone else. The token itself is taken out of the input before anything keeps it.
 */
public final class SignedCommands {
  /** The field of a command's input that carries the token. */
  public static final String TOKEN = "token";

  /**
   * The longest token looked at: identity providers' access tokens are a few kilobytes; a longer
   * one is refused before it is parsed.
   */
  public static final int MAX_TOKEN_LENGTH = 16_384;

  private SignedCommands() {}

  /**
   * A command's input as the command is parsed and recorded (no token; {@code user} settled), the
   * verified identity when it carried a valid token, and why it is refused, if it is.
   */
  public record Opened(JsonNode input, TokenCheck identity, String refusal) {
    public String subject() {
      return identity == null ? null : identity.subject();
    }

    public String issuer() {
      return identity == null ? null : identity.issuer();
    }

    /** Throws the refusal, if there is one. */
    public Opened orThrow() {
      if (refusal != null) {
        throw new RuleViolation(refusal);
      }
      return this;
    }
  }

  /**
   * Opens {@code input}, the JSON sent as command {@code name}, under {@code policy}.
   *
   * @param takesUser whether the command has a {@code user} field
   * @param verify verifies a token; called only for a token that is to be verified
   */
  public static Opened open(
      AuthPolicy policy, JsonNode input, boolean takesUser, Function<String, TokenCheck> verify) {
    if (input == null || !input.isObject()) {
      return policy == AuthPolicy.REQUIRED
          ? new Opened(input, null, requiredReason())
          : new Opened(input, null, null);
    }
    ObjectNode opened = ((ObjectNode) input).deepCopy();
    JsonNode token = opened.remove(TOKEN);
    if (policy == AuthPolicy.OFF) {
      return new Opened(opened, null, null);
    }
    if (token == null || token.isNull()) {
      return new Opened(opened, null, policy == AuthPolicy.REQUIRED ? requiredReason() : null);
    }
    if (!token.isTextual()) {
      return new Opened(opened, null, "'token' must be a string (a signed JWT), got " + token.getNodeType());
    }
    int length = token.asText().length();
    if (length > MAX_TOKEN_LENGTH) {
      return new Opened(opened, null,
          "token refused: too long (" + length + " characters, at most " + MAX_TOKEN_LENGTH + ")");
    }
    TokenCheck check = verify.apply(token.asText());
    if (!check.isVerified()) {
      return new Opened(opened, null, "token refused: " + check.refusal());
    }
    JsonNode user = opened.get("user");
    if (takesUser && (user == null || user.isNull())) {
      opened.put("user", check.subject());
    } else if (user != null && !user.isNull() && !check.subject().equals(user.asText())) {
      return new Opened(opened, check,
          "the token names " + Texts.quote(check.subject()) + " (issuer " + Texts.quote(check.issuer())
              + "), not " + Texts.quote(user.asText()) + ": leave 'user' out or make it the token's subject");
    }
    return new Opened(opened, check, null);
  }

  private static String requiredReason() {
    return "this approval takes signed commands only (auth: required): send a 'token' signed by a"
        + " trusted issuer";
  }
}
