package dev.overdue.model;

/** What can happen to a user task. */
public enum TaskEvent {
  ACTIVATE,
  CLAIM,
  /** Work begins (WS-HumanTask start): the start deadlines are met. */
  START,
  RELEASE,
  /** An escalation replaced the potential owners; the task is offered again. */
  REASSIGN,
  COMPLETE,
  /** The process ended (rejected, aborted), or an outcome skipped the step, before it was decided. */
  OBSOLETE
}
