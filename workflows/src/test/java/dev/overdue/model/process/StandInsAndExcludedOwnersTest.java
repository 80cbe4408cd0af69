package dev.overdue.model.process;

import static dev.overdue.model.process.DeadlinesTest.problems;
import static dev.overdue.model.process.Fixtures.T0;
import static dev.overdue.model.process.Fixtures.assertRefusedUnchanged;
import static dev.overdue.model.process.Fixtures.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.api.ApprovalCommand;
import dev.overdue.api.HistoryEntry;
import dev.overdue.api.StepInfo;
import dev.overdue.model.auth.AuthPolicy;
import dev.overdue.model.escalation.Roles;
import dev.overdue.model.request.RequestJson;
import dev.overdue.model.task.OwnerLookup;
import dev.overdue.model.timer.Expiry;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Excluded owners (WS-HumanTask): users or groups who may never act on a step whatever its groups
 * say, looked up in the worker's directory when the task is created; and stand-ins: where the
 * worker's directory keeps absences, an absent potential owner's substitute joins the potential
 * owners and an absent assignee's substitute is assigned. {@link TestDirectory} answers: olga is
 * away and sam stands in for her; "finance" is carol and dave.
 */
class StandInsAndExcludedOwnersTest {

  static ApprovalProcess start(String json, boolean standIns) {
    return ApprovalProcess.start(
        RequestJson.parse(json.replace('\'', '"')), T0, null, Edition.CURRENT, AuthPolicy.OFF, standIns);
  }

  private static StepInfo step(ApprovalProcess process) {
    return process.status().steps().get(0);
  }

  @Test
  void anExcludedGroupsMembersMayNeverActWhateverTheCandidateGroupsSay() {
    ApprovalProcess process =
        start("{'requestId':'EX-1','requester':'erin','steps':[{'name':'audit','approvers':['alice'],"
            + "'candidateGroups':['staff','finance'],'excludedOwners':['finance','member-007']}]}", false);
    assertRefusedUnchanged(process, new ApprovalCommand.Claim(null, "alice"), T0,
        "step audit: its excluded owners (finance, member-007) are being looked up in the directory: try again");
    List<OwnerLookup> asked = TestDirectory.answerAll(process, T0);
    assertEquals(List.of("finance", "member-007"), asked.get(0).excluded());
    assertRefusedUnchanged(process, new ApprovalCommand.Claim(null, "dave"), T0,
        "dave is an excluded owner of step audit (excludedOwners: finance, member-007)");
    assertRefusedUnchanged(process, new ApprovalCommand.Approve("member-007", null), T0, "member-007 is an excluded owner");
    process.apply(new ApprovalCommand.Claim(null, "member-008"), at("PT1M"));
    assertEquals("member-008", step(process).owner());
    assertTrue(step(process).excludedOwners().containsAll(List.of("carol", "dave", "member-007")),
        step(process).excludedOwners().toString());
    assertRefusedUnchanged(process, new ApprovalCommand.Delegate("member-008", "carol", null), at("PT1M"),
        "carol is an excluded owner of step audit");
  }

  @Test
  void theOfferWaitsForWhomTheExcludedOwnersStandForSoNoneOfThemIsTold() {
    ApprovalProcess process =
        start("{'requestId':'EX-2','steps':[{'name':'audit','approvers':['alice','carol'],"
            + "'excludedOwners':['finance']}]}", false);
    assertEquals(List.of(), process.drainTriggered(), "nobody is told before the directory answers");
    TestDirectory.answerAll(process, T0);
    List<Expiry> told = process.drainTriggered();
    assertEquals(1, told.size(), told.toString());
    assertEquals(List.of("alice"), Roles.recipients(told.get(0).handlers().get(0)));
  }

  @Test
  void anAssigneeAnExpressionChoseWhoIsExcludedGivesTheTaskBackWithAWarning() {
    ApprovalProcess process =
        start("{'requestId':'EX-3','data':{'who':'dave'},'steps':[{'name':'audit','approvers':['alice'],"
            + "'assignee':'=data.who','excludedOwners':['finance']}]}", false);
    assertEquals("dave", step(process).owner());
    TestDirectory.answerAll(process, T0);
    assertEquals("READY", step(process).state());
    assertEquals("dave is an excluded owner of step audit: the step is offered to its potential owners instead",
        process.warnings().get(0).message());
  }

  @Test
  void aRequestCannotExcludeItsOnlyApproversOrItsAssignee() {
    assertEquals(List.of("steps[0].approvers: every approver is an excluded owner: no one could decide it"),
        problems("{'requestId':'EX-4','steps':[{'name':'a','approvers':['x'],'excludedOwners':['x']}]}"));
    assertEquals(List.of("steps[0].assignee: 'x' is an excluded owner of this step"),
        problems("{'requestId':'EX-5','steps':[{'name':'a','approvers':['y'],'assignee':'x','excludedOwners':['x']}]}"));
  }

  @Test
  void whereAbsencesAreKeptAnAbsentApproversSubstituteJoinsThePotentialOwnersAndIsTold() {
    ApprovalProcess process =
        start("{'requestId':'SI-1','steps':[{'name':'manager','approvers':['olga','bob']}]}", true);
    process.drainTriggered();
    List<OwnerLookup> asked = TestDirectory.answerAll(process, T0);
    assertEquals(List.of("olga", "bob"), asked.get(0).people());
    assertEquals(List.of("olga", "bob", "sam"), step(process).potentialOwners());
    HistoryEntry standIn =
        process.history().stream().filter(h -> h.name().equals("StandIn")).findFirst().orElseThrow();
    assertEquals("sam", standIn.input().get("substitute").asText());
    HistoryEntry lookedUp =
        process.history().stream().filter(h -> h.name().equals("OwnersLookedUp")).findFirst().orElseThrow();
    assertTrue(lookedUp.input().get("outcome").asText()
        .endsWith("sam stands in for olga (away until 2026-12-01T00:00:00Z)"), lookedUp.toString());
    List<Expiry> told = process.drainTriggered();
    assertEquals(List.of("sam"), Roles.recipients(told.get(0).handlers().get(0)));
    process.apply(new ApprovalCommand.Approve("sam", "for olga"), at("PT1H"));
    assertEquals("APPROVED", process.state().name());
  }

  @Test
  void anAbsentAssigneesSubstituteIsAssignedAndTheAssigneeStaysACandidate() {
    ApprovalProcess process =
        start("{'requestId':'SI-2','steps':[{'name':'manager','approvers':['bob'],'assignee':'olga'}]}", true);
    assertEquals("olga", step(process).owner());
    TestDirectory.answerAll(process, T0);
    assertEquals("sam", step(process).owner());
    assertEquals("sam", step(process).assignee());
    assertEquals("RESERVED", step(process).state());
    assertTrue(step(process).potentialOwners().contains("olga"), step(process).potentialOwners().toString());
  }

  @Test
  void withoutKeptAbsencesAStepOfNamedUsersAsksTheDirectoryNothing() {
    ApprovalProcess process =
        start("{'requestId':'SI-3','steps':[{'name':'manager','approvers':['olga','bob']}]}", false);
    assertEquals(List.of(), process.drainLookups());
  }

  @Test
  void refreshOwnersAppliesANewAbsenceToAnOpenTaskOfNamedUsers() {
    ApprovalProcess process =
        start("{'requestId':'SI-4','requester':'carol','steps':[{'name':'manager','approvers':['bob']}]}", true);
    TestDirectory.answerAll(process, T0);
    // bob is not away; then the directory changes, and a reassignment names olga, who is.
    process.apply(new ApprovalCommand.Reassign("carol", List.of("olga")), at("PT1H"));
    TestDirectory.answerAll(process, at("PT1H"));
    assertEquals(List.of("olga", "sam"), step(process).potentialOwners());
    assertEquals("step manager: looking up who is away",
        process.apply(new ApprovalCommand.RefreshOwners("carol"), at("PT2H")));
    TestDirectory.answerAll(process, at("PT2H"));
    assertEquals(List.of("olga", "sam"), step(process).potentialOwners(), "sam once, not twice");
  }

  @Test
  void keptAbsencesAndResolvedExclusionsSurviveContinueAsNew() {
    ApprovalProcess process =
        start("{'requestId':'SI-5','steps':[{'name':'audit','approvers':['alice','carol'],"
            + "'excludedOwners':['finance']}]}", true);
    TestDirectory.answerAll(process, T0);
    ApprovalProcess restored =
        ApprovalProcess.restore(
            ProcessSnapshot.of(RequestJson.tree(process.snapshot())), "run-1", at("PT1H"), Edition.CURRENT);
    assertTrue(restored.choices().keepsStandIns());
    assertRefusedUnchanged(restored, new ApprovalCommand.Claim(null, "carol"), at("PT1H"), "carol is an excluded owner");
  }
}
