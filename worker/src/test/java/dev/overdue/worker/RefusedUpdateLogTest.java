package dev.overdue.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.overdue.activities.OverdueActivities;
import dev.overdue.activities.delivery.Deliveries;
import dev.overdue.activities.settings.Directory;
import dev.overdue.activities.settings.NotificationSettings;
import dev.overdue.api.ApprovalCommand;
import dev.overdue.api.ApprovalWorkflow;
import dev.overdue.client.Approvals;
import dev.overdue.client.RefusedException;
import dev.overdue.client.RequestCheck;
import dev.overdue.worker.LoggingSettings.Format;
import dev.overdue.workflow.ApprovalWorkflowImpl;
import io.temporal.client.WorkflowFailedException;
import io.temporal.client.WorkflowOptions;
import io.temporal.client.WorkflowStub;
import io.temporal.testing.TestWorkflowEnvironment;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A refused Update is one line in the worker's log, Overdue's own, whichever part of the workflow
 * refused it; a workflow that fails still gets the SDK's warning with its stack trace.
 */
class RefusedUpdateLogTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final ByteArrayOutputStream err = new ByteArrayOutputStream();
  private PrintStream originalErr;
  private Deliveries deliveries;
  private TestWorkflowEnvironment env;
  private Approvals approvals;

  @BeforeEach
  void startWorker() {
    originalErr = System.err;
    System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    WorkerLogs.configure(Format.TEXT, Map.of());
    deliveries =
        Deliveries.start(
            NotificationSettings.defaults().withStore(NotificationSettings.MEMORY_STORE),
            Directory.EMPTY,
            Clock.systemUTC());
    env = ApprovalTestService.start(OverdueActivities.of(deliveries));
    approvals = new Approvals(env.getWorkflowClient(), RequestCheck.NONE);
  }

  @AfterEach
  void stop() {
    env.close();
    deliveries.close();
    System.setErr(originalErr);
    originalErr.print(err.toString(StandardCharsets.UTF_8));
  }

  @Test
  void aReassignmentTheHandlerRefusesIsOverduesOneLineWithoutAStackTrace() throws Exception {
    String id =
        approvals.start(
            json("{'requestId':'EXP-7','notifyOffered':false,'requester':'carol','steps':[{'name':'manager','approvers':['alice']}]}"),
            ApprovalWorkflow.DEFAULT_TASK_QUEUE);
    approvals.status(id); // the first workflow task has run
    err.reset();

    // The validator accepts it; the handler refuses it once the directory has answered.
    RefusedException refused =
        assertThrows(
            RefusedException.class,
            () -> approvals.update(id, new ApprovalCommand.Reassign("carol", List.of("ops@example.com"))));
    assertTrue(refused.reason().contains("'ops@example.com' is an address"), refused.reason());

    List<String> lines = err.toString(StandardCharsets.UTF_8).lines().toList();
    assertEquals(1, lines.size(), String.join("\n", lines));
    assertTrue(
        lines.get(0).contains(" WARN ApprovalWorkflowImpl - rejected update reassign: step manager keeps its"
            + " potential owners alice") && lines.get(0).contains(" WorkflowId=approval-EXP-7 "),
        lines.get(0));
  }

  @Test
  void aCommandTheValidatorRefusesIsOneLineToo() throws Exception {
    String id =
        approvals.start(
            json("{'requestId':'EXP-8','notifyOffered':false,'steps':[{'name':'manager','approvers':['alice']}]}"),
            ApprovalWorkflow.DEFAULT_TASK_QUEUE);
    approvals.status(id);
    err.reset();

    assertThrows(RefusedException.class, () -> approvals.update(id, new ApprovalCommand.Claim(null, "mallory")));

    List<String> lines = err.toString(StandardCharsets.UTF_8).lines().toList();
    assertEquals(1, lines.size(), String.join("\n", lines));
    assertTrue(lines.get(0).contains(" WARN ApprovalWorkflowImpl - rejected update claim: mallory is not"), lines.get(0));
  }

  @Test
  void aWorkflowThatFailsIsStillTheSdksWarningWithItsStackTrace() throws Exception {
    // Past the client's check, as another client might send it.
    WorkflowStub bad =
        env.getWorkflowClient()
            .newUntypedWorkflowStub(
                ApprovalWorkflow.TYPE,
                WorkflowOptions.newBuilder()
                    .setWorkflowId(Approvals.workflowId("BAD-1"))
                    .setTaskQueue(ApprovalWorkflow.DEFAULT_TASK_QUEUE)
                    .build());
    bad.start(json("{'requestId':'BAD-1','steps':[]}"));
    WorkflowFailedException failed = assertThrows(WorkflowFailedException.class, () -> bad.getResult(Object.class));
    assertTrue(failed.getCause().getMessage().contains(ApprovalWorkflow.INVALID_REQUEST), failed.toString());

    List<String> lines = err.toString(StandardCharsets.UTF_8).lines().toList();
    int warning = indexOf(lines, "WARN WorkflowExecutionHandler - Workflow execution failure WorkflowId='approval-BAD-1'");
    assertTrue(warning >= 0, String.join("\n", lines));
    assertTrue(lines.get(warning + 1).startsWith("io.temporal.failure.ApplicationFailure"), lines.get(warning + 1));
    assertTrue(lines.get(warning + 2).strip().startsWith("at "), lines.get(warning + 2));
  }

  private static int indexOf(List<String> lines, String text) {
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).contains(text)) {
        return i;
      }
    }
    return -1;
  }

  private static JsonNode json(String text) throws Exception {
    return JSON.readTree(text.replace('\'', '"'));
  }
}
