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
    Titles titles = Titles.of(status);
    model.put("titles", titles);
    model.put("approvalState", Words.approvalState(status.state(), currentStep == null ? null : titles.step(current)));
    model.put("suspendedReason", status.suspendedReason());
    List<DataRows.Row> details = DataRows.of(FreeForm.tree(status.data()), status.dataLabels());
    model.put("data", details);
    model.put("facts", KeyFacts.of(details, status.keyFields()));
    model.put("steps", StepRows.of(status, titles, dates, me));
    model.put("forecast", Forecast.of(plan, titles, dates, now));
    model.put("timers", TimerRows.of(status, titles, dates, now));
    model.put("warnings", warnings(status, titles, now));
    model.put("trail", Trail.of(history, titles, dates, now));
    List<String> allowed = actions == null ? List.of() : listed(actions.actions());
    String tooSoon = allowed.contains("nudge") ? NudgeAgain.tooSoon(history, current, now) : null;
    if (tooSoon != null) {
      allowed = allowed.stream().filter(action -> !action.equals("nudge")).toList();
      model.put("nudgeAgain", tooSoon);
    }
    TaskActions.Offer offer = TaskActions.of(allowed, currentStep, details);
    model.put("offer", offer);
    model.put("deadline", Deadline.of(currentStep, status.timers(), offer.canDecide(), dates, now));
    model.put("allowed", allowed);
    model.put("currentTitle", currentStep == null ? null : titles.step(current));
    model.put("comments", comments(status, titles, now));
    long earlier = (status.commentCount() == null ? 0 : status.commentCount()) - listed(status.comments()).size();
    model.put("earlierComments", earlier <= 0 ? null
        : earlier == 1 ? "1 earlier comment is no longer kept." : earlier + " earlier comments are no longer kept.");
    model.put("fields", currentStep == null ? List.of() : FormFields.of(FreeForm.tree(currentStep.form()), FormFields.OUTPUT));
    return model;
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
  private List<Map<String, Object>> comments(StatusInfo status, Titles titles, Instant now) {
    List<Map<String, Object>> comments = new ArrayList<>();
    for (CommentInfo comment : listed(status.comments())) {
      Instant at = Instant.parse(comment.at());
      comments.add(Map.of("user", or(comment.user(), ""), "text", or(comment.text(), ""),
          "step", titles.step(or(comment.step(), "")), "when", Dates.ago(at, now), "exact", dates.exact(at)));
    }
    return comments;
  }

  /** The warnings, each said as the trail says its timer's expiry: the workflow's own text names ids. */
  private List<Map<String, Object>> warnings(StatusInfo status, Titles titles, Instant now) {
    List<Map<String, Object>> warnings = new ArrayList<>();
    for (WarningInfo warning : listed(status.warnings())) {
      Instant at = Instant.parse(warning.at());
      String said = warning.timer() != null ? titles.expired(warning.timer()) : titles.inWords(or(warning.message(), ""));
      String message = said.isEmpty() ? said : Character.toUpperCase(said.charAt(0)) + said.substring(1);
      warnings.add(Map.of("message", message, "when", dates.brief(at), "exact", dates.exact(at)));
    }
    return warnings;
  }

  /** A list an answer left out (an older worker's, or one with nothing in it) as an empty one. */
  static <T> List<T> listed(List<T> list) {
    return list == null ? List.of() : list;
  }

  /** {@code text}, or {@code otherwise} when the answer has none. */
  static String or(String text, String otherwise) {
    return text == null ? otherwise : text;
  }

}
