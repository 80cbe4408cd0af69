package dev.overdue.model.command;

import com.fasterxml.jackson.databind.JsonNode;
import dev.overdue.api.ApprovalCommand;
import dev.overdue.api.Declarations;
import dev.overdue.model.ProcessState;
import dev.overdue.model.RuleViolation;
import dev.overdue.model.Texts;
import dev.overdue.model.escalation.OwnerLookups;
import dev.overdue.model.escalation.Roles;
import dev.overdue.model.request.Outcome;
import dev.overdue.model.request.TaskListenerEvent;
import dev.overdue.model.schedule.CalendarSettings;
import dev.overdue.model.task.TaskEvent;
import dev.overdue.model.task.TaskState;
import dev.overdue.model.task.UserTask;
import dev.overdue.model.timer.TimerEvent;
import dev.overdue.model.timer.TimerKind;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What each command may do, and what it does: one rule per command. {@link #check} weighs a
 * command in full and returns its change, not yet made, so a refused command leaves the approval
 * exactly as it was, and an Update's validator asks the very question its handler then acts on.
 */
public final class CommandRules {
  private final CommandContext process;
  private final TimerCommands timers;
  private final TaskOperations operations;
  /** Set by a command whose effect the directory completes; see {@link #takeAwaited}. */
  private Integer awaited;
  /** The worker's calendar the command being checked applies, if it is {@code recalculate}. */
  private CalendarSettings workerCalendar;

  public CommandRules(CommandContext process) {
    this.process = process;
    this.timers = new TimerCommands(process);
    this.operations = new TaskOperations(process, lookup -> awaited = lookup);
    fillTable();
  }

  /**
   * The change {@code command} makes at {@code now}, or a {@link RuleViolation} saying why not.
   * {@code workerCalendar}, the worker's calendar as the workflow recorded it, is what {@code
   * recalculate} applies; null while a command is only checked.
   */
  public Change check(ApprovalCommand command, Instant now, CalendarSettings workerCalendar) {
    awaited = null;
    if (process.state().isEnded()) {
      throw new RuleViolation("the approval has ended: it is " + process.state());
    }
    this.workerCalendar = workerCalendar;
    return ruleOf(command).check(command, now);
  }

  /** As {@link #check(ApprovalCommand, Instant, CalendarSettings)}, to check a command only. */
  public Change check(ApprovalCommand command, Instant now) {
    return check(command, now, null);
  }

  /** The commands this table has a rule for. */
  public Set<Class<? extends ApprovalCommand>> commands() {
    return Collections.unmodifiableSet(table.keySet());
  }

  /** A command's rule: checks it in full and returns its change, not yet made. */
  @FunctionalInterface
  interface Rule<C extends ApprovalCommand> {
    Change check(C command, Instant now);
  }

  /**
   * Whether {@code user} may take a task action now: passes, or throws the refusal. The action is
   * offered under its task API path; its input is checked when it is sent, not here.
   */
  @FunctionalInterface
  interface Probe {
    void check(String user);
  }

  private record Entry<C extends ApprovalCommand>(Rule<C> rule, Probe probe) {}

  /** Each command's rule, and the probe of the action it offers (the inbox's buttons, in this order). */
  private final Map<Class<? extends ApprovalCommand>, Entry<?>> table = new LinkedHashMap<>();

  private void fillTable() {
    // Offered as task actions, in the order the inbox shows them.
    rule(ApprovalCommand.Claim.class, this::claim, user -> claim(new ApprovalCommand.Claim(null, user), null));
    rule(ApprovalCommand.Start.class, this::start, user -> start(new ApprovalCommand.Start(null, user), null));
    rule(ApprovalCommand.Release.class, this::release,
        user -> release(new ApprovalCommand.Release(null, user), null));
    rule(ApprovalCommand.Approve.class, this::approve, this::checkDecision);
    rule(ApprovalCommand.Reject.class, this::reject, this::checkDecision);
    rule(ApprovalCommand.Complete.class, this::complete, this::checkNamedOutcomes);
    rule(ApprovalCommand.Reassign.class, this::reassign, this::reassignable);
    rule(ApprovalCommand.UpdateData.class, this::updateData, user -> requesterOrOwner(user, "change the data"));
    rule(ApprovalCommand.Stop.class, operations::stop, operations::mayStop);
    rule(ApprovalCommand.Delegate.class, operations::delegate, operations::mayDelegate);
    rule(ApprovalCommand.Resolve.class, operations::resolve, operations::mayResolve);
    rule(ApprovalCommand.Forward.class, operations::forward, operations::mayForward);
    rule(ApprovalCommand.Nominate.class, operations::nominate, operations::mayNominate);
    rule(ApprovalCommand.Skip.class, operations::skip, operations::maySkip);
    rule(ApprovalCommand.SetPriority.class, operations::setPriority, operations::maySetPriority);
    rule(ApprovalCommand.Comment.class, operations::comment, operations::mayComment);
    rule(ApprovalCommand.SetFollowUp.class, operations::setFollowUp, operations::maySetFollowUp);
    // Offered without the hour since the last nudge, which the actions query has no time to weigh:
    // a nudge too soon is refused with the time left, and the inbox reads the last one in the history.
    rule(ApprovalCommand.Nudge.class, (c, now) -> Nudges.check(process, c, now),
        user -> Nudges.check(process, new ApprovalCommand.Nudge(null, user), null));
    // The approval's and its timers' commands: no task action.
    rule(ApprovalCommand.EnableTimer.class, (c, now) -> timers.switchTimer(c.timer(), c.user(), TimerEvent.ENABLE, now),
        null);
    rule(ApprovalCommand.DisableTimer.class,
        (c, now) -> timers.switchTimer(c.timer(), c.user(), TimerEvent.DISABLE, now), null);
    rule(ApprovalCommand.ExtendDeadline.class, timers::extend, null);
    rule(ApprovalCommand.Recalculate.class, (c, now) -> Recalculation.check(process, c, workerCalendar, now), null);
    rule(ApprovalCommand.RefreshOwners.class, (c, now) -> refreshOwners(c), null);
    rule(ApprovalCommand.Suspend.class, this::suspend, null);
    rule(ApprovalCommand.Resume.class, (c, now) -> resume(now), null);
    rule(ApprovalCommand.Abort.class, this::abort, null);
  }

  private <C extends ApprovalCommand> void rule(Class<C> type, Rule<C> rule, Probe probe) {
    table.put(type, new Entry<>(rule, probe));
  }

  @SuppressWarnings("unchecked") // the table holds each type's own rule
  private Rule<ApprovalCommand> ruleOf(ApprovalCommand command) {
    Entry<?> entry = table.get(command.getClass());
    if (entry == null) {
      throw new IllegalArgumentException("unhandled command " + command);
    }
    return (Rule<ApprovalCommand>) entry.rule();
  }

  // ---- the process -------------------------------------------------------------------------

  private Change suspend(ApprovalCommand.Suspend c, Instant now) {
    if (process.state() == ProcessState.SUSPENDED) {
      throw new RuleViolation("the process is already suspended");
    }
    return () -> {
      process.suspend(c.reason(), now);
      return "process suspended";
    };
  }

  private Change resume(Instant now) {
    if (process.state() != ProcessState.SUSPENDED) {
      throw new RuleViolation("the process is not suspended");
    }
    return () -> {
      process.resume(now);
      return "process resumed";
    };
  }

  private Change abort(ApprovalCommand.Abort c, Instant now) {
    if (c.reason() == null || c.reason().isBlank()) {
      throw new RuleViolation("abort needs a reason");
    }
    return () -> {
      process.end(ProcessState.ABORTED, null, c.reason(), now);
      return "approval aborted";
    };
  }

  // ---- the current step's task -------------------------------------------------------------

  /** Checks {@code c} alone: {@code now} is read only by the change it returns. */
  private Change claim(ApprovalCommand.Claim c, Instant now) {
    UserTask task = taskActionTarget(c.step(), c.user());
    if (task.state() == TaskState.RESERVED) {
      throw new RuleViolation("step " + task.name() + " is already claimed by " + task.owner().orElseThrow());
    }
    RuleChecks.refuse(task.refusal(TaskEvent.CLAIM));
    return () -> {
      task.claim(c.user());
      process.ownerChanged(task, now);
      process.notices().fireListeners(task, TaskListenerEvent.ASSIGNED, now);
      return "step " + task.name() + " claimed by " + c.user();
    };
  }

  /**
   * The users a claim of the current step would be accepted from now, in the order of its potential
   * owners: each one {@link #claim}'s own check passes for. Empty when it passes for no one — the
   * approval ended or is suspended, or the step is not READY (those refuse everyone, and are asked
   * first so that a claimed step of a large group costs no refusal per member) — and otherwise
   * without those the step's four-eyes rules refuse.
   */
  public List<String> claimants() {
    if (process.state().isEnded() || process.state() == ProcessState.SUSPENDED) {
      return List.of();
    }
    UserTask task = process.currentTask();
    if (task.state() == TaskState.RESERVED || task.refusal(TaskEvent.CLAIM).isPresent()) {
      return List.of();
    }
    List<String> accepted = new ArrayList<>();
    for (String user : task.owners().names()) {
      try {
        claim(new ApprovalCommand.Claim(task.name(), user), null);
        accepted.add(user);
      } catch (RuleViolation refused) {
        // Refused for this user alone: the four-eyes rules.
      }
    }
    return List.copyOf(accepted);
  }

  /**
   * The task actions {@code user} may take now, by the very checks their commands get: what the
   * inbox offers as buttons, so it never guesses at the rules. A decision's output and a
   * reassignment's targets are the action's input, checked when it is sent, so not here;
   * {@code complete} is listed when the step declares outcomes of its own.
   */
  public List<String> actionsOf(String user) {
    if (process.state().isEnded() || user == null || user.isBlank()) {
      return List.of();
    }
    List<String> actions = new ArrayList<>();
    table.forEach((type, entry) -> {
      if (entry.probe() != null && RuleChecks.passes(() -> entry.probe().check(user))) {
        actions.add(Declarations.http(type).path());
      }
    });
    return List.copyOf(actions);
  }

  /** Complete is offered beside approve and reject when the step declares outcomes of its own. */
  private void checkNamedOutcomes(String user) {
    checkDecision(user);
    if (process.currentTask().outcomeNames().isEmpty()) {
      throw new RuleViolation("step " + process.currentTask().name() + " names no outcomes of its own");
    }
  }

  /** WS-HumanTask start: the task is worked on; reaching IN_PROGRESS meets its start deadlines. */
  private Change start(ApprovalCommand.Start c, Instant now) {
    UserTask task = taskActionTarget(c.step(), c.user());
    if (task.state() == TaskState.RESERVED && !task.owner().orElseThrow().equals(c.user())) {
      throw new RuleViolation(
          "step " + task.name() + " is claimed by " + task.owner().get() + "; only they can start it");
    }
    RuleChecks.refuse(task.refusal(TaskEvent.START));
    return () -> {
      boolean hadOwner = task.owner().isPresent();
      task.start(c.user());
      process.timers().liveOfStep(task.name()).stream()
          .filter(t -> t.kind() == TimerKind.START_DEADLINE)
          .forEach(t -> t.clear(now));
      if (!hadOwner) {
        process.ownerChanged(task, now);
        process.notices().fireListeners(task, TaskListenerEvent.ASSIGNED, now);
      }
      return "step " + task.name() + " started by " + c.user();
    };
  }

  private Change release(ApprovalCommand.Release c, Instant now) {
    // Giving a task back is never refused by the four-eyes rules: an owner they exclude (an
    // assignee an expression chose) can only hand it on this way. A business administrator may
    // release any (WS-HumanTask).
    boolean administrator = process.isBusinessAdministrator(c.user());
    UserTask task = administrator ? RuleChecks.currentTaskNamed(process, c.step(), c.user()) : currentTaskFor(c.step(), c.user());
    RuleChecks.refuse(task.refusal(TaskEvent.RELEASE));
    if (!task.owner().orElseThrow().equals(c.user()) && !administrator) {
      throw new RuleViolation("only the owner " + task.owner().get() + " can release step " + task.name());
    }
    return () -> {
      task.release();
      process.ownerChanged(task, now);
      process.notices().fireListeners(task, TaskListenerEvent.UPDATED, now);
      process.notices().tellOffered(task, c.user(), now);
      return "step " + task.name() + " released by " + c.user();
    };
  }

  private Change approve(ApprovalCommand.Approve c, Instant now) {
    JsonNode output = CommandInputs.tree(c.output());
    checkDecision(c.user());
    checkOutput(output, true);
    return decide(c.user(), Outcome.APPROVED.name(), c.comment(), output, "approved by " + c.user(), now);
  }

  private Change reject(ApprovalCommand.Reject c, Instant now) {
    JsonNode output = CommandInputs.tree(c.output());
    checkDecision(c.user());
    checkOutput(output, false);
    return decide(c.user(), Outcome.REJECTED.name(), c.comment(), output, "rejected by " + c.user(), now);
  }

  private Change complete(ApprovalCommand.Complete c, Instant now) {
    JsonNode output = CommandInputs.tree(c.output());
    checkDecision(c.user());
    RuleChecks.checkOutcome(process.currentTask(), c.outcome());
    String outcome = RuleChecks.outcomeName(process.currentTask(), c.outcome());
    checkOutput(output, !outcome.equals(Outcome.REJECTED.name()));
    return decide(
        c.user(), outcome, c.comment(), output, "completed by " + c.user() + " with outcome " + outcome, now);
  }

  /**
   * Decides the current step with {@code outcome}, its {@code output} merged into the data first
   * (so what comes next sees it); {@code how} says so in the answer.
   */
  private Change decide(
      String user, String outcome, String comment, JsonNode output, String how, Instant now) {
    String step = process.currentTask().name();
    JsonNode data = output == null ? null : process.patchedData(output);
    return () -> {
      if (data != null) {
        process.replaceData(data, user, now);
      }
      process.completeCurrent(outcome, user, comment, now);
      return "step " + step + " " + how + "; approval is " + process.state();
    };
  }

  /** The requester and the current step's potential owners may change the approval's data. */
  private Change updateData(ApprovalCommand.UpdateData c, Instant now) {
    requesterOrOwner(c.user(), "change the data");
    JsonNode data = process.patchedData(CommandInputs.tree(c.data()));
    return () -> {
      List<String> changed = process.replaceData(data, c.user(), now);
      return changed.isEmpty() ? "data unchanged" : "data updated: " + String.join(", ", changed);
    };
  }

  /**
   * The requester and the current step's potential owners may give it to others; the users and
   * groups named are looked up in the worker's directory first, so the answer may come later.
   */
  private Change reassign(ApprovalCommand.Reassign c, Instant now) {
    UserTask task = reassignable(c.user());
    Roles.Targets targets = Roles.reassignmentTargets(c.to(), task, process.requester());
    if (targets.users().isEmpty() && targets.names().isEmpty()) {
      throw new RuleViolation(
          "the reassignment names nobody who can act (" + String.join("; ", targets.problems()) + ")");
    }
    return () -> {
      OwnerLookups.Started started = process.ownerLookups().reassign(task, targets, c.user(), null, true, now);
      awaited = started.lookup();
      return started.outcome();
    };
  }

  /** The current task, when {@code user} may give it to others now. */
  private UserTask reassignable(String user) {
    UserTask task = taskWhileActive();
    requesterOrOwner(user, "reassign it");
    RuleChecks.refuse(task.refusal(TaskEvent.REASSIGN));
    return task;
  }

  /** After a change in the directory: the current step's candidate groups are looked up again. */
  private Change refreshOwners(ApprovalCommand.RefreshOwners c) {
    UserTask task = taskWhileActive();
    RuleChecks.refuse(task.refusal(TaskEvent.REASSIGN));
    if (!process.ownerLookups().refreshable(task)) {
      throw new RuleViolation("step " + task.name() + " has no candidate groups to look up again");
    }
    return () -> {
      awaited = process.ownerLookups().refresh(task, RuleChecks.who(c.user()));
      return "step " + task.name() + ": looking up "
          + (task.owners().groups().isEmpty() ? "who is away" : Texts.list(task.owners().groups()) + " again");
    };
  }

  /** The lookup the last applied command started, which its answer may wait for. */
  public Integer takeAwaited() {
    Integer taken = awaited;
    awaited = null;
    return taken;
  }

  private void requesterOrOwner(String user, String what) {
    UserTask task = process.currentTask();
    if (!user.equals(process.requester()) && !task.mayAct(user) && !process.isBusinessAdministrator(user)) {
      throw new RuleViolation(
          Texts.abbreviate(user, Texts.QUOTED_LENGTH) + " may not " + what + ": only the requester ("
              + Texts.quote(process.requester()) + ") and the potential owners of step " + task.name()
              + " (" + task.owners().describe() + ")"
              + (process.businessAdministrators().isEmpty() ? "" : " and business administrators") + " may");
    }
  }

  private UserTask taskWhileActive() {
    if (process.state() == ProcessState.SUSPENDED) {
      throw new RuleViolation("task actions are not allowed while the process is suspended");
    }
    return process.currentTask();
  }

  private void checkDecision(String user) {
    UserTask task = taskActionTarget(null, user);
    if ((task.state() == TaskState.RESERVED || task.state() == TaskState.IN_PROGRESS)
        && !task.owner().orElseThrow().equals(user)) {
      throw new RuleViolation(
          "step " + task.name() + " is claimed by " + task.owner().get() + "; only they can decide it");
    }
    RuleChecks.refuse(task.refusal(TaskEvent.COMPLETE));
  }

  /**
   * Refuses an {@code output} that does not fit the current step's form, every problem named: one on
   * its own, several one a line under a heading, as a refused request lists its problems. One
   * that {@code settles} the step must give its required fields.
   */
  private void checkOutput(JsonNode output, boolean settles) {
    UserTask task = process.currentTask();
    task.form().ifPresent(form -> {
      List<String> problems = form.outputProblems(task.name(), output, settles);
      if (!problems.isEmpty()) {
        throw new RuleViolation(
            problems.size() == 1
                ? problems.get(0)
                : "the output does not fit the form of step " + task.name() + ":\n  " + String.join("\n  ", problems));
      }
    });
  }

  /**
   * The current task, checked for a task action by {@code user}: a potential owner whom the step's
   * separation of duties does not exclude.
   */
  private UserTask taskActionTarget(String step, String user) {
    UserTask task = currentTaskFor(step, user);
    RuleChecks.refuse(task.duties().refusal(user, task.name(), process.requester(), process::stepNamed));
    return task;
  }

  /** The current task, {@code step} if named, and {@code user} one of its potential owners. */
  private UserTask currentTaskFor(String step, String user) {
    UserTask task = RuleChecks.currentTaskNamed(process, step, user);
    if (!task.mayAct(user)) {
      throw new RuleViolation(
          Texts.abbreviate(user, Texts.QUOTED_LENGTH) + " is not a potential owner of step " + task.name()
              + " (" + task.owners().describe() + ")");
    }
    return task;
  }

  // ---- outcomes ----------------------------------------------------------------------------

}
