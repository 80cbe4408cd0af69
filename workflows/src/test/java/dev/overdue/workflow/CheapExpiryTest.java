package dev.overdue.workflow;

import static dev.overdue.workflow.ApprovalTestEnvironment.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.api.ApprovalSearchAttributes;
import dev.overdue.api.WarningInfo;
import dev.overdue.client.Approvals;
import io.temporal.api.enums.v1.EventType;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.common.WorkflowExecutionHistory;
import io.temporal.testing.WorkflowReplayer;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Version "shape-10": an expiry with the default {@code warn} costs what a bare Temporal timer
 * costs plus one search-attribute upsert: no activity, no second workflow task, and its warning
 * is still on the approval and in the worker's log, once; since "shape-18" a later expiry upserts
 * nothing.
 */
class CheapExpiryTest {
  private final ApprovalTestEnvironment t = new ApprovalTestEnvironment();

  @AfterEach
  void close() {
    t.close();
  }

  private static final EventType FIRED = EventType.EVENT_TYPE_TIMER_FIRED;
  private static final EventType TASK_SCHEDULED = EventType.EVENT_TYPE_WORKFLOW_TASK_SCHEDULED;
  private static final EventType TASK_STARTED = EventType.EVENT_TYPE_WORKFLOW_TASK_STARTED;
  private static final EventType TASK_COMPLETED = EventType.EVENT_TYPE_WORKFLOW_TASK_COMPLETED;
  private static final EventType UPSERT = EventType.EVENT_TYPE_UPSERT_WORKFLOW_SEARCH_ATTRIBUTES;
  /** The task index's local activity (edition 1.2): one marker per workflow task that changed a row. */
  private static final EventType MARKER = EventType.EVENT_TYPE_MARKER_RECORDED;

  /** The approval's history from its first timer that fired on. */
  private List<EventType> fromTheFirstExpiry(String id) {
    List<EventType> events = t.fetchHistory(id).getEvents().stream().map(HistoryEvent::getEventType).toList();
    return events.subList(events.indexOf(FIRED), events.size());
  }

  private static final String WARNED =
      "{'requestId':'CHEAP-1','notifyOffered':false,'requester':'carol','timeout':'PT2H',"
          + "'steps':[{'name':'manager','approvers':['alice']}]}";

  @Test
  void anExpiryIsOneTaskThatUpsertsOnceAndStartsTheNextTimerWithoutAnyActivity() {
    String id = t.start(WARNED);
    t.sleep(Duration.ofHours(2).plusMinutes(1));
    t.approvals.update(id, "approve", json("{'user':'alice'}"));
    t.approvals.result(id);

    List<EventType> fromExpiry = fromTheFirstExpiry(id);
    assertEquals(
        List.of(FIRED, TASK_SCHEDULED, TASK_STARTED, TASK_COMPLETED, UPSERT),
        fromExpiry.subList(0, 5),
        "the expiry's task, then the next event comes from outside: " + fromExpiry);
    assertTrue(
        t.fetchHistory(id).getEvents().stream().noneMatch(e -> e.getEventType() == EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED),
        fromExpiry.toString());
    List<WarningInfo> warnings = t.status(id).warnings();
    assertEquals(1, warnings.size(), warnings.toString());
    assertEquals("process", warnings.get(0).timer());
  }

  /**
   * Version "shape-18": after the first expiry raised the flags, a later one changes nothing a list
   * shows — NextDeadline stays on the first passed date, as DueDate does — so its task upserts
   * nothing: a bare timer's events, and since edition 1.2 the task index's marker (the deadline
   * that passed is an event of the approval's history there: decision 0050).
   */
  @Test
  void aLaterExpiryUpsertsNothingAndTheListKeepsTheFirstPassedDeadline() {
    String id =
        t.start(
            "{'requestId':'CHEAP-4','notifyOffered':false,'requester':'carol','timeout':'PT3H',"
                + "'steps':[{'name':'manager','approvers':['alice'],'offerTimeout':'PT1H','timeout':'PT2H'}]}");
    t.sleep(Duration.ofHours(3).plusMinutes(1));
    List<EventType> fromExpiry = fromTheFirstExpiry(id);
    List<EventType> bareTimer = List.of(FIRED, TASK_SCHEDULED, TASK_STARTED, TASK_COMPLETED, EventType.EVENT_TYPE_TIMER_STARTED);
    assertEquals(List.of(FIRED, TASK_SCHEDULED, TASK_STARTED, TASK_COMPLETED, EventType.EVENT_TYPE_TIMER_STARTED, UPSERT, MARKER),
        fromExpiry.subList(0, 7), "the first expiry raises the flags: " + fromExpiry);
    assertEquals(bareTimer, fromExpiry.subList(7, 12), "the second expiry: " + fromExpiry);
    assertEquals(MARKER, fromExpiry.get(12), "the second expiry: " + fromExpiry);
    assertEquals(bareTimer.subList(0, 4), fromExpiry.subList(13, 17), "the third: " + fromExpiry);
    assertEquals(List.of(MARKER), fromExpiry.subList(17, fromExpiry.size()), fromExpiry.toString());
    assertEquals(3, t.status(id).timers().stream().filter(timer -> timer.expired()).count());
    OffsetDateTime listed =
        t.env.getWorkflowClient().newUntypedWorkflowStub(Approvals.workflowId(id)).describe()
            .getTypedSearchAttributes().get(ApprovalSearchAttributes.NEXT_DEADLINE);
    Instant acceptance = Instant.parse(t.status(id).timers().stream()
        .filter(timer -> timer.kind().equals("ACCEPTANCE")).findFirst().orElseThrow().expiresAt());
    assertEquals(acceptance, listed.toInstant(), "the first deadline that passed, still running");
  }

  @Test
  void aWarningIsLoggedOnceAndNotAgainWhenItsHistoryIsReplayed() throws Exception {
    String id = t.start(WARNED);
    List<String> logged =
        CapturedLog.warningsDuring("CHEAP-1", () -> {
          t.sleep(Duration.ofHours(2).plusMinutes(1));
          t.status(id);
        });
    assertEquals(1, logged.size(), logged.toString());
    assertTrue(logged.get(0).contains(" timer=process step=- "), logged.get(0));

    WorkflowExecutionHistory history = t.fetchHistory(id);
    List<String> replayed =
        CapturedLog.warningsDuring("CHEAP-1", () -> {
          try {
            WorkflowReplayer.replayWorkflowExecution(history, ApprovalWorkflowImpl.class);
          } catch (Exception e) {
            throw new AssertionError(e);
          }
        });
    assertEquals(List.of(), replayed, "a replay raises nothing again");
  }

  @Test
  void aDecisionAtTheHeadOfItsChainEndsTheApprovalInTheTaskItsTimerFired() {
    String id =
        t.start(
            "{'requestId':'CHEAP-2','requester':'carol','timeout':'PT1H',"
                + "'onTimeout':[{'action':'decide','outcome':'REJECTED'}],"
                + "'steps':[{'name':'manager','approvers':['alice']}]}");
    t.sleep(Duration.ofHours(1).plusMinutes(1));
    assertEquals("REJECTED", t.approvals.result(id).outcome());

    // The memo's "decided by timer:process" goes with the end's upsert, in the same task (edition
    // 1.1), and so does the task index's last row (1.2).
    assertEquals(
        List.of(FIRED, TASK_SCHEDULED, TASK_STARTED, TASK_COMPLETED, UPSERT, EventType.EVENT_TYPE_WORKFLOW_PROPERTIES_MODIFIED,
            MARKER, EventType.EVENT_TYPE_WORKFLOW_EXECUTION_COMPLETED),
        fromTheFirstExpiry(id));
  }

  @Test
  void handlersAfterAnActivityStillRunInOrderAfterIt() {
    // warn, then a notification that fails (an unknown name: a warning), then warn again.
    String id =
        t.start(
            "{'requestId':'CHEAP-3','requester':'carol','timeout':'PT1H',"
                + "'onTimeout':[{'action':'warn'},{'action':'notify','to':['" + RecordingActivities.UNKNOWN
                + "']},{'action':'warn'}],"
                + "'steps':[{'name':'manager','approvers':['alice']}]}");
    t.sleep(Duration.ofHours(1).plusMinutes(1));
    List<String> warnings = t.status(id).warnings().stream().map(WarningInfo::message).toList();
    assertEquals(3, warnings.size(), warnings.toString());
    assertTrue(warnings.get(0).startsWith("timer process expired"), warnings.toString());
    assertTrue(warnings.get(1).startsWith("notification not sent: 'stranger'"), warnings.toString());
    assertTrue(warnings.get(2).startsWith("timer process expired"), warnings.toString());
  }
}
