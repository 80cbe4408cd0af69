package dev.overdue.model.timer;

/** What can happen to a business timer; {@link TimerLifecycle#TABLE} says what each does. */
public enum TimerEvent {
  /** Switched on: by {@code enableTimer}, or by the process for its own timers. */
  ENABLE,
  /** Switched off: by {@code disableTimer}, or by the process (a claimed task's acceptance timer). */
  DISABLE,
  /** The containing process was suspended. */
  SUSPEND,
  /** The containing process was resumed. */
  RESUME,
  /** A new time limit, or a cycle's occurrences moved later ({@code extendDeadline}). */
  EXTEND,
  /** Its expiration date was reached. */
  EXPIRE,
  /** The task or process it observes has ended: off for good. */
  CLEAR
}
