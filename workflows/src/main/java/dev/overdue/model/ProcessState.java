package dev.overdue.model;

/** The state of an approval process. */
public enum ProcessState {
  ACTIVE,
  SUSPENDED,
  APPROVED,
  REJECTED,
  ABORTED;

  public boolean isEnded() {
    return this == APPROVED || this == REJECTED || this == ABORTED;
  }
}
