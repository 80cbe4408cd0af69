package dev.overdue.model;

import java.time.Duration;

/** A command from outside (a Signal or an Update), already parsed into its typed form. */
public sealed interface Command {

  /** The command's name on the wire: the Signal and Update name. */
  String name();

  record EnableTimer(String timer) implements Command {
    public String name() {
      return "enableTimer";
    }
  }

  record DisableTimer(String timer) implements Command {
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
  record ExtendDeadline(String timer, TimeLimit limit, Duration by) implements Command {
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
