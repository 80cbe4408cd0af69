package dev.overdue.model.request;

import dev.overdue.model.RuleViolation;
import dev.overdue.model.schedule.BusinessCalendar;
import dev.overdue.model.schedule.CronMisreadings;
import dev.overdue.model.schedule.Cycle;
import dev.overdue.model.schedule.CycleText;
import dev.overdue.model.schedule.TimeLimit;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * What a request's schedules (its cycles) ask of an approval: whether they need the worker's
 * calendar to be read at all, and whether each can run from the approval's start.
 */
final class Schedules {
  private Schedules() {}

  /**
   * The problems of the cycle {@code text} of the timer or deadline at {@code at}, read by {@code
   * limits}; its dates are checked against {@code now} only where they can be read (a date-time
   * without offset needs the worker's zone, which the CLI does not know).
   */
  static void cycleProblem(
      RequestLimits limits,
      boolean knowsZone,
      Instant now,
      String at,
      String text,
      String endDate,
      String ownCalendar,
      Consumer<String> problems) {
    try {
      Cycle cycle = limits.cycle(text, endDate, ownCalendar);
      boolean readable =
          knowsZone
              || !(CycleText.needsZone(text) || (endDate != null && isLocalDateTime(endDate)));
      cycle.cron().flatMap(CronMisreadings::of).ifPresent(p -> problems.accept(at + ".cycle: " + p));
      if (readable) {
        problem(cycle, now, limits.calendar()).ifPresent(p -> problems.accept(at + ".cycle: " + p));
      }
    } catch (RuleViolation e) {
      problems.accept(at + ".cycle: " + e.reason());
    }
  }

  /** An {@code endDate} ends a cycle. */
  static void endDateProblem(String at, String cycle, String endDate, Consumer<String> problems) {
    if (endDate != null && cycle == null) {
      problems.accept(at + ".endDate: only a cycle has an end");
    }
  }

  /**
   * Why {@code cycle} cannot run from {@code now}, if it cannot: it ended, its last occurrence
   * passed, its cron times never come again, or it starts or ends too far ahead.
   */
  static Optional<String> problem(Cycle cycle, Instant now, BusinessCalendar calendar) {
    if (cycle.end().isPresent() && !cycle.end().get().toInstant().isAfter(now)) {
      return Optional.of("the cycle ends " + cycle.end().get() + ", which is in the past");
    }
    for (var date : Stream.of(cycle.start(), cycle.end()).flatMap(Optional::stream).toList()) {
      if (TimeLimit.tooFarAhead(date.toInstant(), now)) {
        return Optional.of(date + " is too far in the future (" + TimeLimit.MAX_AHEAD_TEXT + ")");
      }
    }
    Optional<Instant> first = cycle.begin(now, calendar).next();
    if (first.isEmpty()) {
      String why =
          cycle.end().isPresent()
              ? "none is left before its end"
              : cycle.cron().isPresent() ? "its times never come again" : "its last one has passed";
      return Optional.of(
          "the cycle "
              + cycle.text()
              + " has no occurrence after "
              + now.truncatedTo(ChronoUnit.SECONDS)
              + ": "
              + why);
    }
    if (TimeLimit.tooFarAhead(first.get(), now)) {
      return Optional.of(
          "the cycle's first occurrence "
              + first.get()
              + " is too far in the future ("
              + TimeLimit.MAX_AHEAD_TEXT
              + ")");
    }
    return Optional.empty();
  }

  private static boolean isLocalDateTime(String text) {
    try {
      LocalDateTime.parse(text.trim());
      return true;
    } catch (DateTimeParseException notLocal) {
      return false;
    }
  }
}
