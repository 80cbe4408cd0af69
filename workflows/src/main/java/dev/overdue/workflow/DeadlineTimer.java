package dev.overdue.workflow;

import io.temporal.workflow.CancellationScope;
import io.temporal.workflow.Promise;
import io.temporal.workflow.TimerOptions;
import io.temporal.workflow.Workflow;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * The one server timer an approval keeps: it waits for the earliest business expiration date.
 *
 * <p>This is the updatable timer of Temporal's samples without its Java pitfall: {@code
 * Workflow.await(Duration, condition)} leaves its timer running when the condition wins, so the
 * stale timer fires later and wakes the workflow for nothing. Here each wait is a {@code
 * Workflow.newTimer} in its own {@link CancellationScope}, cancelled the moment the target moves,
 * and named after the business timer it serves so the Web UI can show it.
 */
final class DeadlineTimer {
  private CancellationScope scope;
  private Promise<Void> promise;
  private Instant target;

  /**
   * Makes sure one server timer runs, for {@code newTarget}; none when it is null. A running timer
   * that fires before {@code newTarget} is kept: a deadline that only moves later then costs no
   * timer commands, and the early wake-up re-arms for the new date (the workflow loop calls this
   * again).
   */
  void waitFor(Instant newTarget, String summary) {
    if (promise != null && Objects.equals(newTarget, target)) {
      return;
    }
    if (promise != null && newTarget != null && target.isBefore(newTarget)) {
      return;
    }
    cancel();
    if (newTarget == null) {
      return;
    }
    Duration delay = Duration.ofMillis(newTarget.toEpochMilli() - Workflow.currentTimeMillis());
    TimerOptions options = TimerOptions.newBuilder().setSummary(summary).build();
    target = newTarget;
    scope = Workflow.newCancellationScope(() -> promise = Workflow.newTimer(delay, options));
    scope.run();
  }

  /** True once the running server timer has fired; {@link #consumeFired} then forgets it. */
  boolean hasFired() {
    return promise != null && promise.isCompleted();
  }

  void consumeFired() {
    scope = null;
    promise = null;
    target = null;
  }

  /** Cancels the server timer, if one is running: its target is stale. */
  void cancel() {
    if (scope != null && !promise.isCompleted()) {
      scope.cancel();
      // Its CanceledFailure is expected: observe it, so the SDK does not warn it went unseen.
      promise.exceptionally(cancelled -> null);
    }
    consumeFired();
  }
}
