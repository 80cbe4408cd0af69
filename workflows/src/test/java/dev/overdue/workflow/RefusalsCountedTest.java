package dev.overdue.workflow;

import static dev.overdue.workflow.ApprovalTestEnvironment.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.uber.m3.tally.RootScopeBuilder;
import com.uber.m3.tally.Scope;
import com.uber.m3.tally.ScopeCloseException;
import dev.overdue.api.ApprovalCommand;
import dev.overdue.api.ApprovalWorkflow;
import dev.overdue.api.CommandResult;
import dev.overdue.api.HistoryEntry;
import dev.overdue.client.Approvals;
import dev.overdue.client.RefusedException;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.temporal.api.enums.v1.WorkflowIdConflictPolicy;
import io.temporal.client.UpdateOptions;
import io.temporal.client.WorkflowOptions;
import io.temporal.client.WorkflowStub;
import io.temporal.client.WorkflowUpdateException;
import io.temporal.client.WorkflowUpdateStage;
import io.temporal.common.reporter.MicrometerClientStatsReporter;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Every refused command is logged and counted once in {@code overdue_commands_rejected}, whichever
 * part of the workflow refused it: an Update's validator, or, for an Update that arrived while the
 * approval was starting (its validator cannot check it yet), its handler. A loaded worker meets
 * the second case whenever a command comes before the approval's first workflow task ran.
 */
class RefusalsCountedTest {
  static final String REQUEST = "{'requestId':'PO-9','steps':[{'name':'manager','approvers':['alice']}]}";

  final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  final Scope metrics =
      new RootScopeBuilder()
          .reporter(new MicrometerClientStatsReporter(registry))
          .reportEvery(com.uber.m3.util.Duration.ofSeconds(3600));
  final CapturedLog log = new CapturedLog();
  final ApprovalTestEnvironment t = new ApprovalTestEnvironment(null, metrics);

  @AfterEach
  void close() {
    t.close();
    log.close();
  }

  @Test
  void anUpdateRefusedWhileTheApprovalStartsIsCountedAndLoggedOnce() {
    // Update-with-Start puts the command in the approval's first workflow task, as a busy worker
    // that polls late does: the validator runs before the approval has started.
    WorkflowUpdateException refused =
        assertThrows(WorkflowUpdateException.class, () -> startWith("approve", "{'user':'mallory'}"));
    assertTrue(refused.getCause().getMessage().contains("mallory is not a potential owner of step manager"),
        refused.getCause().getMessage());

    assertEquals(1.0, rejected("approve", "update"));
    assertEquals(1, log.text().lines().filter(l -> l.contains("rejected update approve")).count(), log.text());
    // The handler refused it, so it is in the trail, as refused.
    List<HistoryEntry> approves = t.history("PO-9").stream().filter(e -> e.name().equals("approve")).toList();
    assertEquals(1, approves.size(), approves.toString());
    assertFalse(approves.get(0).accepted());
    assertTrue(approves.get(0).reason().contains("mallory is not a potential owner"), approves.toString());
  }

  @Test
  void anUpdateAcceptedWhileTheApprovalStartsIsNotCounted() {
    assertEquals("step manager claimed by alice", startWith("claim", "{'user':'alice'}").message());
    assertEquals(0.0, rejected("claim", "update"));
  }

  @Test
  void anUpdateRefusedByItsValidatorIsCountedOnceAndSignalsApart() {
    String id = t.start(REQUEST);
    Approvals approvals = t.approvals;
    assertThrows(RefusedException.class, () -> approvals.update(id, new ApprovalCommand.Approve("mallory", null)));
    t.signalAndAwait(id, "approve", "{'user':'mallory'}");

    assertEquals(1.0, rejected("approve", "update"));
    assertEquals(1.0, rejected("approve", "signal"));
  }

  @Test
  void aRefusalAfterTheDirectoryAnsweredIsCountedTheSameBySignalAndByUpdate() {
    String id = t.start("{'requestId':'PO-9','requester':'carol','notifyOffered':false,"
        + "'steps':[{'name':'manager','approvers':['alice']}]}");
    // Both pass every check before the lookup: the directory's answer refuses them, in the handler.
    RefusedException byUpdate =
        assertThrows(RefusedException.class,
            () -> t.approvals.update(id, new ApprovalCommand.Reassign("carol", List.of("stranger"))));
    assertTrue(byUpdate.getMessage().contains("keeps its potential owners alice"), byUpdate.getMessage());
    HistoryEntry bySignal = t.signalAndAwait(id, "reassign", "{'user':'carol','to':['stranger']}");
    assertFalse(bySignal.accepted());

    assertEquals(1.0, rejected("reassign", "update"));
    assertEquals(1.0, rejected("reassign", "signal"));
    assertEquals(1, log.text().lines().filter(l -> l.contains("rejected update reassign")).count(), log.text());
    assertEquals(1, log.text().lines().filter(l -> l.contains("rejected signal reassign")).count(), log.text());
    List<HistoryEntry> refused = t.history("PO-9").stream().filter(e -> e.name().equals("reassign")).toList();
    assertEquals(List.of("update", "signal"), refused.stream().map(HistoryEntry::kind).toList());
    assertEquals(refused.get(0).reason(), refused.get(1).reason());
  }

  private CommandResult startWith(String command, String input) {
    WorkflowStub stub =
        t.env.getWorkflowClient()
            .newUntypedWorkflowStub(
                ApprovalWorkflow.TYPE,
                WorkflowOptions.newBuilder()
                    .setWorkflowId(Approvals.workflowId("PO-9"))
                    .setTaskQueue(ApprovalTestEnvironment.QUEUE)
                    .setWorkflowIdConflictPolicy(WorkflowIdConflictPolicy.WORKFLOW_ID_CONFLICT_POLICY_FAIL)
                    .build());
    return stub.executeUpdateWithStart(
        UpdateOptions.newBuilder(CommandResult.class)
            .setUpdateName(command)
            .setWaitForStage(WorkflowUpdateStage.COMPLETED)
            .build(),
        new Object[] {json(input)},
        new Object[] {json(REQUEST)});
  }

  /**
   * The counter as the worker's /metrics would serve it, once everything counted so far is reported
   * (closing the scope reports it; the test counts nothing after it asks).
   */
  private double rejected(String command, String via) {
    try {
      metrics.close();
    } catch (ScopeCloseException e) {
      throw new AssertionError(e);
    }
    Counter counter =
        registry.find(OverdueMetrics.COMMANDS_REJECTED).tags("command", command, "via", via).counter();
    return counter == null ? 0.0 : counter.count();
  }
}
