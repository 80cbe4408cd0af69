package dev.overdue.model.command;

import com.fasterxml.jackson.databind.JsonNode;
import dev.overdue.model.RuleViolation;
import dev.overdue.model.schedule.CalendarSettings;
import dev.overdue.model.schedule.IsoDuration;
import dev.overdue.model.schedule.TimeLimit;
import java.util.List;

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
  record ExtendDeadline(String timer, TimeLimit limit, IsoDuration by, String user)
      implements Command {
    public ExtendDeadline(String timer, TimeLimit limit, IsoDuration by) {
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

  /**
   * Decides the current step with {@code outcome}: APPROVED, REJECTED or a named outcome; {@code
   * output}, an object or null, is merged into the data first.
   */
  record Complete(String user, String outcome, String comment, JsonNode output) implements Command {
    public Complete(String user, String outcome, String comment) {
      this(user, outcome, comment, null);
    }
  }

  record Release(String step, String user) implements Command {}

  record Approve(String user, String comment, JsonNode output) implements Command {
    public Approve(String user, String comment) {
      this(user, comment, null);
    }
  }

  record Reject(String user, String comment, JsonNode output) implements Command {
    public Reject(String user, String comment) {
      this(user, comment, null);
    }
  }

  record Abort(String reason) implements Command {}

  /** A JSON Merge Patch of the approval's data, by {@code user}. */
  record UpdateData(String user, JsonNode data) implements Command {}

  /** New potential owners for the current step: users, groups and roles, by {@code user}. */
  record Reassign(String user, List<String> to) implements Command {
    public Reassign {
      to = List.copyOf(to);
    }
  }

  /** The current step's candidate groups looked up again; {@code user} is who asked, for the trail. */
  record RefreshOwners(String user) implements Command {}

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

  /** WS-HumanTask stop: IN_PROGRESS back to RESERVED; {@code step} optional, as for claim. */
  record Stop(String step, String user) implements Command {}

  /** WS-HumanTask delegate: {@code to}, one user, owns the current step. */
  record Delegate(String user, String to, String comment) implements Command {}

  /** A delegated step handed back to its delegator. */
  record Resolve(String user, String comment) implements Command {}

  /** WS-HumanTask forward: {@code user} leaves the potential owners, {@code to} join; offered again. */
  record Forward(String user, List<String> to, String comment) implements Command {
    public Forward {
      to = List.copyOf(to);
    }
  }

  /** WS-HumanTask nominate: {@code to} join the potential owners; the step's state stays. */
  record Nominate(String user, List<String> to) implements Command {
    public Nominate {
      to = List.copyOf(to);
    }
  }

  /** WS-HumanTask skip: a skippable step ends with the outcome SKIPPED. */
  record Skip(String user, String reason) implements Command {}

  /** WS-HumanTask setPriority: 0 (highest) to 10. */
  record SetPriority(String user, int priority) implements Command {}

  /**
   * Camunda's followUpDate for the current step: {@code at}, a date-time or a duration from now;
   * null clears it.
   */
  record SetFollowUp(String user, TimeLimit at) implements Command {}

  /** WS-HumanTask addComment, on the current step. */
  record AddComment(String user, String text) implements Command {}
}
