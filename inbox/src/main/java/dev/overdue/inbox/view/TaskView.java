package dev.overdue.inbox.view;

import dev.overdue.inbox.InboxSettings;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;

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

  public Map<String, Object> of(JsonNode status, JsonNode plan, JsonNode history, JsonNode actions, String me, Instant now) {
    Map<String, Object> model = new LinkedHashMap<>();
    String id = status.path("requestId").asString();
    String current = status.path("currentStep").asString(null);
    JsonNode found = currentStep(status);
    JsonNode currentStep = found.isMissingNode() ? null : found;
    model.put("id", id);
    model.put("title", status.path("title").asString(id));
    model.put("requester", status.path("requester").asString(""));
    model.put("approvalState", Words.approvalState(status.path("state").asString(null),
        currentStep == null ? null : currentStep.path("title").asString(current)));
    model.put("suspendedReason", status.path("suspendedReason").asString(null));
    model.put("data", DataRows.of(status.path("data")));
    model.put("steps", steps(status, current, me));
    model.put("forecast", Forecast.of(plan, dates, now));
    model.put("timers", timers(status, now));
    model.put("warnings", warnings(status, now));
    model.put("trail", Trail.of(history, dates, now));
    List<String> allowed = new ArrayList<>();
    actions.path("actions").forEach(action -> allowed.add(action.asString()));
    String delegator = currentStep == null ? null : currentStep.path("delegatedBy").asString(null);
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
    model.put("priorities", canSetPriority ? Words.priorities(currentStep.path("priority").asInt(5)) : List.of());
    model.put("comments", comments(status, now));
    long earlier = status.path("commentCount").asLong(0) - status.path("comments").size();
    model.put("earlierComments", earlier <= 0 ? null
        : earlier == 1 ? "1 earlier comment is no longer kept." : earlier + " earlier comments are no longer kept.");
    List<Map<String, String>> outcomes = currentStep == null ? List.of() : outcomes(currentStep, allowed);
    model.put("outcomes", outcomes);
    model.put("hasOutcomes", !outcomes.isEmpty());
    model.put("fields", currentStep == null ? List.of() : FormFields.of(currentStep.path("form"), FormFields.OUTPUT));
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

  /** The approval's current step in its status; a missing node once it ended. */
  public static JsonNode currentStep(JsonNode status) {
    return step(status, status.path("currentStep").asString(null));
  }

  private static JsonNode step(JsonNode status, String name) {
    for (JsonNode step : status.path("steps")) {
      if (step.path("name").asString().equals(name)) {
        return step;
      }
    }
    return tools.jackson.databind.node.MissingNode.getInstance();
  }

  private List<Map<String, Object>> steps(JsonNode status, String current, String me) {
    List<Map<String, Object>> steps = new ArrayList<>();
    for (JsonNode step : status.path("steps")) {
      Map<String, Object> row = new LinkedHashMap<>();
      String name = step.path("name").asString();
      row.put("title", step.path("title").asString(name));
      row.put("current", name.equals(current));
      String outcome = step.path("outcome").asString(null);
      String decidedBy = step.path("decidedBy").asString(null);
      String state = step.path("state").asString("");
      String what;
      if (outcome != null) {
        what = Words.outcome(outcome) + (decidedBy == null ? "" : " by " + decidedBy);
        String at = step.path("completedAt").asString(null);
        if (at != null) {
          what += ", " + dates.brief(Instant.parse(at));
        }
      } else if (name.equals(current)) {
        what = Words.taskState(state, step.path("owner").asString(null), me);
      } else {
        what = "not reached yet";
      }
      row.put("what", what);
      row.put("comment", step.path("comment").asString(null));
      row.put("delegatedBy", step.path("delegatedBy").asString(null));
      List<String> owners = new ArrayList<>();
      step.path("potentialOwners").forEach(owner -> owners.add(owner.asString()));
      List<String> groups = new ArrayList<>();
      step.path("candidateGroups").forEach(group -> groups.add(group.asString()));
      row.put("who", owners.isEmpty() && groups.isEmpty() ? ""
          : "For " + Words.list(owners.isEmpty() ? groups : owners) + (owners.isEmpty() || groups.isEmpty() ? "" : " (" + Words.list(groups) + ")"));
      steps.add(row);
    }
    return steps;
  }

  private List<Map<String, Object>> timers(JsonNode status, Instant now) {
    List<Map<String, Object>> timers = new ArrayList<>();
    for (JsonNode timer : status.path("timers")) {
      String expires = timer.path("expiresAt").asString(null);
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("name", Words.timer(timer.path("kind").asString(null), timer.path("name").asString(),
          timer.path("step").asString(null)));
      row.put("state", timer.path("expired").asBoolean() ? "expired" : timer.path("state").asString("").toLowerCase(java.util.Locale.ROOT));
      row.put("when", expires == null ? "—" : Dates.due(Instant.parse(expires), now).replace("overdue by", "passed"));
      row.put("exact", expires == null ? "" : dates.exact(Instant.parse(expires)));
      timers.add(row);
    }
    return timers;
  }

  /** The step comments the status keeps, oldest first, dated as the trail is. */
  private List<Map<String, Object>> comments(JsonNode status, Instant now) {
    List<Map<String, Object>> comments = new ArrayList<>();
    for (JsonNode comment : status.path("comments")) {
      Instant at = Instant.parse(comment.path("at").asString());
      String step = comment.path("step").asString("");
      comments.add(Map.of("user", comment.path("user").asString(""), "text", comment.path("text").asString(""),
          "step", step(status, step).path("title").asString(step), "when", Dates.ago(at, now), "exact", dates.exact(at)));
    }
    return comments;
  }

  private List<Map<String, Object>> warnings(JsonNode status, Instant now) {
    List<Map<String, Object>> warnings = new ArrayList<>();
    for (JsonNode warning : status.path("warnings")) {
      Instant at = Instant.parse(warning.path("at").asString());
      warnings.add(Map.of("message", warning.path("message").asString(""), "when", Dates.ago(at, now), "exact", dates.exact(at)));
    }
    return warnings;
  }

  private static List<Map<String, String>> outcomes(JsonNode step, List<String> allowed) {
    if (!allowed.contains("complete")) {
      return List.of();
    }
    List<Map<String, String>> outcomes = new ArrayList<>();
    step.path("outcomes").forEach(outcome -> outcomes.add(Map.of("name", outcome.asString(), "label", Words.label(outcome.asString()))));
    return outcomes;
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
