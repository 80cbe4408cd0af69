package dev.overdue.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The cost scenario's figures, on the time-skipping test service (a few seconds). */
class CostBenchTest {
  @Test
  void anExpiryCostsAtMostOneActionMoreThanTheBaselinesTimerAndNoActivityNorSecondTask() {
    CostBench.Result result = CostBench.run();
    // Workflow.sleep: timer started and fired, one workflow task (3 events); one Action.
    assertEquals(new Actions(5, 1, 0, 1), result.baselineExpiry());
    // Overdue: the same timer and one task; its warning raised in the workflow, not by an activity.
    assertEquals(0, result.overdueExpiry().activityTasks(), result.toString());
    assertEquals(1, result.overdueExpiry().workflowTasks(), result.toString());
    // The rest is its search-attribute upserts: since shape-18 only the first expiry's (its flags),
    // which the timer the baseline starts after its last expiry outweighs: 3 timers and 1 upsert
    // against 3 timers and 1 timer more, over 3 expiries (before, every expiry upserted: 2/3).
    // Since edition 1.2 each expiry's workflow task also sends the task index its event, a local
    // activity: one Action each (decision 0050).
    assertEquals(1.0, result.extraActionsPerExpiry(), 1e-9, result.toString());
    assertTrue(result.extraActionsPerExpiry() <= 1, "the goal: at most one Action more per expiry");
    assertTrue(result.overdueLife().actions() > result.baselineLife().actions(), result.toString());
  }
}
