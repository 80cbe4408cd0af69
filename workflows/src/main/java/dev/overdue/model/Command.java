package dev.overdue.model;

import java.time.Duration;

/** A command from outside (a Signal or an Update), already parsed into its typed form. */
public sealed interface Command {

  /** The command's name on the wire: the Signal and Update name. */
  String name();

  /** {@code user}, optional everywhere it appears on timer commands, is who asked: for the trail. */
  record EnableTimer(String timer, String user) implements Command {
    public EnableTimer(String timer) {
      this(timer, null);
    }

    public String name() {
      return "enableTimer";
    }
  }

  record DisableTimer(String timer, String user) implements Command {
    public DisableTimer(String timer) {
      this(timer, null);
    }

    public String name() {
      return "disableTimer";
    }
  }

  record Suspend(String reason) implements Command {
    public String name() {
      return "suspend";
    }
  }

  record Resume() implements Command {
    public String name() {
      return "resume";
    }
  }

  /** Exactly one of {@code limit} (a new time limit) and {@code by} (move the date later). */
  record ExtendDeadline(String timer, TimeLimit limit, Duration by, String user) implements Command {
    public ExtendDeadline(String timer, TimeLimit limit, Duration by) {
      this(timer, limit, by, null);
    }

    /** Refuses a {@code limit} and a {@code by} given both or neither, in whatever form they come. */
    public static void requireOneOf(Object limit, Object by) {
      if ((limit == null) == (by == null)) {
        throw new RuleViolation(
            "extendDeadline needs exactly one of 'limit' (a new time limit) and 'by' (a duration to"
                + " move the expiration date later)");
      }
    }

    public String name() {
      return "extendDeadline";
    }
  }

  /** {@code step} is optional: the current step when null. */
  record Claim(String step, String user) implements Command {
    public String name() {
      return "claim";
    }
  }

  /** WS-HumanTask start: the task is worked on (IN_PROGRESS); its start deadlines are met. */
  record Start(String step, String user) implements Command {
    public String name() {
      return "start";
    }
  }

  /** Decides the current step with {@code outcome}: APPROVED, REJECTED or a named outcome. */
  record Complete(String user, String outcome, String comment) implements Command {
    public String name() {
      return "complete";
    }
  }

  record Release(String step, String user) implements Command {
    public String name() {
      return "release";
    }
  }

  record Approve(String user, String comment) implements Command {
    public String name() {
      return "approve";
    }
  }

  record Reject(String user, String comment) implements Command {
    public String name() {
      return "reject";
    }
  }

  record Abort(String reason) implements Command {
    public String name() {
      return "abort";
    }
  }
}
