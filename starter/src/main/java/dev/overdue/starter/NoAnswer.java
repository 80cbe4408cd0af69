package dev.overdue.starter;

import dev.overdue.api.ApprovalWorkflow;
import dev.overdue.client.Approvals;
import io.temporal.api.common.v1.WorkflowExecution;
import io.temporal.api.enums.v1.TaskQueueType;
import io.temporal.api.taskqueue.v1.PollerInfo;
import io.temporal.api.taskqueue.v1.TaskQueue;
import io.temporal.api.workflowservice.v1.DescribeTaskQueueRequest;
import io.temporal.api.workflowservice.v1.DescribeWorkflowExecutionRequest;
import io.temporal.client.WorkflowClient;
import io.temporal.serviceclient.WorkflowServiceStubs;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Why an approval did not answer, in one line: which task queue its workflow is on, whether a
 * worker polls it (as far as the service tells), and how to start one. Each question to the service
 * is asked after the failure, briefly; a message does without what it cannot learn.
 */
final class NoAnswer {
  private static final long ASK_SECONDS = 5;

  private final WorkflowClient client;
  private final String id;
  private final String queue;
  /** The CLI as the user runs it ({@link Printer#command}). */
  private final String overdue;

  NoAnswer(WorkflowClient client, String id, String overdue) {
    this.client = client;
    this.id = id;
    this.overdue = overdue;
    this.queue = taskQueue();
  }

  /** The server's own verdict: nothing polled the queue lately, so it gave up after waiting. */
  String noWorker(long waitedSeconds) {
    return "approval "
        + Approvals.requestId(id)
        + " cannot answer: no worker polls "
        + queueNamed()
        + " (Temporal waited "
        + waitedSeconds
        + "s for one, then gave up); start one with "
        + workerCommand();
  }

  /** No answer in time: said as plainly as the service's list of pollers allows. */
  String noAnswerWithin(long seconds, boolean command) {
    String start =
        "approval " + Approvals.requestId(id) + " did not answer within " + seconds + "s";
    Optional<List<PollerInfo>> pollers = pollers();
    String why;
    if (pollers.isEmpty()) {
      why = ": is a worker polling " + queueNamed() + "? start one with " + workerCommand();
    } else if (pollers.get().isEmpty()) {
      why = ": no worker polls " + queueNamed() + "; start one with " + workerCommand();
    } else {
      PollerInfo last =
          pollers.get().stream()
              .max(Comparator.comparingLong(poller -> poller.getLastAccessTime().getSeconds()))
              .orElseThrow();
      why =
          "; "
              + queueNamed()
              + " was last polled at "
              + Instant.ofEpochSecond(last.getLastAccessTime().getSeconds())
              + (last.getIdentity().isEmpty() ? "" : " by " + last.getIdentity())
              + ": if that worker still runs, its log says why it does not answer; else start one"
              + " with "
              + workerCommand();
    }
    return start
        + why
        + (command
            ? " (the command may still be applied once a worker runs: see `"
                + overdue
                + " history "
                + id
                + "`)"
            : "");
  }

  private String queueNamed() {
    return queue == null ? "its task queue" : "its task queue '" + queue + "'";
  }

  private String workerCommand() {
    return queue == null || queue.equals(ApprovalWorkflow.DEFAULT_TASK_QUEUE)
        ? "bin/overdue-worker"
        : "bin/overdue-worker --task-queue " + queue;
  }

  /** The task queue of the approval's workflow; null when the service does not say. */
  private String taskQueue() {
    try {
      String name =
          stubs()
              .blockingStub()
              .withDeadlineAfter(ASK_SECONDS, TimeUnit.SECONDS)
              .describeWorkflowExecution(
                  DescribeWorkflowExecutionRequest.newBuilder()
                      .setNamespace(client.getOptions().getNamespace())
                      .setExecution(
                          WorkflowExecution.newBuilder().setWorkflowId(Approvals.workflowId(id)))
                      .build())
              .getExecutionConfig()
              .getTaskQueue()
              .getName();
      return name.isEmpty() ? null : name;
    } catch (RuntimeException e) {
      return null;
    }
  }

  /**
   * The workers that polled the queue lately (a Temporal server remembers them a few minutes);
   * empty when the service does not say (the in-memory service has no such call).
   */
  private Optional<List<PollerInfo>> pollers() {
    if (queue == null) {
      return Optional.empty();
    }
    try {
      return Optional.of(
          stubs()
              .blockingStub()
              .withDeadlineAfter(ASK_SECONDS, TimeUnit.SECONDS)
              .describeTaskQueue(
                  DescribeTaskQueueRequest.newBuilder()
                      .setNamespace(client.getOptions().getNamespace())
                      .setTaskQueue(TaskQueue.newBuilder().setName(queue))
                      .setTaskQueueType(TaskQueueType.TASK_QUEUE_TYPE_WORKFLOW)
                      .build())
              .getPollersList());
    } catch (RuntimeException e) {
      return Optional.empty();
    }
  }

  private WorkflowServiceStubs stubs() {
    return client.getWorkflowServiceStubs();
  }
}
