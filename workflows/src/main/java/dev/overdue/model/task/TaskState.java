package dev.overdue.model.task;

/** The state of a step's user task (the WS-HumanTask names where they fit). */
public enum TaskState {
  /** A later step, not yet reached. */
  PENDING,
  /** Offered to its approvers; nobody has claimed it. */
  READY,
  /** Claimed by one approver, its owner. */
  RESERVED,
  /** Its owner has started working on it (WS-HumanTask InProgress). */
  IN_PROGRESS,
  /** Decided, with an outcome. */
  COMPLETED,
  /** The process ended, or an outcome skipped the step, before this task was decided. */
  OBSOLETE
}
