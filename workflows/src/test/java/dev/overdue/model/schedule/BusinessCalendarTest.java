package dev.overdue.model.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.model.RuleViolation;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class BusinessCalendarTest {
  static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");
  static final BusinessCalendar OFFICE =
      new BusinessCalendar(
          BERLIN, LocalTime.of(9, 0), LocalTime.of(17, 0),
          EnumSet.range(DayOfWeek.MONDAY, DayOfWeek.FRIDAY),
          Set.of(LocalDate.parse("2026-12-24"), LocalDate.parse("2026-12-25")));

  /** A local date-time in Berlin, as people read deadlines. */
  static Instant berlin(String local) {
    return LocalDateTime.parse(local).atZone(BERLIN).toInstant();
  }

  @ParameterizedTest(name = "{0} + {1} = {2}")
  @CsvSource({
    // days keep the local time and skip the weekend
    "2026-11-18T10:00, P3D, 2026-11-23T10:00",
    "2026-11-20T16:30, P1D, 2026-11-23T16:30",
    // hours count only inside working hours
    "2026-11-20T15:00, PT4H, 2026-11-23T11:00",
    "2026-11-23T16:00, PT1H, 2026-11-23T17:00",
    "2026-11-23T09:00, PT8H, 2026-11-23T17:00",
    "2026-11-23T09:00, PT8H1M, 2026-11-24T09:01",
    "2026-11-23T10:00, P1DT4H30M, 2026-11-24T14:30",
    // a week is a week of working days
    "2026-11-23T10:00, P1W, 2026-11-30T10:00",
    // from outside working hours: the clock starts at the next opening
    "2026-11-21T12:00, PT1H, 2026-11-23T10:00",
    "2026-11-23T07:00, PT1H, 2026-11-23T10:00",
    "2026-11-23T18:00, PT1H, 2026-11-24T10:00",
    "2026-11-21T12:00, P1D, 2026-11-24T09:00",
    // holidays are skipped like weekends (24 and 25 December 2026 are a Thursday and a Friday)
    "2026-12-23T10:00, P1D, 2026-12-28T10:00",
    "2026-12-23T16:00, PT2H, 2026-12-28T10:00",
  })
  void countsWorkingTime(String from, String duration, String expected) {
    assertEquals(berlin(expected), OFFICE.plus(berlin(from), duration));
  }

  @Test
  void daysAcrossTheEndOfSummerTimeKeepTheirLocalHours() {
    // Berlin leaves summer time on Sunday 25 October 2026: Friday 10:00 CEST to Monday 10:00 CET.
    Instant friday = berlin("2026-10-23T10:00");
    Instant monday = OFFICE.plus(friday, "P1D");
    assertEquals(Instant.parse("2026-10-26T09:00:00Z"), monday);
    assertEquals(Duration.ofHours(73), Duration.between(friday, monday), "the weekend had 49 hours");
    assertEquals(Instant.parse("2026-10-26T12:00:00Z"), OFFICE.plus(berlin("2026-10-23T13:00"), "PT8H"));
  }

  @Test
  void daysAcrossTheStartOfSummerTimeKeepTheirLocalHours() {
    // Summer time starts on Sunday 29 March 2026: Friday 10:00 CET to Monday 10:00 CEST.
    Instant monday = OFFICE.plus(berlin("2026-03-27T10:00"), "P1D");
    assertEquals(Instant.parse("2026-03-30T08:00:00Z"), monday);
    assertEquals(Duration.ofHours(71), Duration.between(berlin("2026-03-27T10:00"), monday));
  }

  @Test
  void hoursAreTimeThatReallyPassesEvenWhenTheClockJumpsDuringWorkingHours() {
    BusinessCalendar allDay =
        new BusinessCalendar(BERLIN, LocalTime.MIDNIGHT, LocalTime.of(23, 0), EnumSet.allOf(DayOfWeek.class), Set.of());
    // 01:00 CET + 3 h: 02:00 does not exist that night, so it is 05:00 CEST (03:00 UTC).
    Instant end = allDay.plus(berlin("2026-03-29T01:00"), "PT3H");
    assertEquals(Instant.parse("2026-03-29T03:00:00Z"), end);
    assertEquals(Duration.ofHours(3), Duration.between(berlin("2026-03-29T01:00"), end));
  }

  @Test
  void anotherZoneGivesAnotherInstantForTheSameLocalRule() {
    BusinessCalendar tokyo = BusinessCalendar.officeHours(ZoneId.of("Asia/Tokyo"));
    Instant from = Instant.parse("2026-11-20T06:00:00Z"); // Friday 15:00 in Tokyo
    assertEquals(Instant.parse("2026-11-23T02:00:00Z"), tokyo.plus(from, "PT4H")); // Monday 11:00
  }

  @ParameterizedTest
  @ValueSource(strings = {"P1M", "P1Y", "P0D", "PT0S", "PT", "P", "abc", "-P1D", "P1.5D", ""})
  void whatIsNotAPositiveWorkingDurationIsRefused(String text) {
    RuleViolation refused = assertThrows(RuleViolation.class, () -> OFFICE.parse(text));
    assertTrue(refused.reason().contains("working duration"), refused.reason());
  }

  @Test
  void parsesDaysWeeksAndTime() {
    assertEquals(new BusinessCalendar.WorkingDuration(7, Duration.ofMinutes(90)), OFFICE.parse("P1W2DT1H30M"));
    assertEquals(new BusinessCalendar.WorkingDuration(0, Duration.ofMillis(1500)), OFFICE.parse("pt1.5s"));
  }

  @Test
  void aCalendarWithoutWorkingDaysAheadIsRefusedNotLoopedOn() {
    Set<LocalDate> everyMonday = new HashSet<>();
    for (LocalDate d = LocalDate.parse("2026-11-23"); d.getYear() < 2029; d = d.plusWeeks(1)) {
      everyMonday.add(d);
    }
    BusinessCalendar never =
        new BusinessCalendar(BERLIN, LocalTime.of(9, 0), LocalTime.of(17, 0), EnumSet.of(DayOfWeek.MONDAY), everyMonday);
    RuleViolation refused = assertThrows(RuleViolation.class, () -> never.plus(berlin("2026-11-21T10:00"), "PT1H"));
    assertTrue(refused.reason().contains("no working day"), refused.reason());
  }

  @Test
  void workingHoursMustMakeSense() {
    assertThrows(RuleViolation.class,
        () -> new BusinessCalendar(BERLIN, LocalTime.of(17, 0), LocalTime.of(9, 0), EnumSet.of(DayOfWeek.MONDAY), Set.of()));
    assertThrows(RuleViolation.class,
        () -> new BusinessCalendar(BERLIN, LocalTime.of(9, 0), LocalTime.of(17, 0), Set.of(), Set.of()));
  }
}
