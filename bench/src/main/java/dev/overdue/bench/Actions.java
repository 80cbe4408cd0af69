package dev.overdue.bench;

import io.temporal.api.enums.v1.EventType;
import io.temporal.api.history.v1.HistoryEvent;
import java.util.EnumMap;
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

  /** The kinds of billable Action, as the bill names them. */
  enum Kind {
    WORKFLOW_STARTED("workflow started"),
    TIMER_STARTED("timer started"),
    SEARCH_ATTRIBUTE_UPSERT("search-attribute upsert"),
    SIDE_EFFECT("side effect recorded"),
    ACTIVITY("activity started"),
    ACTIVITY_RETRY("activity retried"),
    LOCAL_ACTIVITIES("local activities of a workflow task"),
    SIGNAL("signal"),
    UPDATE("update");

    final String label;

    Kind(String label) {
      this.label = label;
    }
  }

  static Actions of(List<HistoryEvent> history) {
    Map<Kind, Long> kinds = byKind(history);
    return new Actions(
        history.size(),
        history.stream().filter(e -> e.getEventType() == EventType.EVENT_TYPE_WORKFLOW_TASK_COMPLETED).count(),
        kinds.get(Kind.ACTIVITY) + kinds.get(Kind.ACTIVITY_RETRY),
        kinds.values().stream().mapToLong(Long::longValue).sum());
  }

  /** The history's billable Actions by kind, every kind present (0 when none). */
  static Map<Kind, Long> byKind(List<HistoryEvent> history) {
    Map<Kind, Long> kinds = new EnumMap<>(Kind.class);
    for (Kind kind : Kind.values()) {
      kinds.put(kind, 0L);
    }
    boolean markerInThisTask = false;
    for (HistoryEvent event : history) {
      Kind kind =
          switch (event.getEventType()) {
            case EVENT_TYPE_WORKFLOW_EXECUTION_STARTED -> Kind.WORKFLOW_STARTED;
            case EVENT_TYPE_TIMER_STARTED -> Kind.TIMER_STARTED;
            case EVENT_TYPE_WORKFLOW_EXECUTION_SIGNALED -> Kind.SIGNAL;
            case EVENT_TYPE_WORKFLOW_EXECUTION_UPDATE_ACCEPTED -> Kind.UPDATE;
            case EVENT_TYPE_ACTIVITY_TASK_SCHEDULED -> Kind.ACTIVITY;
            // The SDK's TemporalChangeVersion upsert, alone, is exempt.
            case EVENT_TYPE_UPSERT_WORKFLOW_SEARCH_ATTRIBUTES ->
                event.getUpsertWorkflowSearchAttributesEventAttributes().getSearchAttributes()
                        .getIndexedFieldsMap().keySet().equals(Set.of(CHANGE_VERSION))
                    ? null
                    : Kind.SEARCH_ATTRIBUTE_UPSERT;
            case EVENT_TYPE_MARKER_RECORDED -> {
              String marker = event.getMarkerRecordedEventAttributes().getMarkerName();
              markerInThisTask |= "LocalActivity".equals(marker);
              yield SIDE_EFFECTS.contains(marker) ? Kind.SIDE_EFFECT : null;
            }
            default -> null;
          };
      if (kind != null) {
        kinds.merge(kind, 1L, Long::sum);
      }
      if (event.getEventType() == EventType.EVENT_TYPE_ACTIVITY_TASK_STARTED) {
        int retries = Math.max(0, event.getActivityTaskStartedEventAttributes().getAttempt() - 1);
        kinds.merge(Kind.ACTIVITY_RETRY, (long) retries, Long::sum);
      }
      // One Action for the local activities of one workflow task.
      if (event.getEventType() == EventType.EVENT_TYPE_WORKFLOW_TASK_SCHEDULED && markerInThisTask) {
        kinds.merge(Kind.LOCAL_ACTIVITIES, 1L, Long::sum);
        markerInThisTask = false;
      }
    }
    if (markerInThisTask) {
      kinds.merge(Kind.LOCAL_ACTIVITIES, 1L, Long::sum);
    }
    return kinds;
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
