package dev.overdue.model.process;

import static dev.overdue.model.process.Fixtures.derivationOf;
import static dev.overdue.model.process.Fixtures.infoOf;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.overdue.api.ApprovalCommand;
import dev.overdue.api.ApprovalRequest;
import dev.overdue.api.HistoryEntry;
import dev.overdue.api.PlanEntry;
import dev.overdue.api.TimerChange;
import dev.overdue.model.RuleViolation;
import dev.overdue.model.request.RequestJson;
import dev.overdue.model.request.RequestValidator;
import dev.overdue.model.schedule.CalendarSettings;
import dev.overdue.model.schedule.IsoDuration;
import dev.overdue.model.schedule.TimeLimit;
import dev.overdue.model.timer.Expiry;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Schedules in the pure model: cycles with a start or an end, cron cycles in the calendar's zone,
 * cycles in working time, and recalculating an approval's dates in a changed calendar.
 */
class SchedulesTest {
  static final ZoneId ZONE = ZoneId.of("Europe/Berlin");
  static final CalendarSettings BERLIN = DeadlinesTest.BERLIN;

  /** Berlin before the holidays 24 and 25 December 2026 were announced. */
  static final CalendarSettings BERLIN_BEFORE =
      new CalendarSettings("Europe/Berlin", "09:00-17:00", null, List.of());

  /** Saturday 21 November 2026, 22:00 in Berlin. */
  static final Instant SATURDAY = berlin("2026-11-21T22:00");

  static Instant berlin(String local) {
    return LocalDateTime.parse(local).atZone(ZONE).toInstant();
  }

  static ApprovalRequest request(String json) {
    return RequestJson.parse(json.replace('\'', '"'));
  }

  static ApprovalProcess start(String json, Instant now, CalendarSettings calendar) {
    return ApprovalProcess.start(request(json), now, calendar, Edition.CURRENT);
  }

  static List<String> problems(String json) {
    return RequestValidator.problems(request(json), SATURDAY, BERLIN);
  }

  /** A step whose one completion deadline has {@code fields} (without braces). */
  static String deadline(String fields) {
    return "{'requestId':'PO-1','requester':'carol','steps':[{'name':'manager','approvers':['alice'],"
               + "'completionDeadlines':[{'name':'remind',"
        + fields
        + ",'escalations':[{'action':'notify','to':['potentialOwners']}]}]}]}";
  }

  // ---- cron --------------------------------------------------------------------------------

  @Test
  void aCronDeadlineFallsDueAtItsTimesInTheCalendarsZone() {
    ApprovalProcess process = start(deadline("'cycle':'0 0 9 ? * MON-FRI'"), SATURDAY, BERLIN);
    assertEquals(
        berlin("2026-11-23T09:00").toString(), infoOf(process, "manager.remind").expiresAt());
    assertEquals("0 0 9 ? * MON-FRI", infoOf(process, "manager.remind").limit());
    assertEquals(
        "cron 0 0 9 ? * MON-FRI (at 09:00 every day between Monday and Friday) in Europe/Berlin,"
            + " until cleared; 0 fired, the next time after "
            + SATURDAY,
        derivationOf(process, "manager.remind").rule());
    assertEquals(BERLIN.describe(), derivationOf(process, "manager.remind").calendar());
    List<Expiry> monday = process.expireDue(berlin("2026-11-23T09:00"));
    assertEquals(List.of(1), monday.stream().map(Expiry::firing).toList());
    assertEquals(
        berlin("2026-11-24T09:00").toString(), infoOf(process, "manager.remind").expiresAt());
  }

  @Test
  void thePlanListsTheNextCronTimes() {
    ApprovalProcess process = start(deadline("'cycle':'0 0 9,15 ? * MON-FRI'"), SATURDAY, BERLIN);
    List<String> dates = process.plan(SATURDAY).stream().map(PlanEntry::at).limit(3).toList();
    assertEquals(
        List.of(
            berlin("2026-11-23T09:00").toString(),
            berlin("2026-11-23T15:00").toString(),
            berlin("2026-11-24T09:00").toString()),
        dates);
  }

  // ---- start, end, working time ------------------------------------------------------------

  @Test
  void aCycleWithAStartFiresFromItsStartEvenWhenItsTimerRunsEarlier() {
    ApprovalProcess process =
        start(deadline("'cycle':'R3/2026-11-25T09:00/P1D'"), SATURDAY, BERLIN);
    assertEquals("R3/2026-11-25T09:00+01:00/P1D", infoOf(process, "manager.remind").limit());
    assertEquals(
        berlin("2026-11-25T09:00").toString(), infoOf(process, "manager.remind").expiresAt());
    assertTrue(
        derivationOf(process, "manager.remind")
            .rule()
            .startsWith("every P1D (calendar days in Europe/Berlin) from its start " + berlin("2026-11-25T09:00")
                + ", 3 times;"),
        derivationOf(process, "manager.remind").rule());
  }

  @Test
  void anIsoEndIsCountedBackFromInTheRuleThePlanAndTheFirings() {
    ApprovalProcess process =
        start(deadline("'cycle':'R3/PT1H/2026-11-24T17:00'"), SATURDAY, BERLIN);
    assertEquals("R3/PT1H/2026-11-24T17:00+01:00", infoOf(process, "manager.remind").limit());
    assertEquals(berlin("2026-11-24T14:00").toString(), infoOf(process, "manager.remind").expiresAt());
    assertEquals(
        "every PT1H counted back from its end, from " + berlin("2026-11-24T14:00") + ", 3 times, the last an"
            + " interval before its end " + berlin("2026-11-24T17:00") + "; 0 occurrences dealt with, 0 fired",
        derivationOf(process, "manager.remind").rule());
    assertEquals(
        List.of(berlin("2026-11-24T14:00").toString(), berlin("2026-11-24T15:00").toString(),
            berlin("2026-11-24T16:00").toString()),
        process.plan(SATURDAY).stream().map(PlanEntry::at).toList());
    for (String hour : List.of("14:00", "15:00", "16:00", "17:00")) {
      process.expireDue(berlin("2026-11-24T" + hour));
    }
    assertEquals(3, infoOf(process, "manager.remind").firings());
    assertTrue(process.nextToExpire().isEmpty(), "none at the end itself");
  }

  @Test
  void aCronCycleCronUtilsWouldMisreadIsRefused() {
    String request = deadline("'cycle':'0 0 9 1,L * ?'");
    assertEquals(
        List.of("steps[0].completionDeadlines[0].cycle: '0 0 9 1,L * ?': L and W cannot be in a list of days of"
            + " the month (1,L): give the cycle one of them alone, and the other days to a second cycle"),
        problems(request));
  }

  @Test
  void anEndDateStopsTheCycleAtIt() {
    ApprovalProcess process =
        start(
            deadline("'cycle':'R/P1D','endDate':'2026-11-24T22:00','catchUp':'fire-all'"),
            SATURDAY,
            BERLIN);
    assertEquals("R/P1D until 2026-11-24T22:00+01:00", infoOf(process, "manager.remind").limit());
    assertEquals(
        3, process.plan(SATURDAY).size(), "Sunday, Monday and Tuesday at 22:00, then the end");
    process.expireDue(berlin("2026-11-24T22:00"));
    assertEquals(3, infoOf(process, "manager.remind").firings());
    assertTrue(process.nextToExpire().isEmpty(), "the cycle ran out at its end");
  }

  @Test
  void aCycleInABusinessCalendarCountsWorkingTime() {
    // Friday 15:00 in Berlin: two working hours that day, two on Monday.
    Instant friday = berlin("2026-11-20T15:00");
    ApprovalProcess process =
        start(deadline("'cycle':'R/PT4H','calendar':'business'"), friday, BERLIN);
    assertEquals("R/PT4H business", infoOf(process, "manager.remind").limit());
    assertEquals(
        berlin("2026-11-23T11:00").toString(), infoOf(process, "manager.remind").expiresAt());
    assertTrue(
        derivationOf(process, "manager.remind")
            .rule()
            .startsWith("every PT4H of working time from "));
    assertEquals(BERLIN.describe(), derivationOf(process, "manager.remind").calendar());
  }

  @Test
  void scheduleProblemsNameTheirField() {
    assertEquals(
        List.of("steps[0].completionDeadlines[0].endDate: only a cycle has an end"),
        problems(deadline("'for':'P1D','endDate':'2027-01-31T17:00'")));
    assertTrue(
        problems(
                deadline("'cycle':'R/PT4H/2027-01-31T17:00','endDate':'2027-01-31T17:00'"))
            .get(0)
            .contains("give its end once"));
    assertTrue(
        problems(deadline("'cycle':'R/P1D until 2026-11-01T00:00'"))
            .get(0)
            .contains(".cycle: the cycle ends 2026-11-01T00:00+01:00, which is in the past"));
    assertTrue(
        problems(deadline("'cycle':'R2/2026-11-01T09:00/P1D'"))
            .get(0)
            .contains("has no occurrence after 2026-11-21T21:00:00Z: its last one has passed"));
    assertTrue(
        problems(deadline("'cycle':'0 0 9 ? * MON-FRI 2020'"))
            .get(0)
            .contains("its times never come again"));
    assertEquals(
        List.of(),
        problems(deadline("'cycle':'R2/PT1D','endDate':'2027-01-31T17:00'")));
  }

  @Test
  void cronAndWorkingTimeCyclesGoOnAlikeAfterASnapshot() {
    String json =
        "{'requestId':'PO-2','steps':[{'name':'manager','approvers':['alice'],'completionDeadlines':[{'name':'cron','cycle':'0"
            + " 0 9 ? * MON-FRI'},"
            + "{'name':'working','cycle':'R/PT4H','calendar':'business','endDate':'2026-11-27T17:00'}]}]}";
    ApprovalProcess process = start(json, SATURDAY, BERLIN);
    process.expireDue(berlin("2026-11-23T13:00"));
    ApprovalProcess restored =
        ApprovalProcess.restore(
            ProcessSnapshot.of(RequestJson.tree(process.snapshot())),
            "run-1",
            berlin("2026-11-23T13:00"),
            Edition.CURRENT);
    assertEquals(process.timerInfos(), restored.timerInfos());
    Instant tuesday = berlin("2026-11-24T13:00");
    assertEquals(process.expireDue(tuesday), restored.expireDue(tuesday));
    assertEquals(process.timerInfos(), restored.timerInfos());
  }

  @Test
  void extendDeadlineKeepsACycleWithinItsEnd() {
    ApprovalProcess process =
        start(deadline("'cycle':'R/P1D','endDate':'2026-11-24T22:00'"), SATURDAY, BERLIN);
    RuleViolation past =
        assertThrows(
            RuleViolation.class,
            () ->
                process.apply(
                    new ApprovalCommand.ExtendDeadline(
                        "manager.remind", null, "P3D", null),
                    SATURDAY));
    assertTrue(past.reason().contains("its cycle has no occurrence left"), past.reason());
  }

  // ---- recalculate -------------------------------------------------------------------------

  static final String WORKING_AND_ELAPSED =
      "{'requestId':'PO-3','timeout':'P10D','steps':[{'name':'manager','approvers':['alice'],"
          + "'completionDeadlines':["
          + "{'name':'due','for':'P3D','calendar':'business','escalations':[{'action':'warn'}]},"
          + "{'name':'remind','cycle':'0 0 9 ? * MON-FRI business'}],"
          + "'listeners':[{'event':'updated','actions':[{'action':'warn'}]}]}]}";

  /** Monday 21 December 2026, 10:00 in Berlin. */
  static final Instant DECEMBER = berlin("2026-12-21T10:00");

  @Test
  void aHolidayAnnouncedAfterTheStartMovesTheDatesThatCountWorkingTime() {
    ApprovalProcess process = start(WORKING_AND_ELAPSED, DECEMBER, BERLIN_BEFORE);
    assertEquals(berlin("2026-12-24T10:00").toString(), infoOf(process, "manager.due").expiresAt());
    Instant now = DECEMBER.plusSeconds(3600);
    process.expireDue(now);
    process.drainTriggered();
    String answer = process.apply(new ApprovalCommand.Recalculate("carol"), now, BERLIN);

    assertEquals(berlin("2026-12-28T10:00").toString(), infoOf(process, "manager.due").expiresAt());
    assertEquals(
        berlin("2026-12-22T09:00").toString(), infoOf(process, "manager.remind").expiresAt());
    assertEquals(
        DECEMBER.plus(java.time.Duration.ofDays(10)).toString(),
        infoOf(process, "process").expiresAt(),
        "elapsed time does not move");
    assertEquals(
        "recalculated in "
            + BERLIN.describe()
            + ": manager.due "
            + berlin("2026-12-24T10:00")
            + " → "
            + berlin("2026-12-28T10:00")
            + "; 1 unchanged",
        answer);
    TimerChange change = derivationOf(process, "manager.due").changes().get(0);
    assertEquals(
        new TimerChange(
            now.toString(),
            "carol",
            "recalculated in " + BERLIN.describe(),
            "P3D business",
            "P3D business",
            berlin("2026-12-24T10:00").toString(),
            berlin("2026-12-28T10:00").toString()),
        change);
    assertEquals(BERLIN.describe(), derivationOf(process, "manager.due").calendar());
    HistoryEntry event =
        process.history().stream()
            .filter(e -> e.name().equals("Recalculated"))
            .findFirst()
            .orElseThrow();
    JsonNode moved = event.input().get("timers").get(0);
    assertEquals("manager.due", moved.get("timer").asText());
    assertEquals(
        List.of("manager"),
        process.drainTriggered().stream().map(Expiry::step).toList(),
        "the step's updated listener runs: a deadline of it moved");
  }

  @Test
  void recalculatingMovesTheNextCronTimeOffTheNewHoliday() {
    // Wednesday 23 December 10:00: the next working-day reminder was Thursday the 24th.
    ApprovalProcess process = start(WORKING_AND_ELAPSED, berlin("2026-12-23T10:00"), BERLIN_BEFORE);
    assertEquals(
        berlin("2026-12-24T09:00").toString(), infoOf(process, "manager.remind").expiresAt());
    process.apply(new ApprovalCommand.Recalculate(null), berlin("2026-12-23T11:00"), BERLIN);
    assertEquals(
        berlin("2026-12-28T09:00").toString(), infoOf(process, "manager.remind").expiresAt());
    assertEquals("anonymous", derivationOf(process, "manager.remind").changes().get(0).by());
  }

  @Test
  void aRecalculatedApprovalCountsLaterTimersAndItsSnapshotInTheNewCalendar() {
    ApprovalProcess process = start(WORKING_AND_ELAPSED, DECEMBER, BERLIN_BEFORE);
    process.apply(new ApprovalCommand.Recalculate("carol"), DECEMBER, BERLIN);
    assertEquals(BERLIN, process.snapshot().calendar());
    process.apply(
        new ApprovalCommand.ExtendDeadline("manager.due", "P3D business", null, null), DECEMBER);
    assertEquals(berlin("2026-12-28T10:00").toString(), infoOf(process, "manager.due").expiresAt());
  }

  @Test
  void recalculateIsAllowedWhileSuspendedAndTheMovedDateWaitsForTheResume() {
    ApprovalProcess process = start(WORKING_AND_ELAPSED, DECEMBER, BERLIN_BEFORE);
    process.apply(new ApprovalCommand.Suspend("audit"), DECEMBER);
    process.apply(new ApprovalCommand.Recalculate("carol"), DECEMBER, BERLIN);
    assertEquals("SUSPENDED", infoOf(process, "manager.due").state());
    assertEquals(berlin("2026-12-28T10:00").toString(), infoOf(process, "manager.due").expiresAt());
  }

  @Test
  void aDateTheNewCalendarPutsInThePastExpiresAtOnce() {
    // Counted with 24 and 25 December as holidays, then the holidays are withdrawn on the 26th.
    ApprovalProcess process = start(WORKING_AND_ELAPSED, DECEMBER, BERLIN);
    assertEquals(berlin("2026-12-28T10:00").toString(), infoOf(process, "manager.due").expiresAt());
    Instant saturday = berlin("2026-12-26T12:00");
    process.apply(new ApprovalCommand.Recalculate("carol"), saturday, BERLIN_BEFORE);
    assertEquals(berlin("2026-12-24T10:00").toString(), infoOf(process, "manager.due").expiresAt());
    assertEquals(
        List.of("manager.due"),
        process.expireDue(saturday).stream()
            .map(Expiry::timer)
            .filter(t -> t.equals("manager.due"))
            .toList());
  }

  @Test
  void recalculateIsRefusedWhenNothingCountsInTheCalendar() {
    ApprovalProcess elapsed = start(deadline("'for':'P1D'"), SATURDAY, null);
    RuleViolation refused =
        assertThrows(
            RuleViolation.class, () -> elapsed.check(new ApprovalCommand.Recalculate("carol"), SATURDAY));
    assertTrue(refused.reason().startsWith("nothing to recalculate"), refused.reason());
    // A local date-time needs the calendar's zone, yet is a fixed date: nothing counts in it
    // either.
    ApprovalProcess local = start(deadline("'until':'2026-12-01T17:00'"), SATURDAY, BERLIN);
    assertThrows(
        RuleViolation.class, () -> local.check(new ApprovalCommand.Recalculate("carol"), SATURDAY));
    assertNull(derivationOf(local, "manager.remind").calendar());
  }
}
