package dev.overdue.model;

import dev.overdue.api.ApprovalRequest;
import dev.overdue.api.ApprovalRequest.DeadlineDefinition;
import dev.overdue.api.ApprovalRequest.TimerDefinition;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * What a request's schedules (its cycles) ask of an approval: whether they need the worker's
 * calendar to be read at all, and whether each can run from the approval's start.
 */
final class Schedules {
  private Schedules() {}

  /**
   * Whether a cycle of {@code request} needs the calendar: a cron cycle (its zone), or a start, an
   * end or an {@code endDate} written without an offset. Working time is the calendars' own check.
   */
  static boolean needCalendar(ApprovalRequest request) {
    return cycles(request).anyMatch(CycleText::needsZone)
        || endDates(request).anyMatch(Schedules::isLocalDateTime);
  }

  /** Whether any deadline or timer of {@code request} has an {@code endDate}. */
  static boolean useEndDates(ApprovalRequest request) {
    return endDates(request).findAny().isPresent();
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
          "the cycle " + cycle.text() + " has no occurrence after " + now.truncatedTo(ChronoUnit.SECONDS) + ": " + why);
    }
    if (TimeLimit.tooFarAhead(first.get(), now)) {
      return Optional.of(
          "the cycle's first occurrence " + first.get() + " is too far in the future (" + TimeLimit.MAX_AHEAD_TEXT + ")");
    }
    return Optional.empty();
  }

  private static Stream<String> cycles(ApprovalRequest request) {
    return Stream.concat(
            request.timers().stream().filter(Objects::nonNull).map(TimerDefinition::cycle),
            deadlines(request).map(DeadlineDefinition::cycle))
        .filter(Objects::nonNull);
  }

  private static Stream<String> endDates(ApprovalRequest request) {
    return Stream.concat(
            request.timers().stream().filter(Objects::nonNull).map(TimerDefinition::endDate),
            deadlines(request).map(DeadlineDefinition::endDate))
        .filter(Objects::nonNull);
  }

  private static Stream<DeadlineDefinition> deadlines(ApprovalRequest request) {
    return request.steps().stream()
        .filter(Objects::nonNull)
        .flatMap(s -> Stream.concat(s.startDeadlines().stream(), s.completionDeadlines().stream()))
        .filter(Objects::nonNull);
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
