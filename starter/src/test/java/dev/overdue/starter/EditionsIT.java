package dev.overdue.starter;

import static dev.overdue.starter.Processes.ok;
import static dev.overdue.starter.Processes.overdue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.overdue.activities.TaskIndexWriter;
import dev.overdue.client.ApprovalDataConverter;
import dev.overdue.starter.Processes.Attempt;
import dev.overdue.starter.Processes.Result;
import dev.overdue.api.ApprovalWorkflow;
import dev.overdue.index.TaskIndexes;
import dev.overdue.workflow.ApprovalWorkflowImpl;
import dev.overdue.workflow.Versions;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowClientOptions;
import io.temporal.client.WorkflowOptions;
import io.temporal.serviceclient.WorkflowServiceStubs;
import io.temporal.serviceclient.WorkflowServiceStubsOptions;
import io.temporal.worker.WorkerFactory;
import io.temporal.workflow.Workflow;
import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.WorkflowMethod;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The queries of docs/design/editions.md against a dev server: an approval the worker started
 * carries its edition's marker in TemporalChangeVersion, so a list query by it finds the approval;
 * one started by a worker without the attribute (as every approval started before it) has none,
 * and {@code bin/overdue editions} counts both, the second from its history. Two approvals of an
 * edition retired at 1.0 (a stand-in that records the marker "shape-17", with the attribute and
 * without) count as retired, the query a worker checks at its start lists them, and a worker for
 * their task queue refuses to start.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class EditionsIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration VISIBILITY = Duration.ofSeconds(30);
  /** Where a worker that does not upsert TemporalChangeVersion runs its approvals. */
  private static final String BEFORE = "editions-before";
  /** Where approvals of a retired edition run, with and without the attribute. */
  private static final String RETIRED = "editions-retired";
  private static final String RETIRED_WITHOUT = "editions-retired-without";
  private static final String RUNNING = "WorkflowType = 'ApprovalWorkflow' AND ExecutionStatus = 'Running'";

  @RegisterExtension
  final DevServerExtension temporal = DevServerExtension.withWorker(DevServer.Options.headless());

  @Test
  void aListQueryFindsTheApprovalsOfAnEditionAndEditionsCountsThoseWithoutTheAttributeToo() throws Exception {
    DevServer server = temporal.server();
    Map<String, String> env = server.env();
    WorkflowServiceStubs stubs =
        WorkflowServiceStubs.newServiceStubs(
            WorkflowServiceStubsOptions.newBuilder().setTarget(server.address()).build());
    WorkerFactory before =
        WorkerFactory.newInstance(
            WorkflowClient.newInstance(
                stubs, WorkflowClientOptions.newBuilder().setDataConverter(ApprovalDataConverter.create()).build()));
    try {
      // Without ApprovalWorkflowImpl.OPTIONS: as the workers before the attribute.
      io.temporal.worker.Worker beforeWorker = before.newWorker(BEFORE);
      beforeWorker.registerWorkflowImplementationTypes(ApprovalWorkflowImpl.class);
      beforeWorker.registerActivitiesImplementations(new TaskIndexWriter(TaskIndexes.temporary()));
      before.newWorker(RETIRED).registerWorkflowImplementationTypes(ApprovalWorkflowImpl.OPTIONS, RetiredEdition.class);
      before.newWorker(RETIRED_WITHOUT).registerWorkflowImplementationTypes(RetiredEdition.class);
      before.start();
      ok(overdue(env, "start", "--request-id", "NEW-1", "--step", "manager=alice", "--timeout", "P5D"));
      ok(overdue(env, "--task-queue", BEFORE, "start", "--request-id", "OLD-1", "--step", "manager=alice",
          "--timeout", "P5D"));

      String onCurrent = RUNNING + " AND TemporalChangeVersion = 'task-index-1'";
      String withoutIt = RUNNING + " AND TemporalChangeVersion IS NULL";
      assertEquals("approval-NEW-1", listed(server, onCurrent));
      assertEquals("approval-OLD-1", listed(server, withoutIt));
      assertEquals("Total: 1", ok(server.temporal("workflow", "count", "--query", onCurrent)).out().strip());
      String keptOnCurrent = "WorkflowType = 'ApprovalWorkflow' AND TemporalChangeVersion = 'task-index-1'";
      assertEquals("Total: 1", ok(server.temporal("workflow", "count", "--query", keptOnCurrent)).out().strip());

      WorkflowClient client = before.getWorkflowClient();
      for (String queue : List.of(RETIRED, RETIRED_WITHOUT)) {
        client.newUntypedWorkflowStub(
                ApprovalWorkflow.TYPE,
                WorkflowOptions.newBuilder().setWorkflowId("approval-" + queue).setTaskQueue(queue).build())
            .start(JSON.readTree("{}"));
      }
      // The one with the attribute is listed by its value once its first task has upserted it.
      assertEquals("approval-" + RETIRED, listed(server, RUNNING + " AND TemporalChangeVersion = 'shape-17-1'"));
      String notKept = Versions.notKept(RUNNING);
      Processes.await(VISIBILITY, "both retired approvals listed by " + notKept, () -> {
        Result listed = ok(server.temporal("workflow", "list", "--query", notKept, "--output", "json"));
        JsonNode executions = JSON.readTree(listed.out().isBlank() ? "[]" : listed.out());
        // OLD-1 too: it has no TemporalChangeVersion; its history says it is on 1.2.
        return executions.size() == 3 ? Attempt.done(true) : Attempt.notYet(listed);
      });

      JsonNode expected =
          JSON.readTree(
              "[{\"edition\":\"1.2\",\"running\":2,\"fromHistory\":1},"
                  + "{\"edition\":\"retired\",\"running\":2,\"fromHistory\":1}]");
      // Until its first workflow task completes, the one without the attribute counts as 1.2.
      Processes.await(VISIBILITY, "editions to count both retired approvals", () -> {
        JsonNode counted = JSON.readTree(ok(overdue(env, "editions", "--json")).out());
        return counted.equals(expected) ? Attempt.done(counted) : Attempt.notYet(counted);
      });
      Result table = ok(overdue(env, "editions"));
      assertEquals(
          List.of("EDITION  RUNNING  WITHOUT TEMPORALCHANGEVERSION", "1.2      2        1", "retired  2        1"),
          table.out().strip().lines().map(String::stripTrailing).toList(),
          table.toString());

      // A worker for the task queue a retired approval runs on does not start, and says why.
      Result refused =
          Processes.run(
              List.of(Processes.java(), "-jar", Processes.WORKER_JAR.toString(), "--task-queue", RETIRED,
                  "--metrics-port", "0"),
              env,
              Duration.ofSeconds(90));
      String log = refused.out() + refused.err();
      assertEquals(2, refused.exit(), refused.toString());
      assertTrue(
          log.contains("Cannot start: 1 running approval on task queue '" + RETIRED + "' started before 1.0, on"
              + " an edition this worker cannot run (approval-" + RETIRED + "): their workflow tasks would fail"
              + " here."),
          refused.toString());
      assertFalse(log.contains("Overdue worker polling"), refused.toString());
    } finally {
      before.shutdownNow();
      stubs.shutdownNow();
    }
  }

  /** The workflow type of an approval, as a retired edition's worker registered it. */
  @WorkflowInterface
  public interface RetiredApproval {
    @WorkflowMethod(name = ApprovalWorkflow.TYPE)
    void run(JsonNode request);
  }

  /**
   * An approval of an edition retired at 1.0, as far as its markers go: it records "shape-17" and
   * waits. (Not a DynamicWorkflow: the SDK does not upsert TemporalChangeVersion for one.)
   */
  public static final class RetiredEdition implements RetiredApproval {
    @Override
    public void run(JsonNode request) {
      Workflow.getVersion("shape-17", Workflow.DEFAULT_VERSION, 1);
      Workflow.await(() -> false);
    }
  }

  /** The one workflow id {@code query} lists, once visibility has it. */
  private static String listed(DevServer server, String query) throws Exception {
    return Processes.await(VISIBILITY, "a list of " + query, () -> {
      Result listed = ok(server.temporal("workflow", "list", "--query", query, "--output", "json"));
      JsonNode executions = JSON.readTree(listed.out().isBlank() ? "[]" : listed.out());
      return executions.size() == 1
          ? Attempt.done(executions.get(0).path("execution").path("workflowId").asText())
          : Attempt.notYet(listed);
    });
  }
}
