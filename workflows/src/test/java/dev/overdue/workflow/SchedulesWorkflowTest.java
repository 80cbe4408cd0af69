package dev.overdue.workflow;

import static dev.overdue.workflow.ApprovalTestEnvironment.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.overdue.api.CommandResult;
import dev.overdue.api.HistoryEntry;
import dev.overdue.api.TimerInfo;
import dev.overdue.model.schedule.CalendarSettings;
import dev.overdue.workflow.activities.Delivery;
import dev.overdue.workflow.activities.NotificationEvent;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.client.WorkflowUpdateException;
import io.temporal.testing.WorkflowReplayer;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Schedules on Temporal's time-skipping test service with the real workflow: cron cycles in the
 * recorded calendar's zone, cycles in working time, an end, and recalculating an approval's dates
 * after the worker's calendar changed, recorded so that a replay reads the same calendar.
 */
@Timeout(120)
class SchedulesWorkflowTest {
  static final ZoneId ZONE = ZoneId.of("Europe/Berlin");
  static final CalendarSettings BERLIN = DeadlinesWorkflowTest.BERLIN;

  /** Berlin before the holidays 24 and 25 December 2026 were announced. */
  static final CalendarSettings BERLIN_BEFORE =
      new CalendarSettings("Europe/Berlin", null, null, null);

  private ApprovalTestEnvironment t;

  static Instant berlin(String local) {
    return LocalDateTime.parse(local).atZone(ZONE).toInstant();
  }

  private ApprovalTestEnvironment env(CalendarSettings calendar, Instant start) {
    WorkerCalendar.use(calendar);
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

  /** When each delivery of a reminder of {@code timer} was due, to the minute. */
  private List<Instant> remindedAt(String timer) {
    return t.activities.deliveries.stream()
        .filter(d -> d.event() == NotificationEvent.REMINDER && timer.equals(d.context().timer()))
        .map(d -> toMinute(d.context().expiresAt()))
        .toList();
  }

  /**
   * The test service starts approvals a moment after its clock: dates are compared to the minute.
   */
  private static Instant toMinute(String instant) {
    return Instant.parse(instant).truncatedTo(ChronoUnit.MINUTES);
  }

  private List<HistoryEvent> sideEffects(String id) {
    return t.recordedCalendars(id);
  }

  static String reminder(String cycle) {
    return "{'requestId':'PO-1','requester':'carol','steps':[{'name':'manager','approvers':['alice'],"
               + "'completionDeadlines':[{'name':'remind',"
        + cycle
        + ",'escalations':[{'action':'notify','to':['potentialOwners']}]}]}]}";
  }

  @Test
  void aCronReminderFiresAtItsTimesInTheRecordedCalendarsZone() {
    env(BERLIN, berlin("2026-11-21T22:00"));
    String id = t.start(reminder("'cycle':'0 0 9 ? * MON-FRI','endDate':'2026-11-24T12:00'"));
    t.sleep(Duration.ofDays(4));
    assertEquals(
        List.of(berlin("2026-11-23T09:00"), berlin("2026-11-24T09:00")),
        remindedAt("manager.remind"));
    TimerInfo remind = t.timer(id, "manager.remind");
    assertEquals("0 0 9 ? * MON-FRI until 2026-11-24T12:00+01:00", remind.limit());
    assertEquals(2, remind.firings());
    assertEquals(1, sideEffects(id).size(), "the calendar, recorded once at the start");
  }

  @Test
  void aCycleInWorkingTimeRemindsOnlyInWorkingHours() {
    // Friday 15:00 in Berlin, every four working hours: Monday 11:00 and 15:00, Tuesday 11:00.
    env(BERLIN, berlin("2026-11-20T15:00"));
    t.start(reminder("'cycle':'R3/PT4H','calendar':'business'"));
    t.sleep(Duration.ofDays(5));
    assertEquals(
        List.of(berlin("2026-11-23T11:00"), berlin("2026-11-23T15:00"), berlin("2026-11-24T11:00")),
        remindedAt("manager.remind"));
  }

  @Test
  void theExampleStartsWithEachScheduleShownAsItIsRead() throws Exception {
    env(BERLIN, berlin("2026-11-23T08:30"));
    JsonNode example =
        new ObjectMapper(new YAMLFactory())
            .readTree(Path.of("../docs/examples/schedules.yaml").toFile());
    String id = t.approvals.start(example, ApprovalTestEnvironment.QUEUE);
    assertEquals(
        "0 0 9 ? * MON-FRI until 2027-01-29T17:00+01:00 business",
        t.timer(id, "manager.morning").limit());
    assertEquals("R4/2027-01-04T09:00+01:00/P7D", t.timer(id, "manager.kickoff").limit());
    assertEquals(berlin("2027-01-04T09:00").toString(), t.timer(id, "manager.kickoff").expiresAt());
    assertEquals("R/P1D/2027-01-31T17:00+01:00", t.timer(id, "manager.countdown").limit());
    assertEquals(
        berlin("2026-11-23T17:00").toString(),
        t.timer(id, "manager.countdown").expiresAt(),
        "counted back from its end: every day at the end's 17:00");
    assertEquals("R2/P1D", t.timer(id, "manager.twice").limit());
    assertEquals("R/PT4H business", t.timer(id, "manager.nudge").limit());
    assertEquals(berlin("2026-11-23T13:00"), toMinute(t.timer(id, "manager.nudge").expiresAt()));
    assertEquals(berlin("2026-11-26T09:00"), toMinute(t.timer(id, "manager.due").expiresAt()));
  }

  static final String DUE_IN_WORKING_TIME =
      "{'requestId':'PO-2','notifyOffered':false,'requester':'carol','steps':[{'name':'manager','approvers':['alice'],"
          + "'completionDeadlines':[{'name':'due','for':'P3D','calendar':'business',"
          + "'escalations':[{'action':'notify','to':['requester']}]}]}]}";

  @Test
  void recalculateMovesADeadlineOffAHolidayAnnouncedAfterTheStartAndReplaysWithTheCalendarItRead()
      throws Exception {
    env(BERLIN_BEFORE, berlin("2026-12-21T10:00"));
    String id = t.start(DUE_IN_WORKING_TIME);
    assertEquals(berlin("2026-12-24T10:00"), toMinute(t.timer(id, "manager.due").expiresAt()));

    WorkerCalendar.use(BERLIN);
    CommandResult answer = t.approvals.update(id, "recalculate", json("{'user':'carol'}"));

    assertTrue(
        answer.message().startsWith("recalculated in " + BERLIN.describe() + ": manager.due "),
        answer.message());
    TimerInfo due = t.timer(id, "manager.due");
    assertEquals(berlin("2026-12-28T10:00"), toMinute(due.expiresAt()));
    assertEquals("carol", due.derivation().changes().get(0).by());
    assertEquals(2, sideEffects(id).size(), "the start's calendar and the recalculation's");
    HistoryEntry event =
        t.history(id).stream()
            .filter(e -> e.name().equals("Recalculated"))
            .findFirst()
            .orElseThrow();
    assertEquals("manager.due", event.input().get("timers").get(0).get("timer").asText());

    t.sleep(Duration.ofDays(3).plusHours(1));
    assertEquals(List.of(), t.activities.deliveries, "nothing on the 24th: it is a holiday now");
    t.sleep(Duration.ofDays(4));
    Delivery escalated = t.activities.deliveries.get(0);
    assertEquals(berlin("2026-12-28T10:00"), toMinute(escalated.context().expiresAt()));

    // The worker's calendar changes again: a replay still reads what the approval recorded.
    WorkerCalendar.use(
        new CalendarSettings("America/New_York", "08:00-12:00", List.of("MON"), List.of()));
    t.approvals.update(id, "approve", json("{'user':'alice'}"));
    WorkflowReplayer.replayWorkflowExecution(t.fetchHistory(id), ApprovalWorkflowImpl.class);
  }

  @Test
  void aRefusedRecalculateRecordsNothingAndASignalledOneIsApplied() {
    env(BERLIN_BEFORE, berlin("2026-12-21T10:00"));
    String elapsed = t.start(reminder("'cycle':'R/PT1H'").replace("PO-1", "PO-3"));
    WorkflowUpdateException refused =
        assertThrows(
            WorkflowUpdateException.class,
            () -> t.approvals.update(elapsed, "recalculate", json("{}")));
    assertTrue(
        refused.getCause().getMessage().contains("nothing to recalculate"),
        refused.getCause().getMessage());
    assertEquals(1, sideEffects(elapsed).size(), "the calendar every approval records at its start, none for the refusal");

    String id = t.start(DUE_IN_WORKING_TIME);
    WorkerCalendar.use(BERLIN);
    HistoryEntry signalled = t.signalAndAwait(id, "recalculate", "{'user':'dora'}");
    assertTrue(signalled.accepted(), signalled.toString());
    assertEquals(berlin("2026-12-28T10:00"), toMinute(t.timer(id, "manager.due").expiresAt()));
  }
}
