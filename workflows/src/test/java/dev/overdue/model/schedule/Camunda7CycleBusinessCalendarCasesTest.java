package dev.overdue.model.schedule;

import dev.overdue.model.RuleViolation;
import java.time.Instant;
import java.time.ZoneId;
import java.time.temporal.ChronoUnit;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Camunda 7's CycleBusinessCalendarTest, ported as rows ({@code
 * published/camunda7-cycle-business-calendar.tsv}).
 *
 * <p>Camunda's {@code resolveDuedate(cycle[, start])} is the cycle's first due date after the
 * clock (or the start given). Overdue's equivalent: the timer starts running at that time, {@link
 * Cycle#begin}, whose {@code next} is the first occurrence (a cron cycle's first time strictly
 * after it). A cron cycle needs a zone: {@link BusinessCalendar#officeHours} carries the row's zone
 * only; the cycle is not written {@code business}, so it fires on every day, as Camunda's does.
 * The source compares most dates formatted to the minute, so the answer is truncated to the minute
 * (every expected date is a whole minute).
 */
class Camunda7CycleBusinessCalendarCasesTest {
  static Stream<PublishedCases.Case> cases() {
    return PublishedCases.load("camunda7-cycle-business-calendar").cases().stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void overdueAnswers(PublishedCases.Case row) {
    row.check(answer(row));
  }

  static String answer(PublishedCases.Case row) {
    ZoneId zone = ZoneId.of(row.get("zone"));
    Instant clock = Instant.parse(row.get("clock"));
    try {
      Cycle cycle = Cycle.parse(row.get("expression"), zone);
      return cycle
          .begin(clock, BusinessCalendar.officeHours(zone))
          .next()
          .map(at -> at.truncatedTo(ChronoUnit.MINUTES).toString())
          .orElse("none");
    } catch (RuleViolation e) {
      return PublishedCases.refused(e);
    }
  }
}
