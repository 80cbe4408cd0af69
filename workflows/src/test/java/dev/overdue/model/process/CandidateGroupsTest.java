package dev.overdue.model.process;

import static dev.overdue.model.process.DeadlinesTest.fire;
import static dev.overdue.model.process.DeadlinesTest.problems;
import static dev.overdue.model.process.DeadlinesTest.start;
import static dev.overdue.model.process.Fixtures.T0;
import static dev.overdue.model.process.Fixtures.assertRefusedUnchanged;
import static dev.overdue.model.process.Fixtures.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.api.ApprovalCommand;
import dev.overdue.api.HistoryEntry;
import dev.overdue.api.StepInfo;
import dev.overdue.model.ProcessState;
import dev.overdue.model.request.RequestJson;
import dev.overdue.model.request.TimerHandler;
import dev.overdue.model.task.OwnerLookup;
import dev.overdue.model.task.UserTask;
import dev.overdue.model.timer.Expiry;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Candidate groups and who may act (WS-HumanTask's potential owners): members looked up in the
 * worker's directory when the task is created, reassignments to users, groups and roles, the
 * refresh after a directory change, and a task that is never left with no one able to act.
 * {@link TestDirectory} answers for the directory, as the workflow's activity would.
 */
class CandidateGroupsTest {
  static final String FINANCE =
      "{'requestId':'PO-1','requester':'carol','steps':[{'name':'manager','approvers':['alice'],"
          + "'candidateGroups':['finance']}]}";

  private static StepInfo manager(ApprovalProcess process) {
    return process.status().steps().get(0);
  }

  @Test
  void theGroupsMembersAreLookedUpWhenTheTaskIsCreatedAndMayThenAct() {
    ApprovalProcess process = start(FINANCE);
    List<OwnerLookup> asked = process.drainLookups();
    assertEquals(List.of(new OwnerLookup(1, "manager", List.of("finance"), List.of())), asked);
    // Until the directory answers, only the candidate users may act.
    assertRefusedUnchanged(process, new ApprovalCommand.Claim(null, "dave"), T0,
        "dave is not a potential owner of step manager (candidate users: alice; candidate groups: finance"
            + " (members being looked up))");
    process.answerLookup(1, TestDirectory.answer(asked.get(0)), T0);
    StepInfo step = manager(process);
    assertEquals(List.of("alice"), step.approvers());
    assertEquals(List.of("finance"), step.candidateGroups());
    assertEquals(List.of("alice", "carol", "dave"), step.potentialOwners());
    process.apply(new ApprovalCommand.Claim(null, "dave"), at("PT1M"));
    assertEquals("dave", manager(process).owner());
    HistoryEntry lookedUp = process.history().stream().filter(h -> h.name().equals("OwnersLookedUp"))
        .findFirst().orElseThrow();
    assertEquals("[\"carol\",\"dave\"]", lookedUp.input().get("members").toString());
  }

  @Test
  void someoneWhoIsNeitherACandidateUserNorAMemberIsRefusedNamingUsersAndGroups() {
    ApprovalProcess process = start(FINANCE);
    TestDirectory.answerAll(process, T0);
    assertRefusedUnchanged(process, new ApprovalCommand.Approve("mallory", null), T0,
        "mallory is not a potential owner of step manager (candidate users: alice; candidate groups: finance)");
    assertRefusedUnchanged(process, new ApprovalCommand.UpdateData("mallory", Fixtures.object(RequestJson.tree(java.util.Map.of("x", 1)))),
        T0, "mallory may not change the data");
  }

  static final String ONLY_UNKNOWN_GROUP =
      "{'requestId':'PO-2','requester':'carol','steps':[{'name':'manager','candidateGroups':['procurement']}]}";

  @Test
  void aTaskNoOneCanActOnIsWarnedAboutAndTheRequesterMayReassignIt() {
    ApprovalProcess process = start(ONLY_UNKNOWN_GROUP);
    assertFalse(process.unworkable(), "not known before the directory answers");
    TestDirectory.answerAll(process, T0);
    assertTrue(process.unworkable());
    assertEquals(
        "step manager has no one who can act ('procurement' is not a group in the directory): the requester"
            + " (carol) may reassign it",
        process.warnings().get(0).message());
    process.apply(new ApprovalCommand.Reassign("carol", List.of("legal")), at("PT1H"));
    TestDirectory.answerAll(process, at("PT1H"));
    assertFalse(process.unworkable());
    assertEquals(List.of("erin"), manager(process).potentialOwners());
    assertEquals(List.of("legal"), manager(process).candidateGroups());
    process.apply(new ApprovalCommand.Approve("erin", null), at("PT2H"));
    assertEquals(ProcessState.APPROVED, process.state());
  }

  /** The reproducer of bug B1. */
  static final String REASSIGN_TO_OWNER =
      "{'requestId':'PO-3','requester':'carol','steps':[{'name':'manager','approvers':['alice','bob'],"
          + "'startDeadlines':[{'name':'escalate','for':'PT1H','escalations':[{'action':'reassign','to':['owner']}]}]}]}";

  @Test
  void aReassignmentToNobodyKeepsTheOwnersTheTaskHadWithAWarning() {
    ApprovalProcess process = start(REASSIGN_TO_OWNER);
    fire(process, at("PT1H"));
    assertEquals(List.of("alice", "bob"), manager(process).approvers());
    assertTrue(
        process.warnings().stream().anyMatch(w -> w.message().equals(
            "step manager keeps its potential owners alice, bob: the reassignment by escalation"
                + " manager.escalate.reassign#1 names nobody who can act ('owner' is nobody at the moment)")),
        process.warnings().toString());
    process.apply(new ApprovalCommand.Claim(null, "alice"), at("PT2H"));
    assertEquals("alice", manager(process).owner());
  }

  static final String REASSIGN_TO_FINANCE =
      "{'requestId':'PO-4','requester':'carol','steps':[{'name':'manager','approvers':['alice'],"
          + "'startDeadlines':[{'name':'escalate','for':'PT1H','escalations':[{'action':'reassign','to':['finance','bob']}]}]}]}";

  @Test
  void anEscalationReassignsToAGroupOnceTheDirectoryHasAnswered() {
    ApprovalProcess process = start(REASSIGN_TO_FINANCE);
    process.apply(new ApprovalCommand.Claim(null, "alice"), at("PT30M"));
    process.expireDue(at("PT1H"));
    // Asked, not yet answered: alice still holds the task.
    assertEquals("alice", manager(process).owner());
    List<OwnerLookup> asked = process.drainLookups();
    assertEquals(List.of("finance", "bob"), asked.get(0).names());
    process.answerLookup(asked.get(0).number(), TestDirectory.answer(asked.get(0)), at("PT1H"));
    StepInfo step = manager(process);
    assertEquals("READY", step.state());
    assertEquals(List.of("bob"), step.approvers());
    assertEquals(List.of("finance"), step.candidateGroups());
    assertEquals(List.of("bob", "carol", "dave"), step.potentialOwners());
    Expiry notice = process.drainTriggered().stream().filter(e -> e.cause() == Expiry.Cause.REASSIGNED)
        .findFirst().orElseThrow();
    assertEquals(List.of(new TimerHandler.Notify(List.of("bob", "carol", "dave"), null)), notice.handlers());
    assertRefusedUnchanged(process, new ApprovalCommand.Approve("alice", null), at("PT2H"), "not a potential owner");
  }

  @Test
  void theReassignCommandIsForTheRequesterAndThePotentialOwners() {
    ApprovalProcess process = start(FINANCE);
    TestDirectory.answerAll(process, T0);
    assertRefusedUnchanged(process, new ApprovalCommand.Reassign("mallory", List.of("bob")), T0,
        "mallory may not reassign it: only the requester ('carol') and the potential owners of step manager"
            + " (candidate users: alice; candidate groups: finance) may");
    assertRefusedUnchanged(process, new ApprovalCommand.Reassign("carol", List.of("owner")), T0,
        "the reassignment names nobody who can act ('owner' is nobody at the moment)");
    process.apply(new ApprovalCommand.Reassign("dave", List.of("bob")), T0);
    TestDirectory.answerAll(process, T0);
    assertEquals(List.of("bob"), manager(process).potentialOwners());
    assertEquals(List.of(), manager(process).candidateGroups());
  }

  @Test
  void aReassignmentToNamesTheDirectoryDoesNotKnowKeepsTheOwners() {
    ApprovalProcess process = start(FINANCE);
    TestDirectory.answerAll(process, T0);
    process.apply(new ApprovalCommand.Reassign("carol", List.of("stranger")), T0);
    int lookup = process.drainLookups().get(0).number();
    process.answerLookup(lookup, TestDirectory.answer(new OwnerLookup(lookup, "manager", List.of(), List.of("stranger"))), T0);
    OwnerLookup.Outcome outcome = process.lookupOutcome(lookup).orElseThrow();
    assertFalse(outcome.applied());
    assertEquals(
        "step manager keeps its potential owners alice, carol, dave: the reassignment by carol names nobody"
            + " who can act ('stranger' is not a user or group in the directory)",
        outcome.text());
    assertEquals(List.of("alice", "carol", "dave"), manager(process).potentialOwners());
    // Its sender hears it (the command is refused): no warning, unlike an escalation's.
    assertEquals(List.of(), process.warnings());
  }

  @Test
  void aLaterReassignmentWinsOverAnEarlierOneStillBeingLookedUp() {
    ApprovalProcess process = start(FINANCE);
    TestDirectory.answerAll(process, T0);
    process.apply(new ApprovalCommand.Reassign("carol", List.of("legal")), T0);
    List<OwnerLookup> first = process.drainLookups();
    // Roles alone need no directory: applied at once.
    process.apply(new ApprovalCommand.Reassign("carol", List.of("requester")), at("PT1M"));
    process.answerLookup(first.get(0).number(), TestDirectory.answer(first.get(0)), at("PT2M"));
    assertEquals(List.of("carol"), manager(process).potentialOwners());
    assertFalse(process.lookupOutcome(first.get(0).number()).orElseThrow().applied());
  }

  @Test
  void refreshLooksTheGroupsUpAgainAndTheOwnerKeepsTheirTask() {
    ApprovalProcess process = start(FINANCE);
    TestDirectory.answerAll(process, T0);
    process.apply(new ApprovalCommand.Claim(null, "dave"), T0);
    process.apply(new ApprovalCommand.RefreshOwners("admin"), at("PT1H"));
    OwnerLookup asked = process.drainLookups().get(0);
    assertEquals(List.of("finance"), asked.groups());
    // dave left finance meanwhile; frank joined.
    process.answerLookup(asked.number(),
        new OwnerLookup.Answer(List.of(), List.of("finance"), List.of("carol", "frank"), List.of()), at("PT1H"));
    assertEquals(List.of("alice", "carol", "frank"), manager(process).potentialOwners());
    assertEquals("dave", manager(process).owner());
    process.apply(new ApprovalCommand.Approve("dave", "still mine"), at("PT2H"));
    assertEquals(ProcessState.APPROVED, process.state());
  }

  @Test
  void refreshIsRefusedForAStepWithoutGroupsAndFindingNobodyKeepsTheMembers() {
    ApprovalProcess plain = start(REASSIGN_TO_OWNER);
    assertRefusedUnchanged(plain, new ApprovalCommand.RefreshOwners(null), T0,
        "step manager has no candidate groups to look up again");
    ApprovalProcess process = start(FINANCE);
    TestDirectory.answerAll(process, T0);
    process.apply(new ApprovalCommand.RefreshOwners(null), T0);
    OwnerLookup asked = process.drainLookups().get(0);
    process.answerLookup(asked.number(), OwnerLookup.Answer.failed("the directory could not be asked: timeout"), T0);
    assertFalse(process.lookupOutcome(asked.number()).orElseThrow().applied());
    assertEquals(List.of("alice", "carol", "dave"), manager(process).potentialOwners());
    assertEquals(List.of(), process.warnings());
  }

  @Test
  void theValidatorWantsSomeoneToBeNamedAndChecksGroupNames() {
    assertTrue(problems("{'requestId':'X','steps':[{'name':'s'}]}").get(0)
        .startsWith("steps[0].approvers: at least one approver is required (or candidateGroups, or an assignee)"));
    assertEquals(List.of("steps[0].candidateGroups: every entry must be a non-empty name"),
        problems("{'requestId':'X','steps':[{'name':'s','candidateGroups':[' ']}]}"));
    assertEquals(List.of(), problems("{'requestId':'X','steps':[{'name':'s','candidateGroups':['finance']}]}"));
  }

  @Test
  void ownersSurviveAContinueAsNew() {
    ApprovalProcess process = start(FINANCE);
    TestDirectory.answerAll(process, T0);
    ApprovalProcess restored =
        ApprovalProcess.restore(ProcessSnapshot.of(RequestJson.tree(process.snapshot())), "run-1", T0, Edition.CURRENT);
    assertEquals(manager(process), manager(restored));
    assertEquals(List.of(), restored.drainLookups(), "looked up once, not again");
  }

  @Test
  void conditionsSeeTheGroupsAndThePotentialOwners() {
    ApprovalProcess process = start(FINANCE);
    TestDirectory.answerAll(process, T0);
    UserTask task = process.currentTask();
    assertTrue(process.expressions().holds("'finance' in step.candidateGroups && 'dave' in step.potentialOwners", task).holds());
  }
}
