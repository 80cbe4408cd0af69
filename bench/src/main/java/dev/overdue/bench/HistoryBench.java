package dev.overdue.bench;

import dev.overdue.api.ApprovalCommand;
import dev.overdue.client.Approvals;
import dev.overdue.model.request.RequestValidator;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowOptions;
import io.temporal.testing.TestWorkflowEnvironment;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Scenario {@code history}: one deadline moved {@code changes} times, each by +1 h and 10 minutes
 * apart, on the time-skipping test service; Overdue's process timer against the updatable-timer sample's loop.
 * Both run the same scenario in the same environment, so the per-change margin compares like
 * with like. History counts do not depend on machine speed; repeated runs report the median.
 */
public final class HistoryBench {
  static final Duration FIRST_DEADLINE = Duration.ofHours(1);
  static final Duration STEP = Duration.ofHours(1);
  static final Duration APART = Duration.ofMinutes(10);
  private static final String QUEUE = "bench-history";

  public record Result(int changes, HistoryCost overdue, HistoryCost baseline) {
    public Map<String, Object> json() {
      Map<String, Object> json = new LinkedHashMap<>();
      json.put("scenario", "history");
      json.put("changes", changes);
      json.put("overdue", overdue.json());
      json.put("baseline", baseline.json());
      json.put("ratio", overdue.ratioTo(baseline).json());
      return json;
    }
  }

  public static Result run(int changes, int repeats) {
    HistoryCost[] overdue = new HistoryCost[repeats];
    HistoryCost[] baseline = new HistoryCost[repeats];
    for (int i = 0; i < repeats; i++) {
      try (TestWorkflowEnvironment env = BenchTestService.start(QUEUE)) {
        overdue[i] =
            HistoryCost.perChange(
                overdue(env, "with-" + i, changes), overdue(env, "without-" + i, 0), changes);
        baseline[i] =
            HistoryCost.perChange(
                sampleLoop(env, "with-" + i, changes), sampleLoop(env, "without-" + i, 0), changes);
      }
    }
    return new Result(changes, median(overdue), median(baseline));
  }

  /** Overdue: the process timer, moved by extendDeadline signals; the approval then ends. */
  private static HistoryCost overdue(TestWorkflowEnvironment env, String name, int changes) {
    Approvals approvals = new Approvals(env.getWorkflowClient(), request -> RequestValidator.refusal(request, Instant.now()));
    String id =
        approvals.start(
            BenchTestService.json(
                "{\"requestId\":\"bench-" + name + "\",\"timeout\":\"" + FIRST_DEADLINE + "\","
                    + "\"steps\":[{\"name\":\"approve\",\"approvers\":[\"alice\"]}]}"),
            QUEUE);
    for (int i = 0; i < changes; i++) {
      env.sleep(APART);
      approvals.signal(id, ApprovalCommand.ExtendDeadline.by("process", STEP, null));
    }
    env.sleep(FIRST_DEADLINE.plus(STEP.multipliedBy(changes)).plusMinutes(1));
    approvals.update(id, new ApprovalCommand.Approve("alice", null));
    approvals.result(id);
    return HistoryCost.of(env.getWorkflowClient().fetchHistory(id).getEvents());
  }

  /** The updatable-timer sample's loop with the same deadline and the same changes. */
  private static HistoryCost sampleLoop(TestWorkflowEnvironment env, String name, int changes) {
    WorkflowClient client = env.getWorkflowClient();
    String id = "sample-" + name;
    UpdatableTimerWorkflow workflow =
        client.newWorkflowStub(
            UpdatableTimerWorkflow.class,
            WorkflowOptions.newBuilder().setWorkflowId(id).setTaskQueue(QUEUE).build());
    long deadline = env.currentTimeMillis() + FIRST_DEADLINE.toMillis();
    WorkflowClient.start(workflow::sleepUntil, deadline);
    for (int i = 0; i < changes; i++) {
      env.sleep(APART);
      deadline += STEP.toMillis();
      workflow.updateWakeUpTime(deadline);
    }
    client.newUntypedWorkflowStub(id).getResult(Void.class);
    return HistoryCost.of(client.fetchHistory(id).getEvents());
  }

  private static HistoryCost median(HistoryCost[] runs) {
    return new HistoryCost(
        median(Arrays.stream(runs).mapToDouble(HistoryCost::events).toArray()),
        median(Arrays.stream(runs).mapToDouble(HistoryCost::workflowTasks).toArray()),
        median(Arrays.stream(runs).mapToDouble(HistoryCost::timersStarted).toArray()),
        median(Arrays.stream(runs).mapToDouble(HistoryCost::searchAttributeUpserts).toArray()));
  }

  private static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    int mid = sorted.length / 2;
    return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  }


}
