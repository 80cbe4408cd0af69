package dev.overdue.inbox.view;

import dev.overdue.api.CommentInfo;
import dev.overdue.api.HistoryEntry;
import dev.overdue.api.PlanEntry;
import dev.overdue.api.StatusInfo;
import dev.overdue.api.StepInfo;
import dev.overdue.api.WarningInfo;
import dev.overdue.api.http.Actions;
import dev.overdue.inbox.InboxSettings;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Component;

/**
 * A task page's content, from the API's answers for one approval: the request and its data, the
 * steps and who decided what, the timers and what happens when each expires, the warnings, the
 * trail, and the actions the workflow would take from this person.
 */
@Component
public class TaskView {
  /** The actions in the order a page offers them, with their buttons' words. */
  private static final Map<String, String> BUTTONS = buttons();

  private final Dates dates;

  TaskView(InboxSettings settings) {
    this.dates = new Dates(settings.zone());
  }

  public Map<String, Object> of(StatusInfo status, List<PlanEntry> plan, List<HistoryEntry> history, Actions actions,
      String me, Instant now) {
    Map<String, Object> model = new LinkedHashMap<>();
    String id = status.requestId();
    String current = status.currentStep();
    StepInfo currentStep = currentStep(status);
    model.put("id", id);
    model.put("title", or(status.title(), id));
    model.put("requester", or(status.requester(), ""));
    model.put("approvalState", Words.approvalState(status.state(),
        currentStep == null ? null : or(currentStep.title(), current)));
    model.put("suspendedReason", status.suspendedReason());
    model.put("data", DataRows.of(FreeForm.tree(status.data())));
    Titles titles = Titles.of(status);
    model.put("steps", StepRows.of(status, titles, dates, me));
    model.put("forecast", Forecast.of(plan, titles, dates, now));
    model.put("timers", TimerRows.of(status, titles, dates, now));
    model.put("warnings", warnings(status, now));
    model.put("trail", Trail.of(history, titles, dates, now));
    List<String> allowed = actions == null ? List.of() : listed(actions.actions());
    String delegator = currentStep == null ? null : currentStep.delegatedBy();
    // A comment has its own form, in the Comments section, not a button among these.
    model.put("actions", BUTTONS.entrySet().stream()
        .filter(b -> allowed.contains(b.getKey()) && !b.getKey().equals("comment"))
        .map(b -> Map.of("action", b.getKey(), "label",
            b.getKey().equals("resolve") && delegator != null ? "Hand back to " + delegator : b.getValue()))
        .toList());
    model.put("canDecide", allowed.contains("approve"));
    model.put("canReassign", allowed.contains("reassign"));
    model.put("canUpdateData", allowed.contains("update-data"));
    model.put("canDelegate", allowed.contains("delegate"));
    model.put("canForward", allowed.contains("forward"));
    model.put("canNominate", allowed.contains("nominate"));
    model.put("canSkip", allowed.contains("skip"));
    model.put("canComment", allowed.contains("comment"));
    // The decision's comment goes with a hand-over too, for the trail.
    model.put("canExplain", allowed.stream().anyMatch(List.of("approve", "delegate", "resolve", "forward")::contains));
    boolean canSetPriority = allowed.contains("set-priority") && currentStep != null;
    model.put("canSetPriority", canSetPriority);
    model.put("priorities", canSetPriority ? Words.priorities(currentStep.priority()) : List.of());
    model.put("comments", comments(status, now));
    long earlier = (status.commentCount() == null ? 0 : status.commentCount()) - listed(status.comments()).size();
    model.put("earlierComments", earlier <= 0 ? null
        : earlier == 1 ? "1 earlier comment is no longer kept." : earlier + " earlier comments are no longer kept.");
    List<Map<String, String>> outcomes = currentStep == null ? List.of() : outcomes(currentStep, allowed);
    model.put("outcomes", outcomes);
    model.put("hasOutcomes", !outcomes.isEmpty());
    model.put("fields", currentStep == null ? List.of() : FormFields.of(FreeForm.tree(currentStep.form()), FormFields.OUTPUT));
    return model;
  }

  /** The actions this page may offer. */
  public static boolean known(String action) {
    return BUTTONS.containsKey(action);
  }

  /** A button's words, for the confirmation of a prepared action. */
  public static String label(String action) {
    return BUTTONS.getOrDefault(action, action);
  }

  /** The approval's current step in its status; null once it ended. */
  public static StepInfo currentStep(StatusInfo status) {
    return step(status, status.currentStep());
  }

  private static StepInfo step(StatusInfo status, String name) {
    for (StepInfo step : listed(status.steps())) {
      if (step.name() != null && step.name().equals(name)) {
        return step;
      }
    }
    return null;
  }

  /** The step comments the status keeps, oldest first, dated as the trail is. */
  private List<Map<String, Object>> comments(StatusInfo status, Instant now) {
    List<Map<String, Object>> comments = new ArrayList<>();
    for (CommentInfo comment : listed(status.comments())) {
      Instant at = Instant.parse(comment.at());
      String name = or(comment.step(), "");
      StepInfo step = step(status, name);
      comments.add(Map.of("user", or(comment.user(), ""), "text", or(comment.text(), ""),
          "step", step == null ? name : or(step.title(), name), "when", Dates.ago(at, now), "exact", dates.exact(at)));
    }
    return comments;
  }

  private List<Map<String, Object>> warnings(StatusInfo status, Instant now) {
    List<Map<String, Object>> warnings = new ArrayList<>();
    for (WarningInfo warning : listed(status.warnings())) {
      Instant at = Instant.parse(warning.at());
      warnings.add(Map.of("message", or(warning.message(), ""), "when", Dates.ago(at, now), "exact", dates.exact(at)));
    }
    return warnings;
  }

  private static List<Map<String, String>> outcomes(StepInfo step, List<String> allowed) {
    if (!allowed.contains("complete")) {
      return List.of();
    }
    List<Map<String, String>> outcomes = new ArrayList<>();
    listed(step.outcomes()).forEach(outcome -> outcomes.add(Map.of("name", outcome, "label", Words.label(outcome))));
    return outcomes;
  }

  /** A list an answer left out (an older worker's, or one with nothing in it) as an empty one. */
  static <T> List<T> listed(List<T> list) {
    return list == null ? List.of() : list;
  }

  /** {@code text}, or {@code otherwise} when the answer has none. */
  static String or(String text, String otherwise) {
    return text == null ? otherwise : text;
  }

  private static Map<String, String> buttons() {
    Map<String, String> buttons = new LinkedHashMap<>();
    buttons.put("claim", "Claim");
    buttons.put("start", "Start working on it");
    buttons.put("release", "Release");
    buttons.put("approve", "Approve");
    buttons.put("reject", "Reject");
    buttons.put("complete", "Decide");
    buttons.put("reassign", "Reassign");
    buttons.put("update-data", "Change data");
    buttons.put("stop", "Stop working on it");
    buttons.put("delegate", "Hand to someone…");
    buttons.put("resolve", "Hand back");
    buttons.put("forward", "Pass on…");
    buttons.put("nominate", "Add people…");
    buttons.put("skip", "Skip this step");
    buttons.put("set-priority", "Change priority");
    buttons.put("comment", "Add a comment");
    return buttons;
  }
}
