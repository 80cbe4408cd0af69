package dev.overdue.model.timer;

/** System timers are switched by the process itself; user timers by enable/disable commands. */
public enum TimerKind {
  /** Process completion: from the start of the process to its end. */
  PROCESS,
  /** Task acceptance: while a task is offered (READY) and nobody has claimed it. */
  ACCEPTANCE,
  /** Task completion: from when a task is first offered to when it is completed. */
  COMPLETION,
  /** A WS-HumanTask start deadline: from the task's creation until it is started. */
  START_DEADLINE,
  /** A WS-HumanTask completion deadline: from the task's creation until a final state. */
  COMPLETION_DEADLINE,
  /**
   * A completion deadline counted from the claim ({@code from: claim}): it runs while someone owns
   * the task, starting afresh for each new owner, and stops when the task is given back.
   */
  CLAIM_DEADLINE,
  /** Declared in the request; starts OFF, switched by enableTimer and disableTimer. */
  USER;

  public boolean isDeadline() {
    return this == START_DEADLINE || this == COMPLETION_DEADLINE || this == CLAIM_DEADLINE;
  }

  public boolean isSystem() {
    return this != USER;
  }
}
