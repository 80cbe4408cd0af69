package dev.overdue.model.timer;

/**
 * The lifecycle state of a business timer: off, running and suspended as a workflow server's
 * timers have them, and cleared — off for good, once the task or process it observes has ended.
 * Views and snapshots show a cleared timer as {@code OFF} with {@code cleared: true}.
 */
public enum TimerState {
  OFF,
  RUNNING,
  SUSPENDED,
  CLEARED;

  /** The state as queries and snapshots write it: a cleared timer is off, with its cleared flag. */
  public TimerState shown() {
    return this == CLEARED ? OFF : this;
  }
}
