package dev.overdue.workflow;

import static dev.overdue.workflow.ApprovalTestEnvironment.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.api.ApprovalResult;
import dev.overdue.api.HistoryEntry;
import dev.overdue.api.StatusInfo;
import dev.overdue.api.WarningInfo;
import dev.overdue.client.Approvals;
import io.temporal.api.enums.v1.EventType;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.common.WorkflowExecutionHistory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * An approval whose reminders warn every minute, thousands of times: it continues as new again and
 * again, each continued run's input stays small (the count of warnings and the latest hundred, not
 * all of them), {@code status} says how many there were, and {@code history} still finds the first.
 * Unbounded, about 14,000 expiries made the input pass the 2 MB payload limit. Here 2,000 expiries
 * (20 times the bound; three to seven runs, 5–28 s, as the shared machine's load has it); {@link
 * BoundedStateIT} runs the same with 20,000.
 */
class BoundedStateWorkflowTest {
  /**
   * Reminders expiring side by side, each every minute: 2,000 expiries take 100 minutes of the
   * test service's clock, and less real time than one reminder firing 2,000 times (23 s per 1,000
   * expiries alone, 10 s side by side, on the shared 2-core machine).
   */
  private static final int TIMERS = 20;
  private static final Duration STAGGER = Duration.ofSeconds(3);

  /** How many times the reminders expire in all; {@code -Doverdue.boundedExpiries=N} for another. */
  int expiries() {
    return Integer.getInteger("overdue.boundedExpiries", 2_000);
  }

  private final ApprovalTestEnvironment t = new ApprovalTestEnvironment();

  @AfterEach
  void close() {
    t.close();
  }

  @Test
  void thousandsOfExpiriesContinueAsNewWithBoundedInputs() {
    int expiries = expiries();
    long began = System.nanoTime();
    StringBuilder timers = new StringBuilder();
    for (int i = 0; i < TIMERS; i++) {
      timers.append(i == 0 ? "" : ",")
          .append("{'name':'nag").append(i).append("','cycle':'R/PT1M','handlers':[{'action':'warn'}]}");
    }
    String id =
        t.start(
            "{'requestId':'BOUNDED-1','requester':'carol','steps':[{'name':'manager','approvers':['alice']}],"
                + "'timers':[" + timers + "]}");
    // Enabled 3 s apart, so that no two reminders fire together: each expiry is a wake-up of its
    // own and adds its events to the history (an expiry's warning adds none), as the continuations
    // this test is about need; timers that fire together are taken in one workflow task.
    for (int i = 0; i < TIMERS; i++) {
      if (i > 0) {
        t.sleep(STAGGER);
      }
      t.approvals.update(id, "enableTimer", json("{'timer':'nag" + i + "'}"));
    }
    StatusInfo status;
    List<String> logged;
    try (CapturedLog log = new CapturedLog()) {
      // Each reminder fires expiries / TIMERS times, give or take one: the test service may move
      // its clock on while an Update is in flight, so the reminders' phases are not exact.
      t.sleep(Duration.ofMinutes(expiries / TIMERS).plusSeconds(1));
      awaitWarnings(id, expiries);
      // Suspended, the reminders stop: the counts compared below cannot move on while they are read
      // (the test service's clock also runs in real time, and a loaded machine reads slowly).
      t.approvals.update(id, "suspend", json("{'reason':'counting'}"));
      status = t.status(id);
      logged = log.warnings("BOUNDED-1");
    }
    long expired = System.nanoTime();
    long total = status.warningCount();
    assertTrue(total >= expiries && total <= expiries + TIMERS, "warnings: " + total);

    // status: the count of all, the latest hundred; every firing of every reminder counted once.
    assertEquals(100, status.warnings().size());
    assertTrue(last(status.warnings()).message().matches("reminder nag\\d+ #\\d+ .*"),
        last(status.warnings()).message());
    long firings = 0;
    for (int i = 0; i < TIMERS; i++) {
      firings += t.timer(id, "nag" + i).firings();
    }
    assertEquals(total, firings);
    assertEquals(total, logged.size(), "each warning's line logged once");

    // Every run's input stayed small: the continued runs carried the latest hundred, not all.
    List<String> runIds = new ArrayList<>();
    List<WorkflowExecutionHistory> runs = runs(id, runIds);
    List<Integer> inputs = new ArrayList<>();
    for (WorkflowExecutionHistory run : runs) {
      HistoryEvent closed = run.getLastEvent();
      if (closed.getEventType() == EventType.EVENT_TYPE_WORKFLOW_EXECUTION_CONTINUED_AS_NEW) {
        inputs.add(closed.getWorkflowExecutionContinuedAsNewEventAttributes().getInput().getPayloads(0).getSerializedSize());
      }
    }
    int largest = inputs.stream().mapToInt(Integer::intValue).max().orElse(0);
    assertTrue(runs.size() >= 3, "runs: " + runs.size());
    assertTrue(largest < 200 * 1024, "largest continue-as-new input: " + largest + " bytes");

    // history: the first warning is in the first run's trail, found by walking the runs back.
    long walk = System.nanoTime();
    List<int[]> progress = new ArrayList<>();
    List<HistoryEntry> trail = t.approvals.history(id, (read, entries) -> progress.add(new int[] {read, entries}));
    long walked = System.nanoTime();
    // The CLI's progress line: told after each run, newest first, until the first run.
    assertEquals(runs.size(), progress.size());
    assertEquals(runs.size(), progress.get(progress.size() - 1)[0]);
    assertEquals(trail.size(), progress.get(progress.size() - 1)[1]);
    List<HistoryEntry> warnings = trail.stream().filter(e -> e.name().equals(HistoryEntry.WARNING)).toList();
    assertEquals(total, warnings.size(), "every warning in the trail, once");
    assertEquals(1, warnings.get(0).input().get("number").asLong());
    assertTrue(warnings.get(0).input().get("message").asText().matches("reminder nag\\d+ #1 .*"));
    String firstRun = runIds.get(runIds.size() - 1);
    assertTrue(
        Arrays.stream(runTrail(id, firstRun)).anyMatch(e -> e.name().equals(HistoryEntry.WARNING)
            && e.input().get("number").asLong() == 1),
        "the first warning is in the first run's own trail");

    // It keeps running by the same rules (reminders due while it was suspended fire on the resume).
    t.approvals.update(id, "resume", json("{}"));
    t.approvals.update(id, "approve", json("{'user':'alice'}"));
    ApprovalResult result = t.approvals.result(id);
    assertEquals("APPROVED", result.outcome());
    assertTrue(result.warningCount() >= total && result.warningCount() <= total + TIMERS, "" + result.warningCount());
    assertEquals(100, result.warnings().size());
    System.out.printf(
        "%d expiries: %d runs, continue-as-new inputs %d–%d bytes; %.1f s to expire, %.1f s to walk the"
            + " trail, %.1f s in all%n",
        total, runs.size(), inputs.stream().mapToInt(Integer::intValue).min().orElse(0), largest,
        (expired - began) / 1e9, (walked - walk) / 1e9, (System.nanoTime() - began) / 1e9);
  }

  private static WarningInfo last(List<WarningInfo> warnings) {
    return warnings.get(warnings.size() - 1);
  }

  /** The last firing's handler may still be running when the clock reaches the end. */
  private StatusInfo awaitWarnings(String id, long count) {
    return ApprovalTestEnvironment.awaitReal(count + " warnings on " + id, () -> {
      StatusInfo status = t.status(id);
      return status.warningsInAll() >= count ? status : null;
    });
  }

  private HistoryEntry[] runTrail(String id, String runId) {
    return t.env.getWorkflowClient()
        .newUntypedWorkflowStub(Approvals.workflowId(id), Optional.of(runId), Optional.empty())
        .query("history", HistoryEntry[].class);
  }

  /** Every run's history (and its id, in {@code runIds}), newest first, following the continue-as-new chain back to the start. */
  private List<WorkflowExecutionHistory> runs(String id, List<String> runIds) {
    List<WorkflowExecutionHistory> runs = new ArrayList<>();
    String runId =
        t.env.getWorkflowClient().newUntypedWorkflowStub(Approvals.workflowId(id)).describe().getExecution().getRunId();
    while (runId != null) {
      WorkflowExecutionHistory history = t.env.getWorkflowClient().fetchHistory(Approvals.workflowId(id), runId);
      runs.add(history);
      runIds.add(runId);
      String previous =
          history.getEvents().get(0).getWorkflowExecutionStartedEventAttributes().getContinuedExecutionRunId();
      runId = previous.isEmpty() ? null : previous;
    }
    return runs;
  }
}
