package dev.overdue.model.task;

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
  /** WS-HumanTask stop: work stops, the owner keeps the task. */
  STOP,
  /** WS-HumanTask delegate (and handing a delegated task back): one person now owns the task. */
  DELEGATE,
  /** WS-HumanTask skip: a skippable task ends undecided, with the outcome SKIPPED. */
  SKIP,
  /** The process ended (rejected, aborted), or an outcome skipped the step, before it was decided. */
  OBSOLETE
}
