package dev.overdue.model;

/** What can happen to a user task. */
public enum TaskEvent {
  ACTIVATE,
  CLAIM,
  RELEASE,
  COMPLETE,
  /** The process ended (rejected, aborted) while the task was not yet completed. */
  OBSOLETE
}
