package dev.overdue.model.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.model.RuleViolation;
import dev.overdue.model.schedule.Cycle.CatchUp;
import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class CronScheduleTest {
  static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");

  /**
   * Monday to Friday in Berlin; Christmas Eve and Day 2026 (a Thursday and a Friday) are holidays.
   */
  static final BusinessCalendar OFFICE =
      new BusinessCalendar(
          BERLIN,
          LocalTime.of(9, 0),
          LocalTime.of(17, 0),
          EnumSet.range(DayOfWeek.MONDAY, DayOfWeek.FRIDAY),
          Set.of(LocalDate.parse("2026-12-24"), LocalDate.parse("2026-12-25")));

  static final Cycle WEEKDAYS_AT_NINE = Cycle.parse("0 0 9 ? * MON-FRI");

  static Instant berlin(String local) {
    return LocalDateTime.parse(local).atZone(BERLIN).toInstant();
  }

  @Test
  void cronTimesAreTheCalendarZonesLocalTimes() {
    // Saturday evening: the next times are Monday and Tuesday 09:00 in Berlin.
    Cycle.Position position = WEEKDAYS_AT_NINE.begin(berlin("2026-11-21T21:00"), OFFICE);
    assertEquals(Optional.of(berlin("2026-11-23T09:00")), position.next());
    assertEquals(
        List.of(berlin("2026-11-23T09:00"), berlin("2026-11-24T09:00")),
        WEEKDAYS_AT_NINE.upcoming(position.base(), 0, 2, OFFICE));
  }

  @Test
  void cronTimesKeepTheirLocalTimeAcrossTheDstChange() {
    // Friday 23 October 09:00 CEST is 07:00Z; Monday 26 October 09:00 CET is 08:00Z.
    assertEquals(
        List.of(Instant.parse("2026-10-23T07:00:00Z"), Instant.parse("2026-10-26T08:00:00Z")),
        WEEKDAYS_AT_NINE.upcoming(berlin("2026-10-23T08:00"), 0, 2, OFFICE));
  }

  @Test
  void inWorkingTimeACronCycleSkipsHolidays() {
    Cycle business = Cycle.parse("0 0 9 ? * MON-FRI business");
    assertEquals(
        List.of(berlin("2026-12-23T09:00"), berlin("2026-12-28T09:00")),
        business.upcoming(berlin("2026-12-22T12:00"), 0, 2, OFFICE));
    assertEquals(
        List.of(berlin("2026-12-23T09:00"), berlin("2026-12-24T09:00")),
        WEEKDAYS_AT_NINE.upcoming(berlin("2026-12-22T12:00"), 0, 2, OFFICE),
        "elapsed: holidays are days like others");
  }

  @Test
  void aCronCycleStopsAtItsEnd() {
    Cycle untilWednesday = Cycle.parse("0 0 9 ? * MON-FRI until 2026-11-25T09:00+01:00");
    assertEquals(
        List.of(berlin("2026-11-23T09:00"), berlin("2026-11-24T09:00"), berlin("2026-11-25T09:00")),
        untilWednesday.upcoming(berlin("2026-11-22T00:00"), 0, 10, OFFICE));
  }

  @Test
  void anOnTimeCronFiringMovesTheCursorToNow() {
    Instant cursor = berlin("2026-11-22T00:00");
    Cycle.Step step =
        WEEKDAYS_AT_NINE.step(
            cursor, 0, berlin("2026-11-23T09:00").plusMillis(300), CatchUp.SKIP, OFFICE);
    assertEquals(List.of(berlin("2026-11-23T09:00")), step.firings());
    assertEquals(Optional.of(berlin("2026-11-24T09:00")), step.next());
    assertEquals(berlin("2026-11-23T09:00").plusMillis(300), step.base());
    assertEquals(
        List.of(),
        WEEKDAYS_AT_NINE
            .step(step.base(), 0, berlin("2026-11-23T12:00"), CatchUp.FIRE_ALL, OFFICE)
            .firings());
  }

  // Suspended from Sunday 22 November to Thursday 26 November 12:00: Monday to Thursday were
  // missed.

  @Test
  void missedCronTimesFollowTheCatchUpPolicy() {
    Instant cursor = berlin("2026-11-22T00:00");
    Instant resumed = berlin("2026-11-26T12:00");
    List<Instant> missed =
        List.of(
            berlin("2026-11-23T09:00"),
            berlin("2026-11-24T09:00"),
            berlin("2026-11-25T09:00"),
            berlin("2026-11-26T09:00"));
    assertEquals(
        missed, WEEKDAYS_AT_NINE.step(cursor, 0, resumed, CatchUp.FIRE_ALL, OFFICE).firings());
    assertEquals(
        List.of(missed.get(3)),
        WEEKDAYS_AT_NINE.step(cursor, 0, resumed, CatchUp.FIRE_ONCE, OFFICE).firings());
    Cycle.Step skipped = WEEKDAYS_AT_NINE.step(cursor, 0, resumed, CatchUp.SKIP, OFFICE);
    assertEquals(List.of(), skipped.firings());
    assertEquals(Optional.of(berlin("2026-11-27T09:00")), skipped.next());
  }

  @Test
  void aYearOfMissedMinutesCostsAHundredStepsBackNotHalfAMillionForward() {
    Cycle everyMinute = Cycle.parse("0 * * * * ?");
    Instant cursor = berlin("2026-01-01T00:00");
    Instant resumed = berlin("2027-01-01T00:00:30");
    Cycle.Step step = everyMinute.step(cursor, 0, resumed, CatchUp.FIRE_ALL, OFFICE);
    // The latest 100 missed minutes, then midnight, which is on time.
    assertEquals(Cycle.MAX_FIRE_ALL + 1, step.firings().size());
    assertEquals(berlin("2026-12-31T22:20"), step.firings().get(0));
    assertEquals(berlin("2027-01-01T00:00"), step.firings().get(Cycle.MAX_FIRE_ALL));
    assertEquals(Optional.of(berlin("2027-01-01T00:01")), step.next());
  }

  @Test
  void aCronCycleIsDescribedInWords() {
    assertEquals(
        "at 09:00 every day between Monday and Friday",
        WEEKDAYS_AT_NINE.cron().orElseThrow().describe());
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "0 9 * * 1-5",
        "0 0 25 ? * *",
        "0 0 9 * * MON",
        "*/30 * * * * ?",
        "0-30 * * * * ?",
        "every day"
      })
  void refusesWhatIsNoQuartzExpressionFiringAtMostOnceAMinute(String text) {
    RuleViolation refused = assertThrows(RuleViolation.class, () -> CronSchedule.parse(text));
    assertTrue(
        refused.reason().contains("Quartz") || refused.reason().contains("seconds field"),
        refused.reason());
  }

  @Test
  void anExpressionIsKeptAsWrittenWithSingleSpaces() {
    assertEquals("0 0 9 ? * MON-FRI", CronSchedule.parse("  0  0 9 ? *   MON-FRI ").text());
  }

  /** Forms cron-utils 9.2.1 reads but misreads: a new approval refuses each, saying what to write. */
  @ParameterizedTest
  @CsvSource(
      delimiterString = " => ",
      value = {
        "0 0 20-10 ? * * => the range 20-10 runs backwards, which Quartz reads across the day and cron-utils does not: write it as two (20-23,0-10)",
        "0 50-10 * ? * * => the range 50-10 runs backwards, which Quartz reads across the hour and cron-utils does not: write it as two (50-59,0-10)",
        "0 0 9 28-3/2 * ? => the range 28-3 runs backwards, which Quartz reads across the month's end and cron-utils does not: write it as two (28-31,1-3)",
        "0 0 9 1 NOV-FEB ? => the range NOV-FEB runs backwards, which Quartz reads across the year's end and cron-utils does not: write it as two (NOV-DEC,JAN-FEB)",
        "0 0 9 1 11-2 ? => the range 11-2 runs backwards, which Quartz reads across the year's end and cron-utils does not: write it as two (11-12,1-2)",
        "0 0 9 1,L * ? => L and W cannot be in a list of days of the month (1,L)",
        "0 0 9 1,15W * ? => L and W cannot be in a list of days of the month (1,15W)",
        "0 43 9 ? * SAT,SUN,L => L cannot be in a list of weekdays (SAT,SUN,L), as in Quartz",
        "0 43 9 ? * MON,6L => L cannot be in a list of weekdays (MON,6L), as in Quartz",
        "0 0 * 1|2 * ? => joins several expressions with '|', which Quartz does not read: give each its own cycle",
      })
  void refusesWhatTheLibraryWouldReadAsOtherDays(String text, String reason) {
    RuleViolation refused =
        assertThrows(RuleViolation.class, () -> PublishedCronCases.asANewApprovalReadsIt(text));
    assertTrue(refused.reason().contains(reason), refused.reason());
  }

  @Test
  void backwardWeekdaysWrapAsInQuartzAndAloneLAndWAreRead() {
    BusinessCalendar utc = BusinessCalendar.officeHours(java.time.ZoneOffset.UTC);
    CronSchedule.Times weekend = CronSchedule.parse("0 0 9 ? * FRI-MON").in(utc, false, null);
    assertEquals(Optional.of(Instant.parse("2026-11-30T09:00:00Z")), weekend.next(Instant.parse("2026-11-29T09:00:00Z")),
        "Sunday, then Monday");
    assertEquals(Optional.of(Instant.parse("2026-12-04T09:00:00Z")), weekend.next(Instant.parse("2026-11-30T09:00:00Z")),
        "Monday, then Friday");
    CronSchedule.Times lastDay = CronSchedule.parse("0 0 9 L * ?").in(utc, false, null);
    assertEquals(Optional.of(Instant.parse("2026-11-30T09:00:00Z")), lastDay.next(Instant.parse("2026-11-02T00:00:00Z")));
    CronSchedule.Times weekday = CronSchedule.parse("0 0 9 15W * ?").in(utc, false, null);
    assertEquals(Optional.of(Instant.parse("2026-11-16T09:00:00Z")), weekday.next(Instant.parse("2026-11-02T00:00:00Z")),
        "the 15th is a Sunday: the nearest weekday is Monday the 16th");
  }
}
