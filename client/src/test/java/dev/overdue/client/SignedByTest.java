package dev.overdue.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.overdue.api.ApprovalCommand;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** {@link Approvals#signedBy}: the token goes into the input a command is sent with, and only there. */
class SignedByTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static JsonNode json(String text) throws Exception {
    return JSON.readTree(text.replace('\'', '"'));
  }

  @Test
  void aSignedCommandCarriesTheTokenBesideItsFieldsAndTheCommandItselfIsUnchanged() throws Exception {
    Approvals approvals = new Approvals(null).signedBy(() -> "eyJ.a.b");
    JsonNode input = new ApprovalCommand.Approve("alice", "ok").input();

    assertEquals(json("{'user':'alice','comment':'ok','token':'eyJ.a.b'}"), approvals.signed(input));
    assertEquals(json("{'user':'alice','comment':'ok'}"), input, "what the caller holds keeps no token");
    assertEquals(json("{'token':'eyJ.a.b'}"), approvals.signed(null), "resume: no fields, still signed");
  }

  @Test
  void unsignedWithoutATokenAndTheCallersOwnTokenWins() throws Exception {
    JsonNode input = json("{'user':'alice'}");
    assertSame(input, new Approvals(null).signed(input));
    assertSame(input, new Approvals(null).signedBy(() -> null).signed(input));
    assertSame(input, new Approvals(null).signedBy(() -> " ").signed(input));

    JsonNode own = json("{'user':'alice','token':'theirs'}");
    assertSame(own, new Approvals(null).signedBy(() -> "mine").signed(own));
    JsonNode notAnObject = json("['alice']");
    assertSame(notAnObject, new Approvals(null).signedBy(() -> "mine").signed(notAnObject));
  }

  @Test
  void theTokenIsAskedForEachCommandSoASupplierMayRefreshIt() throws Exception {
    AtomicInteger asked = new AtomicInteger();
    Approvals approvals = new Approvals(null).signedBy(() -> "token-" + asked.incrementAndGet());

    assertEquals("token-1", approvals.signed(json("{}")).get(Approvals.TOKEN).asText());
    assertEquals("token-2", approvals.signed(json("{}")).get(Approvals.TOKEN).asText());
  }
}
