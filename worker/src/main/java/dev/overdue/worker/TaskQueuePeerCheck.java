package dev.overdue.worker;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.temporal.api.enums.v1.TaskQueueType;
import io.temporal.api.taskqueue.v1.PollerInfo;
import io.temporal.api.taskqueue.v1.TaskQueue;
import io.temporal.api.workflowservice.v1.DescribeTaskQueueRequest;
import io.temporal.serviceclient.WorkflowServiceStubs;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Asks the service which workers poll this worker's task queue (workflow and activity tasks), at
 * the start and every minute after, and logs what {@link TaskQueuePeers} finds. A second worker
 * started later is seen by this one within a minute, and sees this one at its own start. A
 * service that cannot answer (an old server, a missing permission) costs one INFO line, never the
 * worker.
 */
final class TaskQueuePeerCheck implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(TaskQueuePeerCheck.class);
  private static final Duration INTERVAL = Duration.ofMinutes(1);

  private final WorkflowServiceStubs stubs;
  private final String namespace;
  private final String taskQueue;
  private final TaskQueuePeers peers;
  private ScheduledExecutorService schedule;
  private boolean failing;

  /** A check that runs when {@link #check} is called (tests); {@link #start} schedules one. */
  TaskQueuePeerCheck(WorkflowServiceStubs stubs, String namespace, String taskQueue, TaskQueuePeers peers) {
    this.stubs = stubs;
    this.namespace = namespace;
    this.taskQueue = taskQueue;
    this.peers = peers;
  }

  /** Checks now and every minute on a daemon thread, until closed. */
  static TaskQueuePeerCheck start(
      WorkflowServiceStubs stubs, String namespace, String taskQueue, String identity,
      SettingsFingerprint fingerprint) {
    TaskQueuePeerCheck check =
        new TaskQueuePeerCheck(stubs, namespace, taskQueue, new TaskQueuePeers(taskQueue, identity, fingerprint));
    check.schedule =
        DaemonScheduler.named("overdue-task-queue-peers");
    check.schedule.scheduleWithFixedDelay(check::check, 0, INTERVAL.toMillis(), TimeUnit.MILLISECONDS);
    return check;
  }

  /** One look at the pollers. */
  void check() {
    List<String> identities = new ArrayList<>();
    try {
      for (TaskQueueType type : List.of(TaskQueueType.TASK_QUEUE_TYPE_WORKFLOW, TaskQueueType.TASK_QUEUE_TYPE_ACTIVITY)) {
        for (PollerInfo poller : describe(type)) {
          identities.add(poller.getIdentity());
        }
      }
    } catch (RuntimeException e) {
      // Said once per outage, without a stack trace; the worker runs on without the check.
      if (!failing) {
        log.info(
            "cannot list the workers polling task queue '{}' ({}): a second worker with other settings"
                + " on it would go unnoticed",
            taskQueue,
            reason(e));
      }
      failing = true;
      return;
    }
    failing = false;
    for (TaskQueuePeers.Notice notice : peers.review(identities)) {
      switch (notice.level()) {
        case WARN -> log.warn("{}", notice.text());
        case INFO -> log.info("{}", notice.text());
      }
    }
  }

  private List<PollerInfo> describe(TaskQueueType type) {
    return stubs
        .blockingStub()
        .withDeadlineAfter(10, TimeUnit.SECONDS)
        .describeTaskQueue(
            DescribeTaskQueueRequest.newBuilder()
                .setNamespace(namespace)
                .setTaskQueue(TaskQueue.newBuilder().setName(taskQueue))
                .setTaskQueueType(type)
                .build())
        .getPollersList();
  }

  private static String reason(RuntimeException e) {
    if (e instanceof StatusRuntimeException grpc) {
      Status status = grpc.getStatus();
      return status.getCode() + (status.getDescription() == null ? "" : ": " + status.getDescription().strip());
    }
    return e.toString();
  }

  @Override
  public void close() {
    if (schedule != null) {
      schedule.shutdownNow();
    }
  }
}
