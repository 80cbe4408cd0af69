package dev.overdue.model.command;

import dev.overdue.api.ApprovalRequest.OutcomeDefinition;
import dev.overdue.model.ProcessState;
import dev.overdue.model.RuleViolation;
import dev.overdue.model.Texts;
import dev.overdue.model.request.Outcome;
import dev.overdue.model.task.UserTask;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The checks the commands' rules share: a refusal thrown, the current task a task action targets,
 * an outcome's name, who acted, and whether an action is offered. Static and given what they
 * read, so a rule needs nothing else to use them.
 */
public final class RuleChecks {
  private RuleChecks() {}

  /** Adds {@code action} to {@code actions} when its {@code check} passes. */
  static void offer(List<String> actions, String action, Runnable check) {
    if (passes(check)) {
      actions.add(action);
    }
  }

  /** Whether {@code check} runs without a refusal. */
  static boolean passes(Runnable check) {
    try {
      check.run();
      return true;
    } catch (RuleViolation refused) {
      return false;
    }
  }

  /**
   * The current task of {@code process} for an action by {@code user}, {@code step} if named:
   * refused while the approval is suspended, without a user, or for another step.
   */
  static UserTask currentTaskNamed(CommandContext process, String step, String user) {
    if (process.state() == ProcessState.SUSPENDED) {
      throw new RuleViolation("task actions are not allowed while the process is suspended");
    }
    if (user == null || user.isBlank()) {
      throw new RuleViolation("a user is required");
    }
    UserTask task = process.currentTask();
    if (step != null && !step.equals(task.name())) {
      String shown = Texts.abbreviate(step, Texts.QUOTED_LENGTH);
      throw new RuleViolation(
          (process.stepNamed(step).isPresent() ? "step " + shown + " is not the current step" : "unknown step " + shown)
              + " (current step: " + task.name() + ")");
    }
    return task;
  }

  /** APPROVED and REJECTED (any case) as themselves; a named outcome as the step declares it. */
  public static String outcomeName(UserTask task, String outcome) {
    String upper = outcome.trim().toUpperCase(Locale.ROOT);
    if (upper.equals(Outcome.APPROVED.name()) || upper.equals(Outcome.REJECTED.name())) {
      return upper;
    }
    return task.outcome(outcome.trim()).map(OutcomeDefinition::name).orElse(outcome);
  }

  /** Refuses an outcome that is neither APPROVED, REJECTED nor one {@code task} declares. */
  public static void checkOutcome(UserTask task, String outcome) {
    if (outcome == null || outcome.isBlank()) {
      throw new RuleViolation("an outcome is required");
    }
    String upper = outcome.trim().toUpperCase(Locale.ROOT);
    if (!upper.equals(Outcome.APPROVED.name())
        && !upper.equals(Outcome.REJECTED.name())
        && task.outcome(outcome.trim()).isEmpty()) {
      List<String> known = new ArrayList<>(List.of("approved", "rejected"));
      known.addAll(task.outcomeNames());
      throw new RuleViolation(
          "step " + task.name() + " has no outcome " + Texts.quote(outcome) + " (outcomes: "
              + Texts.list(known) + ")");
    }
  }

  static String who(String user) {
    return user == null || user.isBlank() ? "anonymous" : user;
  }

  static void refuse(Optional<String> refusal) {
    refusal.ifPresent(reason -> {
      throw new RuleViolation(reason);
    });
  }
}
