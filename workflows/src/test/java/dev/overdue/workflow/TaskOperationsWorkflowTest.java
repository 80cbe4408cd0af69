package dev.overdue.workflow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.api.ApprovalCommand;
import dev.overdue.api.ApprovalSearchAttributes;
import dev.overdue.api.CommentInfo;
import dev.overdue.api.HistoryEntry;
import dev.overdue.api.StatusInfo;
import dev.overdue.api.StepInfo;
import dev.overdue.client.Approvals;
import dev.overdue.client.RefusedException;
import dev.overdue.workflow.activities.Delivery;
import dev.overdue.workflow.activities.NotificationEvent;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The task operations through Temporal, sent as the client library sends them: the recorded
 * scenario's comments, start and stop, a delegation handed back, a forward to a group the
 * directory resolves, a nomination refused by Signal (in the trail) and by Update (not), accepted
 * from the business administrator, a priority, and a skipped last step that ends the approval.
 */
class TaskOperationsWorkflowTest {
  private ApprovalTestEnvironment t;

  @BeforeEach
  void setUp() {
    t = new ApprovalTestEnvironment();
  }

  @AfterEach
  void tearDown() {
    t.close();
  }

  @Test
  void theRecordedScenarioEndsApprovedWithTheSkippedStepAndEveryOperationInTheTrail() {
    String id = RecordedScenarios.taskOperations(t);
    StatusInfo status = t.status(id);
    assertEquals("APPROVED", status.state());
    StepInfo manager = status.steps().get(0);
    assertEquals("erin", manager.decidedBy());
    assertEquals(1, manager.priority());
    assertTrue(manager.potentialOwners().containsAll(List.of("bob", "carol", "dave", "erin")), manager.toString());
    assertFalse(manager.potentialOwners().contains("alice"), "alice forwarded it: " + manager);
    assertTrue(manager.potentialOwners().contains("sam"), "sam stands in for olga: " + manager);
    assertTrue(t.history(id).stream().anyMatch(h -> h.name().equals("StandIn")), "the stand-in is in the trail");
    assertTrue(t.history(id).stream().anyMatch(h -> h.name().equals("Released")
        && h.input().get("owner").asText().equals("bob")), "bob's claim ran out: released");
    StepInfo finance = status.steps().get(1);
    assertEquals("OBSOLETE", finance.state());
    assertEquals("SKIPPED", finance.outcome());
    assertEquals("under the finance limit", finance.comment());
    assertEquals(List.of("ada"), status.businessAdministrators());
    List<CommentInfo> comments = t.approvals.comments(id);
    assertEquals(List.of("carol: Quote attached."),
        comments.stream().map(c -> c.user() + ": " + c.text()).toList());
    List<HistoryEntry> nominations =
        t.history(id).stream().filter(h -> h.name().equals("nominate")).toList();
    assertEquals(2, nominations.size(), "the refused Signal and the accepted Update: " + nominations);
    assertFalse(nominations.get(0).accepted());
    assertTrue(nominations.get(0).reason().contains("only business administrators (ada) may"),
        nominations.get(0).reason());
    assertTrue(nominations.get(1).accepted());
  }

  @Test
  void theClientLibrarySendsEachOperationAsATypedCommand() {
    String id =
        t.start("{'requestId':'OPS-2','requester':'carol','businessAdministrators':['ada'],"
            + "'steps':[{'name':'manager','approvers':['alice']}]}");
    t.approvals.update(id, new ApprovalCommand.Claim(null, "alice"));
    t.approvals.update(id, new ApprovalCommand.Delegate("alice", "dora", null));
    assertEquals("dora", t.status(id).steps().get(0).owner());
    assertEquals("alice", t.status(id).steps().get(0).delegatedBy());
    t.approvals.update(id, new ApprovalCommand.SetPriority("ada", 0));
    t.approvals.update(id, new ApprovalCommand.Comment("dora", "Looks fine."));
    assertEquals(List.of("resolve", "set-priority", "comment"),
        t.approvals.actions(id, "dora").stream()
            .filter(List.of("resolve", "set-priority", "comment")::contains).toList());
    t.approvals.update(id, new ApprovalCommand.Approve("dora", "ok"));
    assertEquals("APPROVED", t.approvals.result(id).outcome());
  }

  @Test
  void theFollowUpDateIsPublishedForListsAndGoesWithTheStep() {
    String id =
        t.start("{'requestId':'OPS-3','requester':'carol','steps':[{'name':'manager','approvers':['alice'],"
            + "'followUp':'P2D'},{'name':'finance','approvers':['frank']}]}");
    t.approvals.update(id, new ApprovalCommand.SetFollowUp("carol", "PT6H"));
    Instant expected = Instant.parse(t.status(id).steps().get(0).followUp());
    assertEquals(expected, followUpDate(id));
    t.approvals.update(id, new ApprovalCommand.Approve("alice", null));
    assertEquals(null, followUpDate(id), "finance has none");
  }

  private Instant followUpDate(String id) {
    OffsetDateTime published =
        t.env.getWorkflowClient().newUntypedWorkflowStub(Approvals.workflowId(id)).describe()
            .getTypedSearchAttributes().get(ApprovalSearchAttributes.FOLLOW_UP_DATE);
    return published == null ? null : published.toInstant();
  }

  private List<Delivery> reminders() {
    return t.activities.deliveries.stream().filter(d -> d.event() == NotificationEvent.REMINDER).toList();
  }

  /** A nudge's Update reaches the notification activity; a second one within the hour is refused. */
  @Test
  void theRequestersNudgeRemindsThePotentialOwnersOnceAnHour() {
    String id =
        t.start("{'requestId':'NUDGE-1','requester':'carol','steps':[{'name':'manager','approvers':['alice','bob']}]}");
    assertEquals("step manager: alice, bob reminded by carol",
        t.approvals.update(id, new ApprovalCommand.Nudge(null, "carol")).message());
    t.sleep(Duration.ofSeconds(1));
    List<Delivery> sent = reminders();
    assertEquals(List.of("alice", "bob"), sent.stream().map(d -> d.recipient().name()).toList());
    assertTrue(sent.stream().allMatch(d -> "carol".equals(d.context().by())), sent.toString());
    assertTrue(sent.get(0).idempotencyKey().contains("/manager:nudged/1/alice/"), sent.get(0).idempotencyKey());

    RefusedException refused =
        assertThrows(RefusedException.class, () -> t.approvals.update(id, new ApprovalCommand.Nudge(null, "carol")));
    assertTrue(refused.reason().contains("you can nudge again in 60 minutes"), refused.reason());
    t.sleep(Duration.ofSeconds(1));
    assertEquals(2, reminders().size(), "the refused nudge reminded no one");
    List<HistoryEntry> nudges = t.history(id).stream().filter(h -> h.name().equals("nudge")).toList();
    assertEquals(1, nudges.size(), "a refused Update is not in the trail: " + nudges);
    assertTrue(nudges.get(0).accepted());
    assertFalse(t.history(id).stream().filter(h -> h.name().equals("Nudged")).toList().isEmpty());
  }
}
