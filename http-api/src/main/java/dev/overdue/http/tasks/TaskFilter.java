package dev.overdue.http.tasks;

import dev.overdue.http.problems.ApiProblem;
import java.time.Instant;
import java.time.format.DateTimeParseException;

/**
 * A list's filters as the query string gives them, checked before any query is built: a date that
 * is no ISO-8601 instant, a priority outside 0–10, or a text longer than {@value #MAX_TEXT} or
 * holding a control character is a 400 naming the parameter.
 */
record TaskFilter(
    Instant dueBefore, Instant dueAfter, Boolean overdue, Integer priorityFrom, Integer priorityTo,
    String step, String requester, String text) {
  /** No filter: the whole list. */
  static final TaskFilter NONE = new TaskFilter(null, null, null, null, null, null, null, null);

  /** Longer than any user, group, step name or search word. */
  static final int MAX_TEXT = 256;

  static TaskFilter of(
      String dueBefore, String dueAfter, Boolean overdue, String priority, String step, String requester, String text) {
    Integer from = null;
    Integer to = null;
    if (priority != null && !priority.isBlank()) {
      String[] range = priority.split("\\.\\.", -1);
      if (range.length > 2) {
        throw ApiProblem.badInput("priority", "a priority (0 to 10) or a range such as 0..3");
      }
      from = priority("priority", range[0]);
      to = range.length == 2 ? priority("priority", range[1]) : from;
    }
    return new TaskFilter(instant("dueBefore", dueBefore), instant("dueAfter", dueAfter), overdue, from, to,
        text("step", step), text("requester", requester), text("q", text));
  }

  private static Integer priority(String name, String value) {
    try {
      int priority = Integer.parseInt(value.strip());
      if (priority >= 0 && priority <= 10) {
        return priority;
      }
    } catch (NumberFormatException notANumber) {
      // said below
    }
    throw ApiProblem.badInput(name, "a priority (0 to 10) or a range such as 0..3");
  }

  private static Instant instant(String name, String value) {
    if (value == null || value.isBlank()) {
      return null;
    }
    try {
      return Instant.parse(value.strip());
    } catch (DateTimeParseException notAnInstant) {
      throw ApiProblem.badInput(name, "an ISO-8601 instant such as 2026-12-01T09:00:00Z");
    }
  }

  private static String text(String name, String value) {
    if (value == null || value.isBlank()) {
      return null;
    }
    if (value.length() > MAX_TEXT) {
      throw ApiProblem.badInput(name, "at most " + MAX_TEXT + " characters");
    }
    if (value.chars().anyMatch(Character::isISOControl)) {
      throw ApiProblem.badInput(name, "a control character (such as NUL or a line break) is not taken");
    }
    return value.strip();
  }
}
