package dev.overdue.workflow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.api.ApprovalResult;
import dev.overdue.api.ApprovalWorkflow;
import dev.overdue.api.CommandResult;
import dev.overdue.api.HistoryEntry;
import dev.overdue.api.StatusInfo;
import dev.overdue.api.TimerInfo;
import dev.overdue.workflow.activities.Delivery;
import io.temporal.api.enums.v1.EventType;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.client.WorkflowFailedException;
import io.temporal.client.WorkflowUpdateException;
import io.temporal.common.converter.DefaultDataConverter;
import io.temporal.failure.ApplicationFailure;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Each rule of the timer engine, end to end on Temporal's time-skipping test service. */
class ApprovalWorkflowTest {
  private final ApprovalTestEnvironment t = new ApprovalTestEnvironment();

  @AfterEach
  void close() {
    t.close();
  }

  private static final String ONE_STEP =
      "{'requestId':'PO-1','notifyOffered':false,'title':'Purchase order 1','requester':'carol','data':{'amount':12000},"
          + "'timeout':'P5D',"
          + "'steps':[{'name':'manager','title':'Manager approval','approvers':['alice','bob'],"
          + "'offerTimeout':'PT4H','timeout':'P2D'}],"
          + "'timers':[{'name':'reminder','limit':'PT30M','handlers':[{'action':'notify','to':['alice'],'message':'please decide'}]}]}";

  @Test
  void startsWithProcessAndFirstStepTimersRunningAndUserTimersOff() {
    String id = t.start(ONE_STEP);
    Instant started = t.now();
    assertEquals("approval-PO-1", id);
    StatusInfo status = t.status(id);
    assertEquals("ACTIVE", status.state());
    assertEquals("manager", status.currentStep());
    assertEquals("READY", status.steps().get(0).state());
    assertEquals("RUNNING", t.timer(id, "process").state());
    assertEquals("RUNNING", t.timer(id, "manager.acceptance").state());
    assertEquals("RUNNING", t.timer(id, "manager.completion").state());
    TimerInfo reminder = t.timer(id, "reminder");
    assertEquals("OFF", reminder.state());
    assertNull(reminder.expiresAt(), "expiration date is computed only when the timer first runs");
    assertExpiresNear(started.plus(Duration.ofDays(5)), t.timer(id, "process"));
    assertExpiresNear(started.plus(Duration.ofHours(4)), t.timer(id, "manager.acceptance"));
  }

  @Test
  void acceptanceTimerExpiresWithDefaultWarningOnTheTask() {
    String id = t.start(ONE_STEP);
    List<String> logged =
        CapturedLog.warningsDuring("PO-1", () -> {
          t.sleep(Duration.ofHours(4).plusMinutes(1));
          t.status(id);
        });
    TimerInfo acceptance = t.timer(id, "manager.acceptance");
    assertTrue(acceptance.expired());
    assertEquals("RUNNING", acceptance.state(), "an expired timer stays RUNNING");
    StatusInfo status = t.status(id);
    assertEquals(1, status.warnings().size());
    assertEquals("manager", status.warnings().get(0).step());
    assertEquals("manager.acceptance", status.warnings().get(0).timer());
    assertEquals(1, logged.size(), "the warning's line is in the worker's log, once: " + logged);
    assertTrue(logged.get(0).contains(" timer=manager.acceptance step=manager "), logged.get(0));
    assertEquals(List.of(), t.activities.warnings, "raised by the workflow, not by the RaiseWarning activity");
    assertTrue(
        t.history(id).stream()
            .anyMatch(e -> e.kind().equals("event") && e.name().equals("TimerExpired")));
  }

  @Test
  void expiredTimerNeverFiresAgainWhileItsFlagIsSet() {
    String id = t.start(ONE_STEP);
    t.sleep(Duration.ofHours(5));
    t.approvals.update(id, "claim", ApprovalTestEnvironment.json("{'user':'alice'}"));
    t.approvals.update(id, "release", ApprovalTestEnvironment.json("{'user':'alice'}"));
    t.sleep(Duration.ofHours(5));
    assertEquals(1, t.timer(id, "manager.acceptance").firings());
    assertEquals(
        1,
        t.status(id).warnings().stream().filter(w -> w.timer().equals("manager.acceptance")).count());
  }

  @Test
  void acceptanceTimerIsDisabledOnClaimAndResumesOnReleaseWithUnchangedExpirationDate() {
    String id = t.start(ONE_STEP);
    String expiresAt = t.timer(id, "manager.acceptance").expiresAt();
    t.sleep(Duration.ofHours(1));
    t.approvals.update(id, "claim", ApprovalTestEnvironment.json("{'user':'bob'}"));
    assertEquals("OFF", t.timer(id, "manager.acceptance").state());
    assertEquals("RESERVED", t.status(id).steps().get(0).state());
    assertEquals("bob", t.status(id).steps().get(0).owner());
    t.sleep(Duration.ofHours(5));
    assertFalse(t.timer(id, "manager.acceptance").expired(), "an OFF timer does not expire");
    t.approvals.update(id, "release", ApprovalTestEnvironment.json("{'user':'bob'}"));
    TimerInfo acceptance = t.timer(id, "manager.acceptance");
    assertEquals("RUNNING", acceptance.state());
    assertEquals(expiresAt, acceptance.expiresAt(), "re-enabled with its unchanged expiration date");
    // The date already passed while it was off, so it expires at once on release.
    t.sleep(Duration.ofSeconds(1));
    assertTrue(t.timer(id, "manager.acceptance").expired());
  }

  @Test
  void expiresOnResumeWhenDeadlinePassedWhileSuspended() {
    String id = t.start(ONE_STEP);
    t.approvals.update(id, "enableTimer", ApprovalTestEnvironment.json("{'timer':'reminder'}"));
    String expiresAt = t.timer(id, "reminder").expiresAt();
    t.approvals.update(id, "suspend", ApprovalTestEnvironment.json("{'reason':'audit'}"));
    assertEquals("SUSPENDED", t.timer(id, "reminder").state());
    assertEquals("SUSPENDED", t.status(id).state());
    assertEquals("audit", t.status(id).suspendedReason());
    t.sleep(Duration.ofHours(1));
    assertFalse(t.timer(id, "reminder").expired(), "suspended timers do not expire");
    assertTrue(t.activities.deliveries.isEmpty());

    Instant resumedAt = t.now();
    t.approvals.update(id, "resume", ApprovalTestEnvironment.json("{}"));
    t.sleep(Duration.ofSeconds(1));
    TimerInfo reminder = t.timer(id, "reminder");
    assertTrue(reminder.expired(), "expires as soon as the process is resumed");
    assertEquals(expiresAt, reminder.expiresAt(), "the expiration date stayed fixed");
    HistoryEntry expiry =
        t.history(id).stream().filter(e -> e.name().equals("TimerExpired")).findFirst().orElseThrow();
    assertFalse(Instant.parse(expiry.at()).isBefore(resumedAt));
    assertEquals(1, t.activities.deliveries.size());
  }

  @Test
  void expirationDateStaysFixedAcrossDisableAndEnable() {
    String id = t.start(ONE_STEP);
    t.approvals.update(id, "enableTimer", ApprovalTestEnvironment.json("{'timer':'reminder'}"));
    String expiresAt = t.timer(id, "reminder").expiresAt();
    t.sleep(Duration.ofMinutes(10));
    t.approvals.update(id, "disableTimer", ApprovalTestEnvironment.json("{'timer':'reminder'}"));
    assertEquals("OFF", t.timer(id, "reminder").state());
    t.sleep(Duration.ofMinutes(10));
    t.approvals.update(id, "enableTimer", ApprovalTestEnvironment.json("{'timer':'reminder'}"));
    assertEquals(expiresAt, t.timer(id, "reminder").expiresAt());
    t.sleep(Duration.ofMinutes(11));
    assertTrue(t.timer(id, "reminder").expired(), "expires at the original date, not 30 min later");
  }

  @Test
  void newLimitClearsTheExpirationFlagAndTheTimerExpiresAgain() {
    String id = t.start(ONE_STEP);
    t.approvals.update(id, "enableTimer", ApprovalTestEnvironment.json("{'timer':'reminder'}"));
    t.sleep(Duration.ofMinutes(31));
    assertTrue(t.timer(id, "reminder").expired());
    Instant changedAt = t.now();
    t.approvals.update(
        id, "extendDeadline", ApprovalTestEnvironment.json("{'timer':'reminder','limit':'PT1H'}"));
    TimerInfo reminder = t.timer(id, "reminder");
    assertFalse(reminder.expired(), "a new limit clears the flag");
    assertExpiresNear(changedAt.plus(Duration.ofHours(1)), reminder);
    t.sleep(Duration.ofMinutes(61));
    assertEquals(2, t.timer(id, "reminder").firings());
    List<Delivery> sent = t.activities.deliveries;
    assertEquals(2, sent.size());
    // workflow id / first run id / timer / firing / recipient / channel: one key per delivery.
    String firstRun =
        t.fetchHistory(id).getEvents().get(0).getWorkflowExecutionStartedEventAttributes().getFirstExecutionRunId();
    assertEquals("approval-PO-1/" + firstRun + "/reminder/1/alice/log", sent.get(0).idempotencyKey());
    assertEquals("approval-PO-1/" + firstRun + "/reminder/2/alice/log", sent.get(1).idempotencyKey());
  }

  @Test
  void extendingByADurationMovesTheExpirationDateLater() {
    String id = t.start(ONE_STEP);
    Instant before = Instant.parse(t.timer(id, "manager.completion").expiresAt());
    CommandResult result =
        t.approvals.update(
            id,
            "extendDeadline",
            ApprovalTestEnvironment.json("{'timer':'manager.completion','by':'PT12H'}"));
    assertEquals("extendDeadline", result.command());
    assertEquals(
        before.plus(Duration.ofHours(12)),
        Instant.parse(t.timer(id, "manager.completion").expiresAt()));
    t.sleep(Duration.ofDays(2).plusHours(1));
    assertFalse(t.timer(id, "manager.completion").expired(), "not at the old date");
    t.sleep(Duration.ofHours(12));
    assertTrue(t.timer(id, "manager.completion").expired(), "at the new date");
  }

  @Test
  void shorteningADeadlineTakesEffectAtOnce() {
    String id = t.start(ONE_STEP);
    t.approvals.update(
        id,
        "extendDeadline",
        ApprovalTestEnvironment.json("{'timer':'process','limit':'PT10M'}"));
    t.sleep(Duration.ofMinutes(11));
    assertTrue(t.timer(id, "process").expired());
    assertEquals(null, t.status(id).warnings().get(0).step(), "a process warning");
  }

  @Test
  void absoluteLimitExpiresAtThatInstantWhateverTheOffset() {
    String id = t.start(ONE_STEP);
    Instant target = t.now().plus(Duration.ofHours(3)).truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
    String withOffset = target.atOffset(java.time.ZoneOffset.ofHours(1)).toString();
    t.approvals.update(
        id,
        "extendDeadline",
        ApprovalTestEnvironment.json("{'timer':'reminder','limit':'" + withOffset + "'}"));
    t.approvals.update(id, "enableTimer", ApprovalTestEnvironment.json("{'timer':'reminder'}"));
    TimerInfo reminder = t.timer(id, "reminder");
    assertEquals(withOffset, reminder.limit(), "the limit keeps the offset the user wrote");
    assertEquals(target.toString(), reminder.expiresAt());
  }

  @Test
  void decideHandlerRejectsTheStepOnExpiry() {
    String id =
        t.start(
            "{'requestId':'PO-2','steps':[{'name':'manager','approvers':['alice'],'timeout':'PT1H',"
                + "'onTimeout':[{'action':'warn'},{'action':'decide','outcome':'REJECTED'}]}]}");
    t.sleep(Duration.ofHours(2));
    ApprovalResult result = t.approvals.result(id);
    assertEquals("REJECTED", result.outcome());
    assertEquals("timer:manager.completion", result.decidedBy());
    assertEquals(1, result.warnings().size(), "warn ran before decide");
  }

  @Test
  void approvingEveryStepInOrderApprovesTheProcessAndClearsItsTimers() {
    String id =
        t.start(
            "{'requestId':'PO-3','timeout':'P1D','steps':["
                + "{'name':'manager','approvers':['alice'],'timeout':'PT8H'},"
                + "{'name':'finance','approvers':['frank'],'offerTimeout':'PT1H'}]}");
    t.approvals.update(id, "approve", ApprovalTestEnvironment.json("{'user':'alice','comment':'ok'}"));
    StatusInfo status = t.status(id);
    assertEquals("finance", status.currentStep());
    assertEquals("COMPLETED", status.steps().get(0).state());
    assertEquals("alice", status.steps().get(0).owner(), "deciding an offered task claims it");
    assertTrue(t.timer(id, "manager.completion").cleared());
    assertEquals("RUNNING", t.timer(id, "finance.acceptance").state());
    t.approvals.update(id, "approve", ApprovalTestEnvironment.json("{'user':'frank'}"));
    ApprovalResult result = t.approvals.result(id);
    assertEquals("APPROVED", result.outcome());
    assertEquals("frank", result.decidedBy());
    assertNotNull(result.completedAt());
    assertTrue(t.approvals.timers(id).stream().allMatch(TimerInfo::cleared));
    assertTrue(t.approvals.timers(id).stream().allMatch(x -> x.state().equals("OFF")));
  }

  @Test
  void anyRejectionRejectsTheProcess() {
    String id =
        t.start(
            "{'requestId':'PO-4','steps':[{'name':'manager','approvers':['alice']},"
                + "{'name':'finance','approvers':['frank']}]}");
    t.approvals.update(id, "reject", ApprovalTestEnvironment.json("{'user':'alice','comment':'too much'}"));
    ApprovalResult result = t.approvals.result(id);
    assertEquals("REJECTED", result.outcome());
    assertEquals("too much", result.comment());
    assertEquals("OBSOLETE", t.status(id).steps().get(1).state());
  }

  @Test
  void abortEndsTheApprovalEvenWhileSuspended() {
    String id = t.start(ONE_STEP);
    t.approvals.update(id, "suspend", ApprovalTestEnvironment.json("{}"));
    t.approvals.update(id, "abort", ApprovalTestEnvironment.json("{'reason':'duplicate order'}"));
    ApprovalResult result = t.approvals.result(id);
    assertEquals("ABORTED", result.outcome());
    assertEquals("duplicate order", result.comment());
  }

  @Test
  void badSignalsAreRecordedAsRejectedAndChangeNothing() {
    String id = t.start(ONE_STEP);
    List<TimerInfo> timersBefore = t.approvals.timers(id);
    String[][] bad = {
      {"enableTimer", "{'timer':'nope'}", "unknown timer nope"},
      {"enableTimer", "{'timer':'process'}", "system timer"},
      {"extendDeadline", "{'timer':'reminder','limit':'soon'}", "not a time limit"},
      {"extendDeadline", "{'timer':'reminder','limit':'2001-01-01T00:00:00Z'}", "not in the future"},
      {"extendDeadline", "{'timer':'reminder','limit':'-PT1H'}", "positive"},
      {"extendDeadline", "{'timer':'reminder'}", "exactly one of"},
      {"extendDeadline", "{'timer':'process','by':'-PT1H'}", "positive"},
      {"enableTimer", "['reminder']", "one JSON object"},
      {"enableTimer", "{'timer':'reminder','extra':1}", "unknown field 'extra'"},
      {"claim", "{'user':'mallory'}", "mallory is not a potential owner"},
      {"release", "{'user':'alice'}", "not claimed"},
      {"fly", "{}", "unknown command"},
    };
    for (String[] command : bad) {
      HistoryEntry entry = t.signalAndAwait(id, command[0], command[1]);
      assertFalse(entry.accepted(), command[0] + " " + command[1]);
      assertTrue(
          entry.reason().contains(command[2]),
          command[0] + " " + command[1] + " -> " + entry.reason());
    }
    assertEquals(timersBefore, t.approvals.timers(id));
    assertEquals("READY", t.status(id).steps().get(0).state());
    // ... and the workflow still works.
    assertTrue(t.signalAndAwait(id, "claim", "{'user':'alice'}").accepted());
  }

  @Test
  void timersCannotBeSwitchedAndTasksNotActedOnWhileSuspended() {
    String id = t.start(ONE_STEP);
    t.approvals.update(id, "suspend", ApprovalTestEnvironment.json("{}"));
    assertFalse(t.signalAndAwait(id, "enableTimer", "{'timer':'reminder'}").accepted());
    assertFalse(t.signalAndAwait(id, "approve", "{'user':'alice'}").accepted());
    assertRejected(id, "claim", "{'user':'alice'}", "suspended");
    assertEquals("OFF", t.timer(id, "reminder").state());
    assertEquals("READY", t.status(id).steps().get(0).state());
  }

  @Test
  void updatesAreValidatedAndRefusalsComeBackAsClearErrors() {
    String id = t.start(ONE_STEP);
    assertRejected(id, "approve", "{'user':'mallory'}", "mallory is not a potential owner of step manager");
    assertRejected(id, "resume", "{}", "not suspended");
    assertRejected(id, "disableTimer", "{'timer':'reminder'}", "already off");
    t.approvals.update(id, "claim", ApprovalTestEnvironment.json("{'user':'alice'}"));
    assertRejected(id, "approve", "{'user':'bob'}", "claimed by alice");
    // Refused updates are not commands that happened: only the accepted claim is in the trail.
    List<HistoryEntry> commands =
        t.history(id).stream().filter(e -> !e.kind().equals("event")).toList();
    assertEquals(1, commands.size(), commands.toString());
    assertEquals("claim", commands.get(0).name());
  }

  @Test
  void notificationFailureBecomesAWarningAndNeverFailsTheApproval() {
    String id =
        t.start(
            "{'requestId':'PO-5','notifyOffered':false,'steps':[{'name':'manager','approvers':['alice']}],"
                + "'timers':[{'name':'nag','limit':60,'handlers':[{'action':'notify','to':['nobody','stranger','alice']}]}]}");
    t.approvals.update(id, "enableTimer", ApprovalTestEnvironment.json("{'timer':'nag'}"));
    assertEquals("PT1M", t.timer(id, "nag").limit(), "a number is a relative limit in seconds");
    t.sleep(Duration.ofMinutes(2));
    StatusInfo status = t.status(id);
    assertEquals("ACTIVE", status.state());
    assertEquals(2, status.warnings().size(), status.warnings().toString());
    assertEquals(
        "notification not sent: 'stranger' is not a user or group in the directory",
        status.warnings().get(0).message());
    assertEquals(
        "notification to nobody by log failed: no such mailbox: nobody",
        status.warnings().get(1).message());
    assertEquals(1, t.activities.deliveries.size(), "alice was still notified");
    t.approvals.update(id, "approve", ApprovalTestEnvironment.json("{'user':'alice'}"));
    assertEquals("APPROVED", t.approvals.result(id).outcome());
  }

  @Test
  void simultaneousExpiriesRunInExpirationDateThenNameOrder() {
    String same = t.now().plus(Duration.ofHours(1)).truncatedTo(java.time.temporal.ChronoUnit.SECONDS).toString();
    String earlier = t.now().plus(Duration.ofMinutes(30)).truncatedTo(java.time.temporal.ChronoUnit.SECONDS).toString();
    String id =
        t.start(
            "{'requestId':'PO-6','steps':[{'name':'manager','approvers':['alice']}],'timers':["
                + "{'name':'zeta','limit':'" + same + "','handlers':[{'action':'notify','to':['z']}]},"
                + "{'name':'alpha','limit':'" + same + "','handlers':[{'action':'notify','to':['a']}]},"
                + "{'name':'early','limit':'" + earlier + "','handlers':[{'action':'notify','to':['e']}]}]}");
    for (String name : List.of("zeta", "early", "alpha")) {
      t.approvals.update(id, "enableTimer", ApprovalTestEnvironment.json("{'timer':'" + name + "'}"));
    }
    // Suspended across all three dates, they are all overdue at the resume.
    t.approvals.update(id, "suspend", ApprovalTestEnvironment.json("{}"));
    t.sleep(Duration.ofHours(3));
    t.approvals.update(id, "resume", ApprovalTestEnvironment.json("{}"));
    t.sleep(Duration.ofSeconds(1));
    List<String> order =
        t.history(id).stream()
            .filter(e -> e.name().equals("TimerExpired"))
            .map(e -> e.input().get("timer").asText())
            .toList();
    assertEquals(List.of("early", "alpha", "zeta"), order);
  }

  @Test
  void aSuspendedProcessHasNoServerTimerRunning() {
    String id = startWithServerTimerRunning();
    t.approvals.update(id, "suspend", ApprovalTestEnvironment.json("{}"));
    t.sleep(Duration.ofDays(10));
    t.approvals.update(id, "resume", ApprovalTestEnvironment.json("{}"));
    t.sleep(Duration.ofSeconds(1));

    List<HistoryEvent> events = t.fetchHistory(id).getEvents();
    long suspendAt = updateAccepted(events, "suspend");
    long resumeAt = updateAccepted(events, "resume");
    long started = 0;
    long cancelled = 0;
    for (HistoryEvent e : events) {
      if (e.getEventId() > suspendAt && e.getEventId() < resumeAt) {
        started += e.getEventType() == EventType.EVENT_TYPE_TIMER_STARTED ? 1 : 0;
        cancelled += e.getEventType() == EventType.EVENT_TYPE_TIMER_CANCELED ? 1 : 0;
      }
    }
    assertEquals(0, started, "no server timer is started while suspended");
    assertEquals(1, cancelled, "the running server timer is cancelled on suspend");
    // After resume every running timer had passed its date: all expired at once.
    assertTrue(t.timer(id, "process").expired());
    assertTrue(t.timer(id, "manager.completion").expired());
  }

  @Test
  void movingADeadlineLaterKeepsTheEarlierServerTimerAndReArmsWhenItFires() {
    String id = startWithServerTimerRunning();
    t.approvals.update(
        id,
        "extendDeadline",
        ApprovalTestEnvironment.json("{'timer':'manager.acceptance','by':'PT1H'}"));
    assertEquals(1, count(id, EventType.EVENT_TYPE_TIMER_STARTED), "no new timer for a later date");
    assertEquals(0, count(id, EventType.EVENT_TYPE_TIMER_CANCELED));

    // The kept timer fires at the old date (4 h): nothing is due, the approval re-arms.
    t.sleep(Duration.ofHours(4).plusMinutes(1));
    List<HistoryEvent> started = awaitEvents(id, EventType.EVENT_TYPE_TIMER_STARTED, 2);
    assertFalse(t.timer(id, "manager.acceptance").expired(), "not at the old date");
    assertEquals(2, started.size());
    assertTrue(summary(started.get(1)).startsWith("manager.acceptance expires "), summary(started.get(1)));

    t.sleep(Duration.ofHours(1));
    assertEquals(2, awaitEvents(id, EventType.EVENT_TYPE_TIMER_FIRED, 2).size());
    assertTrue(t.timer(id, "manager.acceptance").expired(), "at the new date");
  }

  @Test
  void shorteningADeadlineCancelsTheStaleServerTimerAndNamesTheNewOne() {
    String id = startWithServerTimerRunning();
    t.approvals.update(
        id,
        "extendDeadline",
        ApprovalTestEnvironment.json("{'timer':'manager.acceptance','limit':'PT1H'}"));
    List<HistoryEvent> started = events(id, EventType.EVENT_TYPE_TIMER_STARTED);
    assertEquals(2, started.size());
    assertEquals(1, count(id, EventType.EVENT_TYPE_TIMER_CANCELED), "the stale timer is cancelled, not left to fire");
    assertTrue(summary(started.get(1)).startsWith("manager.acceptance expires "), summary(started.get(1)));
    t.sleep(Duration.ofHours(1).plusMinutes(1));
    assertEquals(1, count(id, EventType.EVENT_TYPE_TIMER_FIRED), "nothing fires for nothing");
    assertTrue(t.timer(id, "manager.acceptance").expired());
  }

  /**
   * Starts ONE_STEP and waits until its first server timer runs: a command sent at once may
   * otherwise be handled in the same workflow task as the start, before any timer exists.
   */
  private String startWithServerTimerRunning() {
    String id = t.start(ONE_STEP);
    assertEquals(1, awaitEvents(id, EventType.EVENT_TYPE_TIMER_STARTED, 1).size());
    return id;
  }

  /**
   * Time skipping returns once time has moved, not once the woken workflow task has completed:
   * wait (briefly, in real time) until the history shows what the test counts.
   */
  private List<HistoryEvent> awaitEvents(String id, EventType type, int atLeast) {
    return ApprovalTestEnvironment.awaitReal(atLeast + " " + type + " in the history of " + id, () -> {
      List<HistoryEvent> found = events(id, type);
      return found.size() >= atLeast ? found : null;
    });
  }

  private List<HistoryEvent> events(String id, EventType type) {
    return t.fetchHistory(id).getEvents().stream().filter(e -> e.getEventType() == type).toList();
  }

  private long count(String id, EventType type) {
    return events(id, type).size();
  }

  private static String summary(HistoryEvent timerStarted) {
    return DefaultDataConverter.STANDARD_INSTANCE.fromPayload(
        timerStarted.getUserMetadata().getSummary(), String.class, String.class);
  }

  @Test
  void invalidStartInputFailsTheApprovalWithAClearReason() {
    io.temporal.client.WorkflowStub stub =
        t.env.getWorkflowClient()
            .newUntypedWorkflowStub(
                ApprovalWorkflow.TYPE,
                io.temporal.client.WorkflowOptions.newBuilder()
                    .setTaskQueue(ApprovalTestEnvironment.QUEUE)
                    .setWorkflowId("approval-bad")
                    .build());
    stub.start(
        ApprovalTestEnvironment.json(
            "{'requestId':'bad','steps':[{'name':'manager','approver':['alice']}]}"));
    WorkflowFailedException failed =
        assertThrows(WorkflowFailedException.class, () -> stub.getResult(ApprovalResult.class));
    ApplicationFailure cause = (ApplicationFailure) failed.getCause();
    assertEquals(ApprovalWorkflow.INVALID_REQUEST, cause.getType());
    assertTrue(cause.getOriginalMessage().contains("steps[0].approver: unknown field"), cause.getOriginalMessage());
  }

  // ---- helpers -----------------------------------------------------------------------------

  private void assertRejected(String id, String command, String input, String reason) {
    WorkflowUpdateException refused =
        assertThrows(
            WorkflowUpdateException.class,
            () -> t.approvals.update(id, command, ApprovalTestEnvironment.json(input)));
    ApplicationFailure failure = (ApplicationFailure) refused.getCause();
    assertEquals(ApprovalWorkflow.REFUSED, failure.getType());
    assertTrue(failure.isNonRetryable(), "a refusal is final");
    assertTrue(failure.getOriginalMessage().contains(reason), failure.getOriginalMessage());
  }

  private static long updateAccepted(List<HistoryEvent> events, String name) {
    return events.stream()
        .filter(e -> e.getEventType() == EventType.EVENT_TYPE_WORKFLOW_EXECUTION_UPDATE_ACCEPTED)
        .filter(e -> e.getWorkflowExecutionUpdateAcceptedEventAttributes().getAcceptedRequest().getInput().getName().equals(name))
        .findFirst()
        .orElseThrow()
        .getEventId();
  }

  private static void assertExpiresNear(Instant expected, TimerInfo timer) {
    Instant actual = Instant.parse(timer.expiresAt());
    assertTrue(
        Duration.between(expected, actual).abs().compareTo(Duration.ofSeconds(5)) < 0,
        timer.name() + " expires " + actual + ", expected about " + expected);
  }
}
