package dev.overdue.bench;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The history goal of issue 6 as a test: event, workflow-task and timer counts are exact on the
 * time-skipping service (no clock involved), so they can be held here, unlike timings.
 */
class HistoryBenchTest {
  @Test
  void aDeadlineMovedLaterCostsAtMostFiveAndAHalfEventsPerChange() {
    HistoryBench.Result result = HistoryBench.run(20, 1);
    HistoryCost overdue = result.overdue();
    // 4.5 until edition 1.2; since, each change's workflow task records the task index's local
    // activity as a marker: one event more (decision 0050).
    assertTrue(overdue.timerEvents() <= 5.5, "events per change without upserts: " + overdue);
    // Since shape-12 NextDeadline is the deadline itself, so each move is one upsert (before it, the
    // kept server timer's date moved only at the early wake-ups); the server timer stays lazy.
    assertTrue(
        overdue.searchAttributeUpserts() >= 0.9 && overdue.searchAttributeUpserts() <= 1.1,
        "NextDeadline follows each change, in one upsert: " + overdue);
    assertTrue(overdue.workflowTasks() <= 1.1, "workflow tasks per change: " + overdue);
    assertTrue(overdue.timersStarted() <= 0.2, "timers started per change: " + overdue);
    HistoryCost baseline = result.baseline();
    assertTrue(baseline.events() > overdue.events(), "the updatable-timer sample's loop costs more: " + baseline);
    assertTrue(baseline.timersStarted() >= 1.0, "the sample starts a timer per change: " + baseline);
  }
}
