package dev.overdue.bench;

import dev.overdue.api.ApprovalCommand;
import dev.overdue.client.Approvals;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowOptions;
import io.temporal.testing.TestWorkflowEnvironment;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Scenario {@code cost}: what an approval's life and each expiry cost in Temporal's units
 * ({@link Actions}), counted from histories on the time-skipping test service, against the
 * bare-sleep baseline. The life: a start, two changes of the step's limit (Updates, +10 min each),
 * three timers that expire with their default handler ({@code warn}): the step's acceptance after
 * 1 h, the process after 2 h, the step's completion after 3 h 20 min; then a claim and an
 * approval. Per expiry, at the margin: that life minus the same
 * life decided before any timer expired, over 3; the baseline's: sleeping to three instants minus
 * to one, over 2.
 */
public final class CostBench {
  static final String QUEUE = "bench-cost";
  static final int EXPIRIES = 3;

  public record Result(Actions overdueLife, Actions baselineLife, Actions overdueExpiry, Actions baselineExpiry) {
    /** Overdue's Actions per expiry beyond the baseline's timer; the goal is at most 1. */
    double extraActionsPerExpiry() {
      return overdueExpiry.actions() - baselineExpiry.actions();
    }

    public Map<String, Object> json() {
      Map<String, Object> json = new LinkedHashMap<>();
      json.put("scenario", "cost");
      json.put("overdue", Map.of("life", overdueLife.json(), "perExpiry", overdueExpiry.json()));
      json.put("baseline", Map.of("life", baselineLife.json(), "perExpiry", baselineExpiry.json()));
      json.put("extraActionsPerExpiry", Math.round(extraActionsPerExpiry() * 1000) / 1000.0);
      json.put("goalExtraActionsPerExpiry", 1);
      return json;
    }
  }

  private CostBench() {}

  public static Result run() {
    try (TestWorkflowEnvironment env = BenchTestService.start(QUEUE)) {
      Actions overdueLife = overdue(env, "cost-expiring", true);
      Actions overdueQuick = overdue(env, "cost-decided-early", false);
      Actions baselineLife = baseline(env, "baseline-life", List.of(1, 2, 3), true);
      Actions baselineThree = baseline(env, "baseline-three", List.of(1, 2, 3), false);
      Actions baselineOne = baseline(env, "baseline-one", List.of(1), false);
      return new Result(
          overdueLife,
          baselineLife,
          Actions.per(overdueLife, overdueQuick, EXPIRIES),
          Actions.per(baselineThree, baselineOne, 2));
    }
  }

  /** The life above; with {@code expiring} false the decision comes 30 min in, before any expiry. */
  private static Actions overdue(TestWorkflowEnvironment env, String requestId, boolean expiring) {
    Approvals approvals = new Approvals(env.getWorkflowClient());
    String id =
        approvals.start(
            BenchTestService.json(
                "{\"requestId\":\"" + requestId + "\",\"title\":\"Cost\",\"requester\":\"carol\",\"timeout\":\"PT2H\","
                    + "\"steps\":[{\"name\":\"review\",\"approvers\":[\"alice\"],\"offerTimeout\":\"PT1H\",\"timeout\":\"PT3H\"}]}"),
            QUEUE);
    for (int change = 0; change < 2; change++) {
      env.sleep(Duration.ofMinutes(10));
      approvals.update(id, ApprovalCommand.ExtendDeadline.by("review.completion", Duration.ofMinutes(10), "carol"));
    }
    env.sleep(expiring ? Duration.ofHours(3).plusMinutes(10) : Duration.ofMinutes(10));
    approvals.update(id, new ApprovalCommand.Claim("review", "alice"));
    approvals.update(id, new ApprovalCommand.Approve("alice", null));
    approvals.result(id);
    return Actions.of(env.getWorkflowClient().fetchHistory(id).getEvents());
  }

  /**
   * The baseline sleeping to each of {@code hours}; with {@code changes}, postponed twice (+1 min)
   * 10 and 20 minutes in, as Overdue's deadline changes.
   */
  private static Actions baseline(TestWorkflowEnvironment env, String id, List<Integer> hours, boolean changes) {
    WorkflowClient client = env.getWorkflowClient();
    SleepBaselineWorkflow workflow =
        client.newWorkflowStub(
            SleepBaselineWorkflow.class, WorkflowOptions.newBuilder().setWorkflowId(id).setTaskQueue(QUEUE).build());
    long now = env.currentTimeMillis();
    List<Long> instants = hours.stream().map(h -> now + Duration.ofHours(h).toMillis()).toList();
    WorkflowClient.start(workflow::sleepUntil, instants);
    if (changes) {
      for (int change = 0; change < 2; change++) {
        env.sleep(Duration.ofMinutes(10));
        workflow.postpone(instants.size() - 1, Duration.ofMinutes(1).toMillis());
      }
    }
    client.newUntypedWorkflowStub(id).getResult(Object.class);
    return Actions.of(client.fetchHistory(id).getEvents());
  }
}
