package dev.overdue.model.process;

import static dev.overdue.model.process.DeadlinesTest.fire;
import static dev.overdue.model.process.DeadlinesTest.problems;
import static dev.overdue.model.process.DeadlinesTest.start;
import static dev.overdue.model.process.Fixtures.T0;
import static dev.overdue.model.process.Fixtures.at;
import static dev.overdue.model.process.Fixtures.infoOf;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.api.ApprovalCommand;
import dev.overdue.api.HistoryEntry;
import dev.overdue.api.TimerInfo;
import dev.overdue.model.request.RequestJson;
import dev.overdue.model.timer.Expiry;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Completion deadlines counted from the claim ({@code from: claim}): they run while someone owns
 * the task, afresh for each new owner, and stop when it is given back; the {@code release}
 * escalation gives a claimed task back to its potential owners (a task claimed and left).
 */
class ClaimDeadlinesTest {
  /** Whoever claims has four hours to decide; then the task is released and the team reminded. */
  static final String CLAIMED_AND_LEFT =
      "{'requestId':'CL-1','requester':'carol','steps':[{'name':'manager','approvers':['alice','bob'],"
          + "'completionDeadlines':[{'name':'work','for':'PT4H','from':'claim','escalations':["
          + "{'action':'release'},{'action':'notify','to':['potentialOwners'],'message':'back in the pool'}]}]}]}";

  private static TimerInfo work(ApprovalProcess process) {
    return infoOf(process, "manager.work");
  }

  @Test
  void itDoesNotRunUntilSomeoneClaimsThenCountsFromTheClaim() {
    ApprovalProcess process = start(CLAIMED_AND_LEFT);
    assertEquals("CLAIM_DEADLINE", work(process).kind());
    assertEquals("OFF", work(process).state());
    assertNull(work(process).expiresAt());
    process.apply(new ApprovalCommand.Claim(null, "alice"), at("PT1H"));
    assertEquals("RUNNING", work(process).state());
    assertEquals(at("PT5H").toString(), work(process).expiresAt());
  }

  @Test
  void onExpiryTheTaskIsReleasedAndOfferedAgainAndTheNextClaimGetsTheWholeTimeAgain() {
    ApprovalProcess process = start(CLAIMED_AND_LEFT);
    process.apply(new ApprovalCommand.Claim(null, "alice"), at("PT1H"));
    List<Expiry> fired = fire(process, at("PT5H"));
    assertEquals("READY", process.status().steps().get(0).state());
    assertNull(process.status().steps().get(0).owner());
    HistoryEntry released =
        process.history().stream().filter(h -> h.name().equals("Released")).findFirst().orElseThrow();
    assertEquals("alice", released.input().get("owner").asText());
    assertTrue(fired.stream().anyMatch(e -> e.timer().equals("manager.work")), fired.toString());
    assertEquals("OFF", work(process).state(), "nobody owns it: the deadline waits for the next claim");
    process.apply(new ApprovalCommand.Claim(null, "bob"), at("PT6H"));
    assertEquals(at("PT10H").toString(), work(process).expiresAt());
    assertEquals(false, work(process).expired(), "the flag is cleared for the new owner");
  }

  @Test
  void aReleaseStopsItAndADelegationStartsItAfreshForTheNewOwner() {
    ApprovalProcess process = start(CLAIMED_AND_LEFT);
    process.apply(new ApprovalCommand.Claim(null, "alice"), T0);
    process.apply(new ApprovalCommand.Release(null, "alice"), at("PT1H"));
    assertEquals("OFF", work(process).state());
    process.apply(new ApprovalCommand.Start(null, "bob"), at("PT2H"));
    assertEquals(at("PT6H").toString(), work(process).expiresAt());
    process.apply(new ApprovalCommand.Delegate("bob", "dora", null), at("PT3H"));
    assertEquals(at("PT7H").toString(), work(process).expiresAt());
  }

  @Test
  void anAssigneeReceivesTheTaskReservedAndItsDeadlineRunsFromTheStart() {
    ApprovalProcess process =
        start("{'requestId':'CL-2','steps':[{'name':'manager','approvers':['bob'],'assignee':'alice',"
            + "'completionDeadlines':[{'name':'work','for':'P1D','from':'claim'}]}]}");
    assertEquals(at("P1D").toString(), work(process).expiresAt());
  }

  @Test
  void fromIsCreationOrClaimForCompletionDeadlinesWithADurationOrACycle() {
    assertEquals(List.of("steps[0].startDeadlines[0].from: claim is for completion deadlines: a start deadline is met by the start"),
        problems("{'requestId':'CL-3','steps':[{'name':'m','approvers':['a'],"
            + "'startDeadlines':[{'name':'s','for':'PT1H','from':'claim'}]}]}"));
    assertEquals(List.of("steps[0].completionDeadlines[0].from: creation (the default) or claim, got 'assignment'"),
        problems("{'requestId':'CL-4','steps':[{'name':'m','approvers':['a'],"
            + "'completionDeadlines':[{'name':'s','for':'PT1H','from':'assignment'}]}]}"));
    assertEquals(List.of("steps[0].completionDeadlines[0].from: claim counts 'for' or a 'cycle' from the claim; an"
            + " 'until' date is the same whoever claims"),
        problems("{'requestId':'CL-5','steps':[{'name':'m','approvers':['a'],"
            + "'completionDeadlines':[{'name':'s','until':'2030-01-01T00:00:00Z','from':'claim'}]}]}"));
  }

  @Test
  void itSurvivesContinueAsNewRunningForItsOwner() {
    ApprovalProcess process = start(CLAIMED_AND_LEFT);
    process.apply(new ApprovalCommand.Claim(null, "alice"), at("PT1H"));
    ApprovalProcess restored =
        ApprovalProcess.restore(
            ProcessSnapshot.of(RequestJson.tree(process.snapshot())), "run-1", at("PT2H"), Edition.CURRENT);
    assertEquals("CLAIM_DEADLINE", work(restored).kind());
    assertEquals(at("PT5H").toString(), work(restored).expiresAt());
    restored.apply(new ApprovalCommand.Release(null, "alice"), at("PT3H"));
    assertEquals("OFF", work(restored).state());
  }
}
