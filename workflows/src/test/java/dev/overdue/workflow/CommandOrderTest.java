package dev.overdue.workflow;

import static dev.overdue.workflow.ApprovalTestEnvironment.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.api.ApprovalSearchAttributes;
import dev.overdue.api.CommandResult;
import dev.overdue.client.ApprovalDataConverter;
import dev.overdue.client.Approvals;
import dev.overdue.model.process.TestDirectory;
import dev.overdue.model.task.OwnerLookup;
import dev.overdue.workflow.activities.Delivery;
import dev.overdue.workflow.activities.DirectoryActivities;
import dev.overdue.workflow.activities.Notification;
import dev.overdue.workflow.activities.NotificationActivities;
import dev.overdue.workflow.activities.Recipients;
import dev.overdue.workflow.activities.WarningActivities;
import dev.overdue.workflow.activities.WarningNotice;
import io.temporal.api.enums.v1.EventType;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.client.UpdateOptions;
import io.temporal.client.WorkflowClientOptions;
import io.temporal.client.WorkflowStub;
import io.temporal.client.WorkflowUpdateHandle;
import io.temporal.client.WorkflowUpdateStage;
import io.temporal.common.WorkflowExecutionHistory;
import io.temporal.testing.TestEnvironmentOptions;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.worker.Worker;
import io.temporal.worker.WorkflowImplementationOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * {@link CommandPipeline} emits the commands the Signal and Update handlers it replaced emitted, in
 * their order: recorded histories replay through it by either way, with each side effect a command
 * can record (a token's verification, the worker's calendar, the directory's lookup). Where the
 * two handlers differed — an Update that waited for the directory did not wake the loop when done
 * — the loop, woken by the answer, finds the handler finished either way, because a handler's thread
 * runs before the workflow method's: shown where it would matter, when continuing as new is due.
 */
class CommandOrderTest {
  static final String REQUEST =
      "{'requestId':'PO-L','requester':'carol','notifyOffered':false,"
          + "'steps':[{'name':'manager','candidateGroups':['finance']}]}";

  /** Recorded histories, and the command by each way that each holds. */
  @Test
  void recordedSignalsAndUpdatesReplayThroughThePipeline() throws Exception {
    WorkflowExecutionHistory tasks = recorded("approval-v20-human-tasks.json");
    assertTrue(updates(tasks).containsAll(List.of("reassign", "refreshOwners")), "the directory");
    assertEquals(List.of("claim"), signals(tasks));
    replay(tasks);
    WorkflowExecutionHistory schedules = recorded("approval-v20-schedules.json");
    assertTrue(updates(schedules).contains("recalculate"), "the worker's calendar");
    assertTrue(signals(schedules).contains("extendDeadline"));
    replay(schedules);
    WorkflowExecutionHistory signed = recorded("approval-v20-signed-commands.json");
    assertTrue(signals(signed).containsAll(List.of("approve", "release")), "tokens verified");
    assertEquals(List.of("claim"), updates(signed));
    replay(signed);
    WorkflowExecutionHistory lifecycle = recorded("approval-v20-full-lifecycle.json");
    assertEquals(List.of("enableTimer", "suspend", "resume", "approve"), signals(lifecycle));
    assertFalse(updates(lifecycle).isEmpty());
    replay(lifecycle);
  }

  @Test
  void anUpdateThatWaitedForTheDirectoryWhileContinuingAsNewIsDueContinuesInTheTaskItEnds() throws Exception {
    WorkflowExecutionHistory run = refreshWhileContinuingAsNewIsDue(true);
    assertContinuedInTheTaskOfTheAnswer(run);
    List<EventType> tail = tailFrom(run, EventType.EVENT_TYPE_ACTIVITY_TASK_COMPLETED);
    assertTrue(tail.contains(EventType.EVENT_TYPE_WORKFLOW_EXECUTION_UPDATE_COMPLETED), tail.toString());
    replay(run);
  }

  @Test
  void aSignalThatWaitedForTheDirectoryWhileContinuingAsNewIsDueDoesTheSame() throws Exception {
    WorkflowExecutionHistory run = refreshWhileContinuingAsNewIsDue(false);
    assertContinuedInTheTaskOfTheAnswer(run);
    replay(run);
  }

  /**
   * A refreshOwners (by Update or Signal) waits for a directory that answers only once 450 refused
   * signals of 9 KB have taken the history past 3 MiB: the loop cannot continue as new meanwhile, a
   * lookup runs. Returns the first run's history, also written to target/command-order.
   */
  private static WorkflowExecutionHistory refreshWhileContinuingAsNewIsDue(boolean byUpdate) throws Exception {
    HeldDirectory directory = new HeldDirectory();
    try (TestWorkflowEnvironment env =
        TestWorkflowEnvironment.newInstance(
            TestEnvironmentOptions.newBuilder()
                .setWorkflowClientOptions(
                    WorkflowClientOptions.newBuilder().setDataConverter(ApprovalDataConverter.create()).build())
                .build())) {
      ApprovalSearchAttributes.DEFINITIONS.forEach(env::registerSearchAttribute);
      Worker worker = env.newWorker(ApprovalTestEnvironment.QUEUE);
      worker.registerWorkflowImplementationTypes(ApprovalWorkflowImpl.class);
      worker.registerActivitiesImplementations(directory, new RecordingTaskIndex());
      env.start();
      Approvals approvals = new Approvals(env.getWorkflowClient());
      String id = approvals.start(json(REQUEST), ApprovalTestEnvironment.QUEUE);
      String workflowId = Approvals.workflowId(id);
      WorkflowStub stub = env.getWorkflowClient().newUntypedWorkflowStub(workflowId);
      // The start's own lookup first: a refresh sent before it answers may take the directory's
      // first (unheld) answer, and find nobody offered before it.
      ApprovalTestEnvironment.awaitReal("the start's lookup to be answered", () ->
          approvals.status(id).steps().get(0).potentialOwners().isEmpty() ? null : true);
      WorkflowUpdateHandle<CommandResult> update = null;
      if (byUpdate) {
        update = stub.startUpdate(
            UpdateOptions.newBuilder(CommandResult.class)
                .setUpdateName("refreshOwners")
                .setWaitForStage(WorkflowUpdateStage.ACCEPTED)
                .build(),
            json("{'user':'carol'}"));
      } else {
        stub.signal("refreshOwners", json("{'user':'carol'}"));
      }
      assertTrue(directory.asked.await(30, TimeUnit.SECONDS), "the directory was asked");
      String pad = "x".repeat(9_000);
      for (int i = 0; i < 450; i++) {
        stub.signal("resume", json("{'pad':'" + pad + "'}"));
      }
      ApprovalTestEnvironment.awaitReal("the signals to be handled", () ->
          approvals.history(id).stream().filter(e -> e.name().equals("resume")).count() == 450 ? true : null);
      String runId = stub.describe().getExecution().getRunId();
      directory.answer.countDown();
      if (update != null) {
        assertEquals("step manager: potential owners carol, dave (were carol, dave)",
            update.getResult(30, TimeUnit.SECONDS).message());
      }
      WorkflowExecutionHistory run = ApprovalTestEnvironment.awaitReal("the run to continue as new", () -> {
        WorkflowExecutionHistory history = env.getWorkflowClient().fetchHistory(workflowId, runId);
        return last(history).getEventType() == EventType.EVENT_TYPE_WORKFLOW_EXECUTION_CONTINUED_AS_NEW
            ? history : null;
      });
      Path file = Path.of("target/command-order/refresh-by-" + (byUpdate ? "update" : "signal") + ".json");
      Files.createDirectories(file.getParent());
      Files.writeString(file, run.toJson(true));
      return run;
    }
  }

  /** The directory's answer started one workflow task, and the run continued as new in it. */
  private static void assertContinuedInTheTaskOfTheAnswer(WorkflowExecutionHistory run) {
    assertEquals(EventType.EVENT_TYPE_WORKFLOW_EXECUTION_CONTINUED_AS_NEW, last(run).getEventType());
    List<EventType> tail = tailFrom(run, EventType.EVENT_TYPE_ACTIVITY_TASK_COMPLETED);
    assertEquals(1, tail.stream().filter(t -> t == EventType.EVENT_TYPE_WORKFLOW_TASK_STARTED).count(),
        tail.toString());
    assertFalse(tail.contains(EventType.EVENT_TYPE_WORKFLOW_EXECUTION_SIGNALED), tail.toString());
  }

  /** The events from the last one of {@code type} on. */
  private static List<EventType> tailFrom(WorkflowExecutionHistory run, EventType type) {
    List<EventType> types = run.getEvents().stream().map(HistoryEvent::getEventType).toList();
    return types.subList(types.lastIndexOf(type), types.size());
  }

  private static HistoryEvent last(WorkflowExecutionHistory history) {
    return history.getEvents().get(history.getEvents().size() - 1);
  }

  private static WorkflowExecutionHistory recorded(String file) {
    return ReplayTest.history(ReplayTest.HISTORIES.resolve(file));
  }

  private static List<String> signals(WorkflowExecutionHistory history) {
    return history.getEvents().stream()
        .filter(e -> e.getEventType() == EventType.EVENT_TYPE_WORKFLOW_EXECUTION_SIGNALED)
        .map(e -> e.getWorkflowExecutionSignaledEventAttributes().getSignalName())
        .toList();
  }

  private static List<String> updates(WorkflowExecutionHistory history) {
    return history.getEvents().stream()
        .filter(e -> e.getEventType() == EventType.EVENT_TYPE_WORKFLOW_EXECUTION_UPDATE_ACCEPTED)
        .map(e -> e.getWorkflowExecutionUpdateAcceptedEventAttributes().getAcceptedRequest().getInput().getName())
        .toList();
  }

  private static void replay(WorkflowExecutionHistory history) throws Exception {
    // A cold replay on a loaded machine may hold a workflow thread past the default second.
    ReplayTest.replay(history, WorkflowImplementationOptions.getDefaultInstance(), 30_000);
  }

  /**
   * A directory that answers its second question once the test lets it (in real time, at most a
   * minute); the first, the approval's start, at once.
   */
  static final class HeldDirectory implements DirectoryActivities, WarningActivities, NotificationActivities {
    final AtomicInteger questions = new AtomicInteger();
    final CountDownLatch asked = new CountDownLatch(1);
    final CountDownLatch answer = new CountDownLatch(1);

    @Override
    public OwnerLookup.Answer lookUpOwners(OwnerLookup lookup) {
      if (questions.incrementAndGet() == 1) {
        return TestDirectory.answer(lookup);
      }
      asked.countDown();
      try {
        answer.await(60, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      return TestDirectory.answer(lookup);
    }

    @Override
    public void raiseWarning(WarningNotice warning) {}

    @Override
    public Recipients resolveRecipients(List<String> to) {
      return new Recipients(List.of(), List.of());
    }

    @Override
    public void deliver(Delivery delivery) {}

    @Override
    public void sendNotification(Notification notification) {}
  }
}
