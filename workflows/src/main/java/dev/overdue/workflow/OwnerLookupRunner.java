package dev.overdue.workflow;

import dev.overdue.model.process.ApprovalProcess;
import dev.overdue.model.task.OwnerLookup;
import dev.overdue.workflow.activities.DirectoryActivities;
import io.temporal.activity.ActivityOptions;
import io.temporal.common.RetryOptions;
import io.temporal.failure.ActivityFailure;
import io.temporal.workflow.Async;
import io.temporal.workflow.Workflow;
import java.time.Duration;
import java.util.List;

/**
 * Asks the worker's directory the lookups the model queued ({@link OwnerLookup}), in order, one
 * workflow thread for them all, and hands each answer back to the model. A directory that cannot
 * be asked (the activity failed after its retries) answers nobody, with the reason: the model then
 * keeps the owners a task had, or warns that no one can act.
 */
final class OwnerLookupRunner {
  private static final ActivityOptions LOOKUPS =
      ActivityOptions.newBuilder()
          .setStartToCloseTimeout(Duration.ofSeconds(10))
          .setScheduleToCloseTimeout(Duration.ofMinutes(5))
          .setRetryOptions(
              RetryOptions.newBuilder()
                  .setInitialInterval(Duration.ofSeconds(1))
                  .setBackoffCoefficient(2)
                  .setMaximumInterval(Duration.ofSeconds(30))
                  .build())
          .build();

  private final ApprovalProcess process;
  /** Wakes the workflow's loop: an answer changed the approval. */
  private final Runnable changed;
  private int running;

  OwnerLookupRunner(ApprovalProcess process, Runnable changed) {
    this.process = process;
    this.changed = changed;
  }

  boolean idle() {
    return running == 0;
  }

  void runAll(List<OwnerLookup> lookups) {
    if (lookups.isEmpty()) {
      return;
    }
    running++;
    Async.procedure(
        () -> {
          try {
            lookups.forEach(this::lookUp);
          } finally {
            running--;
            changed.run();
          }
        });
  }

  /** What the Web UI's summary says is asked: groups, names, else excluded owners or who is away. */
  private static String asked(OwnerLookup lookup) {
    if (!lookup.groups().isEmpty() || !lookup.names().isEmpty()) {
      return String.join(", ", lookup.groups().isEmpty() ? lookup.names() : lookup.groups());
    }
    return lookup.excluded().isEmpty() ? "who is away" : "excluded owners " + String.join(", ", lookup.excluded());
  }

  private void lookUp(OwnerLookup lookup) {
    String summary = "look up " + asked(lookup) + " for step " + lookup.step();
    OwnerLookup.Answer answer;
    try {
      answer =
          Workflow.newActivityStub(DirectoryActivities.class, LOOKUPS.toBuilder().setSummary(summary).build())
              .lookUpOwners(lookup);
    } catch (ActivityFailure failure) {
      answer = OwnerLookup.Answer.failed("the directory could not be asked: " + HandlerRunner.rootMessage(failure));
    }
    process.answerLookup(lookup.number(), answer, ApprovalWorkflowImpl.now());
    changed.run();
  }
}
