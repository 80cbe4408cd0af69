package dev.overdue.inbox.view;

import dev.overdue.api.StepInfo;
import dev.overdue.api.TimerInfo;
import java.time.Instant;
import java.util.List;

/**
 * The one date an approver must know, in words at the top of the task page: when the current step
 * is due to be decided ("Decide by Thursday 17 Dec, 10:00 — in 3 days"), else when the whole
 * request is. A list's due date is the same step's completion timer.
 *
 * @param lead what is due ("Decide by", "Due", "Was due")
 * @param when the day and time, in the inbox's zone
 * @param relative how far off ("in 3 days", "2 h ago")
 * @param exact the date with its year and zone, on hover
 * @param iso the instant, for the page's {@code time} element
 * @param late it has passed
 */
public record Deadline(String lead, String when, String relative, String exact, String iso, boolean late) {

  /**
   * The current step's due date among {@code timers}, said to someone who {@code decides} it or
   * waits for it; null when nothing is due.
   */
  public static Deadline of(StepInfo step, List<TimerInfo> timers, boolean decides, Dates dates, Instant now) {
    TimerInfo due = step == null ? null : find(timers, "COMPLETION", step.name());
    if (due == null) {
      due = find(timers, "PROCESS", null);
    }
    if (due == null) {
      return null;
    }
    Instant at = Instant.parse(due.expiresAt());
    boolean late = !at.isAfter(now);
    String lead = due.kind().equals("PROCESS") ? (late ? "It was due" : "It is due")
        : late ? "It was to be decided by" : decides ? "Decide by" : "To be decided by";
    return new Deadline(lead, dates.day(at), Dates.relative(at, now), dates.exact(at), at.toString(), late);
  }

  /** A running, paused or passed timer of {@code kind} (of {@code step}, when one is named) with a date. */
  private static TimerInfo find(List<TimerInfo> timers, String kind, String step) {
    if (timers == null) {
      return null;
    }
    for (TimerInfo timer : timers) {
      boolean on = (timer.expired() || !"OFF".equals(timer.state())) && !timer.cleared();
      if (kind.equals(timer.kind()) && on && timer.expiresAt() != null
          && (step == null || step.equals(timer.step()))) {
        return timer;
      }
    }
    return null;
  }
}
