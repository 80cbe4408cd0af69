package dev.overdue.model.process;

import static dev.overdue.model.process.DeadlinesTest.start;
import static dev.overdue.model.process.Fixtures.T0;
import static dev.overdue.model.process.Fixtures.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.overdue.api.ApprovalCommand;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The task actions a user may take now ({@link ApprovalProcess#actionsOf}), which the inbox shows
 * as buttons. Every assertion first checks the list against the commands themselves: an action is
 * listed exactly when its command, sent by that user now, would be accepted.
 */
class ActionsTest {
  private static final List<String> EVERYONE = List.of("alice", "bob", "carol", "dave", "erin", "frank", "mallory");
  private static final ObjectMapper JSON = new ObjectMapper();

  /** One command per action, as a user would send it. */
  private static Map<String, ApprovalCommand> commandsOf(String user) {
    Map<String, ApprovalCommand> commands = new LinkedHashMap<>();
    commands.put("claim", new ApprovalCommand.Claim(null, user));
    commands.put("start", new ApprovalCommand.Start(null, user));
    commands.put("release", new ApprovalCommand.Release(null, user));
    commands.put("approve", new ApprovalCommand.Approve(user, "ok"));
    commands.put("reject", new ApprovalCommand.Reject(user, "no"));
    commands.put("reassign", new ApprovalCommand.Reassign(user, List.of("erin")));
    commands.put("update-data", new ApprovalCommand.UpdateData(user, Fixtures.object(JSON.createObjectNode().put("note", "x"))));
    commands.put("stop", new ApprovalCommand.Stop(null, user));
    commands.put("delegate", new ApprovalCommand.Delegate(user, "erin", null));
    commands.put("resolve", new ApprovalCommand.Resolve(user, null));
    commands.put("forward", new ApprovalCommand.Forward(user, List.of("erin"), null));
    commands.put("nominate", new ApprovalCommand.Nominate(user, List.of("erin")));
    commands.put("skip", new ApprovalCommand.Skip(user, "not needed"));
    commands.put("set-priority", new ApprovalCommand.SetPriority(user, 3));
    commands.put("comment", new ApprovalCommand.Comment(user, "a note"));
    commands.put("set-follow-up", new ApprovalCommand.SetFollowUp(user, null));
    commands.put("nudge", new ApprovalCommand.Nudge(null, user));
    return commands;
  }

  /** {@code user}'s actions, after checking them against every user's accepted commands. */
  private static List<String> actions(ApprovalProcess process, String user, Instant now) {
    for (String someone : EVERYONE) {
      List<String> accepted = commandsOf(someone).entrySet().stream()
          .filter(entry -> process.refusal(entry.getValue(), now).isEmpty())
          .map(Map.Entry::getKey)
          .toList();
      List<String> listed = process.actionsOf(someone).stream().filter(a -> !a.equals("complete")).toList();
      assertEquals(accepted, listed, "the actions listed for " + someone + " are those accepted from them");
    }
    return process.actionsOf(user);
  }

  @Test
  void aPotentialOwnerMayClaimAReadyStepAndTheRequesterMayOnlyChangeOrHandItOn() {
    ApprovalProcess process =
        start("{'requestId':'AC-1','requester':'carol','steps':[{'name':'manager','approvers':['alice','bob']}]}");
    assertEquals(List.of("claim", "start", "approve", "reject", "reassign", "update-data", "forward", "comment", "set-follow-up"),
        actions(process, "alice", T0));
    assertEquals(List.of("reassign", "update-data", "comment", "set-follow-up", "nudge"), actions(process, "carol", T0));
    assertEquals(List.of(), actions(process, "mallory", T0));
  }

  @Test
  void onceClaimedOnlyTheOwnerMayDecideStartOrReleaseIt() {
    ApprovalProcess process =
        start("{'requestId':'AC-2','requester':'carol','steps':[{'name':'manager','approvers':['alice','bob']}]}");
    process.apply(new ApprovalCommand.Claim(null, "alice"), at("PT1M"));
    assertEquals(List.of("start", "release", "approve", "reject", "reassign", "update-data", "delegate", "forward",
            "set-priority", "comment", "set-follow-up"),
        actions(process, "alice", at("PT1M")));
    assertEquals(List.of("reassign", "update-data", "forward", "comment", "set-follow-up"), actions(process, "bob", at("PT1M")));
    process.apply(new ApprovalCommand.Start(null, "alice"), at("PT2M"));
    assertEquals(List.of("release", "approve", "reject", "reassign", "update-data", "stop", "delegate", "forward",
        "set-priority", "comment", "set-follow-up"), actions(process, "alice", at("PT2M")));
  }

  @Test
  void theFourEyesRulesTakeTheRequesterOutOfEveryActionButTheirOwn() {
    ApprovalProcess process = start(SeparationOfDutiesTest.FOUR_EYES);
    // Handing it on and commenting are not deciding: the requester, a potential owner here, may.
    assertEquals(List.of("reassign", "update-data", "forward", "comment", "set-follow-up", "nudge"), actions(process, "carol", T0));
  }

  @Test
  void nothingWhileSuspendedButTheDataAndNothingOnceEnded() {
    ApprovalProcess process =
        start("{'requestId':'AC-3','requester':'carol','steps':[{'name':'manager','approvers':['alice']}]}");
    process.apply(new ApprovalCommand.Suspend("waiting for a quote"), at("PT1M"));
    assertEquals(List.of("update-data", "comment"), actions(process, "alice", at("PT1M")));
    process.apply(new ApprovalCommand.Resume(), at("PT2M"));
    process.apply(new ApprovalCommand.Approve("alice", null), at("PT3M"));
    assertEquals(List.of(), actions(process, "alice", at("PT3M")));
  }

  @Test
  void businessAdministratorsManageAndSkipWhereAStepAllowsItButNeverDecide() {
    ApprovalProcess process =
        start("{'requestId':'AC-5','requester':'carol','businessAdministrators':['mallory'],'steps':[{'name':'manager',"
            + "'approvers':['alice'],'skippable':true}]}");
    assertEquals(List.of("reassign", "update-data", "delegate", "forward", "nominate", "skip", "set-priority", "comment", "set-follow-up",
        "nudge"), actions(process, "mallory", T0));
    assertEquals(List.of("reassign", "update-data", "skip", "comment", "set-follow-up", "nudge"), actions(process, "carol", T0));
    process.apply(new ApprovalCommand.Claim(null, "alice"), at("PT1M"));
    process.apply(new ApprovalCommand.Delegate("alice", "bob", null), at("PT1M"));
    assertEquals(List.of("start", "release", "approve", "reject", "reassign", "update-data", "delegate", "resolve",
        "forward", "skip", "set-priority", "comment", "set-follow-up"), actions(process, "bob", at("PT1M")));
  }

  @Test
  void forwardIsOfferedWhetherOrNotTheApprovalNamesARequester() {
    ApprovalProcess process =
        start("{'requestId':'AC-6','steps':[{'name':'manager','approvers':['alice','bob']}]}");
    assertTrue(actions(process, "alice", T0).contains("forward"));
  }

  @Test
  void completeIsOfferedWhereTheStepDeclaresOutcomesOfItsOwn() {
    ApprovalProcess process =
        start("{'requestId':'AC-4','requester':'carol','steps':[{'name':'manager','approvers':['alice'],"
            + "'outcomes':[{'name':'needs-legal','end':'REJECTED'}]}]}");
    assertEquals(List.of("claim", "start", "approve", "reject", "complete", "reassign", "update-data", "forward",
            "comment", "set-follow-up"),
        actions(process, "alice", T0));
    assertEquals(List.of(), process.actionsOf(" "));
  }
}
