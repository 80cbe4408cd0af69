package dev.overdue.inbox.view;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import tools.jackson.databind.JsonNode;

/**
 * What happens if nobody acts, in sentences: each entry of the approval's plan as "If nobody
 * claims it by Tue 09:00, it is reassigned to finance-leads." The plan is the workflow's own
 * forecast (the API's {@code /plan}); this only words it.
 */
public final class Forecast {
  /** One coming event: when, in words and exactly, and what happens. */
  public record Line(String sentence, String exact, String iso, boolean escalation) {}

  private Forecast() {}

  public static List<Line> of(JsonNode plan, Dates dates, Instant now) {
    List<Line> lines = new ArrayList<>();
    if (plan == null || !plan.isArray()) {
      return lines;
    }
    for (JsonNode entry : plan) {
      Instant at = Instant.parse(entry.path("at").asString());
      String when = condition(entry.path("kind").asString(""), entry.path("timer").asString(""), dates.brief(at));
      String what = effect(entry.path("action").asString(""), targets(entry.path("targets")));
      String resumed = switch (entry.path("when").asString("at")) {
        case "at" -> "";
        case "on resume" -> " (when the approval is resumed)";
        default -> " (if the approval is resumed by then)";
      };
      String note = entry.path("note").isString() ? " — " + entry.path("note").asString() : "";
      lines.add(new Line(when + ", " + what + resumed + note + ".", dates.exact(at), at.toString(),
          !"warn".equals(entry.path("action").asString(""))));
    }
    return lines;
  }

  /** What the timer's expiry means for the task, by its kind. */
  static String condition(String kind, String timer, String at) {
    return switch (kind) {
      case "ACCEPTANCE" -> "If nobody claims it by " + at;
      case "START_DEADLINE" -> "If nobody starts work on it by " + at;
      case "COMPLETION", "COMPLETION_DEADLINE" -> "If it is not decided by " + at;
      case "CLAIM_DEADLINE" -> "If whoever holds it has not decided it by " + at;
      case "PROCESS" -> "If the whole approval is not done by " + at;
      default -> "On " + at + " (timer " + timer + ")";
    };
  }

  static String effect(String action, String targets) {
    return switch (action.toLowerCase(Locale.ROOT)) {
      case "warn" -> "a warning is raised";
      case "notify" -> targets.isEmpty() ? "a message is sent" : targets + " will be told";
      case "reassign" -> "it is reassigned to " + (targets.isEmpty() ? "others" : targets);
      case "decide" -> "it is decided automatically";
      case "setpriority" -> "its priority changes";
      default -> action;
    };
  }

  private static String targets(JsonNode targets) {
    List<String> names = new ArrayList<>();
    targets.forEach(name -> names.add(name.asString()));
    return Words.list(names);
  }
}
