package dev.overdue.model.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.model.RuleViolation;
import dev.overdue.model.schedule.Cycle.CatchUp;
import dev.overdue.model.schedule.Cycle.Step;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CycleTest {
  static final Instant ANCHOR = Instant.parse("2026-11-23T09:00:00Z");
  static final Cycle EVERY_4H_3_TIMES = Cycle.parse("R3/PT4H");

  static Instant at(String hhmm) {
    return Instant.parse("2026-11-23T" + hhmm + ":00Z");
  }

  @Test
  void parsesBoundedAndUnboundedCycles() {
    assertEquals(new Cycle(3L, Duration.ofHours(4)), Cycle.parse("R3/PT4H"));
    assertEquals(new Cycle(null, IsoDuration.parse("P1D"), true), Cycle.parse("R/P1D"));
    assertEquals("R/PT24H", Cycle.parse("R/PT24H").text());
    assertEquals(new Cycle(2L, Duration.ofMinutes(30)), Cycle.parse(" r2/pt30m "));
  }

  @ParameterizedTest
  @ValueSource(strings = {"PT4H", "R0/PT4H", "R3/PT0S", "R3/P1M", "R-1/PT4H", "R3", "R/", "x", "R99999999999999999999/PT1H"})
  void refusesWhatIsNotAPositiveCycle(String text) {
    assertThrows(RuleViolation.class, () -> Cycle.parse(text));
  }

  @Test
  void onTimeFiringsFireOneByOneAndTheCycleRunsOut() {
    Step first = EVERY_4H_3_TIMES.step(ANCHOR, 0, at("13:00"), CatchUp.FIRE_ONCE);
    assertEquals(new Step(List.of(at("13:00")), 1, Optional.of(at("17:00"))), first);
    Step second = EVERY_4H_3_TIMES.step(ANCHOR, 1, at("17:00").plusMillis(250), CatchUp.SKIP);
    assertEquals(new Step(List.of(at("17:00")), 2, Optional.of(at("21:00"))), second, "late by ms is on time");
    Step third = EVERY_4H_3_TIMES.step(ANCHOR, 2, at("21:00"), CatchUp.FIRE_ALL);
    assertEquals(new Step(List.of(at("21:00")), 3, Optional.empty()), third, "R3: three firings, then done");
    assertEquals(new Step(List.of(), 3, Optional.empty()), EVERY_4H_3_TIMES.step(ANCHOR, 3, at("23:59"), CatchUp.FIRE_ALL));
  }

  @Test
  void nothingFiresBeforeTheFirstOccurrence() {
    assertEquals(new Step(List.of(), 0, Optional.of(at("13:00"))), EVERY_4H_3_TIMES.step(ANCHOR, 0, at("12:59"), CatchUp.FIRE_ALL));
  }

  // Suspended from 10:00 to 22:30: occurrences due at 13:00, 17:00 and 21:00 were missed.

  @Test
  void fireOnceFiresOnceForEveryOccurrenceMissedWhileSuspended() {
    assertEquals(
        new Step(List.of(at("21:00")), 3, Optional.empty()),
        EVERY_4H_3_TIMES.step(ANCHOR, 0, at("22:30"), CatchUp.FIRE_ONCE));
  }

  @Test
  void fireAllFiresEachMissedOccurrenceInOrder() {
    assertEquals(
        new Step(List.of(at("13:00"), at("17:00"), at("21:00")), 3, Optional.empty()),
        EVERY_4H_3_TIMES.step(ANCHOR, 0, at("22:30"), CatchUp.FIRE_ALL));
  }

  @Test
  void skipDropsTheMissedOccurrencesAndGoesOnWithTheNext() {
    Cycle daily = Cycle.parse("R/P1D");
    Instant resumedAt = ANCHOR.plus(Duration.ofDays(3)).plus(Duration.ofHours(2));
    Step step = daily.step(ANCHOR, 0, resumedAt, CatchUp.SKIP);
    assertEquals(List.of(), step.firings());
    assertEquals(3, step.done(), "three missed days dealt with, none fired");
    assertEquals(Optional.of(ANCHOR.plus(Duration.ofDays(4))), step.next());
  }

  @Test
  void anOccurrenceDueNowIsTheOneFiringThatStandsForTheMissedOnes() {
    // Resumed exactly when the third occurrence falls due: it fires; the two missed ones do not add to it.
    assertEquals(List.of(at("21:00")), EVERY_4H_3_TIMES.step(ANCHOR, 0, at("21:00"), CatchUp.FIRE_ONCE).firings());
    assertEquals(List.of(at("21:00")), EVERY_4H_3_TIMES.step(ANCHOR, 0, at("21:00"), CatchUp.SKIP).firings());
    assertEquals(3, EVERY_4H_3_TIMES.step(ANCHOR, 0, at("21:00"), CatchUp.FIRE_ALL).firings().size());
  }

  @Test
  void catchUpPoliciesAreReadAsUsersWriteThem() {
    assertEquals(CatchUp.FIRE_ONCE, CatchUp.parse(null));
    assertEquals(CatchUp.FIRE_ALL, CatchUp.parse("fire-all"));
    assertEquals(CatchUp.SKIP, CatchUp.parse(" Skip "));
    RuleViolation refused = assertThrows(RuleViolation.class, () -> CatchUp.parse("burst"));
    assertTrue(refused.reason().contains("fire-once, fire-all or skip"), refused.reason());
  }

  // ---- schedules: a start, an end, working time -------------------------------------------

  static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");
  static final BusinessCalendar OFFICE =
      new BusinessCalendar(BERLIN, LocalTime.of(9, 0), LocalTime.of(17, 0),
          EnumSet.range(DayOfWeek.MONDAY, DayOfWeek.FRIDAY), Set.of(LocalDate.parse("2026-12-24")));

  @ParameterizedTest
  @ValueSource(strings = {
    "R3/PT4H", "R/P1D", "R5/2027-01-04T09:00+01:00/P1D", "R/PT4H until 2027-01-31T17:00+01:00",
    "R5/2027-01-04T09:00+01:00/P1D until 2027-01-31T17:00+01:00", "R/PT4H business", "R/P1W business",
    "R3/2027-01-04T09:00Z/PT30M until 2027-01-05T00:00Z business", "0 0 9 ? * MON-FRI",
    "0 0 9 ? * MON-FRI until 2027-01-31T17:00+01:00 business"})
  void everyCycleReadsBackFromItsText(String text) {
    Cycle cycle = Cycle.parse(text);
    assertEquals(text, cycle.text());
    assertEquals(cycle, Cycle.parse(cycle.text()));
  }

  @Test
  void aZoneNameAfterTheOffsetIsReadAndAnEmptyPartIsRefused() {
    assertEquals(
        "R/2022-05-20T08:09:40+02:00[Europe/Berlin]/PT10M",
        Cycle.parse("R/2022-05-20T08:09:40+02:00[Europe/Berlin]/PT10M").text());
    RuleViolation empty = assertThrows(RuleViolation.class, () -> Cycle.parse("R//PT10M"));
    assertEquals("'R//PT10M' has an empty part between its slashes: give the start, or leave it out (R/PT4H)", empty.reason());
  }

  @Test
  void theServerlessWorkflowExampleR2Pt1dReadsAsTwoDays() {
    assertEquals("R2/P1D", Cycle.parse("R2/PT1D").text());
    assertEquals(new Cycle(2L, IsoDuration.parse("P1D"), true), Cycle.parse("r2/pt1d"));
    assertEquals("R/P1D business", Cycle.parse("R/PT1D business").text());
  }

  @Test
  void anIsoEndIsWrittenAsItCountsAndALocalStartIsReadInTheZone() {
    assertEquals("R/PT4H/2027-01-31T17:00+01:00", Cycle.parse("R/PT4H/2027-01-31T17:00", BERLIN).text());
    assertEquals("R5/2027-01-04T09:00+01:00/P1D", Cycle.parse("R5/2027-01-04T09:00/P1D", BERLIN).text());
    RuleViolation noZone = assertThrows(RuleViolation.class, () -> Cycle.parse("R5/2027-01-04T09:00/P1D"));
    assertTrue(noZone.reason().contains("has no offset"), noZone.reason());
  }

  @ParameterizedTest
  @ValueSource(strings = {
    "R/PT4H/2027-01-31T17:00Z until 2027-02-01T00:00Z", "R/2027-01-31T17:00Z/2027-02-01T00:00Z",
    "R5/2027-01-04T09:00Z/P1D until 2027-01-04T08:00Z", "R/PT4H/soon", "R/PT30S business",
    "0 0 9 * * MON", "0 9 * * 1-5", "*/10 * * * * ?", "R/0 0 9 ? * MON-FRI", "R2/PT1D/P1D"})
  void refusesSchedulesThatCannotRun(String text) {
    assertThrows(RuleViolation.class, () -> Cycle.parse(text));
  }

  @Test
  void aCycleWithAStartFiresAtItsStartAndEachIntervalAfter() {
    Cycle fiveDays = Cycle.parse("R5/2027-01-04T09:00Z/P1D");
    Cycle.Position before = fiveDays.begin(Instant.parse("2026-12-01T00:00:00Z"), null);
    assertEquals(new Cycle.Position(Instant.parse("2027-01-04T09:00:00Z"), 0,
        Optional.of(Instant.parse("2027-01-04T09:00:00Z"))), before);
    assertEquals(List.of(Instant.parse("2027-01-07T09:00:00Z"), Instant.parse("2027-01-08T09:00:00Z")),
        fiveDays.upcoming(before.base(), 3, 10, null), "the fourth and fifth, then none");
  }

  @Test
  void occurrencesBeforeTheTimerRanAreBehindItNotMissed() {
    Cycle fiveDays = Cycle.parse("R5/2027-01-04T09:00Z/P1D");
    // Started running on the 6th at 10:00: the 4th, 5th and 6th are behind it.
    Cycle.Position late = fiveDays.begin(Instant.parse("2027-01-06T10:00:00Z"), null);
    assertEquals(3, late.done());
    assertEquals(Optional.of(Instant.parse("2027-01-07T09:00:00Z")), late.next());
    Step step = fiveDays.step(late.base(), late.done(), Instant.parse("2027-01-06T12:00:00Z"), CatchUp.FIRE_ALL);
    assertEquals(List.of(), step.firings());
    // Started after its last occurrence: nothing is left.
    assertEquals(Optional.empty(), fiveDays.begin(Instant.parse("2027-01-09T00:00:00Z"), null).next());
  }

  @Test
  void nothingFiresAfterTheEndWhichIsInclusive() {
    Cycle untilNoon = Cycle.parse("R/PT4H until 2026-11-23T17:00Z");
    Step step = untilNoon.step(ANCHOR, 0, at("17:00"), CatchUp.FIRE_ALL);
    assertEquals(List.of(at("13:00"), at("17:00")), step.firings());
    assertEquals(Optional.empty(), step.next(), "21:00 is after the end");
    assertEquals(List.of(at("13:00"), at("17:00")), untilNoon.upcoming(ANCHOR, 0, 10, null));
  }

  @Test
  void aCycleInWorkingTimeCountsKTimesItsIntervalOfWorkingTimeFromItsBase() {
    Cycle everyFourWorkingHours = Cycle.parse("R/PT4H business");
    // Friday 2026-11-20 15:00 Berlin: 2 hours on Friday, 2 on Monday, then 4 more on Monday.
    Instant friday = Instant.parse("2026-11-20T14:00:00Z");
    assertEquals(List.of(Instant.parse("2026-11-23T10:00:00Z"), Instant.parse("2026-11-23T14:00:00Z"),
            Instant.parse("2026-11-24T10:00:00Z")),
        everyFourWorkingHours.upcoming(friday, 0, 3, OFFICE));
    // Each working day at the base's time, the holiday skipped.
    Cycle daily = Cycle.parse("R/P1D business");
    assertEquals(List.of(Instant.parse("2026-12-23T09:00:00Z"), Instant.parse("2026-12-25T09:00:00Z")),
        daily.upcoming(Instant.parse("2026-12-22T09:00:00Z"), 0, 2, OFFICE));
  }

  @Test
  void aLongSuspensionOfAWorkingTimeCycleIsCaughtUpByBisectionNotOneByOne() {
    Cycle everyWorkingMinute = Cycle.parse("R/PT1M business");
    Instant base = Instant.parse("2026-11-23T08:00:00Z");
    // A year later: about 250 working days of 480 minutes each were missed; fire-once fires one.
    Instant now = Instant.parse("2027-11-23T12:00:30Z");
    Step step = everyWorkingMinute.step(base, 0, now, CatchUp.FIRE_ONCE, OFFICE);
    assertEquals(1, step.firings().size());
    assertEquals(everyWorkingMinute.due(base, step.done(), OFFICE), Instant.parse("2027-11-23T12:00:00Z"));
    assertEquals(Optional.of(Instant.parse("2027-11-23T12:01:00Z")), step.next());
    assertTrue(step.done() > 100_000, "every working minute of the year is dealt with: " + step.done());
    // fire-all: the latest 100 missed, and 12:00, which is on time.
    assertEquals(Cycle.MAX_FIRE_ALL + 1, everyWorkingMinute.step(base, 0, now, CatchUp.FIRE_ALL, OFFICE).firings().size());
  }

  @Test
  void aCycleInWorkingTimeWithAStartBeginsAtTheFirstWorkingMomentFromIt() {
    // Saturday 2026-11-21 10:00 Berlin: the first working moment is Monday 09:00.
    Cycle fromSaturday = Cycle.parse("R3/2026-11-21T10:00+01:00/P1D business");
    Cycle.Position position = fromSaturday.begin(Instant.parse("2026-11-01T00:00:00Z"), OFFICE);
    assertEquals(List.of(Instant.parse("2026-11-23T08:00:00Z"), Instant.parse("2026-11-24T08:00:00Z"),
            Instant.parse("2026-11-25T08:00:00Z")),
        fromSaturday.upcoming(position.base(), position.done(), 10, OFFICE));
  }
}
