package dev.overdue.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The cost scenario's figures, on the time-skipping test service (a few seconds). */
class CostBenchTest {
  @Test
  void anExpiryCostsTheBaselineATimerAndATaskAndOverdueItsWarningActivityAndUpsertBesides() {
    CostBench.Result result = CostBench.run();
    // Workflow.sleep: timer started and fired, one workflow task (3 events); one Action.
    assertEquals(new Actions(5, 1, 0, 1), result.baselineExpiry());
    // Overdue today: the timer, an upsert of the timer attributes and the warn handler's activity.
    assertEquals(1, result.overdueExpiry().activityTasks(), result.toString());
    assertEquals(3, result.overdueExpiry().actions(), result.toString());
    assertEquals(2, result.extraActionsPerExpiry(), result.toString());
    assertTrue(result.overdueLife().actions() > result.baselineLife().actions(), result.toString());
  }
}
