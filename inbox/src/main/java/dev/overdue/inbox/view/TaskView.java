package dev.overdue.inbox.view;

import dev.overdue.api.ApprovalCommand;
import dev.overdue.api.CommentInfo;
import dev.overdue.api.HistoryEntry;
import dev.overdue.api.PlanEntry;
import dev.overdue.api.StatusInfo;
import dev.overdue.api.StepInfo;
import dev.overdue.api.TimerInfo;
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
    model.put("approvalState", Words.approvalState(status.state(),
        currentStep == null ? null : or(currentStep.title(), current)));
    model.put("suspendedReason", status.suspendedReason());
    List<DataRows.Row> details = DataRows.of(FreeForm.tree(status.data()), status.dataLabels());
    model.put("data", details);
    model.put("facts", KeyFacts.of(details, status.keyFields()));
    model.put("steps", steps(status, current, me));
    model.put("forecast", Forecast.of(plan, dates, now));
    model.put("timers", timers(status, now));
    model.put("warnings", warnings(status, now));
    model.put("trail", Trail.of(history, dates, now));
    List<String> allowed = actions == null ? List.of() : listed(actions.actions());
    Instant nudgeAgain = NudgeAgain.after(history, current);
    if (nudgeAgain != null && nudgeAgain.isAfter(now) && allowed.contains("nudge")) {
      allowed = allowed.stream().filter(action -> !action.equals("nudge")).toList();
      model.put("nudgeAgain", "They were reminded " + Dates.ago(nudgeAgain.minus(ApprovalCommand.Nudge.EVERY), now)
          + "; you can remind them again " + Dates.due(nudgeAgain, now) + ".");
    }
    TaskActions.Offer offer = TaskActions.of(allowed, currentStep, details);
    model.put("offer", offer);
    model.put("deadline", Deadline.of(currentStep, status.timers(), offer.canDecide(), dates, now));
    model.put("allowed", allowed);
    model.put("currentTitle", currentStep == null ? null : or(currentStep.title(), Words.label(current)));
    model.put("priorityWords", currentStep == null ? null : Words.priority(currentStep.priority()));
    model.put("comments", comments(status, now));
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

  private List<Map<String, Object>> steps(StatusInfo status, String current, String me) {
    List<Map<String, Object>> steps = new ArrayList<>();
    for (StepInfo step : listed(status.steps())) {
      Map<String, Object> row = new LinkedHashMap<>();
      String name = or(step.name(), "");
      row.put("title", or(step.title(), name));
      row.put("current", name.equals(current));
      String outcome = step.outcome();
      String decidedBy = step.decidedBy();
      String what;
      if (outcome != null) {
        what = Words.outcome(outcome) + (decidedBy == null ? "" : " by " + decidedBy);
        if (step.completedAt() != null) {
          what += ", " + dates.brief(Instant.parse(step.completedAt()));
        }
      } else if (name.equals(current)) {
        what = Words.taskState(or(step.state(), ""), step.owner(), me);
      } else {
        what = "not reached yet";
      }
      row.put("what", what);
      row.put("comment", step.comment());
      row.put("delegatedBy", step.delegatedBy());
      List<String> owners = listed(step.potentialOwners());
      List<String> groups = listed(step.candidateGroups());
      row.put("who", owners.isEmpty() && groups.isEmpty() ? ""
          : "For " + Words.list(owners.isEmpty() ? groups : owners) + (owners.isEmpty() || groups.isEmpty() ? "" : " (" + Words.list(groups) + ")"));
      steps.add(row);
    }
    return steps;
  }

  private List<Map<String, Object>> timers(StatusInfo status, Instant now) {
    List<Map<String, Object>> timers = new ArrayList<>();
    for (TimerInfo timer : listed(status.timers())) {
      String expires = timer.expiresAt();
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("name", Words.timer(timer.kind(), or(timer.name(), ""), timer.step()));
      row.put("state", timer.expired() ? "expired" : or(timer.state(), "").toLowerCase(java.util.Locale.ROOT));
      row.put("when", expires == null ? "—" : Dates.due(Instant.parse(expires), now).replace("overdue by", "passed"));
      row.put("exact", expires == null ? "" : dates.exact(Instant.parse(expires)));
      timers.add(row);
    }
    return timers;
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

  /** A list an answer left out (an older worker's, or one with nothing in it) as an empty one. */
  static <T> List<T> listed(List<T> list) {
    return list == null ? List.of() : list;
  }

  /** {@code text}, or {@code otherwise} when the answer has none. */
  static String or(String text, String otherwise) {
    return text == null ? otherwise : text;
  }

}
