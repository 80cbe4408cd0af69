package dev.overdue.model.escalation;

import dev.overdue.model.RuleViolation;
import dev.overdue.model.expression.CelProgram;
import dev.overdue.model.expression.Condition;
import dev.overdue.model.expression.DataExpression;
import dev.overdue.model.task.UserTask;
import java.util.HashMap;
import java.util.Map;

/**
 * What CEL conditions and expressions see of an approval at the moment they are evaluated: its
 * {@code data}, the {@code step} (the task a timer observes, or the current one) and the {@code
 * process}.
 */
public final class ExpressionScope {
  private final EscalationContext process;

  public ExpressionScope(EscalationContext process) {
    this.process = process;
  }

  /** A condition's value now: true, false, or the error that kept it from being evaluated. */
  public record ConditionResult(boolean holds, String error) {
    public String text() {
      return error != null ? "error: " + error : String.valueOf(holds);
    }
  }

  /** {@code condition}'s value against the data, the task and the process as they are now. */
  public ConditionResult holds(String condition, UserTask task) {
    try {
      return new ConditionResult(
          Condition.compile(condition).evaluate(process.data(), step(task), CelProgram.STEP_FIELDS, process()), null);
    } catch (RuleViolation e) {
      return new ConditionResult(false, e.reason());
    }
  }

  /**
   * {@code expression}'s value now, as literal text.
   *
   * @throws RuleViolation when it cannot be evaluated
   */
  public String value(String expression, DataExpression.Result result, UserTask task) {
    return DataExpression.compile(expression, result).evaluate(process.data(), step(task), CelProgram.STEP_FIELDS, process());
  }

  private static Map<String, Object> step(UserTask task) {
    Map<String, Object> step = new HashMap<>();
    if (task != null) {
      step.put("name", task.name());
      step.put("title", task.title());
      step.put("state", task.state().name());
      step.put("owner", task.owner().orElse(null));
      step.put("approvers", task.approvers());
      step.put("candidateGroups", task.owners().groups());
      step.put("potentialOwners", task.owners().names());
      step.put("assignee", task.owners().assignee());
      step.put("priority", task.priority());
    }
    return step;
  }

  private Map<String, Object> process() {
    Map<String, Object> variables = new HashMap<>();
    variables.put("requestId", process.requestId());
    variables.put("title", process.title());
    variables.put("requester", process.requester());
    variables.put("state", process.state().name());
    return variables;
  }
}
