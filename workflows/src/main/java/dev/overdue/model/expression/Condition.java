package dev.overdue.model.expression;

import dev.overdue.model.RuleViolation;
import dev.overdue.model.Texts;
import java.util.List;
import java.util.Map;

/**
 * An escalation's optional condition: a boolean CEL expression ({@link CelProgram}) over the
 * request's {@code data}, the {@code step} and the {@code process}, for example {@code data.amount
 * >= 10000 && data.priority <= 2}. {@link #compile} checks it when an approval starts; an error
 * when it is evaluated is a {@link RuleViolation} the workflow records as a warning (and treats
 * the condition as false).
 */
public final class Condition {
  /** Longest expression accepted, in characters. */
  public static final int MAX_LENGTH = CelProgram.MAX_LENGTH;

  /** Comprehension iterations one evaluation may run, counting nested ones together. */
  public static final int MAX_ITERATIONS = CelProgram.MAX_ITERATIONS;

  /** The evaluation budget ({@link CelProgram#MAX_COST}). */
  public static final long MAX_COST = CelProgram.MAX_COST;

  /** The fields of the {@code step} variable; a missing one is null, any other key is ignored. */
  public static final List<String> STEP_FIELDS = CelProgram.STEP_FIELDS;

  /** The fields of the {@code process} variable; a missing one is null, any other is ignored. */
  public static final List<String> PROCESS_FIELDS = CelProgram.PROCESS_FIELDS;

  private final CelProgram program;

  private Condition(CelProgram program) {
    this.program = program;
  }

  /**
   * Parses and type-checks {@code expression}.
   *
   * @throws RuleViolation naming the problem: blank, too long, a syntax error (with its
   *     position), an unknown variable or field, or a result that is not true or false
   */
  public static Condition compile(String expression) {
    return new Condition(CelProgram.compile(CelProgram.Kind.CONDITION, expression));
  }

  public String expression() {
    return program.expression();
  }

  /** The compiled program, shared by every condition of the same text. */
  CelProgram program() {
    return program;
  }

  /** As {@link #evaluate(Map, Map, List, Map)} with every field of {@code step}. */
  public boolean evaluate(Map<String, Object> data, Map<String, Object> step, Map<String, Object> process) {
    return evaluate(data, step, STEP_FIELDS, process);
  }

  /**
   * Evaluates the condition, {@code step} holding {@code stepFields}.
   *
   * @throws RuleViolation if the evaluation fails (a missing key such as {@code data.nope}, a type
   *     error, the evaluation budget exceeded); the message says what went wrong
   */
  public boolean evaluate(
      Map<String, Object> data, Map<String, Object> step, List<String> stepFields, Map<String, Object> process) {
    Object result = program.evaluate(data, step, stepFields, process);
    if (result instanceof Boolean) {
      return (Boolean) result;
    }
    throw new RuleViolation(
        "condition gave " + Texts.abbreviate(String.valueOf(result), 100) + ", not true or false");
  }

  @Override
  public String toString() {
    return program.expression();
  }
}
