package dev.overdue.api;

import static dev.overdue.api.CommandWords.ANYONE;
import static dev.overdue.api.CommandWords.COMMENT;
import static dev.overdue.api.CommandWords.DECIDER;
import static dev.overdue.api.CommandWords.NAMES;
import static dev.overdue.api.CommandWords.OUTPUT;
import static dev.overdue.api.CommandWords.OWNER;
import static dev.overdue.api.CommandWords.OWNER_OR_ADMINISTRATOR;
import static dev.overdue.api.CommandWords.PEOPLE;
import static dev.overdue.api.CommandWords.SIGNED_USER;
import static dev.overdue.api.CommandWords.SOME_NAMES;
import static dev.overdue.api.CommandWords.STEP;
import static dev.overdue.api.CommandWords.TIMER_USER;
import static dev.overdue.api.CommandWords.UNLESS_SIGNED;
import static dev.overdue.api.CommandWords.USER_TIMER;
import static dev.overdue.api.CommandWords.WHO_ASKS;
import static dev.overdue.api.CommandWords.WHY;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.lang.reflect.RecordComponent;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The commands that steer a running approval, as the wire has them: each is sent as a Signal or an
 * Update named {@link #name} whose one argument is {@link #input}, a JSON object of exactly the
 * record's fields (those left null are left out). The workflow accepts these fields and no others.
 * Users are names as the approval's steps list them; {@code user} on a timer command is who asks,
 * for the timer's trail. What each command does, who may send it and what its fields are: its
 * {@link Declared} and {@link Input}s, which the CLI and the task API are made of.
 */
public sealed interface ApprovalCommand {
  /** Every command by its Signal and Update name, in the order help lists them. */
  Map<String, Class<? extends ApprovalCommand>> ALL = Declarations.byName();

  @Declared(
      cli = "enable-timer",
      summary = "Switch a user timer on: it starts running toward its time limit.",
      sentBy = ANYONE)
  record EnableTimer(@Input(positional = true, required = true, label = "TIMER", help = USER_TIMER) String timer,
      @Input(label = "USER", help = TIMER_USER) String user) implements ApprovalCommand {}

  @Declared(
      cli = "disable-timer",
      summary = "Switch a user timer off; its expiration date stays fixed for when it is enabled again.",
      sentBy = ANYONE)
  record DisableTimer(@Input(positional = true, required = true, label = "TIMER", help = USER_TIMER) String timer,
      @Input(label = "USER", help = TIMER_USER) String user) implements ApprovalCommand {}

  @Declared(
      cli = "suspend",
      summary = "Suspend the process: running timers pause, task actions are refused.",
      sentBy = ANYONE)
  record Suspend(@Input(label = "TEXT", help = "Why, shown in status.") String reason)
      implements ApprovalCommand {}

  @Declared(
      cli = "resume",
      summary =
          "Resume a suspended process: paused timers run on; one whose deadline passed meanwhile"
              + " expires now.",
      sentBy = ANYONE)
  record Resume() implements ApprovalCommand {}

  /**
   * Gives a timer a new {@code limit} (a duration such as {@code P3D}, seconds, or a date-time), or
   * moves its date {@code by} a duration later: exactly one of the two.
   */
  @Declared(
      cli = "extend-deadline",
      summary = "Give a timer a new time limit, or move its expiration date later.",
      sentBy = ANYONE,
      oneOf = {"limit", "by"})
  record ExtendDeadline(
      @Input(
              positional = true,
              required = true,
              label = "TIMER",
              help =
                  "Any timer: process, <step>.acceptance, <step>.completion, a deadline <step>.<name>"
                      + " or a user timer.")
          String timer,
      @Input(label = "LIMIT", help = "New time limit: a duration (P3D), seconds, or a date-time with offset.",
              missing = "a new time limit")
          String limit,
      @Input(
              label = "DURATION",
              help = "Move the current expiration date later by an ISO-8601 duration (P1D).",
              missing = "a duration to move the expiration date later")
          String by,
      @Input(label = "USER", help = TIMER_USER) String user)
      implements ApprovalCommand {
    /** A new time limit. */
    public static ExtendDeadline to(String timer, String limit, String user) {
      return new ExtendDeadline(timer, limit, null, user);
    }

    /** The expiration date (a cycle's remaining occurrences) {@code by} later. */
    public static ExtendDeadline by(String timer, Duration by, String user) {
      return new ExtendDeadline(timer, null, by.toString(), user);
    }
  }

  /** Camunda's recalculateJobDuedate, for the whole approval: re-reads the worker's business calendar. */
  @Declared(
      cli = "recalculate",
      summary = {
        "Count the approval's dates again in the worker's calendar as it is now.",
        "Working-time limits, cycles in working time and cron cycles that have not expired move"
            + " (a holiday announced after the start, new hours); fixed dates and elapsed durations"
            + " do not. The answer and `overdue timers ID --explain` show each old and new date."
      },
      sentBy = ANYONE)
  record Recalculate(
      @Input(label = "USER", help = "Who asks: in the timers' changes." + SIGNED_USER) String user)
      implements ApprovalCommand {}

  @Declared(
      cli = "claim",
      summary = "Take the current step: only its owner may then decide it.",
      sentBy = "a potential owner of the step",
      http = @Declared.Http(path = "claim", body = "Step",
          summary = "Claim the current step: only its owner may then decide it (WS-HumanTask claim).",
          page = @Declared.Page(button = "I'll take it", place = Declared.Page.Place.TASK,
              explain = "It becomes yours alone to decide; the others see that you have it.")))
  record Claim(@Input(label = "STEP", help = STEP) String step,
      @Input(label = "USER", help = OWNER, required = true) String user) implements ApprovalCommand {}

  @Declared(
      cli = "start-task",
      summary = {
        "Start working on the current step: it goes IN_PROGRESS, owned by USER.",
        "Starting meets the step's start deadlines. A step claimed by someone else only they"
            + " can start."
      },
      sentBy = "its owner, or a potential owner of a step no one claimed",
      http = @Declared.Http(path = "start", body = "Step",
          summary = "Start working on the claimed step (IN_PROGRESS): its start deadlines are met.",
          page = @Declared.Page(button = "Start working on it",
              explain = "Says you are on it; it stays yours.")))
  record Start(@Input(label = "STEP", help = STEP) String step,
      @Input(label = "USER", help = OWNER, required = true) String user) implements ApprovalCommand {}

  @Declared(
      cli = "release",
      summary = "Give a claimed step back to all its potential owners.",
      sentBy = "its owner or a business administrator",
      http = @Declared.Http(path = "release", body = "Step",
          summary = "Give a claimed step back to all its potential owners.",
          page = @Declared.Page(button = "Give it back", place = Declared.Page.Place.TASK,
              explain = "Everyone it was offered to may take it again.")))
  record Release(@Input(label = "STEP", help = STEP) String step,
      @Input(label = "USER", help = OWNER, required = true) String user) implements ApprovalCommand {}

  /** {@code output}, when given, is merged into the approval's data first (JSON Merge Patch). */
  @Declared(
      cli = "approve",
      summary = "Approve the current step; the approval moves to the next step or ends APPROVED.",
      sentBy = DECIDER,
      http = @Declared.Http(path = "approve", body = "Decision",
          summary = "Approve the current step: the approval moves on, or ends APPROVED.",
          page = @Declared.Page(button = "Approve", place = Declared.Page.Place.DECIDE)))
  record Approve(@Input(label = "USER", help = OWNER, required = true) String user,
      @Input(label = "TEXT", ask = COMMENT) String comment,
      @Input(label = "JSON", help = OUTPUT, option = "--task-output") Map<String, Object> output)
      implements ApprovalCommand {
    public Approve(String user, String comment) {
      this(user, comment, null);
    }
  }

  /** Rejects the current step: the approval ends REJECTED; {@code output} as for approve. */
  @Declared(
      cli = "reject",
      summary = "Reject the current step; the approval ends REJECTED.",
      sentBy = DECIDER,
      http = @Declared.Http(path = "reject", body = "Decision",
          summary = "Reject the current step: the approval ends REJECTED.",
          page = @Declared.Page(button = "Reject", place = Declared.Page.Place.DECIDE)))
  record Reject(@Input(label = "USER", help = OWNER, required = true) String user,
      @Input(label = "TEXT", ask = COMMENT) String comment,
      @Input(label = "JSON", help = OUTPUT, option = "--task-output") Map<String, Object> output)
      implements ApprovalCommand {
    public Reject(String user, String comment) {
      this(user, comment, null);
    }
  }

  /** {@code outcome}: approved, rejected, or one the step names; {@code output} as for approve. */
  @Declared(
      cli = "complete",
      summary = {
        "Complete the current step with an outcome: approved, rejected, or one the step names.",
        "A named outcome (the step's `outcomes`, in the OUTCOMES column of `overdue status`)"
            + " leads to a later step or ends the approval."
      },
      sentBy = DECIDER,
      http = @Declared.Http(path = "complete", body = "Completion",
          summary = "Decide the current step with an outcome: approved, rejected, or one the step names.",
          page = @Declared.Page(button = "Decide", place = Declared.Page.Place.DECIDE)))
  record Complete(@Input(label = "USER", help = OWNER, required = true) String user,
      @Input(label = "OUTCOME", required = true,
              help = "approved, rejected, or an outcome of the step such as needs-legal.",
              expected = "approved, rejected, or an outcome the step names")
          String outcome,
      @Input(label = "TEXT", ask = COMMENT) String comment,
      @Input(label = "JSON", help = OUTPUT, option = "--task-output") Map<String, Object> output)
      implements ApprovalCommand {
    public Complete(String user, String outcome, String comment) {
      this(user, outcome, comment, null);
    }
  }

  @Declared(
      cli = "update-data",
      summary = {
        "Merge a JSON object into the approval's data (JSON Merge Patch, RFC 7396: a field set to"
            + " null is removed), for the requester and the current step's potential owners.",
        "Later conditions, expressions and messages see the new data; `overdue history` shows each"
            + " field's old and new value."
      },
      sentBy = "the requester or a potential owner of the current step",
      http = @Declared.Http(path = "update-data", body = "DataUpdate",
          summary = "Merge data into the approval's data (JSON Merge Patch, RFC 7396).",
          page = @Declared.Page(button = "Correct a detail",
              explain = "Changes one detail of the request; the history keeps the old value.")))
  record UpdateData(
      @Input(label = "USER", help = "Who changes it; " + UNLESS_SIGNED, required = true) String user,
      @Input(label = "JSON", required = true, help = "A JSON object, or @FILE to read it from a file.",
              expected = "an object to merge into the approval's data",
              missing = "a JSON object to merge into the approval's data", ask = "Detail to correct")
          Map<String, Object> data)
      implements ApprovalCommand {}

  @Declared(
      cli = "reassign",
      summary = {
        "Give the current step to others: users and groups (looked up in the worker's directory) or"
            + " the roles potentialOwners, owner, requester and manager.",
        "The step is offered to them again. Names that stand for nobody leave it with the owners it"
            + " had, and the command is refused saying why. For the requester and the step's"
            + " potential owners."
      },
      sentBy = "the requester or a potential owner of the current step",
      http = @Declared.Http(path = "reassign", body = "Reassignment",
          summary = "Give the current step to new potential owners (users, groups, roles);"
              + " it is offered again.",
          page = @Declared.Page(button = "Give it to others",
              explain = "They decide it instead: it is offered to them, and no longer to whoever had it.")))
  record Reassign(@Input(label = "USER", help = WHO_ASKS, required = true) String user,
      @Input(label = "NAME", required = true,
              help = "The new potential owners, comma-separated (bob,finance).",
              expected = NAMES, missing = SOME_NAMES, ask = "Give it to", hint = PEOPLE)
          List<String> to)
      implements ApprovalCommand {}

  @Declared(
      cli = "refresh-owners",
      summary = {
        "Look the current step's candidate groups up again in the worker's directory, after a"
            + " change there (the worker reads its directory when it starts).",
        "The members found become its potential owners beside its candidate users; whoever"
            + " claimed the step keeps it."
      },
      sentBy = ANYONE)
  record RefreshOwners(@Input(label = "USER", help = "Who asks: in the history." + SIGNED_USER) String user)
      implements ApprovalCommand {}

  @Declared(cli = "abort", summary = "End the approval ABORTED; every timer is cleared.", sentBy = ANYONE)
  record Abort(@Input(label = "TEXT", required = true) String reason) implements ApprovalCommand {}

  @Declared(
      cli = "stop-task",
      summary = {
        "Stop working on the current step (WS-HumanTask stop): it goes from IN_PROGRESS back to"
            + " RESERVED, still owned by the same person.",
        "For its owner and the request's business administrators."
      },
      sentBy = OWNER_OR_ADMINISTRATOR,
      http = @Declared.Http(path = "stop", body = "Step",
          summary = "Stop working on the started step (back to RESERVED): its owner keeps it.",
          page = @Declared.Page(button = "Put it aside",
              explain = "You stop working on it for now; it stays yours.")))
  record Stop(@Input(label = "STEP", help = STEP) String step,
      @Input(label = "USER", help = WHO_ASKS, required = true) String user) implements ApprovalCommand {}

  /** Camunda's and Flowable's delegateTask too; the delegator is remembered, for {@link Resolve}. */
  @Declared(
      cli = "delegate",
      summary = {
        "Hand the current step to one person (WS-HumanTask delegate): they own it (RESERVED) and"
            + " become a potential owner; the four-eyes rules apply to them.",
        "For its owner and the request's business administrators. The delegate can give it back"
            + " with `resolve`."
      },
      sentBy = OWNER_OR_ADMINISTRATOR,
      http = @Declared.Http(path = "delegate", body = "Delegation",
          summary = "Hand the current step to one person, who then holds it; by its owner or a business"
              + " administrator.",
          page = @Declared.Page(button = "Hand to someone",
              explain = "They look after it until they decide it or hand it back to you.")))
  record Delegate(@Input(label = "USER", help = WHO_ASKS, required = true) String user,
      @Input(label = "USER", required = true, help = "Who takes it over.",
              expected = "the one user to hand the step to", ask = "Hand to", hint = "one person's user name")
          String to,
      @Input(label = "TEXT", help = "Why, in the history.", ask = WHY) String comment)
      implements ApprovalCommand {}

  @Declared(
      cli = "resolve",
      summary = {
        "Give a delegated step back to whoever delegated it, who owns it again (RESERVED).",
        "For the person it was delegated to (as Flowable's resolveTask)."
      },
      sentBy = "the person the step was delegated to",
      http = @Declared.Http(path = "resolve", body = "Resolution",
          summary = "Hand a delegated step back to whoever delegated it (Flowable's resolveTask).",
          page = @Declared.Page(button = "Hand back", place = Declared.Page.Place.TASK,
              explain = "It goes back to whoever handed it to you.")))
  record Resolve(@Input(label = "USER", help = WHO_ASKS, required = true) String user,
      @Input(label = "TEXT", help = "What was done, in the history.", ask = COMMENT) String comment)
      implements ApprovalCommand {}

  @Declared(
      cli = "forward",
      summary = {
        "Pass the current step on (WS-HumanTask forward): USER leaves its potential owners, the"
            + " users, groups and roles named join (as for reassign), and it is offered again.",
        "For its potential owners, its owner and the request's business administrators."
      },
      sentBy = "a potential owner, the owner or a business administrator",
      http = @Declared.Http(path = "forward", body = "Forwarding",
          summary = "Pass the current step on: the caller leaves its potential owners, the named ones join,"
              + " it is offered again.",
          page = @Declared.Page(button = "Pass on",
              explain = "They get the task instead of you; you no longer have it.")))
  record Forward(@Input(label = "USER", help = WHO_ASKS, required = true) String user,
      @Input(label = "NAME", required = true, help = "Who it goes to, comma-separated (bob,finance).",
              expected = NAMES, missing = SOME_NAMES, ask = "Pass on to", hint = PEOPLE)
          List<String> to,
      @Input(label = "TEXT", help = "Why, in the history.", ask = WHY) String comment)
      implements ApprovalCommand {}

  @Declared(
      cli = "nominate",
      summary = {
        "Add potential owners to the current step (WS-HumanTask nominate), typically to one no one"
            + " can act on; its state stays.",
        "For the request's business administrators only."
      },
      sentBy = "a business administrator",
      http = @Declared.Http(path = "nominate", body = "Nomination",
          summary = "Add potential owners to the current step; by a business administrator.",
          page = @Declared.Page(button = "Add people",
              explain = "They may take the task too, beside those it is offered to.")))
  record Nominate(@Input(label = "USER", help = WHO_ASKS, required = true) String user,
      @Input(label = "NAME", required = true,
              help = "The users, groups and roles to add, comma-separated (dora,finance).", expected = NAMES,
              missing = SOME_NAMES, ask = "People to add", hint = PEOPLE)
          List<String> to)
      implements ApprovalCommand {}

  @Declared(
      cli = "skip",
      summary = {
        "Skip the current step (WS-HumanTask skip): it ends SKIPPED and the approval moves on as"
            + " if it had been approved. Only a step the request declares `skippable: true`.",
        "For its potential owners, the requester and the request's business administrators."
      },
      sentBy = "a potential owner, the requester or a business administrator",
      http = @Declared.Http(path = "skip", body = "Skipping",
          summary = "Skip the current step, when the request declares it skippable: the approval moves on.",
          page = @Declared.Page(button = "Skip this step",
              explain = "The approval goes on to the next step as if this one had been approved.")))
  record Skip(@Input(label = "USER", help = WHO_ASKS, required = true) String user,
      @Input(label = "TEXT", required = true, help = "Why, in status and history.",
              expected = "why the step is not needed", ask = "Why this step is not needed")
          String reason)
      implements ApprovalCommand {}

  @Declared(
      cli = "set-priority",
      summary = {
        "Set the current step's priority (WS-HumanTask setPriority): 0 is the highest, 10 the"
            + " lowest, 5 the default.",
        "For its owner and the request's business administrators."
      },
      sentBy = OWNER_OR_ADMINISTRATOR,
      http = @Declared.Http(path = "set-priority", body = "Priority",
          summary = "Set the current step's priority, 0 (highest) to 10 (lowest); by its owner or a business"
              + " administrator.",
          page = @Declared.Page(button = "Change priority",
              explain = "How urgent it is: the lists of the people who decide are ordered by it.")))
  record SetPriority(@Input(label = "USER", help = WHO_ASKS, required = true) String user,
      @Input(label = "N", required = true, help = "From 0 to 10.", expected = "0 (highest) to 10 (lowest)",
              missing = "0 (highest) to 10 (lowest)", range = {0, 10}, ask = "Priority")
          Integer priority)
      implements ApprovalCommand {}

  /** {@code at}: a date-time with an offset, or a duration from now such as P2D; {@code none} clears it. */
  @Declared(
      cli = "set-follow-up",
      summary = {
        "Set the current step's follow-up date (Camunda's followUpDate): from then it shows in"
            + " `overdue list --follow-up-due`; nothing else happens.",
        "For its owner, its potential owners, the requester and the request's business administrators."
      },
      sentBy = "the owner, a potential owner, the requester or a business administrator",
      http = @Declared.Http(path = "set-follow-up", body = "FollowUp",
          summary = "Set the date from which the current step should be looked at again (a date-time, a"
              + " duration from now, or none to clear it); nothing runs then. By its owner, a potential"
              + " owner, the requester or a"
              + " business administrator.",
          page = @Declared.Page(button = "Look at it again on a day",
              explain = "From that day it is marked for a follow-up in the lists; nothing else happens.")))
  record SetFollowUp(@Input(label = "USER", help = WHO_ASKS, required = true) String user,
      @Input(label = "WHEN", required = true,
              help = "A date-time (2026-12-01T09:00:00+01:00), a duration from now (P2D), or none to"
                  + " clear it.",
              expected = "a date-time, a duration from now such as P2D, or none", ask = "Look at it again on")
          String at)
      implements ApprovalCommand {}

  @Declared(
      cli = "comment",
      summary = {
        "Add a comment to the current step (WS-HumanTask addComment); `overdue status` shows the"
            + " latest.",
        "For its potential owners, its owner, the requester and the request's business"
            + " administrators; also while the approval is suspended."
      },
      sentBy = "a potential owner, the owner, the requester or a business administrator",
      http = @Declared.Http(path = "comment", body = "Note",
          summary = "Add a comment to the current step; by the requester, its potential owners and business"
              + " administrators.",
          page = @Declared.Page(button = "Add a comment", place = Declared.Page.Place.COMMENT)))
  record Comment(@Input(label = "USER", help = WHO_ASKS, required = true) String user,
      @Input(label = "TEXT", required = true, help = "At most 2000 characters.", expected = "the comment",
              ask = "Add a comment")
          String text)
      implements ApprovalCommand {}

  @Declared(
      cli = "nudge",
      summary = {
        "Remind whom the current step waits for (its potential owners, or its owner once claimed) now,"
            + " at most once an hour per step; the reminder says who asked.",
        "For the requester and the request's business administrators. Too soon, it is refused with"
            + " the time left."
      },
      sentBy = "the requester and the request's business administrators",
      http = @Declared.Http(path = "nudge", body = "Step",
          summary = "Remind whom the current step waits for now, at most once an hour; by the requester or a"
              + " business administrator.",
          page = @Declared.Page(button = "Remind them now", place = Declared.Page.Place.TASK,
              explain = "Sends the people it waits for a reminder that you asked; at most once an hour.")))
  record Nudge(@Input(label = "STEP", help = STEP) String step,
      @Input(label = "USER", help = WHO_ASKS, required = true) String user) implements ApprovalCommand {
    /** The least time between two nudges of one step. */
    public static final Duration EVERY = Duration.ofHours(1);

    /** The audit trail's event of an accepted nudge: its input names the step, who nudged and whom. */
    public static final String EVENT = "Nudged";
  }

  /** The Signal and Update name. */
  default String name() {
    return Declarations.name(getClass());
  }

  /** The command's one argument: its fields that are set. */
  default ObjectNode input() {
    return CommandJson.MAPPER.valueToTree(this);
  }

  /** The fields command {@code name} takes: the names of its record's components. */
  static List<String> fields(String name) {
    Class<? extends ApprovalCommand> type = ALL.get(name);
    if (type == null) {
      throw new IllegalArgumentException("no command " + name);
    }
    return Arrays.stream(type.getRecordComponents()).map(RecordComponent::getName).toList();
  }
}
