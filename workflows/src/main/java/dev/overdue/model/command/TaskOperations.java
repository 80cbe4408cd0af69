package dev.overdue.model.command;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.overdue.api.ApprovalCommand;
import dev.overdue.api.CommentInfo;
import dev.overdue.model.RuleViolation;
import dev.overdue.model.Texts;
import dev.overdue.model.escalation.OwnerLookups;
import dev.overdue.model.escalation.Roles;
import dev.overdue.model.request.FollowUps;
import dev.overdue.model.request.StepOwnerDefinitions;
import dev.overdue.model.request.TaskListenerEvent;
import dev.overdue.model.schedule.TimeLimit;
import dev.overdue.model.task.Comments;
import dev.overdue.model.task.TaskEvent;
import dev.overdue.model.task.UserTask;
import java.time.Instant;
import java.util.List;
import java.util.function.IntConsumer;

/**
 * The task operations of WS-HumanTask 1.1 beyond claim, start, release and decide — stop,
 * delegate (and Flowable's resolve), forward, nominate, skip, setPriority, addComment — with who may
 * take each: the owner, the potential owners, the requester, and the request's business
 * administrators, who may manage any step but decide none unless they are also its potential
 * owners. As in {@link CommandRules}, each check returns its {@link Change}, not yet made.
 */
final class TaskOperations {
  private final CommandContext process;
  /** Told the owner lookup a forward or nomination started, which its answer may wait for. */
  private final IntConsumer awaits;

  TaskOperations(CommandContext process, IntConsumer awaits) {
    this.process = process;
    this.awaits = awaits;
  }

  /** WS-HumanTask stop: the owner, or a business administrator, stops work; the owner keeps it. */
  Change stop(ApprovalCommand.Stop c, Instant now) {
    UserTask task = RuleChecks.currentTaskNamed(process, c.step(), c.user());
    RuleChecks.refuse(task.refusal(TaskEvent.STOP));
    String as = ownerOrAdministrator(task, c.user(), "stop");
    return () -> {
      task.stop();
      process.notices().fireListeners(task, TaskListenerEvent.UPDATED, now);
      return "step " + task.name() + " stopped by " + c.user() + as + "; " + task.owner().orElseThrow()
          + " still holds it";
    };
  }

  /**
   * WS-HumanTask delegate: the owner, or a business administrator, hands the step to one person,
   * who owns it (RESERVED) and becomes a potential owner. The four-eyes rules apply to them as to
   * anyone who would act.
   */
  Change delegate(ApprovalCommand.Delegate c, Instant now) {
    UserTask task = RuleChecks.currentTaskNamed(process, null, c.user());
    RuleChecks.refuse(task.refusal(TaskEvent.DELEGATE));
    String as = ownerOrAdministrator(task, c.user(), "delegate");
    if (task.owner().filter(c.to()::equals).isPresent()) {
      throw new RuleViolation("step " + task.name() + " is already held by " + c.to());
    }
    refuseSelf(task, c.user(), List.of(c.to()), "delegate it to themselves");
    RuleChecks.refuse(task.duties().refusal(c.to(), task.name(), process.requester(), process::stepNamed));
    return () -> {
      task.delegate(c.to(), c.user());
      process.ownerChanged(task, now);
      process.notices().fireListeners(task, TaskListenerEvent.ASSIGNED, now);
      process.notices().tellReassigned(task, List.of(c.to()), null, c.user(), now);
      return "step " + task.name() + " delegated to " + c.to() + " by " + c.user() + as;
    };
  }

  /** Flowable's resolveTask: whoever a step was delegated to hands it back to the delegator. */
  Change resolve(ApprovalCommand.Resolve c, Instant now) {
    UserTask task = RuleChecks.currentTaskNamed(process, null, c.user());
    String delegator =
        task.delegatedBy()
            .orElseThrow(() -> new RuleViolation("step " + task.name() + " is not delegated: there is no one to"
                + " hand it back to"));
    if (!task.owner().filter(c.user()::equals).isPresent()) {
      throw new RuleViolation("only " + task.owner().orElse("its owner") + ", to whom step " + task.name()
          + " is delegated, can hand it back");
    }
    RuleChecks.refuse(task.refusal(TaskEvent.DELEGATE));
    return () -> {
      task.resolve();
      process.ownerChanged(task, now);
      process.notices().fireListeners(task, TaskListenerEvent.ASSIGNED, now);
      process.notices().tellReassigned(task, List.of(delegator), null, c.user(), now);
      return "step " + task.name() + " handed back to " + delegator + " by " + c.user();
    };
  }

  /**
   * WS-HumanTask forward: a potential owner, the owner or a business administrator passes the step
   * on; they leave its potential owners, {@code to} join (looked up like a reassignment's), and it
   * is offered again.
   */
  Change forward(ApprovalCommand.Forward c, Instant now) {
    UserTask task = RuleChecks.currentTaskNamed(process, null, c.user());
    String as = task.mayAct(c.user()) ? "" : administratorOrRefuse(task, c.user(), "forward it",
        "its potential owners (" + task.owners().describe() + ")");
    RuleChecks.refuse(task.refusal(TaskEvent.REASSIGN));
    Roles.Targets targets = targets(c.to(), task);
    OwnerLookups.Joining joining = new OwnerLookups.Joining(task.owners().without(c.user()), true);
    return () -> {
      OwnerLookups.Started started = process.ownerLookups().join(task, targets, c.user() + as, joining, now);
      if (started.lookup() != null) {
        awaits.accept(started.lookup());
      }
      return started.outcome();
    };
  }

  /** WS-HumanTask nominate: a business administrator adds potential owners; the step's state stays. */
  Change nominate(ApprovalCommand.Nominate c, Instant now) {
    UserTask task = RuleChecks.currentTaskNamed(process, null, c.user());
    administratorOrRefuse(task, c.user(), "nominate its potential owners", null);
    refuseSelf(task, c.user(), c.to(), "nominate themselves");
    RuleChecks.refuse(task.refusal(TaskEvent.REASSIGN));
    Roles.Targets targets = targets(c.to(), task);
    OwnerLookups.Joining joining = new OwnerLookups.Joining(task.owners(), false);
    return () -> {
      OwnerLookups.Started started =
          process.ownerLookups().join(task, targets, c.user() + " (business administrator)", joining, now);
      if (started.lookup() != null) {
        awaits.accept(started.lookup());
      }
      return started.outcome();
    };
  }

  /**
   * WS-HumanTask skip, on a step declared {@code skippable: true}: by a potential owner, the
   * requester or a business administrator; the approval moves on as after an approval of it.
   */
  Change skip(ApprovalCommand.Skip c, Instant now) {
    UserTask task = RuleChecks.currentTaskNamed(process, null, c.user());
    if (!task.skippable()) {
      throw new RuleViolation("step " + task.name() + " cannot be skipped: the request does not declare it"
          + " skippable: true");
    }
    String as = "";
    if (!task.mayAct(c.user()) && !c.user().equals(process.requester())) {
      as = administratorOrRefuse(task, c.user(), "skip it",
          "the requester (" + Texts.quote(process.requester()) + ") and its potential owners ("
              + task.owners().describe() + ")");
    }
    RuleChecks.refuse(task.refusal(TaskEvent.SKIP));
    String by = c.user() + as;
    return () -> {
      process.skipCurrent(c.user(), c.reason(), now);
      return "step " + task.name() + " skipped by " + by + "; approval is " + process.state();
    };
  }

  /** WS-HumanTask setPriority: the owner or a business administrator, 0 (highest) to 10. */
  Change setPriority(ApprovalCommand.SetPriority c, Instant now) {
    UserTask task = RuleChecks.currentTaskNamed(process, null, c.user());
    if (c.priority() < UserTask.HIGHEST_PRIORITY || c.priority() > UserTask.LOWEST_PRIORITY) {
      throw new RuleViolation("priority: " + StepOwnerDefinitions.priorityProblem(c.priority()));
    }
    RuleChecks.refuse(task.refusal(TaskEvent.REASSIGN));
    String as = ownerOrAdministrator(task, c.user(), "set its priority");
    return () -> {
      int old = task.priority();
      if (old == c.priority()) {
        return "step " + task.name() + " keeps priority " + old;
      }
      task.setPriority(c.priority());
      ObjectNode detail = JsonNodeFactory.instance.objectNode();
      detail.put("step", task.name());
      detail.put("by", c.user());
      detail.put("old", old);
      detail.put("new", c.priority());
      process.trail().event(now, "PriorityChanged", detail);
      process.notices().fireListeners(task, TaskListenerEvent.UPDATED, now);
      return "step " + task.name() + " priority " + c.priority() + " (was " + old + ") set by " + c.user() + as;
    };
  }

  /**
   * WS-HumanTask addComment: the current step's potential owners, its owner, the requester and
   * business administrators may add to its thread; allowed while the approval is suspended.
   */
  Change comment(ApprovalCommand.Comment c, Instant now) {
    UserTask task = process.currentTask();
    String user = c.user();
    boolean mayComment = task.mayAct(user) || user.equals(process.requester())
        || process.isBusinessAdministrator(user);
    if (!mayComment) {
      throw new RuleViolation(Texts.abbreviate(user, Texts.QUOTED_LENGTH) + " may not comment on step "
          + task.name() + ": only the requester, its potential owners and business administrators may");
    }
    if (c.text().length() > Comments.MAX_LENGTH) {
      throw new RuleViolation("a comment is at most " + Comments.MAX_LENGTH + " characters, got "
          + c.text().length());
    }
    return () -> {
      process.commentThread().add(new CommentInfo(now.toString(), task.name(), user, c.text()));
      return "comment on step " + task.name() + " by " + user;
    };
  }

  /**
   * Camunda's followUpDate: by the owner, a potential owner, the requester or a business
   * administrator; a date-time or a duration from now; null clears it. Nothing runs then.
   */
  Change setFollowUp(ApprovalCommand.SetFollowUp c, Instant now) {
    TimeLimit followUp = CommandInputs.followUp(c.at());
    UserTask task = RuleChecks.currentTaskNamed(process, null, c.user());
    RuleChecks.refuse(task.refusal(TaskEvent.REASSIGN));
    if (!task.mayAct(c.user()) && !c.user().equals(process.requester())) {
      administratorOrRefuse(task, c.user(), "set its follow-up date",
          "the requester and its potential owners (" + task.owners().describe() + ")");
    }
    FollowUps.check(followUp, "at");
    return () -> {
      Instant at = followUp == null ? null : followUp.expirationFrom(now);
      task.setFollowUp(at);
      return "step " + task.name() + (at == null ? ": no follow-up date" : " follows up from " + at);
    };
  }

  /** A name that stands for nobody in particular, for checking an action whose targets are its input. */
  private static final String SOMEONE = "someone else";

  // The probes of the operations, for the actions offered (CommandRules' table): each passes when
  // {@code user} may take it now, by the checks above.

  void mayStop(String user) {
    stop(new ApprovalCommand.Stop(null, user), null);
  }

  void mayDelegate(String user) {
    UserTask task = RuleChecks.currentTaskNamed(process, null, user);
    RuleChecks.refuse(task.refusal(TaskEvent.DELEGATE));
    ownerOrAdministrator(task, user, "delegate");
  }

  void mayResolve(String user) {
    resolve(new ApprovalCommand.Resolve(user, null), null);
  }

  // Whom to is the action's input, checked when it is sent: a name the directory would look up.
  void mayForward(String user) {
    forward(new ApprovalCommand.Forward(user, List.of(SOMEONE), null), null);
  }

  void mayNominate(String user) {
    nominate(new ApprovalCommand.Nominate(user, List.of(SOMEONE)), null);
  }

  void maySkip(String user) {
    skip(new ApprovalCommand.Skip(user, "?"), null);
  }

  void maySetPriority(String user) {
    setPriority(new ApprovalCommand.SetPriority(user, UserTask.DEFAULT_PRIORITY), null);
  }

  void mayComment(String user) {
    comment(new ApprovalCommand.Comment(user, ""), null);
  }

  void maySetFollowUp(String user) {
    setFollowUp(new ApprovalCommand.SetFollowUp(user, null), null);
  }

  /**
   * A business administrator who is no potential owner may not make themselves one: they manage a
   * step and never decide it (WS-HumanTask), and naming themselves would let them.
   */
  private void refuseSelf(UserTask task, String user, List<String> to, String what) {
    if (to.contains(user) && !task.mayAct(user)) {
      throw new RuleViolation(Texts.abbreviate(user, Texts.QUOTED_LENGTH) + " may not " + what + " (step "
          + task.name() + "): a business administrator manages a step and decides it only as one of its"
          + " potential owners; another may name them");
    }
  }

  /** Whom {@code to} names, refused when it names nobody who can act (as a reassignment is). */
  private Roles.Targets targets(List<String> to, UserTask task) {
    Roles.Targets targets = Roles.reassignmentTargets(to, task, process.requester());
    if (targets.users().isEmpty() && targets.names().isEmpty()) {
      throw new RuleViolation(
          "'to' names nobody who can act (" + String.join("; ", targets.problems()) + ")");
    }
    return targets;
  }

  /** "" for the owner, " (business administrator)" for one; anyone else is refused. */
  private String ownerOrAdministrator(UserTask task, String user, String what) {
    if (task.owner().filter(user::equals).isPresent()) {
      return "";
    }
    return administratorOrRefuse(task, user, what,
        task.owner().map(owner -> "its owner (" + owner + ")").orElse("its owner (it has none now)"));
  }

  /**
   * " (business administrator)" when {@code user} is one, for the trail; else refused, naming who
   * else may ({@code others}, null for none).
   */
  private String administratorOrRefuse(UserTask task, String user, String what, String others) {
    if (process.isBusinessAdministrator(user)) {
      return " (business administrator)";
    }
    throw new RuleViolation(Texts.abbreviate(user, Texts.QUOTED_LENGTH) + " may not " + what + " (step "
        + task.name() + "): only " + (others == null ? "" : others + " and ") + "business administrators"
        + (process.businessAdministrators().isEmpty()
            ? " (this approval names none)"
            : " (" + Texts.list(process.businessAdministrators()) + ")")
        + " may");
  }
}
