package dev.overdue.bench;

import io.temporal.api.enums.v1.EventType;
import io.temporal.api.history.v1.HistoryEvent;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one workflow's history cost: events, workflow tasks, server timers started, and — part of
 * the events — search-attribute upserts (the price of keeping NextDeadline true).
 */
public record HistoryCost(
    double events, double workflowTasks, double timersStarted, double searchAttributeUpserts) {

  static HistoryCost of(List<HistoryEvent> history) {
    return new HistoryCost(
        history.size(),
        count(history, EventType.EVENT_TYPE_WORKFLOW_TASK_COMPLETED),
        count(history, EventType.EVENT_TYPE_TIMER_STARTED),
        count(history, EventType.EVENT_TYPE_UPSERT_WORKFLOW_SEARCH_ATTRIBUTES));
  }

  private static long count(List<HistoryEvent> history, EventType type) {
    return history.stream().filter(e -> e.getEventType() == type).count();
  }

  /** Events without the search-attribute upserts: what the timer mechanism itself costs. */
  public double timerEvents() {
    return events - searchAttributeUpserts;
  }

  /** Per change, at the margin: (cost with n changes − cost with none) / n. */
  static HistoryCost perChange(HistoryCost withChanges, HistoryCost without, int changes) {
    return new HistoryCost(
        (withChanges.events - without.events) / changes,
        (withChanges.workflowTasks - without.workflowTasks) / changes,
        (withChanges.timersStarted - without.timersStarted) / changes,
        (withChanges.searchAttributeUpserts - without.searchAttributeUpserts) / changes);
  }

  HistoryCost ratioTo(HistoryCost baseline) {
    return new HistoryCost(
        ratio(events, baseline.events),
        ratio(workflowTasks, baseline.workflowTasks),
        ratio(timersStarted, baseline.timersStarted),
        ratio(searchAttributeUpserts, baseline.searchAttributeUpserts));
  }

  Map<String, Object> json() {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("eventsPerChange", round(events));
    json.put("workflowTasksPerChange", round(workflowTasks));
    json.put("timersStartedPerChange", round(timersStarted));
    json.put("searchAttributeUpsertsPerChange", round(searchAttributeUpserts));
    return json;
  }

  private static double ratio(double value, double baseline) {
    return baseline == 0 ? Double.NaN : Math.round(value / baseline * 1000) / 1000.0;
  }

  /** Three decimals; NaN (a ratio to nothing) becomes JSON null. */
  private static Double round(double value) {
    return Double.isNaN(value) ? null : Math.round(value * 1000) / 1000.0;
  }
}
