package dev.overdue.bench;

import io.temporal.workflow.QueryMethod;
import io.temporal.workflow.UpdateMethod;
import io.temporal.workflow.UpdateValidatorMethod;
import io.temporal.workflow.Workflow;
import io.temporal.workflow.WorkflowInit;
import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.WorkflowMethod;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The baseline of {@code bench scale}: the cost of Temporal itself. It {@code Workflow.sleep}s to
 * each of its instants in turn and records when it woke ({@code Workflow.currentTimeMillis()}, the
 * same clock Overdue records an expiry with); nothing else. {@code postpone} moves a later instant,
 * the trivial state change that stands for Overdue's {@code extendDeadline}.
 */
@WorkflowInterface
public interface SleepBaselineWorkflow {
  String TYPE = "SleepBaselineWorkflow";
  /** Counter of wake-ups, for the bench's progress display (workflow metrics skip replays). */
  String WAKEUPS = "bench_baseline_wakeups";

  /** When the workflow meant to wake ({@code target}) and when it did ({@code woke}), epoch ms. */
  record Wake(long target, long woke) {}

  @WorkflowMethod(name = TYPE)
  List<Wake> sleepUntil(List<Long> instants);

  /** Moves instant {@code index} later by {@code byMillis}; returns the new instant. */
  @UpdateMethod(name = "postpone")
  long postpone(int index, long byMillis);

  @UpdateValidatorMethod(updateName = "postpone")
  void validatePostpone(int index, long byMillis);

  /** The wake-ups so far: of a workflow still sleeping to instants beyond the bench's window. */
  @QueryMethod(name = "wakes")
  List<Wake> wakes();

  class Impl implements SleepBaselineWorkflow {
    private final List<Long> instants;
    /** The instant being slept to; the earlier ones are past. */
    private int current;
    private final List<Wake> wakes = new ArrayList<>();

    /** Like Overdue, state is set before the first workflow task handles an update. */
    @WorkflowInit
    public Impl(List<Long> instants) {
      this.instants = new ArrayList<>(instants);
    }

    @Override
    public List<Wake> sleepUntil(List<Long> ignored) {
      for (current = 0; current < instants.size(); current++) {
        long target = instants.get(current);
        long delay = target - Workflow.currentTimeMillis();
        if (delay > 0) {
          Workflow.sleep(Duration.ofMillis(delay));
        }
        wakes.add(new Wake(target, Workflow.currentTimeMillis()));
        Workflow.getMetricsScope().counter(WAKEUPS).inc(1);
      }
      return wakes;
    }

    @Override
    public List<Wake> wakes() {
      return List.copyOf(wakes);
    }

    @Override
    public long postpone(int index, long byMillis) {
      instants.set(index, instants.get(index) + byMillis);
      return instants.get(index);
    }

    /** Only an instant not yet slept to can move: this loop never re-arms a running sleep. */
    @Override
    public void validatePostpone(int index, long byMillis) {
      if (index <= current || index >= instants.size() || byMillis <= 0) {
        throw new IllegalArgumentException(
            "cannot postpone instant " + index + " by " + byMillis + " ms while sleeping to " + current);
      }
    }
  }
}
