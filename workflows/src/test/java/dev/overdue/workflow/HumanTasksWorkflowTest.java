package dev.overdue.workflow;

import static dev.overdue.workflow.ApprovalTestEnvironment.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.api.ApprovalCommand;
import dev.overdue.api.ApprovalSearchAttributes;
import dev.overdue.api.HistoryEntry;
import dev.overdue.api.StepInfo;
import dev.overdue.client.Approvals;
import dev.overdue.client.RefusedException;
import dev.overdue.model.task.OwnerLookup;
import dev.overdue.workflow.activities.Delivery;
import dev.overdue.workflow.activities.NotificationEvent;
import io.temporal.api.enums.v1.EventType;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.common.SearchAttributes;
import io.temporal.common.converter.DefaultDataConverter;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Candidate groups, reassignment, assignees and priorities on Temporal's time-skipping test
 * service with the real workflow: the directory asked by an activity (recorded, with a summary the
 * Web UI shows), Updates that answer once it has answered, and the search attributes a work list
 * filters on. {@link RecordingActivities} is the directory: finance (carol, dave), legal (erin).
 */
@Timeout(120)
class HumanTasksWorkflowTest {
  static final Instant MONDAY = Instant.parse("2026-11-23T08:00:00Z");

  private final ApprovalTestEnvironment t = new ApprovalTestEnvironment(MONDAY);

  @AfterEach
  void close() {
    t.close();
  }

  private StepInfo step(String id) {
    return t.status(id).steps().get(0);
  }

  private SearchAttributes attributes(String id) {
    return t.env.getWorkflowClient().newUntypedWorkflowStub(Approvals.workflowId(id)).describe()
        .getTypedSearchAttributes();
  }

  private List<String> activitySummaries(String id) {
    return t.fetchHistory(id).getEvents().stream()
        .filter(e -> e.getEventType() == EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED)
        .map(HumanTasksWorkflowTest::summary)
        .toList();
  }

  private static String summary(HistoryEvent event) {
    return DefaultDataConverter.STANDARD_INSTANCE.fromPayload(
        event.getUserMetadata().getSummary(), String.class, String.class);
  }

  static final String FINANCE =
      "{'requestId':'PO-1','requester':'carol','steps':[{'name':'manager','approvers':['alice'],"
          + "'candidateGroups':['finance'],'priority':2}]}";

  @Test
  void theGroupsMembersAreLookedUpByAnActivityAndMayAct() {
    String id = t.start(FINANCE);
    t.sleep(Duration.ofSeconds(5));
    assertEquals(List.of(new OwnerLookup(1, "manager", List.of("finance"), List.of())), t.activities.lookups);
    // Once the group's members are known, each potential owner is told the task waits for them.
    assertEquals(
        List.of("look up finance for step manager", "resolve alice, carol, dave",
            "notify alice by log: step manager offered", "notify carol by log: step manager offered",
            "notify dave by log: step manager offered"),
        activitySummaries(id));
    assertEquals(List.of("alice", "carol", "dave"), attributes(id).get(ApprovalSearchAttributes.POTENTIAL_OWNERS));
    StepInfo step = step(id);
    assertEquals(List.of("finance"), step.candidateGroups());
    assertEquals(List.of("alice", "carol", "dave"), step.potentialOwners());
    assertEquals(2L, attributes(id).get(ApprovalSearchAttributes.PRIORITY));
    assertEquals(false, attributes(id).get(ApprovalSearchAttributes.UNWORKABLE));
    RefusedException refused =
        assertThrows(RefusedException.class, () -> t.approvals.update(id, new ApprovalCommand.Claim(null, "mallory")));
    assertTrue(refused.getMessage().contains(
        "mallory is not a potential owner of step manager (candidate users: alice; candidate groups: finance)"),
        refused.getMessage());
    t.approvals.update(id, "approve", json("{'user':'dave'}"));
    assertEquals("APPROVED", t.status(id).state());
  }

  @Test
  void theReassignUpdateAnswersOnceTheDirectoryHasAnsweredAndTheNewOwnersAreTold() {
    String id = t.start(FINANCE);
    t.sleep(Duration.ofSeconds(5));
    assertEquals("step manager reassigned to erin",
        t.approvals.update(id, "reassign", json("{'user':'carol','to':['legal']}")).message());
    assertEquals(List.of("erin"), step(id).potentialOwners());
    t.sleep(Duration.ofSeconds(5));
    List<Delivery> told = t.activities.deliveries.stream()
        .filter(d -> d.event() == NotificationEvent.REASSIGNED).toList();
    assertEquals(List.of("erin"), told.stream().map(d -> d.recipient().name()).toList());
    assertEquals("carol", told.get(0).context().by(), "the message names who reassigned it");
    assertEquals(null, told.get(0).context().timer(), "and no timer: none expired");
    RefusedException kept =
        assertThrows(RefusedException.class,
            () -> t.approvals.update(id, new ApprovalCommand.Reassign("erin", List.of("stranger"))));
    assertTrue(kept.getMessage().contains("step manager keeps its potential owners erin: the reassignment by erin"
        + " names nobody who can act ('stranger' is not a user or group in the directory)"), kept.getMessage());
    // Refused, it changed nothing: no warning, and the history says why.
    assertEquals(List.of(), t.status(id).warnings());
    assertEquals(List.of("erin"), step(id).potentialOwners());
    HistoryEntry last = t.approvals.history(id).get(t.approvals.history(id).size() - 1);
    assertEquals(List.of("reassign", "false"), List.of(last.name(), String.valueOf(last.accepted())));
    assertTrue(last.reason().startsWith("step manager keeps its potential owners erin"), last.reason());
    // The same by signal: refused in the history once the directory has answered.
    HistoryEntry signalled = t.signalAndAwait(id, "reassign", "{'user':'erin','to':['stranger']}");
    assertEquals(false, signalled.accepted());
    assertEquals(List.of(), t.status(id).warnings());
  }

  @Test
  void aTaskNoOneCanActOnIsOnTheWorkListUntilTheRequesterReassignsIt() {
    String id = t.start("{'requestId':'PO-2','requester':'carol','steps':[{'name':'manager','candidateGroups':['nobody']}]}");
    t.sleep(Duration.ofSeconds(5));
    assertEquals(true, attributes(id).get(ApprovalSearchAttributes.UNWORKABLE));
    assertTrue(t.status(id).warnings().get(0).message().startsWith("step manager has no one who can act"));
    t.approvals.update(id, "reassign", json("{'user':'carol','to':['bob']}"));
    assertEquals(false, attributes(id).get(ApprovalSearchAttributes.UNWORKABLE));
    t.approvals.update(id, "approve", json("{'user':'bob'}"));
    assertEquals("APPROVED", t.status(id).state());
  }

  @Test
  void anAssigneeFromTheDataReservesTheTaskAndAnEscalationRaisesThePriority() {
    String id = t.start("{'requestId':'PO-3','requester':'carol','data':{'owner':'bob'},"
        + "'steps':[{'name':'manager','approvers':['alice'],'assignee':'=data.owner',"
        + "'listeners':[{'event':'assigned','actions':[{'action':'notify','to':['owner']}]}],"
        + "'startDeadlines':[{'name':'late','for':'PT4H','escalations':[{'action':'setPriority','priority':0}]}]}]}");
    t.sleep(Duration.ofSeconds(5));
    StepInfo step = step(id);
    assertEquals("RESERVED", step.state());
    assertEquals("bob", step.owner());
    assertEquals(List.of("bob"), t.activities.deliveries.stream()
        .filter(d -> d.event() == NotificationEvent.TASK_EVENT).map(d -> d.recipient().name()).toList());
    assertEquals(5L, attributes(id).get(ApprovalSearchAttributes.PRIORITY));
    t.sleep(Duration.ofHours(4).plusSeconds(5));
    assertEquals(0, step(id).priority());
    assertEquals(0L, attributes(id).get(ApprovalSearchAttributes.PRIORITY));
  }

  @Test
  void refreshOwnersLooksTheGroupsUpAgain() {
    String id = t.start(FINANCE);
    t.sleep(Duration.ofSeconds(5));
    assertEquals("step manager: potential owners alice, carol, dave (were alice, carol, dave)",
        t.approvals.update(id, "refreshOwners", json("{'user':'admin'}")).message());
    assertEquals(2, t.activities.lookups.size());
  }

  @Test
  void deadlinesFromTheDataExpireWhenTheDataSaysAndOneThatFailsStaysOff() throws Exception {
    String id = t.approvals.start(ApprovalTestEnvironment.JSON.readTree("""
        {"requestId":"PO-4","requester":"carol","data":{"slaHours":6,"dueAt":"2026-11-24T08:00:00Z"},
         "steps":[{"name":"manager","approvers":["alice"],
           "completionDeadlines":[
             {"name":"sla","for":"=duration(string(data.slaHours) + 'h')","escalations":[{"action":"warn"}]},
             {"name":"due","until":"=timestamp(data.dueAt)","escalations":[{"action":"warn"}]},
             {"name":"broken","for":"=duration(data.nope)","escalations":[{"action":"warn"}]}]}]}"""),
        ApprovalTestEnvironment.QUEUE);
    t.sleep(Duration.ofSeconds(5));
    assertEquals("OFF", t.timer(id, "manager.broken").state());
    assertTrue(t.status(id).warnings().get(0).message().startsWith("timer manager.broken is off"));
    t.sleep(Duration.ofHours(6));
    assertTrue(t.timer(id, "manager.sla").expired());
    assertEquals(MONDAY.plus(Duration.ofHours(6)).toString(),
        Instant.parse(t.timer(id, "manager.sla").expiresAt()).truncatedTo(ChronoUnit.MINUTES).toString());
    t.sleep(Duration.ofHours(18));
    assertEquals("2026-11-24T08:00:00Z", t.timer(id, "manager.due").expiresAt());
    assertTrue(t.timer(id, "manager.due").expired());
  }
}
