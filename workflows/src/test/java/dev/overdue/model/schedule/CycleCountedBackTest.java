package dev.overdue.model.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.model.RuleViolation;
import dev.overdue.model.schedule.Cycle.CatchUp;
import dev.overdue.model.schedule.Cycle.Position;
import dev.overdue.model.schedule.Cycle.Step;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A cycle with an ISO 8601 end and no start ({@code R3/PT1H/<end>}) counts back from its end: its
 * intervals end there and each fires at its beginning, as ISO 8601 reads it and as Camunda's and
 * Activiti's DurationHelper compute it. {@code until} and {@code endDate} still count forward.
 */
class CycleCountedBackTest {
  static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");

  static Instant utc(String text) {
    return Instant.parse(text);
  }

  static List<Instant> upcoming(String cycle, Instant startsRunning, int max) {
    Cycle parsed = Cycle.parse(cycle, BERLIN);
    Position position = parsed.begin(startsRunning, null);
    return parsed.upcoming(position.base(), position.done(), max, null);
  }

  @Test
  void threeRemindersBeforeTheEndFireAtTheBeginningsOfTheThreeHoursBeforeIt() {
    assertEquals(
        List.of(utc("2027-01-31T13:00:00Z"), utc("2027-01-31T14:00:00Z"), utc("2027-01-31T15:00:00Z")),
        upcoming("R3/PT1H/2027-01-31T17:00", utc("2027-01-30T08:00:00Z"), 10),
        "14:00, 15:00 and 16:00 Berlin time; 17:00 ends the last hour");
  }

  @Test
  void aTimerStartedLateHasOnlyTheBeginningsStillAhead() {
    assertEquals(
        List.of(utc("2027-01-31T15:00:00Z")),
        upcoming("R3/PT1H/2027-01-31T17:00", utc("2027-01-31T14:30:00Z"), 10),
        "14:00 and 15:00 are behind it, neither fired nor missed");
    assertEquals(
        List.of(utc("2027-01-31T15:00:00Z")),
        upcoming("R3/PT1H/2027-01-31T17:00", utc("2027-01-31T15:00:00Z"), 10),
        "one due as the timer starts is ahead of it");
    assertEquals(List.of(), upcoming("R3/PT1H/2027-01-31T17:00", utc("2027-01-31T15:00:01Z"), 10));
  }

  @Test
  void withoutACountItFiresOnTheEndsGridUpToTheLastIntervalBeforeIt() {
    assertEquals(
        List.of(utc("2027-01-28T16:00:00Z"), utc("2027-01-29T16:00:00Z"), utc("2027-01-30T16:00:00Z")),
        upcoming("R/P1D/2027-01-31T17:00", utc("2027-01-28T09:00:00Z"), 10),
        "every day at 17:00 Berlin time, the last on the 30th: the 31st at 17:00 ends it");
    assertEquals(
        List.of(utc("2027-01-29T16:00:00Z"), utc("2027-01-30T16:00:00Z")),
        upcoming("R/P1D/2027-01-31T17:00", utc("2027-01-28T16:00:00.001Z"), 10));
  }

  @Test
  void missedOccurrencesAreCaughtUpByThePolicyAndTheCadenceIsKept() {
    Cycle cycle = Cycle.parse("R4/PT1H/2027-01-31T16:00Z", BERLIN);
    Position position = cycle.begin(utc("2027-01-31T10:00:00Z"), null);
    assertEquals(Optional.of(utc("2027-01-31T12:00:00Z")), position.next());
    // Suspended until 14:30: 12:00, 13:00 and 14:00 were missed; fire-once fires once for them.
    Step step = cycle.step(position.base(), position.done(), utc("2027-01-31T14:30:00Z"), CatchUp.FIRE_ONCE, null);
    assertEquals(new Step(List.of(utc("2027-01-31T14:00:00Z")), 3, Optional.of(utc("2027-01-31T15:00:00Z"))), step);
    Step last = cycle.step(position.base(), 3, utc("2027-01-31T15:00:00Z"), CatchUp.FIRE_ONCE, null);
    assertEquals(new Step(List.of(utc("2027-01-31T15:00:00Z")), 4, Optional.empty()), last);
  }

  @Test
  void itIsWrittenAsReadSoThatASnapshotReadsItBack() {
    for (String text : List.of("R3/PT1H/2027-01-31T17:00+01:00", "R/P1D/2027-01-31T16:00Z")) {
      Cycle cycle = Cycle.parse(text, BERLIN);
      assertTrue(cycle.countsBack(), text);
      assertEquals(cycle, Cycle.parse(cycle.text()), text);
      assertEquals(cycle, TimeLimit.parse(cycle.text()) instanceof TimeLimit.Repeating r ? r.cycle() : null);
    }
  }

  @Test
  void untilCountsForwardToTheEnd() {
    Instant running = utc("2027-01-31T10:30:00Z");
    assertEquals(
        List.of(utc("2027-01-31T11:30:00Z"), utc("2027-01-31T12:30:00Z"), utc("2027-01-31T13:30:00Z")),
        upcoming("R3/PT1H until 2027-01-31T17:00", running, 10));
  }

  @Test
  void workingTimeCannotBeCountedBackAndTheRefusalSaysWhatToWriteInstead() {
    RuleViolation refused =
        assertThrows(RuleViolation.class, () -> Cycle.parse("R3/PT1H/2027-01-31T17:00 business", BERLIN));
    assertEquals(
        "'R3/PT1H/2027-01-31T17:00' counts back from its end, in elapsed time only: give it calendar:"
            + " elapsed, or count working time from a start (R/2027-01-04T09:00/PT4H) or up to an end"
            + " given as 'until' (R3/PT1H until 2027-01-31T17:00)",
        refused.reason());
  }

  @Test
  void aCountReachingBeforeAnyDateIsRefused() {
    RuleViolation refused =
        assertThrows(RuleViolation.class, () -> Cycle.parse("R999999999999/P9999D/2027-01-31T17:00Z"));
    assertTrue(refused.reason().contains("repeats too often"), refused.reason());
  }
}
