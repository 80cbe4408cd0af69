package dev.overdue.model;

/** What can happen to a timer's lifecycle state. */
public enum TimerEvent {
  ENABLE,
  DISABLE,
  /** The containing process was suspended. */
  SUSPEND,
  /** The containing process was resumed. */
  RESUME
}
