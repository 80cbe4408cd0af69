package dev.overdue.model.process;

import static dev.overdue.model.process.DeadlinesTest.problems;
import static dev.overdue.model.process.DeadlinesTest.start;
import static dev.overdue.model.process.Fixtures.T0;
import static dev.overdue.model.process.Fixtures.assertRefusedUnchanged;
import static dev.overdue.model.process.Fixtures.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.api.ApprovalCommand;
import dev.overdue.model.request.RequestJson;
import dev.overdue.model.schedule.TimeLimit;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Follow-up dates (Camunda's followUpDate): a step's {@code followUp}, counted when its task is
 * created, or a {@code setFollowUp} command; nothing runs then, the date is what follow-up lists
 * select on (the FollowUpDate search attribute), and it goes with the step.
 */
class FollowUpTest {
  static final String TWO_STEPS =
      "{'requestId':'FU-1','requester':'carol','steps':[{'name':'manager','approvers':['alice'],'followUp':'P2D'},"
          + "{'name':'finance','approvers':['frank'],'followUp':'PT4H'}]}";

  @Test
  void aStepsFollowUpIsCountedWhenItsTaskIsCreatedAndNothingRunsThen() {
    ApprovalProcess process = start(TWO_STEPS);
    assertEquals(Optional.of(at("P2D")), process.followUpDate());
    assertEquals(at("P2D").toString(), process.status().steps().get(0).followUp());
    assertEquals(List.of(), process.expireDue(at("P3D")), "a follow-up is no timer");
    process.apply(new ApprovalCommand.Approve("alice", null), at("P3D"));
    assertEquals(Optional.of(at("P3D").plus(Duration.ofHours(4))), process.followUpDate());
    assertNull(process.status().steps().get(0).followUp(), "a decided step shows none");
  }

  @Test
  void setFollowUpMovesItClearsItAndIsForThoseInvolved() {
    ApprovalProcess process = start(TWO_STEPS);
    assertEquals("step manager follows up from " + at("PT1H").plus(Duration.ofDays(1)),
        process.apply(new ApprovalCommand.SetFollowUp("carol", "P1D"), at("PT1H")));
    assertEquals(Optional.of(at("PT1H").plus(Duration.ofDays(1))), process.followUpDate());
    process.apply(new ApprovalCommand.SetFollowUp("alice", null), at("PT2H"));
    assertEquals(Optional.empty(), process.followUpDate());
    assertRefusedUnchanged(process, new ApprovalCommand.SetFollowUp("mallory", "P1D"), T0,
        "mallory may not set its follow-up date (step manager)");
    assertRefusedUnchanged(process, new ApprovalCommand.SetFollowUp("alice", "R3/P1D"), T0,
        "at: a follow-up is an elapsed duration (P2D) or a date-time");
  }

  @Test
  void aStepsFollowUpIsAnElapsedDurationOrADateTime() {
    List<String> found =
        problems("{'requestId':'FU-2','steps':[{'name':'a','approvers':['x'],'followUp':'R/P1D'}]}");
    assertTrue(found.get(0).startsWith("steps[0].followUp: "), found.toString());
  }

  @Test
  void itSurvivesContinueAsNewForTheStepNotYetReachedToo() {
    ApprovalProcess process = start(TWO_STEPS);
    ApprovalProcess restored =
        ApprovalProcess.restore(
            ProcessSnapshot.of(RequestJson.tree(process.snapshot())), "run-1", at("PT1H"), Edition.CURRENT);
    assertEquals(Optional.of(at("P2D")), restored.followUpDate());
    restored.apply(new ApprovalCommand.Approve("alice", null), at("PT2H"));
    assertEquals(Optional.of(at("PT6H")), restored.followUpDate());
  }
}
