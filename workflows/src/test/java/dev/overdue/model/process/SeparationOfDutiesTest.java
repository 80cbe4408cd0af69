package dev.overdue.model.process;

import static dev.overdue.model.process.DeadlinesTest.problems;
import static dev.overdue.model.process.DeadlinesTest.start;
import static dev.overdue.model.process.Fixtures.assertRefusedUnchanged;
import static dev.overdue.model.process.Fixtures.at;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.overdue.api.ApprovalCommand;
import dev.overdue.model.ProcessState;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The four-eyes principle: {@code notBy: [requester]} keeps the requester off a step, {@code
 * distinctFrom: [step]} keeps whoever decided that earlier step off this one. Both are refusals
 * with the reason that change nothing, for every task action that takes or decides the task.
 */
class SeparationOfDutiesTest {
  /** carol asks; alice, bob and carol may all decide either step, by the owners alone. */
  static final String FOUR_EYES =
      "{'requestId':'PO-1','requester':'carol','steps':["
          + "{'name':'manager','approvers':['alice','bob','carol'],'notBy':['requester']},"
          + "{'name':'finance','approvers':['alice','bob','carol'],'notBy':['requester'],'distinctFrom':['manager']}]}";

  @Test
  void theRequesterMayNotTakeOrDecideTheirOwnRequest() {
    ApprovalProcess process = start(FOUR_EYES);
    for (ApprovalCommand command :
        List.of(new ApprovalCommand.Approve("carol", null), new ApprovalCommand.Reject("carol", null),
            new ApprovalCommand.Claim(null, "carol"), new ApprovalCommand.Start(null, "carol"),
            new ApprovalCommand.Complete("carol", "approved", null, null))) {
      assertRefusedUnchanged(process, command, at("PT1H"),
          "carol requested this approval and may not act on step manager (notBy: requester)");
    }
  }

  @Test
  void whoeverDecidedAnEarlierStepMayNotDecideThisOne() {
    ApprovalProcess process = start(FOUR_EYES);
    process.apply(new ApprovalCommand.Approve("alice", null), at("PT1H"));
    assertEquals("finance", process.currentTask().name());
    assertRefusedUnchanged(process, new ApprovalCommand.Approve("alice", null), at("PT2H"),
        "alice decided step manager and may not act on step finance too (distinctFrom: manager)");
    assertRefusedUnchanged(process, new ApprovalCommand.Claim("finance", "alice"), at("PT2H"), "distinctFrom: manager");
    assertRefusedUnchanged(process, new ApprovalCommand.Approve("carol", null), at("PT2H"), "notBy: requester");
    process.apply(new ApprovalCommand.Approve("bob", null), at("PT3H"));
    assertEquals(ProcessState.APPROVED, process.state());
  }

  @Test
  void withoutTheRulesAnyPotentialOwnerMayDecide() {
    ApprovalProcess process =
        start("{'requestId':'PO-2','requester':'carol','steps':["
            + "{'name':'manager','approvers':['carol']},{'name':'finance','approvers':['carol']}]}");
    process.apply(new ApprovalCommand.Approve("carol", null), at("PT1H"));
    process.apply(new ApprovalCommand.Approve("carol", null), at("PT2H"));
    assertEquals(ProcessState.APPROVED, process.state());
  }

  @Test
  void anExcludedOwnerAnExpressionAssignedMayOnlyGiveTheTaskBack() {
    ApprovalProcess process =
        start("{'requestId':'PO-3','requester':'carol','data':{'owner':'carol'},'steps':["
            + "{'name':'manager','approvers':['alice','carol'],'assignee':'=data.owner','notBy':['requester']}]}");
    assertRefusedUnchanged(process, new ApprovalCommand.Approve("carol", null), at("PT1H"), "notBy: requester");
    process.apply(new ApprovalCommand.Release(null, "carol"), at("PT1H"));
    process.apply(new ApprovalCommand.Approve("alice", null), at("PT2H"));
    assertEquals(ProcessState.APPROVED, process.state());
  }

  @Test
  void theRulesSurviveContinueAsNew() throws Exception {
    ApprovalProcess process = start(FOUR_EYES);
    process.apply(new ApprovalCommand.Approve("alice", null), at("PT1H"));
    // Through JSON, as the snapshot travels as continue-as-new's input.
    ObjectMapper json = new ObjectMapper();
    ProcessSnapshot snapshot =
        json.readValue(json.writeValueAsString(process.snapshot()), ProcessSnapshot.class);
    ApprovalProcess restored = ApprovalProcess.restore(snapshot, "run-1", at("PT1H"), Edition.CURRENT);
    assertRefusedUnchanged(restored, new ApprovalCommand.Approve("alice", null), at("PT2H"), "distinctFrom: manager");
    assertRefusedUnchanged(restored, new ApprovalCommand.Approve("carol", null), at("PT2H"), "notBy: requester");
  }

  @Test
  void aRequestWhoseRulesCannotHoldIsRefusedNamingTheField() {
    assertEquals(List.of("steps[0].notBy: 'boss' is not a role (roles: requester)"),
        problems("{'requestId':'PO-4','requester':'carol','steps':[{'name':'a','approvers':['alice'],'notBy':['boss']}]}"));
    assertEquals(
        List.of("steps[0].distinctFrom: 'b' is not an earlier step",
            "steps[1].distinctFrom: 'b' is not an earlier step (a step cannot be distinct from itself)"),
        problems("{'requestId':'PO-5','steps':[{'name':'a','approvers':['alice'],'distinctFrom':['b']},"
            + "{'name':'b','approvers':['bob'],'distinctFrom':['b']}]}"));
    assertEquals(
        List.of("steps[0].approvers: only the requester, whom notBy: [requester] keeps off this step: no one could decide it"),
        problems("{'requestId':'PO-6','requester':'carol','steps':[{'name':'a','approvers':['carol'],'notBy':['requester']}]}"));
    assertEquals(
        List.of("steps[0].assignee: 'carol' is the requester, whom notBy: [requester] keeps off this step"),
        problems("{'requestId':'PO-7','requester':'carol','steps':[{'name':'a','approvers':['alice'],'assignee':'carol','notBy':['requester']}]}"));
  }
}
