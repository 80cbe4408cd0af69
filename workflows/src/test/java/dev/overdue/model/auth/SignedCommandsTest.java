package dev.overdue.model.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.overdue.model.RuleViolation;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Who acts for a command under each policy: a verified token's subject is the user, a token for
 * someone else than {@code user} is refused, the token never stays in the input, and the
 * verifier is asked only when a token is to be verified.
 */
class SignedCommandsTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  /** A token "signed:NAME" is NAME's, from issuer idp; any other is refused. */
  private final List<String> verified = new ArrayList<>();
  private final Function<String, TokenCheck> verifier =
      token -> {
        verified.add(token);
        return token.startsWith("signed:")
            ? TokenCheck.verified(token.substring(7), "https://idp.example")
            : TokenCheck.refused("signature does not match any key of its issuer");
      };

  private static JsonNode json(String text) {
    try {
      return JSON.readTree(text.replace('\'', '"'));
    } catch (Exception e) {
      throw new IllegalArgumentException(e);
    }
  }

  private SignedCommands.Opened open(AuthPolicy policy, String input) {
    return SignedCommands.open(policy, json(input), true, verifier);
  }

  @Test
  void aVerifiedTokensSubjectBecomesTheUser() {
    SignedCommands.Opened opened = open(AuthPolicy.REQUIRED, "{'token':'signed:alice','comment':'ok'}");
    assertNull(opened.refusal());
    assertEquals(json("{'comment':'ok','user':'alice'}"), opened.input());
    assertEquals("alice", opened.subject());
    assertEquals("https://idp.example", opened.issuer());
  }

  @Test
  void aUserThatMatchesTheTokenIsKept() {
    SignedCommands.Opened opened = open(AuthPolicy.OPTIONAL, "{'token':'signed:alice','user':'alice'}");
    assertNull(opened.refusal());
    assertEquals(json("{'user':'alice'}"), opened.input());
  }

  @Test
  void bobsTokenCannotActForAlice() {
    SignedCommands.Opened opened = open(AuthPolicy.REQUIRED, "{'token':'signed:bob','user':'alice'}");
    assertEquals(
        "the token names 'bob' (issuer 'https://idp.example'), not 'alice': leave 'user' out or make it"
            + " the token's subject",
        opened.refusal());
    // Refused, but who sent it is known: the trail records bob.
    assertEquals("bob", opened.subject());
    assertFalse(opened.input().has(SignedCommands.TOKEN));
    RuleViolation thrown = assertThrows(RuleViolation.class, opened::orThrow);
    assertEquals(opened.refusal(), thrown.reason());
  }

  @Test
  void requiredRefusesACommandWithoutAToken() {
    SignedCommands.Opened opened = open(AuthPolicy.REQUIRED, "{'user':'alice'}");
    assertTrue(opened.refusal().startsWith("this approval takes signed commands only (auth: required)"));
    assertNull(opened.identity());
    assertTrue(open(AuthPolicy.REQUIRED, "null").refusal().contains("auth: required"));
    assertTrue(verified.isEmpty());
  }

  @Test
  void optionalTakesACommandWithoutATokenAsItCame() {
    SignedCommands.Opened opened = open(AuthPolicy.OPTIONAL, "{'user':'alice'}");
    assertNull(opened.refusal());
    assertNull(opened.identity());
    assertEquals(json("{'user':'alice'}"), opened.input());
  }

  @Test
  void optionalStillRefusesABadToken() {
    SignedCommands.Opened opened = open(AuthPolicy.OPTIONAL, "{'token':'forged','user':'alice'}");
    assertEquals("token refused: signature does not match any key of its issuer", opened.refusal());
    assertNull(opened.identity());
    assertEquals(json("{'user':'alice'}"), opened.input());
  }

  @Test
  void offNeitherVerifiesNorKeepsTheToken() {
    SignedCommands.Opened opened = open(AuthPolicy.OFF, "{'token':'signed:bob','user':'alice'}");
    assertNull(opened.refusal());
    assertNull(opened.identity());
    assertEquals(json("{'user':'alice'}"), opened.input());
    assertTrue(verified.isEmpty());
  }

  @Test
  void aHugeOrMistypedTokenIsRefusedUnread() {
    ObjectNode huge = JSON.createObjectNode().put("token", "signed:" + "a".repeat(SignedCommands.MAX_TOKEN_LENGTH));
    SignedCommands.Opened opened = SignedCommands.open(AuthPolicy.OPTIONAL, huge, true, verifier);
    assertEquals("token refused: too long (16391 characters, at most 16384)", opened.refusal());
    assertEquals(
        "'token' must be a string (a signed JWT), got OBJECT",
        open(AuthPolicy.REQUIRED, "{'token':{'alg':'none'}}").refusal());
    assertTrue(verified.isEmpty());
  }

  @Test
  void aCommandWithoutAUserFieldRecordsTheSignerOnly() {
    SignedCommands.Opened opened =
        SignedCommands.open(AuthPolicy.REQUIRED, json("{'token':'signed:alice','reason':'done'}"), false, verifier);
    assertNull(opened.refusal());
    assertEquals(json("{'reason':'done'}"), opened.input());
    assertEquals("alice", opened.subject());
  }

  @Test
  void theInputAsSentIsNotChanged() {
    JsonNode sent = json("{'token':'signed:alice'}");
    open(AuthPolicy.REQUIRED, sent.toString());
    SignedCommands.open(AuthPolicy.REQUIRED, sent, true, verifier);
    assertEquals(json("{'token':'signed:alice'}"), sent);
  }

  @Test
  void aRequestMayTightenTheWorkersPolicyButNotLoosenIt() {
    assertEquals(AuthPolicy.OPTIONAL, AuthPolicy.effective(AuthPolicy.OPTIONAL, null));
    assertEquals(AuthPolicy.REQUIRED, AuthPolicy.effective(AuthPolicy.OPTIONAL, "required"));
    assertEquals(AuthPolicy.REQUIRED, AuthPolicy.effective(AuthPolicy.REQUIRED, "Required"));
    RuleViolation loosened =
        assertThrows(RuleViolation.class, () -> AuthPolicy.effective(AuthPolicy.REQUIRED, "optional"));
    assertEquals(
        "auth: a request may only tighten the worker's policy (required), not loosen it to optional",
        loosened.reason());
    RuleViolation unknown = assertThrows(RuleViolation.class, () -> AuthPolicy.effective(AuthPolicy.OFF, "strict"));
    assertEquals("auth: must be one of off, optional, required, got 'strict'", unknown.reason());
  }
}
