package dev.overdue.inbox.view;

import dev.overdue.api.StatusInfo;
import dev.overdue.api.StepInfo;
import dev.overdue.api.TimerInfo;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The timers table in words: each deadline by what it waits for and its step's title, running,
 * paused or passed, and when. A timer that can no longer matter (its step is decided, or the
 * approval moved past it) is left out: "off · in 47 h" on a decided step only puzzles.
 */
public final class TimerRows {
  /** One timer: its name in words, its state, when in words and exactly (for a tooltip). */
  public record Row(String name, String state, String when, String exact) {}

  /** Kinds whose timers have names of their own, which tell two deadlines of a step apart. */
  private static final Set<String> NAMED = Set.of("START_DEADLINE", "COMPLETION_DEADLINE", "CLAIM_DEADLINE");

  private TimerRows() {}

  public static List<Row> of(StatusInfo status, Titles titles, Dates dates, Instant now) {
    List<Row> rows = new ArrayList<>();
    for (TimerInfo timer : TaskView.listed(status.timers())) {
      if (timer.cleared() || finished(status, timer.step())) {
        continue;
      }
      String name = titles.timer(timer.name());
      if (NAMED.contains(timer.kind()) && !Titles.cycle(timer)) {
        name += " (" + Words.label(Titles.deadline(timer.name())).toLowerCase(Locale.ROOT) + ")";
      }
      Instant at = timer.expiresAt() == null ? null : Instant.parse(timer.expiresAt());
      rows.add(new Row(Character.toUpperCase(name.charAt(0)) + name.substring(1), state(timer),
          at == null ? "—" : dates.dated(at, now), at == null ? "" : dates.exact(at)));
    }
    return rows;
  }

  /** Running, paused, passed, or not started yet. */
  static String state(TimerInfo timer) {
    return switch (TaskView.or(timer.state(), "")) {
      case "RUNNING" -> "running";
      case "SUSPENDED" -> "paused";
      default -> timer.expired() ? "passed" : "not started";
    };
  }

  /** A step decided, skipped, made obsolete, or reached and left behind: its timers are not needed any more. */
  private static boolean finished(StatusInfo status, String name) {
    if (name == null) {
      return false;
    }
    for (StepInfo step : TaskView.listed(status.steps())) {
      if (name.equals(step.name())) {
        boolean reached = step.state() != null && !"PENDING".equals(step.state());
        return step.outcome() != null || reached && !name.equals(status.currentStep());
      }
    }
    return false;
  }
}
