package dev.overdue.starter;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A refusal for a required form field left out ("output.costCentre: text is needed, got nothing")
 * says, on the command line, how to give it: with {@code --task-output}. The workflow's own words
 * stay as they are, for the task API and the history.
 */
final class TaskOutputHint {
  private TaskOutputHint() {}

  private static final Pattern MISSING =
      Pattern.compile("^(\\s*)output\\.([A-Za-z_][\\w-]*): (.+) is needed, got (nothing|null)$");

  /**
   * {@code reason} with the hint; {@code given}: a --task-output was given, to add the fields to.
   * Several fields left out without one are given together, on a line of their own.
   */
  static String added(String reason, boolean given) {
    List<String> lines = new ArrayList<>(List.of(reason.split("\n", -1)));
    List<String> fields = new ArrayList<>();
    int last = -1;
    for (int i = 0; i < lines.size(); i++) {
      Matcher missing = MISSING.matcher(lines.get(i));
      if (missing.matches()) {
        String field = "\"" + missing.group(2) + "\": " + placeholder(missing.group(3));
        fields.add(field);
        last = i;
        if (given) {
          lines.set(i, lines.get(i) + "; add " + field + " to --task-output");
        }
      }
    }
    String object = "--task-output '{" + String.join(", ", fields) + "}'";
    if (given || fields.isEmpty()) {
      return String.join("\n", lines);
    }
    if (fields.size() == 1) {
      lines.set(last, lines.get(last) + "; give it with " + object);
    } else {
      lines.add("  give them with " + object);
    }
    return String.join("\n", lines);
  }

  /** "…" in quotes where text is needed (a date, one of some values too), bare for numbers and true or false. */
  private static String placeholder(String needed) {
    return needed.startsWith("text") || needed.startsWith("a date") || needed.startsWith("one of") ? "\"…\"" : "…";
  }
}
