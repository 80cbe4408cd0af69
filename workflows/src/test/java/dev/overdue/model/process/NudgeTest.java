package dev.overdue.model.process;

import static dev.overdue.model.process.DeadlinesTest.start;
import static dev.overdue.model.process.Fixtures.T0;
import static dev.overdue.model.process.Fixtures.assertRefusedUnchanged;
import static dev.overdue.model.process.Fixtures.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.api.ApprovalCommand;
import dev.overdue.api.HistoryEntry;
import dev.overdue.model.request.TimerHandler;
import dev.overdue.model.timer.Expiry;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code nudge}: the requester or a business administrator reminds whom the current step waits for
 * now, at most once an hour per step, in the trail; refused with the time left when too soon.
 */
class NudgeTest {
  private static ApprovalProcess started() {
    return start(TaskOperationsTest.PO);
  }

  private static ApprovalCommand nudge(String user) {
    return new ApprovalCommand.Nudge(null, user);
  }

  private static List<Expiry> reminders(ApprovalProcess process) {
    return process.drainTriggered().stream().filter(e -> e.cause() == Expiry.Cause.REMINDER).toList();
  }

  private static List<HistoryEntry> nudges(ApprovalProcess process) {
    return process.history().stream().filter(e -> e.name().equals("Nudged")).toList();
  }

  @Test
  void theRequesterNudgesThePotentialOwnersNowAndTheTrailSaysWhom() {
    ApprovalProcess process = started();
    process.drainTriggered();
    assertEquals("step manager: alice, bob reminded by carol", process.apply(nudge("carol"), at("PT1H")));
    List<Expiry> reminders = reminders(process);
    assertEquals(1, reminders.size());
    Expiry reminder = reminders.get(0);
    assertEquals("manager:nudged", reminder.timer());
    assertEquals("manager", reminder.step());
    assertEquals("carol", reminder.by());
    assertEquals(at("PT1H"), reminder.expiresAt());
    assertEquals(List.of(new TimerHandler.Notify(List.of("alice", "bob"), null)), reminder.handlers());
    HistoryEntry recorded = nudges(process).get(0);
    assertEquals("manager", recorded.input().path("step").asText());
    assertEquals("carol", recorded.input().path("by").asText());
    assertEquals("[\"alice\",\"bob\"]", recorded.input().path("to").toString());
  }

  @Test
  void aClaimedStepRemindsItsOwnerOnly() {
    ApprovalProcess process = started();
    process.apply(new ApprovalCommand.Claim(null, "alice"), T0);
    process.drainTriggered();
    process.apply(nudge("carol"), at("PT1H"));
    assertEquals(List.of(new TimerHandler.Notify(List.of("alice"), null)), reminders(process).get(0).handlers());
  }

  @Test
  void aSecondNudgeWithinTheHourIsRefusedWithTheTimeLeftAndAfterItIsAccepted() {
    ApprovalProcess process = started();
    process.apply(nudge("carol"), at("PT1H5M"));
    process.drainTriggered();
    assertRefusedUnchanged(process, nudge("carol"), at("PT1H28M"),
        "step manager was nudged at 10:05 UTC; you can nudge again in 37 minutes");
    assertRefusedUnchanged(process, nudge("ada"), at("PT2H4M30S"), "you can nudge again in 1 minute");
    assertEquals(List.of(), reminders(process));
    assertEquals(1, nudges(process).size());
    process.apply(nudge("carol"), at("PT2H5M"));
    Expiry second = reminders(process).get(0);
    assertEquals(2, second.firing(), "each nudge's notification key is its own");
    assertEquals(2, nudges(process).size());
  }

  @Test
  void aBusinessAdministratorMayNudge() {
    ApprovalProcess process = started();
    assertEquals("step manager: alice, bob reminded by ada (business administrator)",
        process.apply(nudge("ada"), at("PT1H")));
  }

  @Test
  void aPotentialOwnerOrAnyoneElseIsRefused() {
    ApprovalProcess process = started();
    assertRefusedUnchanged(process, nudge("alice"), T0,
        "alice may not nudge step manager: only the requester ('carol') and business administrators may");
    assertRefusedUnchanged(process, nudge("mallory"), T0, "mallory may not nudge step manager");
    assertRefusedUnchanged(process, new ApprovalCommand.Nudge("finance", "carol"), T0,
        "step finance is not the current step (current step: manager)");
  }

  @Test
  void refusedWhileSuspendedAndOnceEnded() {
    ApprovalProcess process = started();
    process.apply(new ApprovalCommand.Suspend("audit"), T0);
    assertRefusedUnchanged(process, nudge("carol"), at("PT1H"),
        "task actions are not allowed while the process is suspended");
    process.apply(new ApprovalCommand.Resume(), at("PT1H"));
    process.apply(new ApprovalCommand.Abort("no longer needed"), at("PT2H"));
    assertRefusedUnchanged(process, nudge("carol"), at("PT3H"), "the approval has ended: it is ABORTED");
  }

  @Test
  void offeredToTheRequesterWithoutWeighingTheHourWhichTheNudgeItselfChecks() {
    // The actions query has no time: it offers a nudge whoever may send one, the hour aside.
    ApprovalProcess process = started();
    assertTrue(process.actionsOf("carol").contains("nudge"), process.actionsOf("carol").toString());
    assertFalse(process.actionsOf("alice").contains("nudge"), "a potential owner is not the one waiting");
    process.apply(nudge("carol"), T0);
    assertTrue(process.actionsOf("carol").contains("nudge"), "still offered; sent too soon, it is refused");
    assertRefusedUnchanged(process, nudge("carol"), at("PT10M"), "you can nudge again in 50 minutes");
  }
}
