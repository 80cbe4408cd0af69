package dev.overdue.workflow;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.overdue.api.HistoryEntry;
import dev.overdue.api.index.IndexUpdate;
import dev.overdue.api.index.IndexedApproval;
import dev.overdue.api.index.IndexedEvent;
import dev.overdue.model.process.ApprovalProcess;
import dev.overdue.model.process.IndexRow;
import dev.overdue.model.request.RequestJson;
import dev.overdue.workflow.activities.TaskIndexActivities;
import io.temporal.activity.LocalActivityOptions;
import io.temporal.common.RetryOptions;
import io.temporal.failure.ActivityFailure;
import io.temporal.workflow.CancellationScope;
import io.temporal.workflow.Promise;
import io.temporal.workflow.Workflow;
import io.temporal.workflow.WorkflowInfo;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Sends the approval's row and new events to the task index after every change that alters them,
 * as one local activity in the workflow task that made the change, so an Update is answered only
 * once the index has it (decision 0050). The change number only grows, also across
 * continue-as-new ({@link #continuation}). When the index cannot be reached the workflow carries
 * on and tries again, with the newest row and every event not yet delivered, at its next change or
 * after a backoff timer (1 s doubling to 5 min), whichever comes first.
 */
final class TaskIndexFeed {
  static final String CONTINUATION = "taskIndex";
  private static final Duration FIRST_RETRY = Duration.ofSeconds(1);
  private static final Duration LAST_RETRY = Duration.ofMinutes(5);

  /**
   * A few quick attempts inside the workflow task, so a database's failover is ridden out; a longer
   * outage waits on the retry timer and holds up one change by at most 4 s.
   */
  private static final LocalActivityOptions OPTIONS =
      LocalActivityOptions.newBuilder()
          .setStartToCloseTimeout(Duration.ofSeconds(2))
          .setScheduleToCloseTimeout(Duration.ofSeconds(4))
          .setRetryOptions(RetryOptions.newBuilder()
              .setInitialInterval(Duration.ofMillis(200))
              .setMaximumInterval(Duration.ofSeconds(2))
              .build())
          .build();

  private final TaskIndexActivities index = Workflow.newLocalActivityStub(TaskIndexActivities.class, OPTIONS);
  private final IndexRow.Chain chain;
  /** The last change number given out. */
  private long seq;
  /** The trail lines of this run already turned into events. */
  private int trailRead;
  /** The last row delivered, as numbered 0 and without its end's time, to tell whether anything changed. */
  private IndexedApproval delivered;
  /** Events given a number but not delivered yet. */
  private final List<IndexedEvent> pending = new ArrayList<>();
  private int failures;
  private CancellationScope retryScope;
  private Promise<Void> retry;

  private TaskIndexFeed(IndexRow.Chain chain, long seq, List<IndexedEvent> pending) {
    this.chain = chain;
    this.seq = seq;
    this.pending.addAll(pending);
  }

  /** A new approval's feed, or a continued run's from where the last run left it. */
  static TaskIndexFeed of(JsonNode continuation, Instant runStartedAt) {
    WorkflowInfo info = Workflow.getInfo();
    JsonNode carried = continuation == null ? null : continuation.get(CONTINUATION);
    long seq = carried == null ? 0 : carried.path("seq").asLong();
    Instant startedAt = carried != null && carried.hasNonNull("startedAt")
        ? Instant.parse(carried.get("startedAt").asText()) : runStartedAt;
    List<IndexedEvent> pending = new ArrayList<>();
    if (carried != null && carried.has("pending")) {
      for (JsonNode event : carried.get("pending")) {
        pending.add(RequestJson.snapshot(event, IndexedEvent.class));
      }
    }
    return new TaskIndexFeed(
        new IndexRow.Chain(info.getWorkflowId(), info.getFirstExecutionRunId(), info.getRunId(), startedAt), seq, pending);
  }

  /**
   * Sends the row and the events since the last delivery, when either changed or a delivery
   * failed. While the index is unreachable only the retry timer tries again: the changes meanwhile
   * are not each held up by a failing attempt.
   */
  void publish(ApprovalProcess process, Instant nextDeadline) {
    // Compared without its number, and without its end's time: the moment of publishing.
    IndexedApproval unnumbered = IndexRow.of(process, nextDeadline, chain, 0, null);
    List<HistoryEntry> trail = process.history();
    List<IndexedEvent> events = IndexRow.events(trail, trailRead, seq + 1);
    trailRead = trail.size();
    seq += events.size();
    pending.addAll(events);
    if (pending.isEmpty() && unnumbered.equals(delivered)) {
      failures = 0; // what failed to go out is what the index has again
      cancelRetry();
      return;
    }
    if (failures > 0 && !retryDue()) {
      return;
    }
    seq++;
    try {
      index.record(new IndexUpdate(unnumbered.numbered(seq, endedAt(process)), pending));
      delivered = unnumbered;
      pending.clear();
      failures = 0;
      cancelRetry();
    } catch (ActivityFailure unreachable) {
      failures++;
      armRetry();
    }
  }

  /** The row as the index should hold it now, numbered with the last change number. */
  IndexedApproval current(ApprovalProcess process, Instant nextDeadline) {
    return IndexRow.of(process, nextDeadline, chain, 0, null).numbered(seq, endedAt(process));
  }

  /** When an ended approval ended, as the index has it: the workflow's time now. */
  private static String endedAt(ApprovalProcess process) {
    return process.state().isEnded() ? ApprovalWorkflowImpl.now().toString() : null;
  }

  /** A delivery failed and its retry timer has fired: time to publish again. */
  boolean retryDue() {
    return retry != null && retry.isCompleted();
  }

  /** Whether the index misses something this workflow knows. */
  boolean behind() {
    return failures > 0;
  }

  /** What a continued run needs to go on numbering: the last number, the start, the undelivered events. */
  ObjectNode continuation() {
    ObjectNode carried = JsonNodeFactory.instance.objectNode();
    carried.put("seq", seq);
    carried.put("startedAt", chain.startedAt().toString());
    carried.set("pending", RequestJson.tree(pending));
    return carried;
  }

  private void armRetry() {
    cancelRetry();
    long seconds = Math.min(LAST_RETRY.toSeconds(), FIRST_RETRY.toSeconds() << Math.min(failures - 1, 16));
    retryScope = Workflow.newCancellationScope(() -> retry = Workflow.newTimer(Duration.ofSeconds(seconds)));
    retryScope.run();
  }

  private void cancelRetry() {
    if (retryScope != null) {
      if (!retry.isCompleted()) {
        retryScope.cancel();
      }
      retryScope = null;
      retry = null;
    }
  }
}
