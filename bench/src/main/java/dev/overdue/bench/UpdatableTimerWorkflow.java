package dev.overdue.bench;

import io.temporal.workflow.SignalMethod;
import io.temporal.workflow.Workflow;
import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.WorkflowMethod;
import java.time.Duration;

/**
 * The baseline: the UpdatableTimer loop exactly as Temporal's updatable-timer sample prints it for Java, around {@code
 * Workflow.await(Duration, condition)}. Each change leaves the previous server timer running.
 */
@WorkflowInterface
public interface UpdatableTimerWorkflow {
  @WorkflowMethod(name = "UpdatableTimerWorkflow")
  void sleepUntil(long wakeUpTimeMillis);

  @SignalMethod
  void updateWakeUpTime(long wakeUpTimeMillis);

  class Impl implements UpdatableTimerWorkflow {
    private long wakeUpTime;
    private boolean wakeUpTimeUpdated;

    @Override
    public void sleepUntil(long wakeUpTime) {
      this.wakeUpTime = wakeUpTime;
      while (true) {
        wakeUpTimeUpdated = false;
        Duration sleepInterval = Duration.ofMillis(this.wakeUpTime - Workflow.currentTimeMillis());
        if (!Workflow.await(sleepInterval, () -> wakeUpTimeUpdated)) {
          break;
        }
      }
    }

    @Override
    public void updateWakeUpTime(long wakeUpTime) {
      this.wakeUpTime = wakeUpTime;
      this.wakeUpTimeUpdated = true;
    }
  }
}
