package dev.overdue.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.model.Cycle.CatchUp;
import dev.overdue.model.Cycle.Step;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
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
    assertEquals(new Cycle(null, Duration.ofDays(1)), Cycle.parse("R/P1D"));
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
}
