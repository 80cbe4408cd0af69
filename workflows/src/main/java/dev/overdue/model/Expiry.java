package dev.overdue.model;

import java.time.Instant;
import java.util.List;

/**
 * Something that fired, with the handlers to run for it: a timer's expiry (a deadline's
 * escalations, a cycle's reminder), a task listener, or the notice to new potential owners after
 * a reassignment. {@code timer} names the source (a timer, {@code <step>@<event>} for a listener,
 * {@code <timer>:reassigned}); with {@code firing} it makes notification keys unique. {@code step}
 * is null for process and user timers.
 */
public record Expiry(
    String timer,
    String step,
    Instant expiresAt,
    int firing,
    List<TimerHandler> handlers,
    Cause cause,
    String kind) {

  /** What fired: it picks the message templates and the metrics tag. */
  public enum Cause {
    TIMER_EXPIRED,
    DEADLINE_ESCALATED,
    REMINDER,
    TASK_EVENT,
    REASSIGNED
  }

  /** The suffix of a reassignment notice's source: {@code <timer>:reassigned}. */
  public static final String REASSIGNED_SUFFIX = ":reassigned";

  /** The timer that fired, for messages; null for a task listener. */
  public String timerName() {
    if (cause == Cause.TASK_EVENT) {
      return null;
    }
    return timer.endsWith(REASSIGNED_SUFFIX) ? timer.substring(0, timer.length() - REASSIGNED_SUFFIX.length()) : timer;
  }

  /** The task event of a listener run ({@code created}, ...); null otherwise. */
  public String taskEvent() {
    return cause == Cause.TASK_EVENT ? timer.substring(timer.indexOf('@') + 1) : null;
  }
}
