package dev.overdue.inbox.view;

import dev.overdue.api.PlanEntry;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What happens if nobody acts, in sentences: each entry of the approval's plan as "If nobody
 * starts work on “Manager approval” by Sat 28 Nov, 03:00, it goes to frank instead." The plan is
 * the workflow's own forecast (the API's {@code /plan}); this only words it.
 */
public final class Forecast {
  /**
   * One coming event: what happens and when, exactly and as ISO; {@code escalation} when it
   * changes who decides or decides itself (the guide's bold), not for a reminder or a warning.
   */
  public record Line(String sentence, String exact, String iso, boolean escalation) {}

  /** The actions that change who decides, or decide. */
  private static final Set<String> ESCALATIONS = Set.of("reassign", "decide", "release");

  private Forecast() {}

  public static List<Line> of(List<PlanEntry> plan, Titles titles, Dates dates, Instant now) {
    // A reminder's repetitions are one line, "and again on …", not one line each.
    Map<String, List<PlanEntry>> repeated = new LinkedHashMap<>();
    for (PlanEntry entry : TaskView.listed(plan)) {
      // A superseded reassignment (it has a note) or one whose condition is false now does not
      // happen if nothing changes: listing it would say something that will not be.
      if (entry.note() == null && !"false".equals(entry.conditionNow())) {
        repeated.computeIfAbsent(entry.timer() + "/" + entry.name() + "/" + entry.action(), k -> new ArrayList<>()).add(entry);
      }
    }
    List<Line> lines = new ArrayList<>();
    for (List<PlanEntry> entries : repeated.values()) {
      PlanEntry entry = entries.get(0);
      Instant at = Instant.parse(entry.at());
      String action = TaskView.or(entry.action(), "").toLowerCase(Locale.ROOT);
      String step = entry.step() == null ? null : titles.quoted(entry.step());
      String when = condition(TaskView.or(entry.kind(), ""), step, titles.timer(entry.timer()), dates.brief(at));
      String what = effect(action, TaskView.listed(entry.targets()), step);
      String resumed = switch (TaskView.or(entry.when(), PlanEntry.AT)) {
        case PlanEntry.AT -> "";
        case PlanEntry.ON_RESUME -> " (when the request is taken off hold)";
        default -> " (if the request is taken off hold by then)";
      };
      lines.add(new Line(when + ", " + what + again(entries.subList(1, entries.size()), dates) + resumed + ".",
          dates.exact(at), at.toString(), ESCALATIONS.contains(action)));
    }
    return lines;
  }

  /** ", and again on Wed 16 Dec, 10:00 and Thu 17 Dec, 10:00"; more than two as how many, until when. */
  private static String again(List<PlanEntry> later, Dates dates) {
    List<String> on = later.stream().map(entry -> dates.brief(Instant.parse(entry.at()))).toList();
    if (on.isEmpty()) {
      return "";
    }
    return on.size() <= 2 ? ", and again on " + Words.list(on) : ", and " + on.size() + " more times until " + on.get(on.size() - 1);
  }

  /** What not acting means, by the timer's kind, with the step's title ({@code step}, quoted). */
  static String condition(String kind, String step, String timer, String at) {
    String it = step == null ? "it" : step;
    return switch (kind) {
      case "ACCEPTANCE" -> "If nobody takes " + it + " by " + at;
      case "START_DEADLINE" -> "If nobody starts work on " + it + " by " + at;
      case "COMPLETION", "COMPLETION_DEADLINE" -> "If " + it + " is not decided by " + at;
      case "CLAIM_DEADLINE" -> "If whoever takes " + it + " has not decided it by " + at;
      case "PROCESS" -> "If the whole request is not decided by " + at;
      default -> "When " + timer + " goes off on " + at;
    };
  }

  /** Who is told or what happens: the plan's targets are names, a decision's outcome, or "priority 3". */
  static String effect(String action, List<String> targets, String step) {
    String people = Words.list(targets.stream().map(Forecast::person).toList());
    boolean one = targets.size() == 1 && !targets.get(0).equals("potentialOwners");
    return switch (action) {
      case "warn" -> "a warning is noted on the request";
      case "notify" -> people.isEmpty() ? "a reminder is sent" : people + (one ? " is" : " are") + " reminded";
      case "reassign" -> people.isEmpty() ? "it stays where it is, with a warning: nobody is named to take it over"
          : "it goes to " + people + " instead";
      case "release" -> "it is taken back from whoever took it and offered to everyone again";
      case "decide" -> Words.decidedAutomatically(targets.isEmpty() ? "" : targets.get(0), step == null ? "it" : step, false);
      case "setpriority" -> "its priority becomes " + priority(targets);
      default -> "“" + Words.label(action) + "” happens";
    };
  }

  /** "priority 3", as the plan names a new priority, in words. */
  private static String priority(List<String> targets) {
    String number = targets.isEmpty() ? "" : targets.get(0).replaceAll("\\D", "");
    return number.isEmpty() ? "different" : Words.priority(Integer.parseInt(number));
  }

  /** A target in words: a role the plan left unresolved, or a requester's manager ("manager:carol"). */
  static String person(String name) {
    if (name.startsWith("manager:")) {
      return name.substring("manager:".length()) + "'s manager";
    }
    return switch (name) {
      case "potentialOwners" -> "the approvers";
      case "owner" -> "whoever took it";
      case "requester" -> "the requester";
      case "manager" -> "the requester's manager";
      default -> name;
    };
  }
}
