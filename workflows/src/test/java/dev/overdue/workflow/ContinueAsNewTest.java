package dev.overdue.workflow;

import static dev.overdue.workflow.ApprovalTestEnvironment.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.api.HistoryEntry;
import dev.overdue.api.index.IndexedApproval;
import dev.overdue.api.StatusInfo;
import dev.overdue.api.TimerInfo;
import dev.overdue.client.Approvals;
import io.temporal.api.enums.v1.EventType;
import io.temporal.api.sdk.v1.WorkflowMetadata;
import io.temporal.client.WorkflowExecutionDescription;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** An approval that receives thousands of changes continues as new and loses nothing. */
class ContinueAsNewTest {
  private static final int CHANGES = 3_000;
  private final ApprovalTestEnvironment t = new ApprovalTestEnvironment();

  @AfterEach
  void close() {
    t.close();
  }

  @Test
  void thousandsOfChangesContinueAsNewWithTimersFlagsSuspensionWarningsAndTrailIntact() {
    String id =
        t.start(
            "{'requestId':'LONG-1','title':'Desks','requester':'carol','timeout':'P5D',"
                + "'steps':[{'name':'manager','approvers':['alice','bob'],"
                + "'offerTimeout':'PT4H','timeout':'P2D'}],"
                + "'timers':[{'name':'nag','limit':'PT30M'}]}");
    String firstRun = describeRun(id);
    t.approvals.update(id, "enableTimer", json("{'timer':'nag'}"));
    t.sleep(Duration.ofMinutes(31));
    t.approvals.update(id, "claim", json("{'user':'alice'}"));
    t.approvals.update(id, "suspend", json("{'reason':'audit'}"));
    Instant processDue = Instant.parse(t.timer(id, "process").expiresAt());
    StatusInfo before = t.status(id);

    // Changes over the approval's life, each confirmed before the next (a tight burst of signals
    // postpones continue-as-new until it ends: the server refuses to close a run with unhandled
    // signals; docs/design/temporal-layer.md, "Continue-as-new").
    for (int i = 0; i < CHANGES; i++) {
      t.approvals.update(id, "extendDeadline", json("{'timer':'process','by':'PT1M'}"));
    }
    List<HistoryEntry> trail = awaitTrail(id, CHANGES);

    // Every run stayed under the size where Temporal suggests continuing as new.
    List<Long> runLengths = runLengths(id);
    assertTrue(runLengths.size() >= 3, "runs: " + runLengths);
    assertTrue(runLengths.stream().allMatch(n -> n < 4_096), "events per run: " + runLengths);
    assertTrue(!describeRun(id).equals(firstRun));

    // Nothing was lost: the timers, the flag, the suspension, the owner, the warnings ...
    StatusInfo after = t.status(id);
    assertEquals("SUSPENDED", after.state());
    assertEquals("audit", after.suspendedReason());
    assertEquals(before.steps(), after.steps());
    assertEquals(before.warnings(), after.warnings());
    TimerInfo nag = t.timer(id, "nag");
    assertTrue(nag.expired());
    assertEquals(1, nag.firings());
    String extended = processDue.plus(Duration.ofMinutes(CHANGES)).toString();
    assertEquals(extended, t.timer(id, "process").limit(), "every change counted, none twice");
    // ... and the audit trail, across runs, holds every change exactly once.
    assertEquals(CHANGES, trail.stream().filter(e -> e.name().equals("extendDeadline") && e.accepted()).count());
    assertEquals(1, trail.stream().filter(e -> e.name().equals("TimerExpired")).count());
    assertEquals(runLengths.size() - 1, trail.stream().filter(e -> e.name().equals(HistoryEntry.CONTINUED_AS_NEW)).count());

    // The Web UI's summary and details are the first run's: the SDK cannot give a continued run
    // any (ContinueAsNewOptions has no summary), so its current details open with the title line.
    assertEquals("Approval LONG-1: Desks (requested by carol)", describe(id, firstRun).getStaticSummary());
    String details = t.env.getWorkflowClient().newUntypedWorkflowStub(Approvals.workflowId(id))
        .query("__temporal_workflow_metadata", WorkflowMetadata.class).getCurrentDetails();
    assertTrue(details.startsWith("**LONG-1: Desks**\nrequested by carol\n"), details);

    // It goes on by the same rules in its latest run.
    t.approvals.update(id, "resume", json("{}"));
    assertEquals(extended, t.timer(id, "process").expiresAt(), "the date comes from the limit at resume");
    t.approvals.update(id, "approve", json("{'user':'alice'}"));
    assertEquals("APPROVED", t.approvals.result(id).outcome());

    // The task index numbered on across the runs: one chain, every change once, the last run's row.
    String workflowId = Approvals.workflowId(id);
    IndexedApproval indexed = t.index.row(workflowId);
    assertEquals(1, t.index.rows.size());
    assertEquals(firstRun, indexed.chainId());
    assertEquals(describeRun(id), indexed.runId());
    assertEquals("APPROVED", indexed.state());
    assertEquals(CHANGES, t.index.events(workflowId).stream().filter(e -> e.name().equals("extendDeadline")).count());
    assertTrue(indexed.seq() > t.index.events(workflowId).get(t.index.events(workflowId).size() - 1).seq());
  }

  private List<HistoryEntry> awaitTrail(String id, int changes) {
    long giveUp = System.nanoTime() + Duration.ofMinutes(3).toNanos();
    while (System.nanoTime() < giveUp) {
      List<HistoryEntry> trail = t.approvals.history(id);
      if (trail.stream().filter(e -> e.name().equals("extendDeadline")).count() >= changes) {
        return trail;
      }
      try {
        Thread.sleep(200);
      } catch (InterruptedException e) {
        throw new AssertionError(e);
      }
    }
    throw new AssertionError("the changes never all reached the audit trail");
  }

  private WorkflowExecutionDescription describe(String id, String runId) {
    return t.env.getWorkflowClient()
        .newUntypedWorkflowStub(Approvals.workflowId(id), Optional.of(runId), Optional.empty())
        .describe();
  }

  private String describeRun(String id) {
    return t.env.getWorkflowClient().newUntypedWorkflowStub(Approvals.workflowId(id)).describe()
        .getExecution().getRunId();
  }

  /** Events per run, newest first, following the continue-as-new chain back to the start. */
  private List<Long> runLengths(String id) {
    java.util.ArrayList<Long> lengths = new java.util.ArrayList<>();
    String runId = describeRun(id);
    while (runId != null) {
      var history =
          t.env.getWorkflowClient()
              .fetchHistory(Approvals.workflowId(id), runId);
      lengths.add((long) history.getEvents().size());
      var started = history.getEvents().get(0);
      assertEquals(EventType.EVENT_TYPE_WORKFLOW_EXECUTION_STARTED, started.getEventType());
      String previous =
          started.getWorkflowExecutionStartedEventAttributes().getContinuedExecutionRunId();
      runId = previous.isEmpty() ? null : previous;
    }
    return lengths;
  }
}
