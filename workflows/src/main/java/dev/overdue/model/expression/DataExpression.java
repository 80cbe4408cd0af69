package dev.overdue.model.expression;

import dev.cel.common.types.CelKind;
import dev.overdue.model.RuleViolation;
import dev.overdue.model.Texts;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A value a request computes from its data: a string starting with {@code =} is a CEL expression
 * over {@code data}, {@code step} and {@code process} (the convention Camunda 8 users know from
 * FEEL), e.g. {@code =timestamp(data.dueAt)}, {@code =duration(string(data.slaHours) + 'h')} or
 * {@code =data.owner}. It is compiled and type-checked when the approval starts; its value is
 * taken when it is needed (a timer starting, a task being created) and goes through the same rules
 * as a literal would.
 */
public final class DataExpression {
  /** What an expression stands for: a time limit, or the user a task is assigned to. */
  public enum Result {
    /** A CEL duration, a timestamp, or text in the literal syntax ({@code P2D}, a date-time). */
    LIMIT(Set.of(CelKind.DURATION, CelKind.TIMESTAMP, CelKind.STRING, CelKind.DYN),
        "a duration, a timestamp or a text"),
    /** A user name. */
    USER(Set.of(CelKind.STRING, CelKind.DYN), "a text (a user name)");

    private final Set<CelKind> kinds;
    private final String wanted;

    Result(Set<CelKind> kinds, String wanted) {
      this.kinds = kinds;
      this.wanted = wanted;
    }
  }

  private final String text;
  private final CelProgram program;
  private final Result result;

  private DataExpression(String text, CelProgram program, Result result) {
    this.text = text;
    this.program = program;
    this.result = result;
  }

  /** Whether a request's {@code value} is an expression rather than a literal. */
  public static boolean isExpression(String value) {
    return value != null && value.startsWith("=");
  }

  /**
   * Compiles {@code text} ({@code =} and the expression), checking it can give {@code result}.
   *
   * @throws RuleViolation naming the problem: syntax, unknown fields, a result of another type
   */
  public static DataExpression compile(String text, Result result) {
    CelProgram program = CelProgram.compile(CelProgram.Kind.EXPRESSION, text.substring(1).strip());
    CelKind kind = program.resultType().kind();
    if (!result.kinds.contains(kind)) {
      throw new RuleViolation(
          "the expression gives " + program.resultType().name() + ", not " + result.wanted);
    }
    return new DataExpression(text, program, result);
  }

  /** As the request wrote it, {@code =} included. */
  public String text() {
    return text;
  }

  /**
   * The expression's value now, as the literal text it stands for: a duration as ISO-8601
   * ({@code PT48H}), a timestamp as a UTC date-time, a text as it is.
   *
   * @throws RuleViolation when the evaluation fails or gives a value of another type
   */
  public String evaluate(
      Map<String, Object> data, Map<String, Object> step, List<String> stepFields, Map<String, Object> process) {
    Object value = program.evaluate(data, step, stepFields, process);
    if (value instanceof Duration duration && result == Result.LIMIT) {
      return duration.toString();
    }
    if (value instanceof Instant instant && result == Result.LIMIT) {
      return instant.atOffset(ZoneOffset.UTC).toString();
    }
    if (value instanceof String string) {
      return string;
    }
    throw new RuleViolation(
        "the expression gave " + Texts.abbreviate(String.valueOf(value), 100) + ", not " + result.wanted);
  }
}
