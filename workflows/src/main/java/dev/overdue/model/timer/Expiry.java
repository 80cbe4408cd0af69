package dev.overdue.model.timer;

import dev.overdue.model.request.TimerHandler;
import java.time.Instant;
import java.util.List;

/**
 * Something that fired, with the handlers to run for it: a timer's expiry (a deadline's
 * escalations, a cycle's reminder), a task listener, or the notice to new potential owners after
 * a reassignment or an offer. {@code timer} names the source (a timer, {@code <step>@<event>} for a
 * listener, {@code <timer>:reassigned}, {@code <step>:reassigned} for a command's reassignment,
 * {@code <step>:offered}); with {@code firing} it makes notification keys unique. {@code step} is
 * null for process and user timers. {@code by} is the user whose command caused it (a reassignment,
 * a release), null when a timer or the approval itself did: messages say who, or which timer.
 */
public record Expiry(
    String timer,
    String step,
    Instant expiresAt,
    int firing,
    List<TimerHandler> handlers,
    Cause cause,
    String kind,
    String by) {

  public Expiry(
      String timer, String step, Instant expiresAt, int firing, List<TimerHandler> handlers, Cause cause,
      String kind) {
    this(timer, step, expiresAt, firing, handlers, cause, kind, null);
  }

  /** What fired: it picks the message templates and the metrics tag. */
  public enum Cause {
    TIMER_EXPIRED,
    DEADLINE_ESCALATED,
    REMINDER,
    TASK_EVENT,
    REASSIGNED,
    /** A step's task is offered to its potential owners: it waits for one of them. */
    OFFERED
  }

  /** The suffix of a reassignment notice's source: {@code <timer>:reassigned}. */
  public static final String REASSIGNED_SUFFIX = ":reassigned";

  /** The suffix of an offer notice's source: {@code <step>:offered}. */
  public static final String OFFERED_SUFFIX = ":offered";

  /** The timer that fired, for messages; null for a task listener, an offer or a user's command. */
  public String timerName() {
    if (cause == Cause.TASK_EVENT || cause == Cause.OFFERED || by != null) {
      return null;
    }
    return timer.endsWith(REASSIGNED_SUFFIX) ? timer.substring(0, timer.length() - REASSIGNED_SUFFIX.length()) : timer;
  }

  /** The task event of a listener run ({@code created}, ...); null otherwise. */
  public String taskEvent() {
    return cause == Cause.TASK_EVENT ? timer.substring(timer.indexOf('@') + 1) : null;
  }
}
