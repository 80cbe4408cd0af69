package dev.overdue.workflow;

import static dev.overdue.workflow.ApprovalTestEnvironment.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.api.ApprovalSearchAttributes;
import dev.overdue.client.Approvals;
import io.temporal.api.enums.v1.EventType;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.api.sdk.v1.WorkflowMetadata;
import io.temporal.client.WorkflowExecutionDescription;
import io.temporal.common.SearchAttributes;
import io.temporal.common.converter.DefaultDataConverter;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** What the Temporal CLI and Web UI see of an approval: search attributes, details, summaries. */
class InspectionTest {
  private final ApprovalTestEnvironment t = new ApprovalTestEnvironment();

  @AfterEach
  void close() {
    t.close();
  }

  private static final String REQUEST =
      "{'requestId':'PO-9','title':'Chairs','requester':'carol','data':{'amount':300},'timeout':'P5D',"
          + "'steps':[{'name':'manager','approvers':['alice','bob'],'offerTimeout':'PT4H','timeout':'P2D'}],"
          + "'timers':[{'name':'reminder','limit':'PT30M','handlers':[{'action':'notify','to':['alice']}]}]}";

  @Test
  void searchAttributesFollowStateStepOwnerNextDeadlineExpiryAndWarnings() {
    String id = t.start(REQUEST);
    Instant started = t.now();
    t.sleep(Duration.ofSeconds(1));
    SearchAttributes attributes = describe(id).getTypedSearchAttributes();
    assertEquals("ACTIVE", attributes.get(ApprovalSearchAttributes.APPROVAL_STATE));
    assertEquals("manager", attributes.get(ApprovalSearchAttributes.CURRENT_STEP));
    assertNull(attributes.get(ApprovalSearchAttributes.CURRENT_OWNER));
    Instant next = attributes.get(ApprovalSearchAttributes.NEXT_DEADLINE).toInstant();
    assertTrue(Duration.between(started.plus(Duration.ofHours(4)), next).abs().getSeconds() < 5, next.toString());
    assertEquals(false, attributes.get(ApprovalSearchAttributes.HAS_WARNINGS));

    t.approvals.update(id, "claim", json("{'user':'alice'}"));
    t.sleep(Duration.ofSeconds(1));
    attributes = describe(id).getTypedSearchAttributes();
    assertEquals("alice", attributes.get(ApprovalSearchAttributes.CURRENT_OWNER));
    assertEquals(
        next,
        attributes.get(ApprovalSearchAttributes.NEXT_DEADLINE).toInstant(),
        "the acceptance timer is off, but the approval still wakes at its date once");
    t.sleep(Duration.ofHours(4));
    assertTrue(
        describe(id).getTypedSearchAttributes().get(ApprovalSearchAttributes.NEXT_DEADLINE).toInstant()
            .isAfter(started.plus(Duration.ofDays(2).minusMinutes(1))),
        "after that wake-up it is the completion timer's date");

    t.approvals.update(id, "suspend", json("{}"));
    t.sleep(Duration.ofSeconds(1));
    attributes = describe(id).getTypedSearchAttributes();
    assertEquals("SUSPENDED", attributes.get(ApprovalSearchAttributes.APPROVAL_STATE));
    assertFalse(attributes.containsKey(ApprovalSearchAttributes.NEXT_DEADLINE), "no running timer");

    t.approvals.update(id, "resume", json("{}"));
    t.sleep(Duration.ofDays(2));
    attributes = describe(id).getTypedSearchAttributes();
    assertEquals(true, attributes.get(ApprovalSearchAttributes.ANY_TIMER_EXPIRED));
    assertEquals(true, attributes.get(ApprovalSearchAttributes.HAS_WARNINGS));

    t.approvals.update(id, "approve", json("{'user':'alice'}"));
    t.approvals.result(id);
    attributes = describe(id).getTypedSearchAttributes();
    assertEquals("APPROVED", attributes.get(ApprovalSearchAttributes.APPROVAL_STATE));
    assertFalse(attributes.containsKey(ApprovalSearchAttributes.CURRENT_STEP));
  }

  @Test
  void aQuietApprovalUpsertsNothingNew() {
    String id = t.start(REQUEST);
    t.sleep(Duration.ofSeconds(1));
    long before = upserts(id);
    // A refused command changes nothing, so nothing is upserted again.
    t.signalAndAwait(id, "enableTimer", "{'timer':'nope'}");
    t.sleep(Duration.ofSeconds(1));
    assertEquals(before, upserts(id));
  }

  @Test
  void startCarriesStaticSummaryAndDetails() {
    String id = t.start(REQUEST);
    WorkflowExecutionDescription description = describe(id);
    assertEquals("Approval PO-9: Chairs (requested by carol)", description.getStaticSummary());
    assertTrue(description.getStaticDetails().contains("| manager | alice, bob | PT4H | P2D |"));
    assertTrue(description.getStaticDetails().contains("{\"amount\":300}"));
  }

  @Test
  void currentDetailsShowEveryTimerAndTheWarnings() {
    String id = t.start(REQUEST);
    t.sleep(Duration.ofHours(4).plusMinutes(1));
    String details = metadata(id).getCurrentDetails();
    assertTrue(details.startsWith("**PO-9** ACTIVE · step manager READY"), details);
    assertTrue(details.contains("| manager.acceptance | RUNNING | PT4H |"), details);
    assertTrue(details.contains("| reminder | OFF | PT30M | – | no |"), details);
    assertTrue(details.contains("**Warnings**"), details);
  }

  @Test
  void activitiesCarrySummariesNamingWhatTheyDo() {
    String id = t.start(REQUEST);
    t.approvals.update(id, "enableTimer", json("{'timer':'reminder'}"));
    t.sleep(Duration.ofMinutes(31));
    List<String> summaries =
        t.fetchHistory(id).getEvents().stream()
            .filter(e -> e.getEventType() == EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED)
            .map(InspectionTest::summary)
            .toList();
    assertEquals(List.of("resolve alice", "notify alice by log: timer reminder"), summaries);
  }

  private static String summary(HistoryEvent event) {
    return DefaultDataConverter.STANDARD_INSTANCE.fromPayload(
        event.getUserMetadata().getSummary(), String.class, String.class);
  }

  private long upserts(String id) {
    return t.fetchHistory(id).getEvents().stream()
        .filter(e -> e.getEventType() == EventType.EVENT_TYPE_UPSERT_WORKFLOW_SEARCH_ATTRIBUTES)
        .count();
  }

  private WorkflowExecutionDescription describe(String id) {
    return t.env.getWorkflowClient().newUntypedWorkflowStub(Approvals.workflowId(id)).describe();
  }

  private WorkflowMetadata metadata(String id) {
    return t.env
        .getWorkflowClient()
        .newUntypedWorkflowStub(Approvals.workflowId(id))
        .query("__temporal_workflow_metadata", WorkflowMetadata.class);
  }
}
