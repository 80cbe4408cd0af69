package dev.overdue.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.overdue.api.ApprovalWorkflow;
import dev.overdue.api.CommandResult;
import dev.overdue.api.HistoryEntry;
import dev.overdue.api.StatusInfo;
import dev.overdue.client.Approvals;
import dev.overdue.model.request.RequestValidator;
import io.temporal.api.enums.v1.EventType;
import io.temporal.api.enums.v1.WorkflowTaskFailedCause;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowException;
import io.temporal.client.WorkflowNotFoundException;
import io.temporal.client.WorkflowStub;
import io.temporal.client.WorkflowUpdateException;
import io.temporal.failure.TemporalFailure;
import io.temporal.serviceclient.WorkflowServiceStubs;
import io.temporal.serviceclient.WorkflowServiceStubsOptions;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Payloads around Temporal's limits, against a real dev server and the worker jar (issue 7): the
 * server itself refuses a signal over its 2 MB blob limit and any request over 4 MB; a 1 MB one
 * arrives, and the workflow refuses it with its reason and keeps its audit trail small enough to
 * query. The time-skipping test service (HostileInputTest) has no blob limit, only the 4 MB one.
 */
@Timeout(value = 4, unit = TimeUnit.MINUTES)
class HostileInputIT {
  @RegisterExtension
  static final DevServerExtension temporal = DevServerExtension.withWorker(DevServer.Options.headless());

  private static final ObjectMapper JSON = new ObjectMapper();
  private static WorkflowServiceStubs service;
  private static WorkflowClient client;
  private static Approvals approvals;

  @BeforeAll
  static void connect() {
    service =
        WorkflowServiceStubs.newServiceStubs(
            WorkflowServiceStubsOptions.newBuilder().setTarget(temporal.server().address()).build());
    client = WorkflowClient.newInstance(service);
    approvals = new Approvals(client, request -> RequestValidator.refusal(request, Instant.now()));
  }

  @AfterAll
  static void disconnect() {
    if (service != null) {
      service.shutdownNow();
      service.awaitTermination(10, TimeUnit.SECONDS);
    }
  }

  private static JsonNode comment(int characters) {
    ObjectNode input = JSON.createObjectNode().put("user", "alice");
    return input.put("comment", "x".repeat(characters));
  }

  @Test
  void theServerRefusesOversizePayloadsAndTheWorkflowRefusesTheRestWithoutFailing() throws Exception {
    String id =
        approvals.start(
            JSON.readTree(
                "{\"requestId\": \"HOSTILE-IT\", \"timeout\": \"P5D\", \"steps\": [{\"name\": \"manager\","
                    + " \"approvers\": [\"alice\", \"bob\"], \"offerTimeout\": \"PT4H\"}]}"),
            ApprovalWorkflow.DEFAULT_TASK_QUEUE);
    awaitAnswer(id);
    StatusInfo before = approvals.status(id);
    String firstRun = runId(id);
    List<String> figures = new ArrayList<>();

    // 10 MB: over gRPC's 4 MB message limit, for a Signal and an Update alike.
    for (String via : List.of("signal", "update")) {
      WorkflowException refused = assertThrows(WorkflowException.class, () -> send(id, via, comment(10 << 20)));
      assertTrue(root(refused).contains("RESOURCE_EXHAUSTED"), root(refused));
      figures.add("10 MB " + via + ": " + root(refused));
    }
    // 3 MB: over the 2 MB blob limit. The server refuses the Signal.
    WorkflowException signal3 = assertThrows(WorkflowException.class, () -> send(id, "signal", comment(3 << 20)));
    assertTrue(root(signal3).contains("Blob data size exceeds limit"), root(signal3));
    figures.add("3 MB signal: " + root(signal3));
    assertEquals(List.of(), failedTasks(id));
    // It hands the Update to the worker, whose validator refuses it; but the SDK's rejection
    // carries the rejected request back, 3 MB again, so the server fails that workflow task
    // (FORCE_CLOSE_COMMAND) and the caller gets a generic failure instead of the reason. The next
    // workflow task goes on as if nothing happened.
    WorkflowException update3 = assertThrows(WorkflowException.class, () -> send(id, "update", comment(3 << 20)));
    figures.add("3 MB update: " + update3.getClass().getSimpleName() + ": " + root(update3));
    List<String> afterUpdate = failedTasks(id);
    figures.add("3 MB update: failed workflow tasks " + afterUpdate);
    assertEquals(before, approvals.status(id), "an oversize command changed the approval");

    // 1 MB arrives: refused by the workflow with its reason, by Update and by Signal.
    WorkflowUpdateException update1 = assertThrows(WorkflowUpdateException.class, () -> send(id, "update", comment(1 << 20)));
    assertEquals("'comment' is too long (1048576 characters, at most 10000)", original(update1));
    figures.add("1 MB update: refused: " + original(update1));
    int trailBefore = approvals.history(id).size();
    for (int i = 0; i < 3; i++) {
      send(id, "signal", comment(1 << 20));
    }
    List<HistoryEntry> refused = awaitSignals(id, trailBefore, 3);
    for (HistoryEntry entry : refused) {
      assertEquals("'comment' is too long (1048576 characters, at most 10000)", entry.reason());
      assertTrue(entry.input().has("truncated"), entry.input().toString());
    }
    // Sent back to back, the second and third wait behind the first's workflow task: the server
    // fails that task to write them (FORCE_CLOSE_COMMAND), and the next one handles all three.
    // Three megabytes of history: the run continued as new by size, and every run's trail is
    // small enough to query (before inputs were recorded cut short, two such signals made the
    // history query fail with "Blob data size exceeds limit").
    int trailCharacters = JSON.writeValueAsString(approvals.history(id)).length();
    assertTrue(trailCharacters < 20_000, "trail of " + trailCharacters + " characters");
    assertNotEquals(firstRun, runId(id), "three megabytes of history continue as new");
    figures.add("three 1 MB signals: refused, each `" + refused.get(0).reason() + "`; trail across runs "
        + trailCharacters + " characters; runs now " + runs(id).size());

    // The approval goes on: queries answer, a valid command applies, no task failed.
    assertEquals(before.steps(), approvals.status(id).steps());
    CommandResult claimed = approvals.update(id, "claim", JSON.readTree("{\"user\": \"alice\"}"));
    assertEquals("step manager claimed by alice", claimed.message());
    // The only failed workflow tasks are the server's own: it fails the task in flight when more
    // than 2 MB of signals wait behind it, to write them (FORCE_CLOSE_COMMAND, by history-service).
    List<String> failed = failedTasks(id);
    assertTrue(failed.stream().allMatch(f -> f.contains("FORCE_CLOSE_COMMAND by history-service")), failed.toString());
    figures.add("failed workflow tasks: " + failed);

    // After the end: the server answers for the closed run.
    approvals.update(id, "approve", JSON.readTree("{\"user\": \"alice\"}"));
    assertEquals("APPROVED", approvals.result(id).outcome());
    for (String via : List.of("signal", "update")) {
      WorkflowException closed = assertThrows(WorkflowException.class, () -> send(id, via, JSON.readTree("{\"user\": \"bob\"}")));
      assertTrue(closed instanceof WorkflowNotFoundException, closed.toString());
      figures.add("approve after the end, " + via + ": " + closed.getClass().getSimpleName() + ": " + root(closed));
    }
    assertEquals("APPROVED", approvals.status(id).state());
    figures.forEach(line -> System.out.println("HOSTILE-IT " + line));
  }

  private static Object send(String id, String via, JsonNode input) {
    WorkflowStub stub = client.newUntypedWorkflowStub(Approvals.workflowId(id));
    if (via.equals("signal")) {
      stub.signal("approve", input);
      return null;
    }
    return stub.update("approve", CommandResult.class, input);
  }

  private static void awaitAnswer(String id) throws Exception {
    Processes.await(Duration.ofSeconds(60), id + " to answer", () -> {
      try {
        return Processes.Attempt.done(approvals.status(id));
      } catch (RuntimeException notYet) {
        return Processes.Attempt.notYet(notYet.toString());
      }
    });
  }

  private static List<HistoryEntry> awaitSignals(String id, int before, int count) throws Exception {
    return Processes.await(Duration.ofSeconds(60), count + " refused signals in the trail", () -> {
      List<HistoryEntry> trail = approvals.history(id);
      List<HistoryEntry> signals =
          trail.subList(Math.min(before, trail.size()), trail.size()).stream().filter(e -> e.kind().equals("signal")).toList();
      return signals.size() >= count ? Processes.Attempt.done(signals) : Processes.Attempt.notYet(signals.size() + " so far");
    });
  }

  private static String runId(String id) {
    return client.newUntypedWorkflowStub(Approvals.workflowId(id)).describe().getExecution().getRunId();
  }

  /** Run ids, newest first, back through continue-as-new. */
  private static List<String> runs(String id) {
    List<String> runs = new ArrayList<>();
    String runId = runId(id);
    while (runId != null) {
      runs.add(runId);
      HistoryEvent started = client.fetchHistory(Approvals.workflowId(id), runId).getEvents().get(0);
      String previous = started.getWorkflowExecutionStartedEventAttributes().getContinuedExecutionRunId();
      runId = previous.isEmpty() ? null : previous;
    }
    return runs;
  }

  /** Failed workflow tasks of every run, but the server's refusals to close a run with signals waiting. */
  private static List<String> failedTasks(String id) {
    List<String> failed = new ArrayList<>();
    for (String run : runs(id)) {
      for (HistoryEvent event : client.fetchHistory(Approvals.workflowId(id), run).getEvents()) {
        if (event.getEventType() == EventType.EVENT_TYPE_WORKFLOW_TASK_FAILED
            && event.getWorkflowTaskFailedEventAttributes().getCause()
                != WorkflowTaskFailedCause.WORKFLOW_TASK_FAILED_CAUSE_UNHANDLED_COMMAND) {
          var attributes = event.getWorkflowTaskFailedEventAttributes();
          failed.add("event " + event.getEventId() + ": " + attributes.getCause().name().replace("WORKFLOW_TASK_FAILED_CAUSE_", "")
              + " by " + attributes.getIdentity() + (attributes.getFailure().getMessage().isEmpty() ? "" : ": " + attributes.getFailure().getMessage()));
        }
      }
    }
    return failed;
  }

  private static String original(Throwable failure) {
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      if (cause instanceof TemporalFailure temporal) {
        return temporal.getOriginalMessage();
      }
    }
    return String.valueOf(failure);
  }

  private static String root(Throwable failure) {
    Throwable cause = failure;
    while (cause.getCause() != null && cause.getCause() != cause) {
      cause = cause.getCause();
    }
    return String.valueOf(cause.getMessage());
  }
}
