package dev.overdue.workflow;

import static dev.overdue.workflow.ApprovalTestEnvironment.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.api.ApprovalSearchAttributes;
import dev.overdue.api.StepInfo;
import dev.overdue.client.Approvals;
import dev.overdue.model.process.TestDirectory;
import io.temporal.common.SearchAttributeKey;
import io.temporal.common.SearchAttributes;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What a task list reads from the visibility store alone (version shape-13): who requested it,
 * its title, the current step's task state, candidate groups and due date, and as PotentialOwners
 * exactly who may claim it now — through a step's life: offered, claimed, released, suspended,
 * reassigned, started, decided, and a group too large for one search attribute value.
 */
class TaskListAttributesTest {
  private final ApprovalTestEnvironment t = new ApprovalTestEnvironment();

  @AfterEach
  void close() {
    t.close();
  }

  /**
   * carol asks; the manager step keeps her off it (she is a candidate user and a member of
   * finance), the finance step keeps off whoever decided the manager step.
   */
  private static final String REQUEST =
      "{'requestId':'TL-1','title':'Desks for the Zürich office','requester':'carol',"
          + "'steps':[{'name':'manager','approvers':['alice','bob','carol'],'candidateGroups':['legal'],"
          + "'offerTimeout':'PT4H','timeout':'P2D','notBy':['requester']},"
          + "{'name':'finance','approvers':['dave','frank'],'distinctFrom':['manager']}]}";

  @Test
  void aListShowsWhoMayClaimTheStepAndWhatItIsThroughItsLife() {
    Instant started = t.now();
    String id = t.start(REQUEST);
    SearchAttributes offered = settled(id);
    Instant due = Instant.parse(t.timer(id, "manager.completion").expiresAt());
    assertTrue(Duration.between(started.plus(Duration.ofDays(2)), due).abs().toMinutes() < 1, due.toString());
    assertEquals("carol", offered.get(ApprovalSearchAttributes.REQUESTER));
    assertEquals("READY", offered.get(ApprovalSearchAttributes.TASK_STATE));
    assertEquals(List.of("legal"), offered.get(ApprovalSearchAttributes.CANDIDATE_GROUPS));
    assertEquals(due, offered.get(ApprovalSearchAttributes.DUE_DATE).toInstant(),
        "the completion timer's date, not the acceptance timer's (PT4H)");
    assertEquals(List.of("alice", "bob", "erin"), offered.get(ApprovalSearchAttributes.POTENTIAL_OWNERS),
        "carol requested it: her claim would be refused");
    assertUnset(offered, ApprovalSearchAttributes.POTENTIAL_OWNERS_CUT);
    StepInfo manager = t.status(id).steps().get(0);
    assertEquals(List.of("carol"), manager.excludedOwners(), "status says whom the rules keep off");

    SearchAttributes claimed = update(id, "claim", "{'user':'alice'}");
    assertEquals("RESERVED", claimed.get(ApprovalSearchAttributes.TASK_STATE));
    assertEquals("alice", claimed.get(ApprovalSearchAttributes.CURRENT_OWNER));
    assertUnset(claimed, ApprovalSearchAttributes.POTENTIAL_OWNERS);
    assertEquals(due, claimed.get(ApprovalSearchAttributes.DUE_DATE).toInstant());
    assertEquals(List.of("legal"), claimed.get(ApprovalSearchAttributes.CANDIDATE_GROUPS));

    SearchAttributes released = update(id, "release", "{'user':'alice'}");
    assertEquals("READY", released.get(ApprovalSearchAttributes.TASK_STATE));
    assertEquals(List.of("alice", "bob", "erin"), released.get(ApprovalSearchAttributes.POTENTIAL_OWNERS));

    SearchAttributes suspended = update(id, "suspend", "{'reason':'quote'}");
    assertEquals("SUSPENDED", suspended.get(ApprovalSearchAttributes.APPROVAL_STATE));
    assertEquals("READY", suspended.get(ApprovalSearchAttributes.TASK_STATE), "the task's state stays");
    assertUnset(suspended, ApprovalSearchAttributes.POTENTIAL_OWNERS);
    assertUnset(suspended, ApprovalSearchAttributes.DUE_DATE);

    SearchAttributes resumed = update(id, "resume", "{}");
    assertEquals(List.of("alice", "bob", "erin"), resumed.get(ApprovalSearchAttributes.POTENTIAL_OWNERS));
    assertEquals(due, resumed.get(ApprovalSearchAttributes.DUE_DATE).toInstant());

    SearchAttributes reassigned = update(id, "reassign", "{'user':'carol','to':['finance','alice']}");
    assertEquals(List.of("finance"), reassigned.get(ApprovalSearchAttributes.CANDIDATE_GROUPS));
    assertEquals(List.of("alice", "dave"), reassigned.get(ApprovalSearchAttributes.POTENTIAL_OWNERS),
        "finance is carol and dave; carol requested it");

    SearchAttributes inProgress = update(id, "start", "{'user':'dave'}");
    assertEquals("IN_PROGRESS", inProgress.get(ApprovalSearchAttributes.TASK_STATE));
    assertUnset(inProgress, ApprovalSearchAttributes.POTENTIAL_OWNERS);

    SearchAttributes finance = update(id, "approve", "{'user':'dave'}");
    assertEquals("finance", finance.get(ApprovalSearchAttributes.CURRENT_STEP));
    assertEquals("READY", finance.get(ApprovalSearchAttributes.TASK_STATE));
    assertEquals(List.of("frank"), finance.get(ApprovalSearchAttributes.POTENTIAL_OWNERS),
        "dave decided the manager step");
    assertUnset(finance, ApprovalSearchAttributes.CANDIDATE_GROUPS);
    assertUnset(finance, ApprovalSearchAttributes.DUE_DATE);

    SearchAttributes ended = update(id, "reject", "{'user':'frank'}");
    assertEquals("REJECTED", ended.get(ApprovalSearchAttributes.APPROVAL_STATE));
    assertUnset(ended, ApprovalSearchAttributes.TASK_STATE);
    assertUnset(ended, ApprovalSearchAttributes.POTENTIAL_OWNERS);
    assertEquals("carol", ended.get(ApprovalSearchAttributes.REQUESTER), "who asked stays");
  }

  @Test
  void aGroupTooLargeForOneValueIsCutAndSaysSoAndTheStatusNamesEveryone() {
    String id =
        t.start("{'requestId':'TL-2','requester':'carol','steps':[{'name':'everyone','candidateGroups':['staff']}]}");
    SearchAttributes offered = settled(id);
    List<String> listed = offered.get(ApprovalSearchAttributes.POTENTIAL_OWNERS);
    assertTrue(listed.size() < TestDirectory.STAFF, listed.size() + " listed");
    assertEquals("member-001", listed.get(0), "the first ones, in the group's order");
    assertTrue(String.join("", listed).getBytes(StandardCharsets.UTF_8).length + 3 * listed.size() + 2 <= 1_500);
    assertEquals("true", offered.get(ApprovalSearchAttributes.POTENTIAL_OWNERS_CUT));
    StepInfo step = t.status(id).steps().get(0);
    assertEquals(TestDirectory.STAFF, step.potentialOwners().size());
    assertNull(step.excludedOwners());
    assertFalse(listed.contains("member-300"));

    SearchAttributes claimed = update(id, "claim", "{'user':'member-300'}");
    assertEquals("member-300", claimed.get(ApprovalSearchAttributes.CURRENT_OWNER), "a member not listed may claim");
    assertUnset(claimed, ApprovalSearchAttributes.POTENTIAL_OWNERS);
    assertUnset(claimed, ApprovalSearchAttributes.POTENTIAL_OWNERS_CUT);
  }

  @Test
  void aRequestWithoutRequesterLeavesItUnset() {
    String id = t.start("{'requestId':'TL-3','steps':[{'name':'manager','approvers':['alice']}]}");
    SearchAttributes offered = settled(id);
    assertUnset(offered, ApprovalSearchAttributes.REQUESTER);
    assertUnset(offered, ApprovalSearchAttributes.CANDIDATE_GROUPS);
    assertUnset(offered, ApprovalSearchAttributes.DUE_DATE);
    assertEquals(List.of("alice"), offered.get(ApprovalSearchAttributes.POTENTIAL_OWNERS));
  }

  private SearchAttributes update(String id, String command, String input) {
    t.approvals.update(id, command, json(input));
    return settled(id);
  }

  private SearchAttributes settled(String id) {
    t.sleep(Duration.ofSeconds(1));
    return t.env.getWorkflowClient().newUntypedWorkflowStub(Approvals.workflowId(id)).describe()
        .getTypedSearchAttributes();
  }

  private static void assertUnset(SearchAttributes published, SearchAttributeKey<?> key) {
    assertFalse(published.containsKey(key), key.getName() + " is unset, not " + published.get(key));
  }
}
