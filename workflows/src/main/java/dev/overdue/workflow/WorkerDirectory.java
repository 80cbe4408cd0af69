package dev.overdue.workflow;

/**
 * Whether the worker's directory keeps absences (it has an {@code absences} section). Workflow
 * code never reads it directly: an approval records it once, at its start, as a side-effect value;
 * when it is on, every task's people are looked up when it is created, so a substitute can stand
 * in for someone away, and an approval started without it pays no lookup for a step of named users.
 */
public final class WorkerDirectory {
  private static volatile boolean keepsAbsences;

  private WorkerDirectory() {}

  /** Set by the worker from its directory, before it polls and whenever the directory is read again. */
  public static void use(boolean absences) {
    keepsAbsences = absences;
  }

  static boolean keepsAbsences() {
    return keepsAbsences;
  }
}
