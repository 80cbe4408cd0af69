package dev.overdue.inbox.view;

import dev.overdue.api.PlanEntry;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What happens if nobody acts, in sentences: each entry of the approval's plan as "If nobody
 * claims it by Tue 09:00, it is reassigned to finance-leads." The plan is the workflow's own
 * forecast (the API's {@code /plan}); this only words it.
 */
public final class Forecast {
  /** One coming event: when, in words and exactly, and what happens. */
  public record Line(String sentence, String exact, String iso, boolean escalation) {}

  private Forecast() {}

  public static List<Line> of(List<PlanEntry> plan, Dates dates, Instant now) {
    List<Line> lines = new ArrayList<>();
    for (PlanEntry entry : TaskView.listed(plan)) {
      Instant at = Instant.parse(entry.at());
      String action = TaskView.or(entry.action(), "");
      String when = condition(TaskView.or(entry.kind(), ""), TaskView.or(entry.timer(), ""), dates.brief(at));
      String what = effect(action, Words.list(TaskView.listed(entry.targets())));
      String resumed = switch (TaskView.or(entry.when(), PlanEntry.AT)) {
        case PlanEntry.AT -> "";
        case PlanEntry.ON_RESUME -> " (when the approval is resumed)";
        default -> " (if the approval is resumed by then)";
      };
      String note = entry.note() != null ? " — " + entry.note() : "";
      lines.add(new Line(when + ", " + what + resumed + note + ".", dates.exact(at), at.toString(), !"warn".equals(action)));
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
}
