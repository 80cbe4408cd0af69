package dev.overdue.bench;

import dev.overdue.api.ApprovalCommand;
import dev.overdue.api.HistoryEntry;
import dev.overdue.api.StatusInfo;
import dev.overdue.api.TimerInfo;
import dev.overdue.client.Approvals;
import dev.overdue.model.request.RequestValidator;
import dev.overdue.workflow.ApprovalWorkflowImpl;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowOptions;
import io.temporal.common.WorkflowExecutionHistory;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.testing.WorkflowReplayer;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Scenario {@code replay}: (A) how long a worker takes to replay an approval after 1,000 deadline
 * changes, against the updatable-timer sample's loop given the same changes; (B) an approval living through many
 * changes: its runs stay under the size where Temporal suggests continuing as new, and it loses
 * nothing. The updatable-timer sample's loop, which never continues as new, is driven until its history passes
 * Temporal's hard limit of 51,200 events, where the server would terminate it.
 */
public final class ReplayBench {
  static final int TEMPORAL_SUGGESTS_EVENTS = 4_096;
  static final long TEMPORAL_SUGGESTS_BYTES = 4L << 20;
  static final int TEMPORAL_TERMINATES_EVENTS = 51_200;
  private static final String QUEUE = "bench-replay";
  private static final int BATCH = 50;

  private final PrintStream progress;

  public ReplayBench(PrintStream progress) {
    this.progress = progress;
  }

  public Map<String, Object> run(int replayChanges, int lifeChanges, int repeats) throws Exception {
    try (TestWorkflowEnvironment env = BenchTestService.start(QUEUE)) {
      Approvals approvals = new Approvals(env.getWorkflowClient(), request -> RequestValidator.refusal(request, Instant.now()));

      // (A) replay time
      String overdueId = startApproval(approvals, "replay");
      changeInBatches(approvals, overdueId, replayChanges, "replay: overdue");
      List<WorkflowExecutionHistory> overdueRuns = runs(env.getWorkflowClient(), overdueId);
      String sampleId = "sample-replay";
      driveSample(env, sampleId, replayChanges, Integer.MAX_VALUE);
      WorkflowExecutionHistory sampleHistory = env.getWorkflowClient().fetchHistory(sampleId);
      WorkflowExecutionHistory longest =
          overdueRuns.stream().max((a, b) -> a.getEvents().size() - b.getEvents().size()).orElseThrow();
      Map<String, Object> replay = new LinkedHashMap<>();
      replay.put("changes", replayChanges);
      ReplayTimes times = timeReplays(List.of(longest), overdueRuns, sampleHistory, repeats);
      replay.put(
          "overdue",
          figures(
              "runs", overdueRuns.size(),
              "eventsLongestRun", longest.getEvents().size(),
              "replayMillisLongestRun", millis(times.overdueLongest()),
              "replayMillisAllRuns", millis(times.overdueAll()),
              "replayMicrosPerEvent", perEvent(times.overdueLongest(), longest)));
      replay.put(
          "baseline",
          figures(
              "runs", 1,
              "eventsLongestRun", sampleHistory.getEvents().size(),
              "replayMillisLongestRun", millis(times.baseline()),
              "replayMillisAllRuns", millis(times.baseline()),
              "replayMicrosPerEvent", perEvent(times.baseline(), sampleHistory)));

      // (B) a long life
      String lifeId = startApproval(approvals, "life");
      approvals.update(lifeId, new ApprovalCommand.EnableTimer("nag", null));
      env.sleep(Duration.ofMinutes(31));
      approvals.update(lifeId, new ApprovalCommand.Claim(null, "alice"));
      approvals.update(lifeId, new ApprovalCommand.Suspend("audit"));
      StatusInfo before = approvals.status(lifeId);
      Instant processLimit = Instant.parse(timer(approvals, lifeId, "process").expiresAt());
      changeInBatches(approvals, lifeId, lifeChanges, "life: overdue");
      List<WorkflowExecutionHistory> lifeRuns = runs(env.getWorkflowClient(), lifeId);
      Map<String, Object> life = new LinkedHashMap<>();
      life.put("changes", lifeChanges);
      life.put("overdue", lifeFigures(approvals, lifeId, lifeRuns, before, processLimit, lifeChanges));
      int sampleChanges = driveSample(env, "sample-life", lifeChanges, TEMPORAL_TERMINATES_EVENTS);
      WorkflowExecutionHistory sampleLife = env.getWorkflowClient().fetchHistory("sample-life");
      life.put(
          "baseline",
          figures(
              "runs", 1,
              "maxEventsPerRun", sampleLife.getEvents().size(),
              "maxBytesPerRun", bytes(sampleLife),
              "changesBeforeTemporalWouldTerminate", sampleChanges));

      Map<String, Object> result = new LinkedHashMap<>();
      result.put("scenario", "replay");
      result.put("replay", replay);
      result.put("life", life);
      Map<?, ?> overdue = (Map<?, ?>) replay.get("overdue");
      Map<?, ?> baseline = (Map<?, ?>) replay.get("baseline");
      result.put(
          "ratio",
          figures(
              "replayPerEvent", ratio(overdue, baseline, "replayMicrosPerEvent"),
              "replayMillisLongestRun", ratio(overdue, baseline, "replayMillisLongestRun"),
              "eventsLongestRun", ratio(overdue, baseline, "eventsLongestRun")));
      return result;
    }
  }

  private Map<String, Object> lifeFigures(
      Approvals approvals,
      String id,
      List<WorkflowExecutionHistory> runs,
      StatusInfo before,
      Instant processLimit,
      int changes) {
    StatusInfo after = approvals.status(id);
    List<HistoryEntry> trail = approvals.history(id);
    TimerInfo nag = timer(approvals, id, "nag");
    boolean stateKept =
        after.state().equals("SUSPENDED")
            && "audit".equals(after.suspendedReason())
            && after.steps().equals(before.steps())
            && after.warnings().equals(before.warnings())
            && nag.expired()
            && nag.firings() == 1
            && timer(approvals, id, "process").limit()
                .equals(processLimit.plus(Duration.ofMinutes(changes)).toString());
    long trailChanges =
        trail.stream().filter(e -> e.name().equals("extendDeadline") && e.accepted()).count();
    return figures(
        "runs", runs.size(),
        "maxEventsPerRun", runs.stream().mapToInt(r -> r.getEvents().size()).max().orElse(0),
        "maxBytesPerRun", runs.stream().mapToLong(ReplayBench::bytes).max().orElse(0),
        "temporalSuggestsAtEvents", TEMPORAL_SUGGESTS_EVENTS,
        "temporalSuggestsAtBytes", TEMPORAL_SUGGESTS_BYTES,
        "stateKept", stateKept,
        "auditTrailChanges", trailChanges);
  }

  private static String startApproval(Approvals approvals, String name) {
    return approvals.start(
        BenchTestService.json(
            "{\"requestId\":\"bench-" + name + "\",\"timeout\":\"P5D\","
                + "\"steps\":[{\"name\":\"manager\",\"approvers\":[\"alice\"],\"offerTimeout\":\"PT4H\"}],"
                + "\"timers\":[{\"name\":\"nag\",\"limit\":\"PT30M\"}]}"),
        QUEUE);
  }

  /**
   * Changes as signals in batches, each batch confirmed by an Update, so the approval can continue
   * as new between batches as it would between changes spread over days.
   */
  private void changeInBatches(Approvals approvals, String id, int changes, String label) {
    ApprovalCommand change = ApprovalCommand.ExtendDeadline.by("process", Duration.ofMinutes(1), null);
    long started = System.nanoTime();
    for (int done = 0; done < changes; ) {
      int batch = Math.min(BATCH, changes - done);
      for (int i = 0; i < batch - 1; i++) {
        approvals.signal(id, change);
      }
      approvals.update(id, change);
      done += batch;
      if (done % 1_000 == 0 || done == changes) {
        double seconds = (System.nanoTime() - started) / 1e9;
        progress.printf("\r%s: %,d / %,d changes (%.0f/s)   ", label, done, changes, done / seconds);
      }
    }
    progress.println();
  }

  /** The updatable-timer sample's loop, changed until {@code changes} or until its history reaches {@code maxEvents}. */
  private int driveSample(TestWorkflowEnvironment env, String id, int changes, int maxEvents) {
    WorkflowClient client = env.getWorkflowClient();
    UpdatableTimerWorkflow workflow =
        client.newWorkflowStub(
            UpdatableTimerWorkflow.class,
            WorkflowOptions.newBuilder().setWorkflowId(id).setTaskQueue(QUEUE).build());
    long deadline = env.currentTimeMillis() + Duration.ofDays(5).toMillis();
    WorkflowClient.start(workflow::sleepUntil, deadline);
    int done = 0;
    while (done < changes) {
      for (int i = 0; i < BATCH && done < changes; i++, done++) {
        deadline += Duration.ofMinutes(1).toMillis();
        workflow.updateWakeUpTime(deadline);
      }
      // Let the batch be processed before looking at the history's length.
      env.sleep(Duration.ofSeconds(1));
      if (done % 1_000 == 0 || done >= changes) {
        progress.printf("\r%s: %,d changes   ", id, done);
      }
      if (maxEvents != Integer.MAX_VALUE
          && done % 1_000 == 0
          && client.fetchHistory(id).getEvents().size() >= maxEvents) {
        break;
      }
    }
    progress.println();
    return done;
  }

  private static List<WorkflowExecutionHistory> runs(WorkflowClient client, String id) {
    List<WorkflowExecutionHistory> runs = new ArrayList<>();
    String workflowId = Approvals.workflowId(id);
    String runId = client.newUntypedWorkflowStub(workflowId).describe().getExecution().getRunId();
    while (runId != null) {
      WorkflowExecutionHistory history = client.fetchHistory(workflowId, runId);
      runs.add(0, history);
      String previous =
          history.getEvents().get(0).getWorkflowExecutionStartedEventAttributes().getContinuedExecutionRunId();
      runId = previous.isEmpty() ? null : previous;
    }
    return runs;
  }

  private static final int WARM_UP_ROUNDS = 20;

  /** Median replay times in nanoseconds: Overdue's longest run, all its runs, the sample's loop. */
  record ReplayTimes(long overdueLongest, long overdueAll, long baseline) {}

  /**
   * Replays the three in turn, round after round (so the machine's load and the JIT's state fall on
   * each alike): {@link #WARM_UP_ROUNDS} rounds first, then {@code repeats} timed ones.
   */
  private static ReplayTimes timeReplays(
      List<WorkflowExecutionHistory> longest, List<WorkflowExecutionHistory> all,
      WorkflowExecutionHistory sample, int repeats) throws Exception {
    long[][] nanos = new long[3][repeats];
    List<List<WorkflowExecutionHistory>> subjects = List.of(longest, all, List.of(sample));
    for (int round = -WARM_UP_ROUNDS; round < repeats; round++) {
      for (int subject = 0; subject < subjects.size(); subject++) {
        long took = replayNanos(subjects.get(subject));
        if (round >= 0) {
          nanos[subject][round] = took;
        }
      }
    }
    return new ReplayTimes(median(nanos[0]), median(nanos[1]), median(nanos[2]));
  }

  private static long replayNanos(List<WorkflowExecutionHistory> histories) throws Exception {
    long started = System.nanoTime();
    for (WorkflowExecutionHistory history : histories) {
      WorkflowReplayer.replayWorkflowExecution(
          history, ApprovalWorkflowImpl.class, UpdatableTimerWorkflow.Impl.class);
    }
    return System.nanoTime() - started;
  }

  private static long median(long[] values) {
    long[] sorted = values.clone();
    Arrays.sort(sorted);
    return sorted[sorted.length / 2];
  }

  private static double millis(long nanos) {
    return Math.round(nanos / 100_000.0) / 10.0;
  }

  private static double perEvent(long nanos, WorkflowExecutionHistory history) {
    return Math.round(nanos / 1_000.0 / history.getEvents().size() * 100) / 100.0;
  }

  private static long bytes(WorkflowExecutionHistory history) {
    return history.getHistory().getSerializedSize();
  }

  private static TimerInfo timer(Approvals approvals, String id, String name) {
    return approvals.timers(id).stream().filter(t -> t.name().equals(name)).findFirst().orElseThrow();
  }

  private static Map<String, Object> figures(Object... keysAndValues) {
    Map<String, Object> map = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      map.put((String) keysAndValues[i], keysAndValues[i + 1]);
    }
    return map;
  }

  private static double ratio(Map<?, ?> overdue, Map<?, ?> baseline, String figure) {
    return ratio(((Number) overdue.get(figure)).doubleValue(), ((Number) baseline.get(figure)).doubleValue());
  }

  private static double ratio(double value, double baseline) {
    return baseline == 0 ? Double.NaN : Math.round(value / baseline * 1000) / 1000.0;
  }


}
