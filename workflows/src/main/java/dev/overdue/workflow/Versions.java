package dev.overdue.workflow;

import dev.overdue.model.Rules;
import io.temporal.workflow.Workflow;

/**
 * The workflow's versioned changes ({@code Workflow.getVersion}), each with what it changed. An
 * approval started before a change keeps replaying its history the old way; one started after it
 * records the change's marker and runs the new way. Each is read once per run, at the moment it was
 * first read — {@link #atInit} when the workflow is constructed, {@link #atRun} when it starts
 * running — since a recorded history has each marker there.
 */
final class Versions {
  /**
   * 1: publishes search attributes and names its activities (both add to commands, so histories
   * recorded before it replay without them).
   */
  static final String INSPECTABLE = "inspectable";

  /**
   * 1: keeps a server timer that fires earlier than a deadline moved later, and re-arms when it
   * fires, instead of cancelling and restarting it on every change.
   */
  static final String LAZY_REARM = "lazy-rearm";

  /**
   * 1: continues as new before the history reaches the size where Temporal suggests it, carrying a
   * {@link dev.overdue.model.ProcessSnapshot} as {@code {"continuation": ...}}.
   */
  static final String CONTINUE_AS_NEW = "continue-as-new";

  /**
   * 1: resolves a notification's recipients in an activity first, then delivers each (recipient,
   * channel) with a key derived here from the workflow id, its first run, the timer, the firing, the
   * recipient and the channel; messages are templates. Before it, one activity per name resolved
   * and sent in one go.
   */
  static final String DELIVERY = "delivery";

  /**
   * 1: starts a new process at the run's start time, not at its first workflow task: a request
   * validated and started before its absolute deadline must not fail as "in the past" because no
   * worker ran it in time, and relative limits count from the start. Deadlines that passed meanwhile
   * expire at once, late.
   */
  static final String START_AT_RUN_START = "start-at-run-start";

  /**
   * 1: knows deadlines, escalations, cycles, listeners, outcomes and business calendars: the {@code
   * start} and {@code complete} commands and the {@code user} field of timer commands are accepted,
   * listener runs and reassignment notices are started, the handler chains of one timer run one
   * after the other, and an approval that counts working time records the worker's calendar as a
   * side effect at its start. Before it, those commands and fields were refused as unknown.
   */
  static final String DEADLINES = "deadlines";

  /**
   * 1: every change above at once, read first: a new approval records this one marker instead of
   * six (the Web UI's timeline shows each as a row). It also starts without a blocking call in the
   * constructor: the command handlers are registered first, and an approval that counts working
   * time records the worker's calendar when its workflow method starts, not in the constructor,
   * where the SDK warns that a blocking call delays the instance and may get Updates rejected.
   * Approvals started before it replay by the six, as recorded.
   */
  static final String SHAPE_7 = "shape-7";

  /**
   * 1: human tasks: candidate groups resolved by an activity, assignee, priority, limits and
   * assignees from expressions, task data, schedules (cycles with a start or an end, cron), the
   * commands reassign, refreshOwners, updateData and recalculate, and three fixes of escalation
   * rules (a reassignment to nobody keeps the owners; unnamed reassignments in document order; a
   * cycle in working time counts it). Read before shape-7, whose changes it includes: a new
   * approval still records one marker.
   */
  static final String SHAPE_8 = "shape-8";

  /**
   * 1: bounded state and fleet-wide timer counts, released together. Bounded state ({@link
   * Rules#BOUNDED}): the approval keeps the count of its warnings and only the latest ones, each cut
   * to a bounded length, and a continue-as-new carries those and the latest timer changes of all
   * timers, each timer's with its count, instead of everything: its input no longer grows with the
   * number of expiries or changes (the rest is in the runs' audit trails). Timer counts: it
   * publishes the search attributes TimersRunning and TimersSuspended, its timers in each state,
   * which the worker's open-timer gauges add up from visibility (more upserts, so histories
   * recorded before it replay without them). Read before shape-8, whose changes it includes: a new
   * approval still records one marker.
   */
  static final String SHAPE_9 = "shape-9";

  /**
   * 1: an expiry as cheap as a bare timer. The {@code warn} handler raises its warning in the
   * workflow — on the approval, as a line of the worker's log from the workflow's replay-safe
   * logger, and in the warnings metric — instead of by the RaiseWarning activity, whose scheduling,
   * task and completion cost an Action and a second workflow task per expiry; and the warn and
   * decide handlers at the head of a chain run at once, in the workflow task that fired them, so
   * that task publishes the approval's search attributes once. Read before shape-9, whose changes
   * it includes: a new approval still records one marker.
   */
  static final String SHAPE_10 = "shape-10";

  /**
   * 1: signed commands. The approval starts in its workflow method, having recorded the worker's
   * default {@link dev.overdue.model.AuthPolicy} (a side effect); a command may carry a {@code
   * token}, taken out of its input, verified under the approval's policy, and what verifying it came
   * to recorded as a side effect, so a replay after the keys rotated answers the same. Before it, a
   * {@code token} field was refused as unknown. Read before shape-10, whose changes it includes: a
   * new approval still records one marker.
   */
  static final String SHAPE_11 = "shape-11";

  /**
   * 1: what a list shows is the approval's state. NextDeadline is the earliest running expiration
   * date, not the next wake-up (a kept server timer of a cleared or moved timer made it name a date
   * nothing expires at); PotentialOwners names the users the current step is offered to; and an
   * offered task tells its potential owners it waits for them ({@link Rules#OFFERS}). Read before
   * shape-11, whose changes it includes: a new approval still records one marker.
   */
  static final String SHAPE_12 = "shape-12";

  /** Version "shape-7": the six changes on, no blocking call while the workflow is constructed. */
  final boolean shape7;
  /** Version "shape-8": human tasks. */
  final boolean knowsTasks;
  /** Version "shape-9": bounded state, and timer counts as search attributes. */
  final boolean shape9;
  /** Version "shape-10": warnings raised in the workflow, the head of a handler chain run at once. */
  final boolean shape10;
  /** Version "shape-11": signed commands. */
  final boolean signsCommands;
  /** Version "shape-12": lists show the state (NextDeadline, PotentialOwners), offers are told. */
  final boolean shape12;
  final boolean startsAtRunStart;
  final boolean knowsDeadlines;
  boolean inspectable;
  boolean lazyRearm;
  boolean continuesAsNew;
  boolean resolvesRecipients;

  private Versions(
      boolean shape12, boolean signsCommands,
      boolean shape10, boolean shape9, boolean knowsTasks, boolean shape7, boolean startsAtRunStart,
      boolean knowsDeadlines) {
    this.shape12 = shape12;
    this.signsCommands = signsCommands;
    this.shape10 = shape10;
    this.shape9 = shape9;
    this.knowsTasks = knowsTasks;
    this.shape7 = shape7;
    this.startsAtRunStart = startsAtRunStart;
    this.knowsDeadlines = knowsDeadlines;
  }

  /** The changes the constructor needs: how to start, which commands exist. */
  static Versions atInit() {
    if (isOn(SHAPE_12)) {
      return new Versions(true, true, true, true, true, true, true, true);
    }
    if (isOn(SHAPE_11)) {
      return new Versions(false, true, true, true, true, true, true, true);
    }
    if (isOn(SHAPE_10)) {
      return new Versions(false, false, true, true, true, true, true, true);
    }
    if (isOn(SHAPE_9)) {
      return new Versions(false, false, false, true, true, true, true, true);
    }
    if (isOn(SHAPE_8)) {
      return new Versions(false, false, false, false, true, true, true, true);
    }
    if (isOn(SHAPE_7)) {
      return new Versions(false, false, false, false, false, true, true, true);
    }
    return new Versions(false, false, false, false, false, false, isOn(START_AT_RUN_START), isOn(DEADLINES));
  }

  /** The edition of the model's rules the approval runs by. */
  Rules rules() {
    return shape12 ? Rules.OFFERS : shape9 ? Rules.BOUNDED : knowsTasks ? Rules.TASKS : Rules.BEFORE_TASKS;
  }

  /** The commands, and the fields of each, the approval knows. */
  Commands.Known commands() {
    return knowsTasks
        ? Commands.Known.CURRENT
        : knowsDeadlines ? Commands.Known.BEFORE_TASKS : Commands.Known.BEFORE_DEADLINES;
  }

  /** The rest, when the workflow method starts (not for a request that could not start). */
  void atRun() {
    inspectable = shape7 || isOn(INSPECTABLE);
    lazyRearm = shape7 || isOn(LAZY_REARM);
    continuesAsNew = shape7 || isOn(CONTINUE_AS_NEW);
    resolvesRecipients = shape7 || isOn(DELIVERY);
  }

  private static boolean isOn(String change) {
    return Workflow.getVersion(change, Workflow.DEFAULT_VERSION, 1) >= 1;
  }
}
