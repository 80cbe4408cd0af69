package dev.overdue.model.process;

import static dev.overdue.model.process.Fixtures.T0;
import static dev.overdue.model.process.Fixtures.assertRefusedUnchanged;
import static dev.overdue.model.process.Fixtures.request;
import static dev.overdue.model.process.Fixtures.startStandard;
import static dev.overdue.model.process.Fixtures.step;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.overdue.api.ApprovalCommand;
import dev.overdue.api.ApprovalRequest;
import dev.overdue.api.HistoryEntry;
import dev.overdue.model.Texts;
import dev.overdue.model.request.RequestValidator;
import dev.overdue.model.request.TimerHandler;
import dev.overdue.model.timer.BusinessTimer;
import dev.overdue.model.timer.TimerSnapshot;
import dev.overdue.model.trail.AuditTrail;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Huge user input never makes a message, a refusal or the audit trail huge. */
class HostileTextTest {
  private static final String MEGABYTE = "x".repeat(1024 * 1024);

  @Test
  void abbreviateKeepsShortTextAndCutsLongTextNamingItsLength() {
    assertEquals("short", Texts.abbreviate("short", 10));
    assertEquals("0123456789", Texts.abbreviate("0123456789", 10));
    assertEquals("0123456789… (11 characters)", Texts.abbreviate("0123456789A", 10));
    assertNull(Texts.abbreviate(null, 10));
    assertEquals("nothing", Texts.quote(null));
    assertEquals("'a'", Texts.quote("a"));
    assertTrue(Texts.quote(MEGABYTE).length() < 200, Texts.quote(MEGABYTE));
  }

  @Test
  void listNamesTheFirstTwentyAndCountsTheRest() {
    List<String> names = IntStream.range(0, 25).mapToObj(i -> "n" + i).toList();
    String listed = Texts.list(names);
    assertTrue(listed.startsWith("n0, n1, "), listed);
    assertTrue(listed.endsWith("n19, … (25 in all)"), listed);
    assertEquals("a, b", Texts.list(List.of("a", "b")));
  }

  @Test
  void aHugeInputIsRecordedCutShortWithItsLength() {
    ApprovalProcess process = startStandard();
    ObjectNode input = JsonNodeFactory.instance.objectNode().put("user", "alice").put("comment", MEGABYTE);
    process.recordCommand(T0, "signal", "approve", input, Optional.of("'comment' is too long"));
    HistoryEntry entry = process.history().get(process.history().size() - 1);
    JsonNode recorded = entry.input();
    assertEquals(input.toString().length(), recorded.get("characters").asInt());
    assertTrue(recorded.get("truncated").asText().startsWith("{\"user\":\"alice\",\"comment\":\"xxx"));
    assertTrue(recorded.toString().length() < 300, recorded.toString());
    assertTrue(entry.toString().length() < 500);
  }

  @Test
  void anInputUpToTheLimitIsRecordedAsItIs() {
    ApprovalProcess process = startStandard();
    ObjectNode input = JsonNodeFactory.instance.objectNode().put("reason", "");
    input.put("reason", "r".repeat(AuditTrail.MAX_RECORDED_INPUT_LENGTH - input.toString().length()));
    assertEquals(AuditTrail.MAX_RECORDED_INPUT_LENGTH, input.toString().length());
    process.recordCommand(T0, "update", "suspend", input, Optional.empty());
    assertEquals(input, process.history().get(process.history().size() - 1).input());
  }

  @Test
  void aHugeReasonOrCommandNameIsRecordedCutShort() {
    ApprovalProcess process = startStandard();
    process.recordCommand(T0, "signal", MEGABYTE, null, Optional.of(MEGABYTE));
    HistoryEntry entry = process.history().get(process.history().size() - 1);
    assertTrue(entry.name().length() < 200, entry.name());
    assertTrue(entry.reason().length() <= AuditTrail.MAX_RECORDED_REASON_LENGTH + 30);
    assertNull(entry.input());
  }

  @Test
  void refusalsQuoteHugeNamesShortly() {
    ApprovalProcess process = startStandard();
    String name = "n".repeat(10_000);
    assertTrue(assertRefusedUnchanged(process, new ApprovalCommand.EnableTimer(name, null), T0, "unknown timer nnn")
        .reason().length() < 400);
    assertTrue(assertRefusedUnchanged(process, new ApprovalCommand.Claim(null, name), T0, "is not a potential owner")
        .reason().length() < 400);
    assertTrue(assertRefusedUnchanged(process, new ApprovalCommand.Claim(name, "alice"), T0, "unknown step nnn")
        .reason().length() < 400);
  }

  @Test
  void refusalsListAtMostTwentyApproversOrTimers() {
    List<String> approvers = IntStream.range(0, 100).mapToObj(i -> "approver-" + i).toList();
    ApprovalProcess process =
        ApprovalProcess.start(request("P5D", List.of(step("s", approvers, null, null)), null), T0);
    String reason =
        assertRefusedUnchanged(process, new ApprovalCommand.Claim(null, "mallory"), T0, "mallory is not a potential owner of step s")
            .reason();
    assertTrue(reason.endsWith("approver-19, … (100 in all))"), reason);
  }

  @Test
  void aContinuedRunRestoresHandlersBeyondTodaysLimits() {
    // An approval started before a limit existed must go on through continue-as-new.
    List<String> recipients = IntStream.range(0, 150).mapToObj(i -> "u" + i).toList();
    ApprovalRequest.HandlerDefinition notify =
        new ApprovalRequest.HandlerDefinition("notify", recipients, "m".repeat(20_000), null, null);
    BusinessTimer timer =
        BusinessTimer.restore(
            new TimerSnapshot(
                "t", "USER", null, "PT1H", List.of(notify), "OFF", null, false, false, 0, null, null, null,
                null, null, null, null),
            null);
    assertEquals(recipients, ((TimerHandler.Notify) timer.handlers().get(0)).to());
    assertTrue(RequestValidator.problems(
            request("P5D", List.of(step("s", List.of("alice"), null, null)),
                List.of(new ApprovalRequest.TimerDefinition("t", "PT1H", List.of(notify)))), T0)
        .get(0).contains("at most 100 recipients"));
  }
}
