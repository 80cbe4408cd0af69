package dev.overdue.bpmn;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Camunda's expressions as Overdue reads values. Camunda 7 writes JUEL ({@code ${reviewer}}),
 * Camunda 8 FEEL ({@code =reviewer}); a plain variable path in either becomes Overdue's CEL over
 * the request's data ({@code =data.reviewer}), the process's initiator its requester ({@code
 * =process.requester}). Anything else — a method call, arithmetic, a condition — is not
 * translated: its meaning is the engine's, and a guessed translation would run differently.
 */
final class Expressions {
  private Expressions() {}

  private static final String PATH = "[A-Za-z_][A-Za-z0-9_]*(?:\\.[A-Za-z_][A-Za-z0-9_]*)*";
  private static final Pattern JUEL = Pattern.compile("[$#]\\{\\s*(" + PATH + ")\\s*}");
  private static final Pattern FEEL = Pattern.compile("=\\s*(" + PATH + ")\\s*");
  private static final Pattern FEEL_NAMES = Pattern.compile("=\\s*\\[(\\s*\"[^\"]*\"\\s*(?:,\\s*\"[^\"]*\"\\s*)*)]\\s*");

  /** Whether {@code text} is an expression of either engine rather than a literal. */
  static boolean isExpression(String text) {
    String t = text.strip();
    return t.startsWith("=") || t.contains("${") || t.contains("#{");
  }

  /**
   * {@code text} as an Overdue value: a literal as it is, a plain variable path as {@code =data.}
   * and the path ({@code initiator}, the start event's initiator variable, as the requester);
   * empty for any other expression.
   */
  static Optional<String> value(String text, String initiator) {
    String t = text.strip();
    if (!isExpression(t)) {
      return Optional.of(t);
    }
    return variable(t).map(path -> path.equals(initiator) ? "=process.requester" : "=data." + path);
  }

  /** The variable path {@code text} reads, when it reads nothing else. */
  static Optional<String> variable(String text) {
    String t = text.strip();
    for (Pattern pattern : List.of(JUEL, FEEL)) {
      Matcher matcher = pattern.matcher(t);
      if (matcher.matches()) {
        return Optional.of(matcher.group(1));
      }
    }
    return Optional.empty();
  }

  /**
   * The names in a list attribute (candidate users or groups): comma-separated literals, or a
   * FEEL list of strings ({@code =["finance", "audit"]}); empty when any part is an expression.
   */
  static Optional<List<String>> names(String text) {
    String t = text.strip();
    Matcher feel = FEEL_NAMES.matcher(t);
    String list = feel.matches() ? feel.group(1).replace("\"", "") : t;
    if (!feel.matches() && isExpression(t)) {
      return Optional.empty();
    }
    List<String> names = new ArrayList<>();
    for (String part : list.split(",")) {
      if (!part.isBlank()) {
        names.add(part.strip());
      }
    }
    return Optional.of(names);
  }
}
