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
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * What a request's schedules (its cycles) ask of an approval: whether they need the worker's
 * calendar to be read at all, and whether each can run from the approval's start.
 */
final class Schedules {
  private Schedules() {}

  /**
   * {@link RequestValidator#needsCalendar(ApprovalRequest, Edition)}: with schedules, a cron cycle
   * needs the calendar (its zone), as does a start, an end or an {@code endDate} without offset.
   * Before schedules, a request with an {@code endDate} (then an unknown field) needs none.
   */
  static boolean needCalendar(ApprovalRequest request, Edition edition) {
    if (!edition.knowsTasks()) {
      return endDates(request).findAny().isEmpty() && RequestValidator.needsCalendar(request);
    }
    return RequestValidator.needsCalendar(request)
        || cycles(request).anyMatch(CycleText::needsZone)
        || endDates(request).anyMatch(Schedules::isLocalDateTime);
  }

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
      if (limits.edition().refusesMisreadCron()) {
        cycle.cron().flatMap(CronMisreadings::of).ifPresent(p -> problems.accept(at + ".cycle: " + p));
      }
      if (limits.edition().knowsTasks() && readable) {
        problem(cycle, now, limits.calendar()).ifPresent(p -> problems.accept(at + ".cycle: " + p));
      }
    } catch (RuleViolation e) {
      problems.accept(at + ".cycle: " + e.reason());
    }
  }

  /** An {@code endDate} ends a cycle, and only approvals with schedules know it. */
  static void endDateProblem(
      Edition edition, String at, String cycle, String endDate, Consumer<String> problems) {
    if (endDate == null) {
      return;
    }
    if (!edition.knowsTasks()) {
      problems.accept(at + ".endDate: unknown field (this approval started before schedules)");
    } else if (cycle == null) {
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
