package dev.overdue.bench;

import io.temporal.api.enums.v1.EventType;
import io.temporal.api.history.v1.HistoryEvent;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What one workflow's history cost in Temporal's own units: events, workflow tasks, activity tasks
 * (first attempts and retries), and billable Actions as Temporal Cloud counts them from a history
 * (docs.temporal.io, "Temporal Cloud Actions"): a workflow started (a continue-as-new starts
 * one), a timer started, an activity scheduled or retried, a signal, an accepted Update, a
 * search-attribute upsert (not the SDK's TemporalChangeVersion alone, which is exempt), a side
 * effect recorded, and one for the local-activity markers of one workflow task. Queries and
 * rejected Updates are Actions too but leave no event: the bench sends none.
 */
public record Actions(double events, double workflowTasks, double activityTasks, double actions) {
  private static final String CHANGE_VERSION = "TemporalChangeVersion";

  /** Markers of a side effect, each an Action (a mutable one is recorded only when it changes). */
  private static final Set<String> SIDE_EFFECTS = Set.of("SideEffect", "MutableSideEffect");

  static Actions of(List<HistoryEvent> history) {
    long activityTasks = 0;
    long actions = 0;
    long markerTasks = 0;
    boolean markerInThisTask = false;
    for (HistoryEvent event : history) {
      switch (event.getEventType()) {
        case EVENT_TYPE_WORKFLOW_EXECUTION_STARTED,
            EVENT_TYPE_TIMER_STARTED,
            EVENT_TYPE_WORKFLOW_EXECUTION_SIGNALED,
            EVENT_TYPE_WORKFLOW_EXECUTION_UPDATE_ACCEPTED -> actions++;
        case EVENT_TYPE_UPSERT_WORKFLOW_SEARCH_ATTRIBUTES -> {
          // The SDK's TemporalChangeVersion upsert, alone, is exempt.
          if (!event.getUpsertWorkflowSearchAttributesEventAttributes().getSearchAttributes()
              .getIndexedFieldsMap().keySet().equals(Set.of(CHANGE_VERSION))) {
            actions++;
          }
        }
        case EVENT_TYPE_ACTIVITY_TASK_SCHEDULED -> {
          activityTasks++;
          actions++;
        }
        case EVENT_TYPE_ACTIVITY_TASK_STARTED -> {
          int retries = Math.max(0, event.getActivityTaskStartedEventAttributes().getAttempt() - 1);
          activityTasks += retries;
          actions += retries;
        }
        case EVENT_TYPE_MARKER_RECORDED -> {
          String marker = event.getMarkerRecordedEventAttributes().getMarkerName();
          if ("LocalActivity".equals(marker)) {
            markerInThisTask = true;
          } else if (SIDE_EFFECTS.contains(marker)) {
            actions++;
          }
        }
        case EVENT_TYPE_WORKFLOW_TASK_SCHEDULED -> {
          if (markerInThisTask) {
            markerTasks++;
            markerInThisTask = false;
          }
        }
        default -> {}
      }
    }
    if (markerInThisTask) {
      markerTasks++;
    }
    return new Actions(
        history.size(),
        history.stream().filter(e -> e.getEventType() == EventType.EVENT_TYPE_WORKFLOW_TASK_COMPLETED).count(),
        activityTasks,
        actions + markerTasks);
  }

  /** Per unit at the margin: (with − without) / n. */
  static Actions per(Actions with, Actions without, int n) {
    return new Actions(
        (with.events - without.events) / n,
        (with.workflowTasks - without.workflowTasks) / n,
        (with.activityTasks - without.activityTasks) / n,
        (with.actions - without.actions) / n);
  }

  Map<String, Object> json() {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("events", round(events));
    json.put("workflowTasks", round(workflowTasks));
    json.put("activityTasks", round(activityTasks));
    json.put("actions", round(actions));
    return json;
  }

  private static double round(double value) {
    return Math.round(value * 1000) / 1000.0;
  }

  @Override
  public String toString() {
    return String.format(
        java.util.Locale.ROOT, "%.2f events, %.2f workflow tasks, %.2f activity tasks, %.2f actions",
        events, workflowTasks, activityTasks, actions);
  }
}
