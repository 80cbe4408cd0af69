package dev.overdue.model.process;

import dev.overdue.api.ApprovalRequest.OutcomeDefinition;
import dev.overdue.model.ProcessState;
import dev.overdue.model.RuleViolation;
import dev.overdue.model.Texts;
import dev.overdue.model.command.CommandContext;
import dev.overdue.model.command.RuleChecks;
import dev.overdue.model.escalation.ExpressionScope;
import dev.overdue.model.expression.DataExpression;
import dev.overdue.model.request.Outcome;
import dev.overdue.model.request.RequestValidator;
import dev.overdue.model.request.TaskListenerEvent;
import dev.overdue.model.task.TaskEvent;
import dev.overdue.model.task.TaskState;
import dev.overdue.model.task.UserTask;
import dev.overdue.model.timer.BusinessTimer;
import dev.overdue.model.timer.TimerEvent;
import dev.overdue.model.timer.TimerKind;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * How an approval moves on: where it stands (its state, the current step, who decided it and
 * when), and each move: suspend and resume, offer a step, decide or skip the current one, end.
 * It is given the same view of the approval as the rules ({@link CommandContext}), and is the one
 * place that changes where the approval stands.
 */
final class StepFlow {
  private final CommandContext context;
  private final ExpressionScope expressions;
  private ProcessState state = ProcessState.ACTIVE;
  private String suspendedReason;
  private int current;
  private String decidedBy;
  private String comment;
  private Instant completedAt;

  StepFlow(CommandContext context, ExpressionScope expressions) {
    this.context = context;
    this.expressions = expressions;
  }

  /** Where a continued approval stood, as its snapshot carried it. */
  void restore(ProcessState state, String suspendedReason, int current, String decidedBy, String comment,
      Instant completedAt) {
    this.state = state;
    this.suspendedReason = suspendedReason;
    this.current = current;
    this.decidedBy = decidedBy;
    this.comment = comment;
    this.completedAt = completedAt;
  }

  ProcessState state() {
    return state;
  }

  String suspendedReason() {
    return suspendedReason;
  }

  int currentIndex() {
    return current;
  }

  String decidedBy() {
    return decidedBy;
  }

  String comment() {
    return comment;
  }

  Instant completedAt() {
    return completedAt;
  }

  private UserTask currentTask() {
    return context.steps().get(current);
  }

  void suspend(String reason, Instant now) {
    state = ProcessState.SUSPENDED;
    suspendedReason = reason;
    context.timers().live().forEach(t -> t.on(TimerEvent.SUSPEND, now));
  }

  /** Timers whose date passed meanwhile are due at once: the next {@link #expireDue} expires them. */
  void resume(Instant now) {
    state = ProcessState.ACTIVE;
    suspendedReason = null;
    context.timers().live().forEach(t -> t.on(TimerEvent.RESUME, now));
  }

  /**
   * Offers step {@code index}: its task is created, its timers and deadlines start running. A step
   * with an assignee is then reserved by them (WS-HumanTask: created, then assigned), and its
   * acceptance timer does not run; its candidate groups are looked up.
   */
  void activate(int index, Instant now) {
    current = index;
    UserTask task = context.steps().get(index);
    task.on(TaskEvent.ACTIVATE);
    task.countFollowUp(now, context.calendar());
    Optional<String> assignee = assigneeOf(task, now);
    if (assignee.isEmpty()) {
      context.timers().acceptanceOf(task).ifPresent(t -> t.ensureRunning(now));
    }
    context.timers().completionOf(task).ifPresent(t -> t.ensureRunning(now));
    // WS-HumanTask: every deadline's clock starts when the task is created; one counted from the
    // claim when someone owns it.
    context.timers().liveOfStep(task.name()).stream()
        .filter(t -> t.kind().isDeadline() && t.kind() != TimerKind.CLAIM_DEADLINE)
        .forEach(t -> t.ensureRunning(now));
    context.notices().fireListeners(task, TaskListenerEvent.CREATED, now);
    assignee.ifPresent(user -> {
      task.assign(user);
      ownerChanged(task, now);
      context.notices().fireListeners(task, TaskListenerEvent.ASSIGNED, now);
    });
    context.ownerLookups().created(task);
    if (task.owners().isNobody() && task.owner().isEmpty()) {
      context.ownerLookups().noOneCanAct(task, List.of(), now);
    } else if (task.owner().isPresent() || !(task.owners().awaitsDirectory() || task.duties().awaitsDirectory())) {
      // An offer to groups is told once their members are known, and whom excluded owners stand for.
      context.notices().tellOffered(task, null, now);
    }
  }

  /** The user {@code task}'s assignee names now; an expression that fails leaves it unassigned. */
  private Optional<String> assigneeOf(UserTask task, Instant now) {
    Optional<String> rule = task.assigneeRule();
    if (rule.isEmpty() || !DataExpression.isExpression(rule.get())) {
      return rule;
    }
    try {
      String user = expressions.value(rule.get(), DataExpression.Result.USER, task).strip();
      if (user.isEmpty() || user.length() > RequestValidator.MAX_USER_LENGTH) {
        throw new RuleViolation("it gave " + Texts.quote(user) + ", not a user name");
      }
      return Optional.of(user);
    } catch (RuleViolation failed) {
      context.addWarning(null, task.name(),
          "step " + task.name() + " is not assigned: its assignee " + Texts.quote(rule.get())
              + " could not be evaluated: " + failed.reason(), now);
      return Optional.empty();
    }
  }

  /** Decides the current step; its outcome leads to the next step, a named later one, or the end. */
  void completeCurrent(String outcome, String by, String note, Instant now) {
    UserTask task = currentTask();
    boolean hadOwner = task.owner().isPresent();
    task.complete(outcome, by, note, now);
    clearTimersOf(task, now);
    if (!hadOwner && task.owner().isPresent()) {
      context.notices().fireListeners(task, TaskListenerEvent.ASSIGNED, now);
    }
    context.notices().fireListeners(task, TaskListenerEvent.COMPLETED, now);
    Optional<OutcomeDefinition> named = task.outcome(outcome);
    if (outcome.equals(Outcome.REJECTED.name())) {
      end(ProcessState.REJECTED, by, note, now);
    } else if (named.isPresent() && named.get().end() != null) {
      end(ProcessState.valueOf(named.get().end().trim().toUpperCase(Locale.ROOT)), by, note, now);
    } else if (named.isPresent()) {
      int next = stepIndex(named.get().next());
      // Steps an outcome jumps over are never offered.
      for (int skipped = current + 1; skipped < next; skipped++) {
        context.steps().get(skipped).on(TaskEvent.OBSOLETE);
        clearTimersOf(context.steps().get(skipped), now);
      }
      activate(next, now);
    } else {
      moveOn(by, note, now);
    }
  }

  /** The task's owner changed: its acceptance timer and deadlines from the claim follow ({@code followOwner}). */
  void ownerChanged(UserTask task, Instant now) {
    context.timers().followOwner(task, now);
  }

  /** After the current step: the next one is offered, or the approval ends APPROVED after the last. */
  private void moveOn(String by, String note, Instant now) {
    if (current == context.steps().size() - 1) {
      end(ProcessState.APPROVED, by, note, now);
    } else {
      activate(current + 1, now);
    }
  }

  /**
   * WS-HumanTask skip: the current step ends undecided (OBSOLETE, outcome SKIPPED) and the approval
   * moves on as after an approval of it; its timers are cleared and its listeners hear it deleted.
   */
  void skipCurrent(String by, String reason, Instant now) {
    UserTask task = currentTask();
    task.skip(by, reason, now);
    clearTimersOf(task, now);
    context.notices().fireListeners(task, TaskListenerEvent.DELETED, now);
    moveOn(by, reason, now);
  }

  /** The approval ends: undecided tasks become obsolete, every timer is cleared. */
  void end(ProcessState outcome, String by, String note, Instant now) {
    state = outcome;
    suspendedReason = null;
    decidedBy = by;
    comment = note;
    completedAt = now;
    for (UserTask task : context.steps()) {
      if (task.state() != TaskState.COMPLETED && task.state() != TaskState.OBSOLETE) {
        boolean created = task.isOpen();
        task.on(TaskEvent.OBSOLETE);
        if (created) {
          context.notices().fireListeners(task, TaskListenerEvent.DELETED, now);
        }
      }
    }
    context.timers().live().forEach(t -> t.clear(now));
  }

  private void clearTimersOf(UserTask task, Instant now) {
    context.timers().liveOfStep(task.name()).forEach(t -> t.clear(now));
  }

  private int stepIndex(String name) {
    for (int i = 0; i < context.steps().size(); i++) {
      if (context.steps().get(i).name().equals(name)) {
        return i;
      }
    }
    throw new IllegalStateException("no step " + name + " (the validator checks outcomes)");
  }

  /**
   * A {@code decide} handler: ends the current step with {@code outcome}, decided by the timer.
   *
   * @return false when there is nothing left to decide (the process ended meanwhile, or the step
   *     a step timer observes is no longer the current one, or the step has no such outcome)
   */
  boolean decide(String outcome, String timerName, Instant now) {
    if (state != ProcessState.ACTIVE || !currentTask().isOpen()) {
      return false;
    }
    // A step timer decides only its own step, never one offered after that step was decided.
    Optional<String> step = context.timers().get(timerName).flatMap(BusinessTimer::step);
    if (step.isPresent() && !step.get().equals(currentTask().name())) {
      return false;
    }
    try {
      RuleChecks.checkOutcome(currentTask(), outcome);
    } catch (RuleViolation noSuchOutcome) {
      context.addWarning(timerName, currentTask().name(), "decide on expiry of " + timerName + " not applied: "
          + noSuchOutcome.reason(), now);
      return false;
    }
    completeCurrent(RuleChecks.outcomeName(currentTask(), outcome), "timer:" + timerName,
        "decided on expiry of timer " + timerName, now);
    return true;
  }
}
