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
import dev.overdue.api.CommentInfo;
import dev.overdue.api.StepInfo;
import dev.overdue.model.request.RequestJson;
import dev.overdue.model.task.Comments;
import dev.overdue.model.task.OwnerLookup;
import dev.overdue.model.task.UserTask;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * WS-HumanTask's task operations beyond claim, start, release and decide: stop, delegate (and
 * Flowable's resolve), forward, nominate, skip, setPriority and addComment, with who may take each
 * — the owner, the potential owners, the requester, the request's business administrators — and
 * the refusals that change nothing.
 */
class TaskOperationsTest {
  /** carol requests; alice and bob may act on "manager"; "finance" may be skipped; ada administers. */
  static final String PO =
      "{'requestId':'PO-7','requester':'carol','businessAdministrators':['ada'],'steps':["
          + "{'name':'manager','approvers':['alice','bob'],'notBy':['requester'],'timeout':'P2D'},"
          + "{'name':'finance','approvers':['frank'],'skippable':true},"
          + "{'name':'legal','approvers':['lena']}]}";

  private static StepInfo step(ApprovalProcess process, int index) {
    return process.status().steps().get(index);
  }

  private static ApprovalProcess started() {
    return start(PO);
  }

  @Test
  void stopTakesAStartedTaskBackToReservedAndTheOwnerKeepsIt() {
    ApprovalProcess process = started();
    assertRefusedUnchanged(process, new ApprovalCommand.Stop(null, "alice"), T0, "step manager: the task is not started");
    process.apply(new ApprovalCommand.Start(null, "alice"), T0);
    assertRefusedUnchanged(process, new ApprovalCommand.Stop(null, "bob"), T0,
        "bob may not stop (step manager): only its owner (alice) and business administrators (ada) may");
    assertEquals("step manager stopped by alice; alice still holds it",
        process.apply(new ApprovalCommand.Stop(null, "alice"), at("PT1H")));
    assertEquals("RESERVED", step(process, 0).state());
    assertEquals("alice", step(process, 0).owner());
  }

  @Test
  void delegateMakesOnePersonTheOwnerAndResolveHandsItBack() {
    ApprovalProcess process = started();
    process.apply(new ApprovalCommand.Claim(null, "alice"), T0);
    assertEquals("step manager delegated to dora by alice",
        process.apply(new ApprovalCommand.Delegate("alice", "dora", "while I am away"), at("PT1H")));
    StepInfo delegated = step(process, 0);
    assertEquals("RESERVED", delegated.state());
    assertEquals("dora", delegated.owner());
    assertEquals("alice", delegated.delegatedBy());
    assertTrue(delegated.potentialOwners().contains("dora"), delegated.potentialOwners().toString());
    // The delegate, now the owner, may decide; the delegator may not, while it is delegated.
    assertRefusedUnchanged(process, new ApprovalCommand.Approve("alice", null), at("PT1H"),
        "step manager is claimed by dora; only they can decide it");
    assertRefusedUnchanged(process, new ApprovalCommand.Resolve("alice", null), at("PT1H"),
        "only dora, to whom step manager is delegated, can hand it back");
    assertEquals("step manager handed back to alice by dora",
        process.apply(new ApprovalCommand.Resolve("dora", "checked"), at("PT2H")));
    assertEquals("alice", step(process, 0).owner());
    assertNull(step(process, 0).delegatedBy());
    assertRefusedUnchanged(process, new ApprovalCommand.Resolve("alice", null), at("PT2H"),
        "step manager is not delegated");
  }

  @Test
  void onlyTheOwnerOrABusinessAdministratorDelegatesAndNeverToSomeoneTheFourEyesRulesKeepOff() {
    ApprovalProcess process = started();
    assertRefusedUnchanged(process, new ApprovalCommand.Delegate("alice", "dora", null), T0,
        "alice may not delegate (step manager): only its owner (it has none now) and business administrators");
    assertRefusedUnchanged(process, new ApprovalCommand.Delegate("ada", "carol", null), T0,
        "carol requested this approval and may not act on step manager (notBy: requester)");
    assertEquals("step manager delegated to bob by ada (business administrator)",
        process.apply(new ApprovalCommand.Delegate("ada", "bob", null), T0));
    assertEquals("bob", step(process, 0).owner());
  }

  @Test
  void forwardLeavesTheForwarderOutAddsTheTargetsAndOffersTheTaskAgain() {
    ApprovalProcess process = started();
    process.apply(new ApprovalCommand.Claim(null, "alice"), T0);
    String outcome = process.apply(new ApprovalCommand.Forward("alice", List.of("legal"), null), at("PT1H"));
    assertEquals("step manager: looking up legal in the directory", outcome);
    TestDirectory.answerAll(process, at("PT1H"));
    StepInfo forwarded = step(process, 0);
    assertEquals("READY", forwarded.state());
    assertNull(forwarded.owner());
    assertEquals(List.of("bob", "erin"), forwarded.potentialOwners());
    assertRefusedUnchanged(process, new ApprovalCommand.Claim(null, "alice"), at("PT1H"),
        "alice is not a potential owner of step manager");
  }

  @Test
  void forwardToNobodyKnownKeepsTheOwnersAndSaysWhy() {
    ApprovalProcess process = started();
    process.apply(new ApprovalCommand.Forward("bob", List.of("nobody"), null), T0);
    TestDirectory.answerAll(process, T0);
    assertEquals(List.of("alice", "bob"), step(process, 0).potentialOwners());
  }

  @Test
  void nominateAddsPotentialOwnersAndOnlyABusinessAdministratorMayNominate() {
    ApprovalProcess process = started();
    assertRefusedUnchanged(process, new ApprovalCommand.Nominate("alice", List.of("dora")), T0,
        "alice may not nominate its potential owners (step manager): only business administrators (ada) may");
    assertEquals("step manager: looking up dora in the directory",
        process.apply(new ApprovalCommand.Nominate("ada", List.of("dora")), T0));
    TestDirectory.answerAll(process, T0);
    assertEquals(List.of("alice", "bob", "dora"), step(process, 0).potentialOwners());
    assertEquals("READY", step(process, 0).state());
    process.apply(new ApprovalCommand.Claim(null, "dora"), at("PT1M"));
    assertEquals("dora", step(process, 0).owner());
  }

  @Test
  void aBusinessAdministratorManagesButNeverDecidesUnlessAPotentialOwner() {
    ApprovalProcess process = started();
    assertRefusedUnchanged(process, new ApprovalCommand.Nominate("ada", List.of("ada")), T0,
        "ada may not nominate themselves (step manager): a business administrator manages a step and decides it"
            + " only as one of its potential owners");
    assertRefusedUnchanged(process, new ApprovalCommand.Delegate("ada", "ada", null), T0, "ada may not delegate it to themselves");
    process.apply(new ApprovalCommand.Claim(null, "alice"), T0);
    assertEquals("step manager released by ada", process.apply(new ApprovalCommand.Release(null, "ada"), T0));
    assertRefusedUnchanged(process, new ApprovalCommand.Approve("ada", null), T0,
        "ada is not a potential owner of step manager");
    assertRefusedUnchanged(process, new ApprovalCommand.Claim(null, "ada"), T0,
        "ada is not a potential owner of step manager");
  }

  @Test
  void skipEndsASkippableStepWithOutcomeSkippedAndTheApprovalMovesOn() {
    ApprovalProcess process = started();
    assertRefusedUnchanged(process, new ApprovalCommand.Skip("alice", "not needed"), T0,
        "step manager cannot be skipped: the request does not declare it skippable: true");
    process.apply(new ApprovalCommand.Approve("alice", null), T0);
    assertRefusedUnchanged(process, new ApprovalCommand.Skip("mallory", "why not"), T0,
        "mallory may not skip it (step finance): only the requester ('carol') and its potential owners");
    assertEquals("step finance skipped by carol; approval is ACTIVE",
        process.apply(new ApprovalCommand.Skip("carol", "under the limit"), at("PT1H")));
    StepInfo skipped = step(process, 1);
    assertEquals("OBSOLETE", skipped.state());
    assertEquals(UserTask.SKIPPED, skipped.outcome());
    assertEquals("carol", skipped.decidedBy());
    assertEquals("under the limit", skipped.comment());
    assertEquals("legal", process.status().currentStep());
    assertEquals("READY", step(process, 2).state());
  }

  @Test
  void skippingTheLastStepEndsTheApprovalApproved() {
    ApprovalProcess process =
        start("{'requestId':'PO-8','requester':'carol','steps':[{'name':'only','approvers':['alice'],"
            + "'skippable':true,'timeout':'P1D'}]}");
    process.apply(new ApprovalCommand.Skip("alice", "duplicate request"), at("PT1H"));
    assertEquals("APPROVED", process.state().name());
    assertTrue(process.timerInfos().stream().allMatch(t -> t.cleared()), "every timer is cleared");
  }

  @Test
  void setPriorityByTheOwnerOrABusinessAdministratorWithinZeroToTen() {
    ApprovalProcess process = started();
    assertRefusedUnchanged(process, new ApprovalCommand.SetPriority("alice", 1), T0,
        "alice may not set its priority (step manager): only its owner (it has none now)");
    assertRefusedUnchanged(process, new ApprovalCommand.SetPriority("ada", 11), T0,
        "priority: from 0 (highest) to 10 (lowest), got 11");
    assertEquals("step manager priority 1 (was 5) set by ada (business administrator)",
        process.apply(new ApprovalCommand.SetPriority("ada", 1), T0));
    assertEquals(1, step(process, 0).priority());
    assertTrue(process.history().stream().anyMatch(h -> h.name().equals("PriorityChanged")));
  }

  @Test
  void commentsAreAThreadOnTheStepByThoseInvolvedAndKeptBounded() {
    ApprovalProcess process = started();
    assertRefusedUnchanged(process, new ApprovalCommand.Comment("mallory", "hello"), T0,
        "mallory may not comment on step manager: only the requester, its potential owners and business"
            + " administrators may");
    assertRefusedUnchanged(process, new ApprovalCommand.Comment("bob", "x".repeat(Comments.MAX_LENGTH + 1)), T0,
        "a comment is at most 2000 characters, got 2001");
    process.apply(new ApprovalCommand.Comment("bob", "Is the quote attached?"), T0);
    process.apply(new ApprovalCommand.Comment("carol", "Yes, page 2."), at("PT1M"));
    assertEquals(
        List.of(new CommentInfo(T0.toString(), "manager", "bob", "Is the quote attached?"),
            new CommentInfo(at("PT1M").toString(), "manager", "carol", "Yes, page 2.")),
        process.comments());
    for (int i = 0; i < Comments.KEPT; i++) {
      process.apply(new ApprovalCommand.Comment("ada", "note " + i), at("PT2M"));
    }
    assertEquals(Comments.KEPT, process.comments().size());
    assertEquals(Comments.KEPT + 2, process.status().commentCount());
    assertEquals("note 0", process.comments().get(0).text());
  }

  @Test
  void commentsAdministratorsAndDelegationsSurviveContinueAsNew() {
    ApprovalProcess process = started();
    process.apply(new ApprovalCommand.Claim(null, "alice"), T0);
    process.apply(new ApprovalCommand.Delegate("alice", "dora", null), T0);
    process.apply(new ApprovalCommand.Comment("dora", "on it"), T0);
    ApprovalProcess restored =
        ApprovalProcess.restore(
            ProcessSnapshot.of(RequestJson.tree(process.snapshot())), "run-1", at("PT1H"), Edition.CURRENT);
    assertEquals(process.comments(), restored.comments());
    assertEquals(List.of("ada"), restored.businessAdministrators());
    assertEquals("alice", step(restored, 0).delegatedBy());
    assertEquals(Boolean.TRUE, step(restored, 1).skippable());
    restored.apply(new ApprovalCommand.Resolve("dora", null), at("PT1H"));
    assertEquals("alice", step(restored, 0).owner());
  }

  @Test
  void theOperationsAreRefusedWhileTheApprovalIsSuspendedButCommentsAreNot() {
    ApprovalProcess process = started();
    process.apply(new ApprovalCommand.Suspend("audit"), T0);
    assertRefusedUnchanged(process, new ApprovalCommand.Nominate("ada", List.of("dora")), T0,
        "task actions are not allowed while the process is suspended");
    process.apply(new ApprovalCommand.Comment("ada", "waiting for the audit"), T0);
    assertEquals(1, process.comments().size());
  }

  @Test
  void aRequestsBusinessAdministratorsAreNamesLikeApprovers() {
    List<String> found =
        problems("{'requestId':'PO-9','businessAdministrators':[' '],'steps':[{'name':'a','approvers':['x']}]}");
    assertEquals(List.of("businessAdministrators: every entry must be a non-empty name"), found);
  }

  @Test
  void theActionsQueryOffersTheOperationsEachPersonMayTake() {
    ApprovalProcess process = started();
    process.apply(new ApprovalCommand.Start(null, "alice"), T0);
    List<String> alice = process.actionsOf("alice");
    assertTrue(alice.containsAll(List.of("stop", "delegate", "forward", "set-priority", "comment", "set-follow-up")), alice.toString());
    assertTrue(!alice.contains("nominate") && !alice.contains("skip") && !alice.contains("resolve"), alice.toString());
    List<String> ada = process.actionsOf("ada");
    assertTrue(ada.containsAll(List.of("stop", "delegate", "forward", "nominate", "set-priority", "comment",
        "release", "reassign")), ada.toString());
    assertTrue(!ada.contains("approve") && !ada.contains("claim"), ada.toString());
    assertEquals(List.of("reassign", "update-data", "comment", "set-follow-up", "nudge"), process.actionsOf("carol"));
  }

  @Test
  void aGroupAmongTheBusinessAdministratorsStandsForItsMembersOnceTheDirectorySays() {
    ApprovalProcess process =
        start("{'requestId':'PO-10','requester':'carol','businessAdministrators':['ada','legal'],"
            + "'steps':[{'name':'manager','approvers':['alice']}]}");
    assertRefusedUnchanged(process, new ApprovalCommand.Nominate("erin", List.of("dora")), T0,
        "erin may not nominate its potential owners (step manager): only business administrators (ada, legal) may");
    List<OwnerLookup> asked = TestDirectory.answerAll(process, T0);
    assertEquals(List.of("ada", "legal"), asked.get(0).names());
    assertEquals(List.of("ada", "legal", "erin"), process.status().businessAdministrators(),
        "status names the request's and the group's members");
    process.apply(new ApprovalCommand.Nominate("erin", List.of("dora")), at("PT1M"));
    TestDirectory.answerAll(process, at("PT1M"));
    assertTrue(step(process, 0).potentialOwners().contains("dora"), step(process, 0).toString());
  }
}
