package dev.overdue.bpmn;

import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A gateway's condition that tests one variable, the task's outcome: true or false ({@code
 * ${approved}}, {@code ${!approved}}, FEEL {@code =not(approved)}, {@code approved == false}) or
 * equal to a text ({@code ${decision == 'legal'}}, FEEL {@code =decision = "legal"}). Any other
 * condition is an arbitrary expression the import does not translate.
 */
record Condition(String variable, Boolean flag, String text) {
  private static final String VAR = "([A-Za-z_][A-Za-z0-9_]*)";
  private static final List<Pattern> TRUE =
      List.of(
          Pattern.compile(VAR),
          Pattern.compile(VAR + "\\s*(?:==|eq|=)\\s*true"),
          Pattern.compile(VAR + "\\s*(?:!=|ne)\\s*false"));
  private static final List<Pattern> FALSE =
      List.of(
          Pattern.compile("(?:!|not\\s+)\\s*" + VAR),
          Pattern.compile("not\\s*\\(\\s*" + VAR + "\\s*\\)"),
          Pattern.compile(VAR + "\\s*(?:==|eq|=)\\s*false"),
          Pattern.compile(VAR + "\\s*(?:!=|ne)\\s*true"));
  private static final Pattern EQUALS =
      Pattern.compile(VAR + "\\s*(?:==|eq|=)\\s*(?:'([^']*)'|\"([^\"]*)\")");

  /** {@code expression} (JUEL in {@code ${…}}, or FEEL after {@code =}) read as a test of one variable. */
  static Optional<Condition> read(String expression) {
    String body = body(expression.strip());
    if (body == null) {
      return Optional.empty();
    }
    for (Pattern pattern : TRUE) {
      Matcher matcher = pattern.matcher(body);
      if (matcher.matches()) {
        return Optional.of(new Condition(matcher.group(1), true, null));
      }
    }
    for (Pattern pattern : FALSE) {
      Matcher matcher = pattern.matcher(body);
      if (matcher.matches()) {
        return Optional.of(new Condition(matcher.group(1), false, null));
      }
    }
    Matcher equals = EQUALS.matcher(body);
    if (equals.matches()) {
      String text = equals.group(2) != null ? equals.group(2) : equals.group(3);
      return Optional.of(new Condition(equals.group(1), null, text));
    }
    return Optional.empty();
  }

  private static String body(String expression) {
    if (expression.startsWith("=")) {
      return expression.substring(1).strip();
    }
    if ((expression.startsWith("${") || expression.startsWith("#{")) && expression.endsWith("}")) {
      return expression.substring(2, expression.length() - 1).strip();
    }
    return null;
  }
}
