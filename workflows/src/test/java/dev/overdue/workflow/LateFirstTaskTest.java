package dev.overdue.workflow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.api.ApprovalSearchAttributes;
import dev.overdue.api.HistoryEntry;
import dev.overdue.api.StatusInfo;
import dev.overdue.api.TimerInfo;
import dev.overdue.client.ApprovalDataConverter;
import dev.overdue.client.Approvals;
import dev.overdue.model.request.RequestValidator;
import io.temporal.client.WorkflowClientOptions;
import io.temporal.testing.TestEnvironmentOptions;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.worker.WorkerFactory;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * No worker runs the approval until after its deadlines (workers down, a deploy, a backlog): the
 * approval starts as of its start, not of its first workflow task, and its passed deadlines
 * expire at once, late, instead of failing the approval as "in the past".
 */
class LateFirstTaskTest {
  static final String QUEUE = "late-workers";

  final TestWorkflowEnvironment env = TestWorkflowEnvironment.newInstance(
            TestEnvironmentOptions.newBuilder().setWorkflowClientOptions(WorkflowClientOptions.newBuilder().setDataConverter(ApprovalDataConverter.create()).build()).build());
  final Approvals approvals = new Approvals(env.getWorkflowClient(), request -> RequestValidator.refusal(request, Instant.now()));
  final RecordingActivities activities = new RecordingActivities();

  @AfterEach
  void close() {
    env.close();
  }

  @Test
  void deadlinesThatPassedBeforeAnyWorkerRanTheApprovalExpireLateInsteadOfFailingIt() {
    ApprovalSearchAttributes.DEFINITIONS.forEach(env::registerSearchAttribute);
    env.start(); // no worker polls QUEUE yet
    Instant startedAt = Instant.ofEpochMilli(env.currentTimeMillis());
    String absolute = startedAt.plus(Duration.ofSeconds(2)).toString();
    String id =
        approvals.start(
            ApprovalTestEnvironment.json(
                "{'requestId':'LATE-1','notifyOffered':false,'timeout':'" + absolute + "','steps':[{'name':'manager',"
                    + "'approvers':['alice'],'timeout':'PT1S','onTimeout':[{'action':'notify','to':['bob']}]}]}"),
            QUEUE);
    // The test service does not skip time while a workflow task waits for a worker: wait for real.
    sleepRealTime(Duration.ofSeconds(3));

    Instant firstWorkerAt = Instant.ofEpochMilli(env.currentTimeMillis());
    WorkerFactory late = WorkerFactory.newInstance(env.getWorkflowClient());
    late.newWorker(QUEUE).registerWorkflowImplementationTypes(ApprovalWorkflowImpl.OPTIONS, ApprovalWorkflowImpl.class);
    late.newWorker(QUEUE).registerActivitiesImplementations(activities, new RecordingTaskIndex());
    late.start();
    try {
      StatusInfo status = awaitExpired(id, 2);
      assertEquals("ACTIVE", status.state(), "the approval goes on");
      TimerInfo process = timer(status, "process");
      assertEquals(Instant.parse(absolute), Instant.parse(process.expiresAt()), "the absolute date as given");
      TimerInfo completion = timer(status, "manager.completion");
      Instant completionDue = Instant.parse(completion.expiresAt());
      assertTrue(
          !completionDue.isBefore(startedAt.plus(Duration.ofSeconds(1)))
              && completionDue.isBefore(firstWorkerAt),
          "a relative limit counts from the start (" + startedAt + " + PT1S), not from the late first task ("
              + firstWorkerAt + "): " + completionDue);
      List<HistoryEntry> expiries =
          approvals.history(id).stream().filter(e -> e.name().equals("TimerExpired")).toList();
      assertEquals(2, expiries.size(), "each passed deadline expired once");
      assertEquals(1, activities.deliveries.size(), "the step deadline's notification went out");
    } finally {
      late.shutdownNow();
    }
  }

  private static void sleepRealTime(Duration duration) {
    try {
      Thread.sleep(duration.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }

  private StatusInfo awaitExpired(String id, int count) {
    return ApprovalTestEnvironment.awaitReal(count + " deadlines of " + id + " to expire and notify", () -> {
      StatusInfo status = approvals.status(id);
      boolean expired = status.timers().stream().filter(TimerInfo::expired).count() >= count;
      return expired && !activities.deliveries.isEmpty() ? status : null;
    });
  }

  private static TimerInfo timer(StatusInfo status, String name) {
    return status.timers().stream().filter(t -> t.name().equals(name)).findFirst().orElseThrow();
  }
}
