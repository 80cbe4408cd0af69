package dev.overdue.workflow;

import static dev.overdue.workflow.ApprovalTestEnvironment.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.api.ApprovalWorkflow;
import dev.overdue.api.CommandResult;
import dev.overdue.api.PlanEntry;
import dev.overdue.api.StepInfo;
import dev.overdue.api.TimerInfo;
import dev.overdue.model.schedule.CalendarSettings;
import dev.overdue.workflow.activities.Delivery;
import dev.overdue.workflow.activities.NotificationEvent;
import io.temporal.api.enums.v1.WorkflowIdConflictPolicy;
import io.temporal.client.UpdateOptions;
import io.temporal.client.WorkflowOptions;
import io.temporal.client.WorkflowStub;
import io.temporal.client.WorkflowUpdateException;
import io.temporal.client.WorkflowUpdateStage;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Each rule of deadlines, escalations, reminders, listeners, outcomes and business calendars, on
 * Temporal's time-skipping test service with the real workflow: what the activities were asked
 * to do, when, and what the queries show.
 */
@Timeout(120)
class DeadlinesWorkflowTest {
  /** Monday 2026-11-23 08:00 UTC. */
  static final Instant MONDAY = Instant.parse("2026-11-23T08:00:00Z");

  static final CalendarSettings BERLIN =
      new CalendarSettings(
          "Europe/Berlin", "09:00-17:00", List.of("MON", "TUE", "WED", "THU", "FRI"),
          List.of("2026-12-24", "2026-12-25"));

  private ApprovalTestEnvironment t;

  private ApprovalTestEnvironment env(Instant start) {
    t = new ApprovalTestEnvironment(start);
    return t;
  }

  @AfterEach
  void close() {
    if (t != null) {
      t.close();
    }
    WorkerCalendar.use(CalendarSettings.officeHours());
  }

  private List<Delivery> deliveries(NotificationEvent event, String timer) {
    return t.activities.deliveries.stream()
        .filter(d -> d.event() == event && (timer == null || timer.equals(d.context().timer())))
        .toList();
  }

  private static List<String> names(List<Delivery> deliveries) {
    return deliveries.stream().map(d -> d.recipient().name()).toList();
  }

  /** An instant as the approvals count it: the test service starts them a moment after its clock. */
  private static String toMinute(String instant) {
    return Instant.parse(instant).truncatedTo(java.time.temporal.ChronoUnit.MINUTES).toString();
  }

  /** Lets the workflow and its activities catch up at the current workflow time. */
  private void settle() {
    t.sleep(Duration.ofSeconds(5));
  }

  // ---- deadlines ---------------------------------------------------------------------------

  static final String DEADLINES =
      "{'requestId':'PO-1','requester':'carol','data':{'amount':12000,'priority':1},"
          + "'steps':[{'name':'manager','approvers':['alice','bob'],"
          + "'startDeadlines':["
          + "  {'name':'start-soon','for':'PT2H','escalations':[{'action':'notify','to':['potentialOwners']}]},"
          + "  {'name':'start-late','for':'PT8H','escalations':[{'action':'notify','to':['requester']}]}],"
          + "'completionDeadlines':["
          + "  {'name':'due','for':'P2D','escalations':[{'action':'notify','to':['owner','requester']}]}]}]}";

  @Test
  void severalDeadlinesEscalateInTurnAndStartingTheTaskClearsItsStartDeadlines() {
    env(MONDAY);
    String id = t.start(DEADLINES);
    t.sleep(Duration.ofHours(2).plusSeconds(5));
    List<Delivery> soon = deliveries(NotificationEvent.DEADLINE_ESCALATED, "manager.start-soon");
    assertEquals(List.of("alice", "bob"), names(soon));
    assertEquals(MONDAY.plus(Duration.ofHours(2)).toString(), toMinute(soon.get(0).context().expiresAt()));

    t.approvals.update(id, "start", json("{'user':'bob'}"));
    assertEquals("IN_PROGRESS", t.status(id).steps().get(0).state());
    assertTrue(t.timer(id, "manager.start-late").cleared());

    t.sleep(Duration.ofHours(10));
    assertEquals(List.of(), deliveries(NotificationEvent.DEADLINE_ESCALATED, "manager.start-late"));
    t.sleep(Duration.ofDays(2));
    assertEquals(List.of("bob", "carol"), names(deliveries(NotificationEvent.DEADLINE_ESCALATED, "manager.due")));
  }

  // ---- conditions --------------------------------------------------------------------------

  static String conditional(String id, int amount) {
    return "{'requestId':'" + id + "','requester':'carol','data':{'amount':" + amount + ",'priority':2},"
        + "'steps':[{'name':'manager','approvers':['alice'],"
        + "'completionDeadlines':[{'name':'due','for':'PT1H','escalations':["
        + "  {'name':'director','condition':'data.amount >= 10000 && data.priority <= 2',"
        + "   'action':'notify','to':['dora']}]}]}]}";
  }

  @Test
  void anEscalationWhoseConditionIsFalseDoesNotRun() {
    env(MONDAY);
    t.start(conditional("BIG", 12000));
    t.start(conditional("SMALL", 500));
    t.sleep(Duration.ofHours(1).plusSeconds(5));
    List<Delivery> sent = deliveries(NotificationEvent.DEADLINE_ESCALATED, "manager.due");
    assertEquals(1, sent.size());
    assertEquals("BIG", sent.get(0).context().requestId());
    assertEquals("dora", sent.get(0).recipient().name());
  }

  @Test
  void aBadConditionRefusesTheStartWithAClearMessage() {
    env(MONDAY);
    RuntimeException refused =
        assertThrows(
            RuntimeException.class,
            () -> t.start(conditional("BAD", 1).replace("data.amount >= 10000", "data.amount >=")));
    assertTrue(refused.getMessage().contains("escalations[0]: condition"), refused.getMessage());
  }

  // ---- reassignment ------------------------------------------------------------------------

  @Test
  void ofTwoReassignmentsDueAtOnceTheFirstInLexicalOrderWinsAndTheNewOwnersAreTold() {
    env(MONDAY);
    String id =
        t.start(
            "{'requestId':'PO-3','requester':'carol','steps':[{'name':'manager','approvers':['alice'],"
                + "'startDeadlines':["
                + "  {'name':'zeta','for':'PT4H','escalations':[{'name':'to-zed','action':'reassign','to':['zed']}]},"
                + "  {'name':'alpha','for':'PT4H','escalations':[{'name':'to-dora','action':'reassign','to':['dora','dan']}]}]}]}");
    t.approvals.update(id, "claim", json("{'user':'alice'}"));
    t.sleep(Duration.ofHours(4).plusSeconds(5));
    StepInfo step = t.status(id).steps().get(0);
    assertEquals(List.of("dora", "dan"), step.approvers());
    assertEquals("READY", step.state());
    assertEquals(null, step.owner());
    assertEquals(List.of("dora", "dan"), names(deliveries(NotificationEvent.REASSIGNED, "manager.alpha")));
    assertThrows(WorkflowUpdateException.class, () -> t.approvals.update(id, "approve", json("{'user':'alice'}")));
    t.approvals.update(id, "approve", json("{'user':'dan'}"));
    assertEquals("APPROVED", t.approvals.result(id).outcome());
  }

  // ---- cycles ------------------------------------------------------------------------------

  static String reminders(String cycle, String catchUp) {
    return "{'requestId':'PO-4','notifyOffered':false,'requester':'carol','steps':[{'name':'finance','approvers':['frank'],"
        + "'completionDeadlines':[{'name':'remind','cycle':'" + cycle + "'"
        + (catchUp == null ? "" : ",'catchUp':'" + catchUp + "'")
        + ",'escalations':[{'action':'notify','to':['potentialOwners']}]}]}]}";
  }

  private List<Integer> reminderFirings() {
    return deliveries(NotificationEvent.REMINDER, "finance.remind").stream()
        .map(d -> d.context().firing())
        .toList();
  }

  @Test
  void aCycleRemindsItsCountAndStops() {
    env(MONDAY);
    String id = t.start(reminders("R3/PT1H", null));
    t.sleep(Duration.ofHours(6));
    assertEquals(List.of(1, 2, 3), reminderFirings());
    TimerInfo timer = t.timer(id, "finance.remind");
    assertEquals(3, timer.firings());
    assertTrue(timer.derivation().rule().contains("3 times"), timer.derivation().rule());
    // Each reminder has a key of its own: a retried delivery is no duplicate, a new one is.
    assertEquals(3, t.activities.deliveries.stream().map(Delivery::idempotencyKey).distinct().count());
  }

  /** Suspended 00:30–03:45: the reminders due at 01:00, 02:00 and 03:00 were missed. */
  @ParameterizedTest(name = "{0}")
  @CsvSource({"fire-once, 3, '1'", "fire-all, 3, '1,2,3'", "skip, 0, ''"})
  void missedRemindersFollowTheCatchUpPolicyOnResume(String policy, int lastMissedHour, String firings) {
    env(MONDAY);
    String id = t.start(reminders("R/PT1H", policy));
    t.sleep(Duration.ofMinutes(30));
    t.approvals.update(id, "suspend", json("{'reason':'audit'}"));
    t.sleep(Duration.ofHours(3).plusMinutes(15));
    assertEquals(List.of(), reminderFirings(), "nothing while suspended");
    t.approvals.update(id, "resume", json("{}"));
    settle();
    List<Integer> expected =
        firings.isEmpty() ? List.of() : java.util.Arrays.stream(firings.split(",")).map(Integer::valueOf).toList();
    assertEquals(expected, reminderFirings());
    if (lastMissedHour > 0) {
      List<Delivery> sent = deliveries(NotificationEvent.REMINDER, "finance.remind");
      assertEquals(MONDAY.plus(Duration.ofHours(lastMissedHour)).toString(),
          toMinute(sent.get(sent.size() - 1).context().expiresAt()));
    }
    // Then the cycle goes on at 04:00, once.
    t.sleep(Duration.ofMinutes(20));
    assertEquals(expected.size() + 1, reminderFirings().size());
  }

  // ---- listeners and outcomes --------------------------------------------------------------

  static final String LISTENED =
      "{'requestId':'PO-5','requester':'carol','steps':["
          + "{'name':'manager','approvers':['alice'],"
          + " 'listeners':["
          + "   {'event':'created','actions':[{'action':'notify','to':['potentialOwners']}]},"
          + "   {'event':'completed','actions':[{'action':'notify','to':['requester']}]}],"
          + " 'outcomes':[{'name':'needs-legal','next':'legal'}]},"
          + "{'name':'finance','approvers':['frank']},"
          + "{'name':'legal','approvers':['lena'],'listeners':["
          + "   {'event':'created','actions':[{'action':'notify','to':['potentialOwners']}]},"
          + "   {'event':'deleted','actions':[{'action':'warn'}]}]}]}";

  @Test
  void listenersNotifyOnTaskEventsAndANamedOutcomeLeadsToItsStep() {
    env(MONDAY);
    String id = t.start(LISTENED);
    settle();
    assertEquals(List.of("alice"), names(deliveries(NotificationEvent.TASK_EVENT, null)));
    t.approvals.update(id, "complete", json("{'user':'alice','outcome':'needs-legal'}"));
    settle();
    // Listeners of different events run side by side: their deliveries may finish in any order.
    assertEquals(java.util.Set.of("alice", "carol", "lena"),
        java.util.Set.copyOf(names(deliveries(NotificationEvent.TASK_EVENT, null))));
    assertEquals("completed", deliveries(NotificationEvent.TASK_EVENT, null).stream()
        .filter(d -> d.recipient().name().equals("carol")).findFirst().orElseThrow().context().taskEvent());
    assertEquals("legal", t.status(id).currentStep());
    assertEquals("OBSOLETE", t.status(id).steps().get(1).state());
    List<String> logged =
        CapturedLog.warningsDuring("PO-5", () -> {
          t.approvals.update(id, "abort", json("{'reason':'withdrawn'}"));
          assertEquals("ABORTED", t.approvals.result(id).outcome());
        });
    assertTrue(logged.stream().anyMatch(line -> line.endsWith(" message=\"step legal: task deleted\"")),
        logged.toString());
  }

  @Test
  void anUnknownOutcomeIsRefusedAndChangesNothing() {
    env(MONDAY);
    String id = t.start(LISTENED);
    WorkflowUpdateException refused =
        assertThrows(WorkflowUpdateException.class,
            () -> t.approvals.update(id, "complete", json("{'user':'alice','outcome':'maybe'}")));
    assertTrue(String.valueOf(refused.getCause().getMessage()).contains("no outcome 'maybe'"), refused.getCause().getMessage());
    assertEquals("manager", t.status(id).currentStep());
  }

  // ---- business calendar -------------------------------------------------------------------

  static final String BUSINESS_DAY =
      "{'requestId':'PO-6','requester':'carol','steps':[{'name':'manager','approvers':['alice'],"
          + "'completionDeadlines':[{'name':'due','for':'P1D','calendar':'business',"
          + "'escalations':[{'action':'notify','to':['potentialOwners']}]}]}]}";

  /** Starts BUSINESS_DAY at {@code start} and checks it escalates at {@code due}, not before. */
  private void escalatesAt(Instant start, String due) {
    WorkerCalendar.use(BERLIN);
    env(start);
    String id = t.start(BUSINESS_DAY);
    assertEquals(due, toMinute(t.timer(id, "manager.due").expiresAt()));
    t.sleep(Duration.between(start, Instant.parse(due)).minusMinutes(1));
    assertEquals(List.of(), deliveries(NotificationEvent.DEADLINE_ESCALATED, "manager.due"));
    t.sleep(Duration.ofMinutes(2));
    assertEquals(List.of("alice"), names(deliveries(NotificationEvent.DEADLINE_ESCALATED, "manager.due")));
  }

  @Test
  void anUpdateThatComesWithTheStartOfAnApprovalInWorkingTimeIsApplied() {
    // The worker's calendar is recorded when the workflow method starts; the claim, delivered in
    // the same first workflow task, waits for it instead of being refused.
    WorkerCalendar.use(BERLIN);
    env(Instant.parse("2026-11-20T14:00:00Z"));
    WorkflowStub stub =
        t.env.getWorkflowClient()
            .newUntypedWorkflowStub(
                ApprovalWorkflow.TYPE,
                WorkflowOptions.newBuilder()
                    .setWorkflowId("approval-PO-6")
                    .setTaskQueue(ApprovalTestEnvironment.QUEUE)
                    .setWorkflowIdConflictPolicy(WorkflowIdConflictPolicy.WORKFLOW_ID_CONFLICT_POLICY_FAIL)
                    .build());

    CommandResult claimed =
        stub.executeUpdateWithStart(
            UpdateOptions.newBuilder(CommandResult.class)
                .setUpdateName("claim")
                .setWaitForStage(WorkflowUpdateStage.COMPLETED)
                .build(),
            new Object[] {json("{'user':'alice'}")},
            new Object[] {json(BUSINESS_DAY)});

    assertEquals("step manager claimed by alice", claimed.message());
    assertEquals("alice", t.status("PO-6").steps().get(0).owner());
    assertEquals("2026-11-23T14:00:00Z", toMinute(t.timer("PO-6", "manager.due").expiresAt()));
  }

  @Test
  void aWorkingDayFromFridaySkipsTheWeekend() {
    // Friday 15:00 CET + one working day = Monday 15:00 CET.
    escalatesAt(Instant.parse("2026-11-20T14:00:00Z"), "2026-11-23T14:00:00Z");
  }

  @Test
  void aWorkingDaySkipsHolidays() {
    // Wednesday 23 December 10:00 CET: the 24th and 25th are holidays, then the weekend.
    escalatesAt(Instant.parse("2026-12-23T09:00:00Z"), "2026-12-28T09:00:00Z");
  }

  @Test
  void aWorkingDayKeepsItsLocalTimeAcrossTheDstChange() {
    // Friday 23 October 10:00 CEST + one working day = Monday 26 October 10:00 CET: 73 hours.
    escalatesAt(Instant.parse("2026-10-23T08:00:00Z"), "2026-10-26T09:00:00Z");
  }

  @Test
  void theCalendarIsRecordedOnceSoALaterChangeOfTheWorkersCalendarMovesNothing() {
    WorkerCalendar.use(BERLIN);
    env(Instant.parse("2026-11-20T14:00:00Z"));
    String id = t.start(BUSINESS_DAY);
    // The query waits for the first workflow task, which records the calendar.
    assertEquals("2026-11-23T14:00:00Z", toMinute(t.timer(id, "manager.due").expiresAt()));
    WorkerCalendar.use(new CalendarSettings("America/New_York", "08:00-12:00", List.of("MON"), List.of()));
    t.approvals.update(id, "extendDeadline", json("{'timer':'manager.due','limit':'P2D business','user':'carol'}"));
    // Still Berlin office hours: Friday 15:00 CET + two working days = Tuesday 15:00 CET.
    TimerInfo due = t.timer(id, "manager.due");
    assertEquals("2026-11-24T14:00:00Z", toMinute(due.expiresAt()));
    assertEquals("Europe/Berlin, MON–FRI 09:00–17:00, 2 holidays", due.derivation().calendar());
    assertEquals("carol", due.derivation().changes().get(0).by());
    assertEquals(1, t.recordedCalendars(id).size());
  }

  // ---- the plan ----------------------------------------------------------------------------

  @Test
  void thePlanListsWhatWillHappenInOrderAndFollowsChanges() {
    env(MONDAY);
    String id = t.start(DEADLINES);
    List<PlanEntry> plan = t.approvals.plan(id);
    assertEquals(List.of("manager.start-soon", "manager.start-late", "manager.due"),
        plan.stream().map(PlanEntry::timer).toList());
    assertEquals(List.of("alice", "bob"), plan.get(0).targets());
    assertEquals(MONDAY.plus(Duration.ofHours(2)).toString(), toMinute(plan.get(0).at()));
    t.approvals.update(id, "extendDeadline", json("{'timer':'manager.start-soon','by':'PT12H','user':'carol'}"));
    plan = t.approvals.plan(id);
    assertEquals(List.of("manager.start-late", "manager.start-soon", "manager.due"),
        plan.stream().map(PlanEntry::timer).toList());
    t.approvals.update(id, "approve", json("{'user':'alice'}"));
    assertFalse(t.approvals.plan(id).iterator().hasNext(), "an ended approval plans nothing");
  }
}
