package dev.overdue.model.request;

import dev.overdue.api.ApprovalRequest.StepDefinition;
import dev.overdue.model.RuleViolation;
import dev.overdue.model.Texts;
import dev.overdue.model.expression.DataExpression;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Who a step is for, as a request writes it: candidate users ({@code approvers}), {@code
 * candidateGroups}, an {@code assignee} (a user, or {@code =} and a CEL expression) and a {@code
 * priority}. Someone must be named, so a task is never created for no one by design.
 */
public final class StepOwnerDefinitions {
  /** A task's priority: 0 is the highest, 10 the lowest (WS-HumanTask). */
  public static final int HIGHEST_PRIORITY = 0;
  public static final int LOWEST_PRIORITY = 10;

  private StepOwnerDefinitions() {}

  static void problems(String at, StepDefinition step, Consumer<String> problems) {
    if (step.approvers().isEmpty() && step.candidateGroups().isEmpty() && step.assignee() == null) {
      problems.accept(
          at + ".approvers: at least one approver is required (or candidateGroups, or an assignee)");
    }
    names(at + ".approvers", "approver", step.approvers(), problems);
    names(at + ".candidateGroups", "group", step.candidateGroups(), problems);
    if (step.assignee() != null) {
      assigneeProblem(at + ".assignee", step.assignee()).ifPresent(problems);
    }
    if (step.priority() != null
        && (step.priority() < HIGHEST_PRIORITY || step.priority() > LOWEST_PRIORITY)) {
      problems.accept(at + ".priority: " + priorityProblem(step.priority()));
    }
  }

  public static String priorityProblem(int priority) {
    return "from " + HIGHEST_PRIORITY + " (highest) to " + LOWEST_PRIORITY
        + " (lowest), got " + priority;
  }

  private static Optional<String> assigneeProblem(String at, String assignee) {
    if (assignee.isBlank()) {
      return Optional.of(at + ": a user name, or = and an expression, got nothing");
    }
    if (assignee.length() > RequestValidator.MAX_USER_LENGTH && !DataExpression.isExpression(assignee)) {
      return Optional.of(at + ": " + Texts.quote(assignee) + " is too long (at most "
          + RequestValidator.MAX_USER_LENGTH + " characters)");
    }
    if (DataExpression.isExpression(assignee)) {
      try {
        DataExpression.compile(assignee, DataExpression.Result.USER);
      } catch (RuleViolation bad) {
        return Optional.of(at + ": " + bad.reason());
      }
    }
    return Optional.empty();
  }

  /** Names the request gives (users, groups): not blank, each a user name's length, not too many. */
  static void names(String at, String what, List<String> names, Consumer<String> problems) {
    if (names.size() > RequestValidator.MAX_APPROVERS) {
      problems.accept(
          at + ": at most " + RequestValidator.MAX_APPROVERS + " " + what + "s, got " + names.size());
    }
    for (String name : names) {
      if (name == null || name.isBlank()) {
        problems.accept(at + ": every entry must be a non-empty name");
      } else if (name.length() > RequestValidator.MAX_USER_LENGTH) {
        problems.accept(
            at + ": " + Texts.quote(name) + " is too long (at most " + RequestValidator.MAX_USER_LENGTH
                + " characters)");
      }
    }
  }
}
