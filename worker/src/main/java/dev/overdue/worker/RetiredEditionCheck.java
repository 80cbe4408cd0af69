package dev.overdue.worker;

import dev.overdue.client.RunningEditions;
import dev.overdue.workflow.Versions;
import io.temporal.client.WorkflowClient;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Refuses to start a worker on a task queue where approvals of an edition it cannot run are still
 * running: their workflow tasks would fail on it, again and again, until a worker that has their
 * edition runs them (docs/design/editions.md, "Retiring an edition").
 */
final class RetiredEditionCheck {
  private RetiredEditionCheck() {}

  /** How many approvals the refusal names. */
  static final int NAMED = 5;

  /** Why a worker for {@code taskQueue} must not start, through visibility; empty when nothing runs on such an edition. */
  static Optional<String> refusal(WorkflowClient client, String taskQueue) {
    String running = TimerCounts.OPEN_APPROVALS + " AND TaskQueue = '" + taskQueue + "'";
    try (Stream<RunningEditions.Run> runs = RunningEditions.list(client, Versions.notKept(running))) {
      return refusal(runs, taskQueue);
    }
  }

  /** Why a worker for {@code taskQueue} must not start, with {@code runs} running on it. */
  static Optional<String> refusal(Stream<RunningEditions.Run> runs, String taskQueue) {
    List<String> named = new ArrayList<>();
    long[] count = {0};
    runs.filter(run -> Versions.editionOf(run).isEmpty())
        .forEach(run -> {
          if (named.size() < NAMED) {
            named.add(run.workflowId());
          }
          count[0]++;
        });
    if (count[0] == 0) {
      return Optional.empty();
    }
    String ids = String.join(", ", named) + (count[0] > named.size() ? " and " + (count[0] - named.size()) + " more" : "");
    return Optional.of(
        count[0] + (count[0] == 1 ? " running approval" : " running approvals") + " on task queue '" + taskQueue
            + "' started before 1.0, on an edition this worker cannot run (" + ids + "): their workflow tasks would"
            + " fail here. Let them finish on the worker they started on (a build from before 1.0) and start this"
            + " one when `bin/overdue editions` lists no retired edition, or start it on another task queue"
            + " (--task-queue) meanwhile, or terminate or reset them (`bin/temporal workflow terminate"
            + " --workflow-id <id>`); docs/design/editions.md");
  }
}
