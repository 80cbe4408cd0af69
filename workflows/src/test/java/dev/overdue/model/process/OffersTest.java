package dev.overdue.model.process;

import static dev.overdue.model.process.Fixtures.T0;
import static dev.overdue.model.process.Fixtures.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.api.ApprovalCommand;
import dev.overdue.model.request.RequestJson;
import dev.overdue.model.request.TimerHandler;
import dev.overdue.model.timer.Expiry;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * "A task waits for you": when a step's task is offered, its potential owners are told — when it
 * starts, once its groups' members are known, after a release (all but who released it) — and an
 * assignee when it is assigned; never when the request says {@code notifyOffered: false}, nor in
 * approvals started under earlier rules.
 */
class OffersTest {
  private static final String TWO_STEPS =
      "{'requestId':'OF-1','requester':'carol','steps':[{'name':'manager','approvers':['alice','bob']},"
          + "{'name':'finance','approvers':['frank']}]}";

  private static ApprovalProcess start(String json) {
    return ApprovalProcess.start(RequestJson.parse(json.replace('\'', '"')), T0, null, Edition.CURRENT);
  }

  /** The offers queued since the last call, as "step: recipients (by)". */
  private static List<String> offers(ApprovalProcess process, Instant now) {
    TestDirectory.answerAll(process, now);
    return process.drainTriggered().stream()
        .filter(e -> e.cause() == Expiry.Cause.OFFERED)
        .map(e -> e.step() + ": " + ((TimerHandler.Notify) e.handlers().get(0)).to() + (e.by() == null ? "" : " (" + e.by() + ")"))
        .toList();
  }

  @Test
  void eachStepIsOfferedToItsPotentialOwnersWhenItStarts() {
    ApprovalProcess process = start(TWO_STEPS);
    assertEquals(List.of("manager: [alice, bob]"), offers(process, T0));
    process.apply(new ApprovalCommand.Claim(null, "alice"), at("PT1H"));
    assertEquals(List.of(), offers(process, at("PT1H")), "a claim offers nothing");
    process.apply(new ApprovalCommand.Approve("alice", null), at("PT2H"));
    assertEquals(List.of("finance: [frank]"), offers(process, at("PT2H")));
  }

  @Test
  void aReleaseOffersItAgainToAllButWhoReleasedIt() {
    ApprovalProcess process = start(TWO_STEPS);
    offers(process, T0);
    process.apply(new ApprovalCommand.Claim(null, "alice"), at("PT1H"));
    process.apply(new ApprovalCommand.Release(null, "alice"), at("PT2H"));
    assertEquals(List.of("manager: [bob] (alice)"), offers(process, at("PT2H")));
  }

  @Test
  void anOfferToGroupsWaitsForTheirMembers() {
    ApprovalProcess process =
        start("{'requestId':'OF-2','steps':[{'name':'manager','approvers':['alice'],'candidateGroups':['finance']}]}");
    assertEquals(List.of(), process.drainTriggered().stream().filter(e -> e.cause() == Expiry.Cause.OFFERED).toList(),
        "nothing before the directory answered");
    assertEquals(List.of("manager: [alice, carol, dave]"), offers(process, T0));
  }

  @Test
  void anAssigneeIsToldAlone() {
    ApprovalProcess process =
        start("{'requestId':'OF-3','steps':[{'name':'manager','approvers':['alice','bob'],'assignee':'bob'}]}");
    assertEquals(List.of("manager: [bob]"), offers(process, T0));
  }

  @Test
  void aStepNoOneCanActOnOffersNothing() {
    ApprovalProcess process =
        start("{'requestId':'OF-4','requester':'carol','steps':[{'name':'manager','candidateGroups':['nobody']}]}");
    assertEquals(List.of(), offers(process, T0));
  }

  @Test
  void notifyOfferedFalseTellsNothingAcrossAContinuedRun() {
    ApprovalProcess process = start(TWO_STEPS.replace("'requester'", "'notifyOffered':false,'requester'"));
    assertEquals(List.of(), offers(process, T0));
    ApprovalProcess continued =
        ApprovalProcess.restore(ProcessSnapshot.of(RequestJson.tree(process.snapshot())), "run", at("PT1H"),
            Edition.CURRENT);
    continued.apply(new ApprovalCommand.Approve("alice", null), at("PT2H"));
    assertEquals(List.of(), offers(continued, at("PT2H")));
  }

  @Test
  void anOfferIsToldOnlyToThoseWhoMayClaimIt() {
    String fourEyes = "{'requestId':'OF-4','requester':'carol','steps':[{'name':'manager',"
        + "'approvers':['carol','bob'],'notBy':['requester']}]}";
    ApprovalProcess process = start(fourEyes);
    assertEquals(List.of("manager: [bob]"), offers(process, T0), "not the requester, whom notBy keeps off");
    assertFalse(process.waitsFor("manager", "carol"));
    assertTrue(process.waitsFor("manager", "bob"));
  }

  @Test
  void anOfferStandsOnlyWhileTheTaskWaitsForThatPerson() {
    ApprovalProcess process = start(TWO_STEPS);
    assertEquals(true, process.waitsFor("manager", "alice"));
    assertEquals(false, process.waitsFor("manager", "frank"), "not a potential owner");
    assertEquals(false, process.waitsFor("finance", "frank"), "not the current step");
    process.apply(new ApprovalCommand.Claim(null, "bob"), at("PT1H"));
    assertEquals(false, process.waitsFor("manager", "alice"), "bob took it");
    assertEquals(true, process.waitsFor("manager", "bob"));
    process.apply(new ApprovalCommand.Approve("bob", null), at("PT2H"));
    process.apply(new ApprovalCommand.Approve("frank", null), at("PT3H"));
    assertEquals(false, process.waitsFor("finance", "frank"), "the approval ended");
  }
}
