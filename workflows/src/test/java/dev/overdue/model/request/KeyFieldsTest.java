package dev.overdue.model.request;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A request's {@code keyFields}: at most three keys, each given once and in the data or its form. */
class KeyFieldsTest {
  private static final Instant NOW = Instant.parse("2026-12-07T10:00:00Z");

  private static Optional<String> refusal(String keyFields) throws Exception {
    String json = ("{'requestId':'K-1','data':{'amount':1850,'supplier':'ACME'},"
        + "'dataForm':{'type':'object','properties':{'amount':{'type':'number'},'supplier':{'type':'string'},"
        + "'neededBy':{'type':'string','format':'date'}}},"
        + "'steps':[{'name':'manager','approvers':['alice']}],'keyFields':" + keyFields + "}").replace('\'', '"');
    return RequestValidator.refusal(new ObjectMapper().readTree(json), NOW);
  }

  @Test
  void keysOfTheDataOrFieldsOfItsFormMayBeKeyFields() throws Exception {
    assertEquals(Optional.empty(), refusal("['amount','supplier','neededBy']"), "neededBy: a field of the form, not given");
    assertEquals(Optional.empty(), refusal("[]"));
  }

  @Test
  void moreThanThreeBlanksTwiceOrUnknownAreRefusedByName() throws Exception {
    assertEquals(Optional.of("invalid approval request:\n  keyFields: at most 3 key fields, got 4"),
        refusal("['amount','supplier','neededBy','note']"));
    assertEquals(Optional.of("invalid approval request:\n  keyFields[1]: a key of data is needed, got ' '"),
        refusal("['amount',' ']"));
    assertEquals(Optional.of("invalid approval request:\n  keyFields[1]: 'amount' is named twice"),
        refusal("['amount','amount']"));
    String unknown = refusal("['amont']").orElseThrow();
    assertTrue(unknown.endsWith("keyFields[0]: 'amont' is neither a key of data nor a field of dataForm"), unknown);
    assertTrue(refusal("[null]").orElseThrow().contains("keyFields[0]: a key of data is needed, got nothing"));
  }
}
