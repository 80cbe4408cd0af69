package dev.overdue.model.command;

import com.fasterxml.jackson.databind.JsonNode;
import dev.overdue.model.ProcessState;
import dev.overdue.model.RuleViolation;
import dev.overdue.model.Texts;
import dev.overdue.model.escalation.OwnerLookups;
import dev.overdue.model.escalation.Roles;
import dev.overdue.model.request.Outcome;
import dev.overdue.model.request.TaskListenerEvent;
import dev.overdue.model.task.TaskEvent;
import dev.overdue.model.task.TaskState;
import dev.overdue.model.task.UserTask;
import dev.overdue.model.timer.TimerEvent;
import dev.overdue.model.timer.TimerKind;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

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

  public CommandRules(CommandContext process) {
    this.process = process;
    this.timers = new TimerCommands(process);
    this.operations = new TaskOperations(process, lookup -> awaited = lookup);
  }

  /** The change {@code command} makes at {@code now}, or a {@link RuleViolation} saying why not. */
  public Change check(Command command, Instant now) {
    awaited = null;
    if (process.state().isEnded()) {
      throw new RuleViolation("the approval has ended: it is " + process.state());
    }
    if (command instanceof Command.EnableTimer c) {
      return timers.switchTimer(c.timer(), c.user(), TimerEvent.ENABLE, now);
    } else if (command instanceof Command.DisableTimer c) {
      return timers.switchTimer(c.timer(), c.user(), TimerEvent.DISABLE, now);
    } else if (command instanceof Command.Suspend c) {
      return suspend(c, now);
    } else if (command instanceof Command.Resume) {
      return resume(now);
    } else if (command instanceof Command.ExtendDeadline c) {
      return timers.extend(c, now);
    } else if (command instanceof Command.Claim c) {
      return claim(c, now);
    } else if (command instanceof Command.Start c) {
      return start(c, now);
    } else if (command instanceof Command.Release c) {
      return release(c, now);
    } else if (command instanceof Command.Approve c) {
      return approve(c, now);
    } else if (command instanceof Command.Reject c) {
      return reject(c, now);
    } else if (command instanceof Command.Complete c) {
      return complete(c, now);
    } else if (command instanceof Command.UpdateData c) {
      return updateData(c, now);
    } else if (command instanceof Command.Reassign c) {
      return reassign(c, now);
    } else if (command instanceof Command.RefreshOwners c) {
      return refreshOwners(c);
    } else if (command instanceof Command.Recalculate c) {
      return Recalculation.check(process, c, now);
    } else if (command instanceof Command.Stop c) {
      return operations.stop(c, now);
    } else if (command instanceof Command.Delegate c) {
      return operations.delegate(c, now);
    } else if (command instanceof Command.Resolve c) {
      return operations.resolve(c, now);
    } else if (command instanceof Command.Forward c) {
      return operations.forward(c, now);
    } else if (command instanceof Command.Nominate c) {
      return operations.nominate(c, now);
    } else if (command instanceof Command.Skip c) {
      return operations.skip(c, now);
    } else if (command instanceof Command.SetPriority c) {
      return operations.setPriority(c, now);
    } else if (command instanceof Command.SetFollowUp c) {
      return operations.setFollowUp(c, now);
    } else if (command instanceof Command.AddComment c) {
      return operations.comment(c, now);
    } else if (command instanceof Command.Abort c) {
      return abort(c, now);
    }
    throw new IllegalArgumentException("unhandled command " + command);
  }

  // ---- the process -------------------------------------------------------------------------

  private Change suspend(Command.Suspend c, Instant now) {
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

  private Change abort(Command.Abort c, Instant now) {
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
  private Change claim(Command.Claim c, Instant now) {
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
        claim(new Command.Claim(task.name(), user), null);
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
    RuleChecks.offer(actions, "claim", () -> claim(new Command.Claim(null, user), null));
    RuleChecks.offer(actions, "start", () -> start(new Command.Start(null, user), null));
    RuleChecks.offer(actions, "release", () -> release(new Command.Release(null, user), null));
    if (RuleChecks.passes(() -> checkDecision(user))) {
      actions.add("approve");
      actions.add("reject");
      if (!process.currentTask().outcomeNames().isEmpty()) {
        actions.add("complete");
      }
    }
    RuleChecks.offer(actions, "reassign", () -> reassignable(user));
    RuleChecks.offer(actions, "update-data", () -> requesterOrOwner(user, "change the data"));
    operations.offer(actions, user);
    return List.copyOf(actions);
  }

  /** WS-HumanTask start: the task is worked on; reaching IN_PROGRESS meets its start deadlines. */
  private Change start(Command.Start c, Instant now) {
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

  private Change release(Command.Release c, Instant now) {
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

  private Change approve(Command.Approve c, Instant now) {
    checkDecision(c.user());
    checkOutput(c.output(), true);
    return decide(c.user(), Outcome.APPROVED.name(), c.comment(), c.output(), "approved by " + c.user(), now);
  }

  private Change reject(Command.Reject c, Instant now) {
    checkDecision(c.user());
    checkOutput(c.output(), false);
    return decide(c.user(), Outcome.REJECTED.name(), c.comment(), c.output(), "rejected by " + c.user(), now);
  }

  private Change complete(Command.Complete c, Instant now) {
    checkDecision(c.user());
    RuleChecks.checkOutcome(process.currentTask(), c.outcome());
    String outcome = RuleChecks.outcomeName(process.currentTask(), c.outcome());
    checkOutput(c.output(), !outcome.equals(Outcome.REJECTED.name()));
    return decide(
        c.user(), outcome, c.comment(), c.output(), "completed by " + c.user() + " with outcome " + outcome, now);
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
  private Change updateData(Command.UpdateData c, Instant now) {
    requesterOrOwner(c.user(), "change the data");
    JsonNode data = process.patchedData(c.data());
    return () -> {
      List<String> changed = process.replaceData(data, c.user(), now);
      return changed.isEmpty() ? "data unchanged" : "data updated: " + String.join(", ", changed);
    };
  }

  /**
   * The requester and the current step's potential owners may give it to others; the users and
   * groups named are looked up in the worker's directory first, so the answer may come later.
   */
  private Change reassign(Command.Reassign c, Instant now) {
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
  private Change refreshOwners(Command.RefreshOwners c) {
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
