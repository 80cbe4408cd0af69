package dev.overdue.model;

import java.time.Duration;

/** A command from outside (a Signal or an Update), already parsed into its typed form. */
public sealed interface Command {

  /**
   * {@code user}, optional everywhere it appears on timer commands, is who asked: for the trail.
   */
  record EnableTimer(String timer, String user) implements Command {
    public EnableTimer(String timer) {
      this(timer, null);
    }
  }

  record DisableTimer(String timer, String user) implements Command {
    public DisableTimer(String timer) {
      this(timer, null);
    }
  }

  record Suspend(String reason) implements Command {}

  record Resume() implements Command {}

  /** Exactly one of {@code limit} (a new time limit) and {@code by} (move the date later). */
  record ExtendDeadline(String timer, TimeLimit limit, Duration by, String user)
      implements Command {
    public ExtendDeadline(String timer, TimeLimit limit, Duration by) {
      this(timer, limit, by, null);
    }

    /**
     * Refuses a {@code limit} and a {@code by} given both or neither, in whatever form they come.
     */
    public static void requireOneOf(Object limit, Object by) {
      if ((limit == null) == (by == null)) {
        throw new RuleViolation(
            "extendDeadline needs exactly one of 'limit' (a new time limit) and 'by' (a duration to"
                + " move the expiration date later)");
      }
    }
  }

  /** {@code step} is optional: the current step when null. */
  record Claim(String step, String user) implements Command {}

  /** WS-HumanTask start: the task is worked on (IN_PROGRESS); its start deadlines are met. */
  record Start(String step, String user) implements Command {}

  /** Decides the current step with {@code outcome}: APPROVED, REJECTED or a named outcome. */
  record Complete(String user, String outcome, String comment) implements Command {}

  record Release(String step, String user) implements Command {}

  record Approve(String user, String comment) implements Command {}

  record Reject(String user, String comment) implements Command {}

  record Abort(String reason) implements Command {}

  /**
   * Re-reads the business calendar and counts again the dates that depend on it. {@code calendar}
   * is the worker's, as the workflow recorded it when it applies the command; null while checked.
   */
  record Recalculate(String user, CalendarSettings calendar) implements Command {
    public Recalculate(String user) {
      this(user, null);
    }

    /** This command, counting in {@code workerCalendar}. */
    public Recalculate in(CalendarSettings workerCalendar) {
      return new Recalculate(user, workerCalendar);
    }
  }
}
