package dev.overdue.model.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.api.ApprovalCommand;
import dev.overdue.api.ApprovalRequest;
import dev.overdue.api.PlanEntry;
import dev.overdue.model.RuleViolation;
import dev.overdue.model.request.RequestJson;
import dev.overdue.model.schedule.CalendarSettings;
import dev.overdue.model.schedule.Cycle;
import dev.overdue.model.schedule.IsoDuration;
import dev.overdue.model.schedule.TimeLimit;
import dev.overdue.model.timer.BusinessTimer;
import dev.overdue.model.timer.Expiry;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A day is a calendar day in the approval's zone: durations, cycles with a start, cycles counted
 * back from an end and {@code until} across daylight-saving changes, in both directions, under
 * northern and southern rules, through the skipped and the repeated hour. Hours stay elapsed time.
 */
class DaylightSavingTest {
  static final ZoneId NEW_YORK = ZoneId.of("America/New_York");
  static final ZoneId AMSTERDAM = ZoneId.of("Europe/Amsterdam");

  static Instant local(String dateTime, ZoneId zone) {
    return LocalDateTime.parse(dateTime).atZone(zone).toInstant();
  }

  static String localOf(Instant at, ZoneId zone) {
    return at.atZone(zone).toLocalDateTime().toString();
  }

  static CalendarSettings calendarIn(ZoneId zone) {
    return new CalendarSettings(zone.getId(), null, null, null);
  }

  static ApprovalRequest request(String deadlineFields) {
    return RequestJson.parse(
        ("{'requestId':'PO-1','requester':'carol','steps':[{'name':'manager','approvers':['alice'],"
                + "'completionDeadlines':[{'name':'remind',"
                + deadlineFields
                + ",'escalations':[{'action':'notify','to':['potentialOwners']}]}]}]}")
            .replace('\'', '"'));
  }

  static ApprovalProcess start(String deadlineFields, String startedLocal, ZoneId zone) {
    return ApprovalProcess.start(
        request(deadlineFields), local(startedLocal, zone), calendarIn(zone), Edition.CURRENT);
  }

  static String expiresLocal(ApprovalProcess process, ZoneId zone) {
    return localOf(Fixtures.timerOf(process, "manager.remind").expiresAt().orElseThrow(), zone);
  }

  /** The plan's dates of the deadline, as local times in {@code zone}. */
  static List<String> planned(ApprovalProcess process, Instant now, ZoneId zone, int count) {
    return process.plan(now).stream()
        .filter(entry -> entry.timer().equals("manager.remind"))
        .map(PlanEntry::at)
        .map(at -> localOf(Instant.parse(at), zone))
        .limit(count)
        .toList();
  }

  // ---- durations -----------------------------------------------------------------------------

  @ParameterizedTest(name = "{0}: P1D from {1} is {2}")
  @CsvSource({
    // Spring forward: the next day has 23 hours; autumn: 25.
    "America/New_York, 2027-03-13T17:00, 2027-03-14T17:00, 23",
    "America/New_York, 2027-11-06T17:00, 2027-11-07T17:00, 25",
    "Europe/Amsterdam, 2027-03-27T17:00, 2027-03-28T17:00, 23",
    "Europe/Amsterdam, 2027-10-30T17:00, 2027-10-31T17:00, 25",
    // Southern rules: Sydney goes back an hour in April and forward in October.
    "Australia/Sydney, 2027-04-03T17:00, 2027-04-04T17:00, 25",
    "Australia/Sydney, 2027-10-02T17:00, 2027-10-03T17:00, 23",
  })
  void aDayIsTheSameLocalTimeTheNextDay(String zone, String started, String expires, int hours) {
    ZoneId in = ZoneId.of(zone);
    ApprovalProcess process = start("'for':'P1D'", started, in);
    assertEquals(expires, expiresLocal(process, in));
    assertEquals(
        Duration.ofHours(hours),
        Duration.between(local(started, in), Fixtures.timerOf(process, "manager.remind").expiresAt().orElseThrow()));
  }

  @Test
  void hoursAreTimeThatPassesAndAWeekIsSevenCalendarDays() {
    assertEquals("2027-03-14T18:00", expiresLocal(start("'for':'PT24H'", "2027-03-13T17:00", NEW_YORK), NEW_YORK));
    assertEquals("2027-11-07T16:00", expiresLocal(start("'for':'PT24H'", "2027-11-06T17:00", NEW_YORK), NEW_YORK));
    assertEquals("2027-03-15T05:00", expiresLocal(start("'for':'P1DT12H'", "2027-03-13T17:00", NEW_YORK), NEW_YORK));
    assertEquals("2027-03-17T09:00", expiresLocal(start("'for':'P1W'", "2027-03-10T09:00", NEW_YORK), NEW_YORK));
  }

  @Test
  void aDayLandingInTheSkippedHourMovesForwardByTheGapAndInTheRepeatedHourIsTheEarlier() {
    // New York skips 02:00–03:00 on 14 March 2027 and repeats 01:00–02:00 on 7 November 2027.
    ApprovalProcess spring = start("'for':'P1D'", "2027-03-13T02:30", NEW_YORK);
    assertEquals("2027-03-14T03:30", expiresLocal(spring, NEW_YORK));
    ApprovalProcess autumn = start("'for':'P1D'", "2027-11-06T01:30", NEW_YORK);
    Instant expires = Fixtures.timerOf(autumn, "manager.remind").expiresAt().orElseThrow();
    assertEquals("2027-11-07T01:30-04:00", expires.atZone(NEW_YORK).toOffsetDateTime().toString());
  }

  @Test
  void aFollowUpOfADayIsTheSameLocalTimeTheNextDay() {
    ApprovalRequest request =
        RequestJson.parse(
            "{'requestId':'PO-1','requester':'carol','steps':[{'name':'manager','approvers':['alice'],'followUp':'P1D'}]}"
                .replace('\'', '"'));
    ApprovalProcess process =
        ApprovalProcess.start(request, local("2027-03-13T17:00", NEW_YORK), calendarIn(NEW_YORK), Edition.CURRENT);
    assertEquals("2027-03-14T17:00", localOf(process.followUpDate().orElseThrow(), NEW_YORK));
  }

  @Test
  void extendingByADayKeepsTheLocalTime() {
    ApprovalProcess process = start("'for':'PT4H'", "2027-03-13T13:00", NEW_YORK);
    process.apply(
        new ApprovalCommand.ExtendDeadline("manager.remind", null, "P1D", null),
        local("2027-03-13T14:00", NEW_YORK));
    assertEquals("2027-03-14T17:00", expiresLocal(process, NEW_YORK));
  }

  // ---- cycles --------------------------------------------------------------------------------

  @Test
  void aDailyReminderStaysAtItsTimeAcrossBothChanges() {
    ApprovalProcess spring = start("'cycle':'R/P1D'", "2027-03-12T17:00", NEW_YORK);
    assertEquals(
        List.of("2027-03-13T17:00", "2027-03-14T17:00", "2027-03-15T17:00"),
        planned(spring, local("2027-03-12T17:00", NEW_YORK), NEW_YORK, 3));
    ApprovalProcess autumn = start("'cycle':'R/P1D'", "2027-10-29T17:00", AMSTERDAM);
    assertEquals(
        List.of("2027-10-30T17:00", "2027-10-31T17:00", "2027-11-01T17:00"),
        planned(autumn, local("2027-10-29T17:00", AMSTERDAM), AMSTERDAM, 3));
  }

  @Test
  void aCycleStartedAtLocalMidnightFiresAtMidnight() {
    ApprovalProcess process = start("'cycle':'R4/2027-11-05T00:00/P1D'", "2027-11-04T12:00", NEW_YORK);
    assertEquals(
        List.of("2027-11-05T00:00", "2027-11-06T00:00", "2027-11-07T00:00", "2027-11-08T00:00"),
        planned(process, local("2027-11-04T12:00", NEW_YORK), NEW_YORK, 10));
  }

  @Test
  void aCycleCountedBackFromItsEndFiresAtTheEndsTimeOfDay() {
    ApprovalProcess counted = start("'cycle':'R3/P1D/2027-11-08T17:00'", "2027-11-04T12:00", NEW_YORK);
    assertEquals(
        List.of("2027-11-05T17:00", "2027-11-06T17:00", "2027-11-07T17:00"),
        planned(counted, local("2027-11-04T12:00", NEW_YORK), NEW_YORK, 10));
    ApprovalProcess unbounded = start("'cycle':'R/P1D/2027-03-30T17:00'", "2027-03-25T12:00", AMSTERDAM);
    assertEquals(
        List.of("2027-03-25T17:00", "2027-03-26T17:00", "2027-03-27T17:00", "2027-03-28T17:00", "2027-03-29T17:00"),
        planned(unbounded, local("2027-03-25T12:00", AMSTERDAM), AMSTERDAM, 10));
  }

  @Test
  void untilEndsTheCycleAtItsLocalTimeWhichMayFallInTheSkippedOrTheRepeatedHour() {
    ApprovalProcess until = start("'cycle':'R/P1D','endDate':'2027-03-15T17:00'", "2027-03-12T17:00", NEW_YORK);
    assertEquals(
        List.of("2027-03-13T17:00", "2027-03-14T17:00", "2027-03-15T17:00"),
        planned(until, local("2027-03-12T17:00", NEW_YORK), NEW_YORK, 10));
    // 02:30 on 14 March does not exist in New York: it is 03:30, so the 02:30 of that day is kept.
    ApprovalProcess skipped =
        start("'cycle':'R/2027-03-12T02:30/P1D until 2027-03-14T02:30'", "2027-03-12T00:00", NEW_YORK);
    assertEquals(
        List.of("2027-03-12T02:30", "2027-03-13T02:30", "2027-03-14T03:30"),
        planned(skipped, local("2027-03-12T00:00", NEW_YORK), NEW_YORK, 10));
    // 01:30 on 7 November happens twice: the end is the first, so the cycle's own 01:30 EDT is in.
    ApprovalProcess repeated =
        start("'cycle':'R/2027-11-05T01:30/P1D until 2027-11-07T01:30'", "2027-11-05T00:00", NEW_YORK);
    List<Instant> dates = Fixtures.timerOf(repeated, "manager.remind").upcoming(10);
    assertEquals(3, dates.size());
    assertEquals("2027-11-07T01:30-04:00", dates.get(2).atZone(NEW_YORK).toOffsetDateTime().toString());
  }

  @Test
  void aDailyCycleFiresOnceADayThroughTheChangeNothingMissedOrTwice() {
    ApprovalProcess process = start("'cycle':'R/P1D'", "2027-11-05T17:00", NEW_YORK);
    BusinessTimer timer = Fixtures.timerOf(process, "manager.remind");
    for (String day : List.of("2027-11-06", "2027-11-07", "2027-11-08")) {
      Instant due = local(day + "T17:00", NEW_YORK);
      assertEquals(due, timer.expiresAt().orElseThrow(), day);
      assertEquals(List.of(), process.expireDue(due.minusSeconds(1)), day);
      assertEquals(1, process.expireDue(due).size(), day);
    }
    assertEquals(3, timer.firings());
    // A worker away for three days: the missed occurrences fire once, then it is back on 17:00.
    List<Expiry> late = process.expireDue(local("2027-11-11T18:00", NEW_YORK));
    assertEquals(1, late.size());
    assertEquals("2027-11-12T17:00", localOf(timer.expiresAt().orElseThrow(), NEW_YORK));
  }

  // ---- zones in brackets ---------------------------------------------------------------------

  @Test
  void aZoneInBracketsIsReadAndTheCycleCountsItsDaysThere() {
    // The approval's calendar is UTC; the cycle names New York.
    ApprovalProcess process =
        start("'cycle':'R/2027-11-06T00:00[America/New_York]/P1D'", "2027-11-05T12:00", ZoneId.of("UTC"));
    assertEquals(
        List.of("2027-11-06T00:00", "2027-11-07T00:00", "2027-11-08T00:00"),
        planned(process, local("2027-11-05T12:00", NEW_YORK), NEW_YORK, 3));
    assertEquals(
        "R/2027-11-06T00:00-04:00[America/New_York]/P1D",
        Fixtures.infoOf(process, "manager.remind").limit());
    TimeLimit until = TimeLimit.parse("2027-11-07T00:00:00[US/Eastern]");
    assertEquals(ZonedDateTime.parse("2027-11-07T00:00-04:00[US/Eastern]").toInstant(), until.expirationFrom(Instant.EPOCH));
  }

  @Test
  void aZoneInBracketsThatIsNoZoneOrDisagreesWithItsOffsetIsRefusedSayingWhy() {
    RuleViolation unknown = assertThrows(RuleViolation.class, () -> TimeLimit.parse("2027-11-07T00:00[Mars/Olympus]"));
    assertEquals(
        "the date-time '2027-11-07T00:00[Mars/Olympus]': 'Mars/Olympus' is not a time zone (IANA ids such as"
            + " Europe/Berlin or America/New_York)",
        unknown.reason());
    RuleViolation disagrees =
        assertThrows(RuleViolation.class, () -> Cycle.parse("R/2027-11-08T00:00-04:00[America/New_York]/P1D"));
    assertEquals(
        "the cycle's start '2027-11-08T00:00-04:00[America/New_York]': America/New_York is -05:00 at"
            + " 2027-11-08T00:00, not -04:00: give the zone's offset, or leave it out",
        disagrees.reason());
  }

  @Test
  void aDurationInWordsIsRefusedWithTheIso8601FormItMeans() {
    RuleViolation days = assertThrows(RuleViolation.class, () -> TimeLimit.parse("2 days"));
    assertEquals(
        "'2 days' is not a time limit: a duration is written in ISO 8601: did you mean P2D?", days.reason());
    assertTrue(assertThrows(RuleViolation.class, () -> TimeLimit.parse("4h")).reason().endsWith("did you mean PT4H?"));
    assertTrue(
        assertThrows(RuleViolation.class, () -> TimeLimit.parse("30 minutes business"))
            .reason()
            .endsWith("did you mean PT30M business?"));
  }
}
