package dev.overdue.bench;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.overdue.api.ApprovalCommand;
import dev.overdue.client.Approvals;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowOptions;
import io.temporal.testing.TestWorkflowEnvironment;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Scenario {@code bill}: Temporal Cloud Actions for one life of the README's purchase order
 * (docs/examples/po-4711.json), counted from its history on the time-skipping test service
 * ({@link Actions#byKind}), against the same approval written with bare timers ({@link
 * BarePurchaseOrderWorkflow}). The life, the same for both: the start (the managers are told);
 * carol switches the 30-minute reminder on 5 minutes in (an Update); it reminds the managers; alice
 * claims at 1 h and approves at 2 h (Updates), so frank is told; finance lets its day pass, so frank
 * and carol are told and the approval ends REJECTED. Carol looks at it {@value #LOOKS} times
 * (queries: Actions too, which leave no event, so they are counted as sent).
 */
public final class BillBench {
  static final String QUEUE = "bench-bill";
  static final int LOOKS = 3;
  static final Path REQUEST = Path.of("docs/examples/po-4711.json");

  /** Each side's Actions by kind, queries included. */
  public record Result(Map<String, Long> overdue, Map<String, Long> bare, String overdueOutcome, String bareOutcome) {
    static long total(Map<String, Long> kinds) {
      return kinds.values().stream().mapToLong(Long::longValue).sum();
    }

    public Map<String, Object> json() {
      Map<String, Object> json = new LinkedHashMap<>();
      json.put("scenario", "bill");
      json.put("overdue", Map.of("actions", total(overdue), "byKind", overdue, "outcome", overdueOutcome));
      json.put("bare", Map.of("actions", total(bare), "byKind", bare, "outcome", bareOutcome));
      json.put("ratio", Math.round(1000.0 * total(overdue) / total(bare)) / 1000.0);
      return json;
    }
  }

  private BillBench() {}

  /** Runs both lives; {@code root} is the repository, where the README's request is. */
  public static Result run(Path root) throws IOException {
    try (TestWorkflowEnvironment env = BenchTestService.start(QUEUE)) {
      Approvals approvals = new Approvals(env.getWorkflowClient());
      ObjectNode request = (ObjectNode) BenchTestService.json(Files.readString(root.resolve(REQUEST)));
      request.put("requestId", "BILL-1");
      String id = approvals.start(request, QUEUE);
      env.sleep(Duration.ofMinutes(5));
      approvals.update(id, new ApprovalCommand.EnableTimer("reminder", "carol"));
      env.sleep(Duration.ofMinutes(55));
      approvals.update(id, new ApprovalCommand.Claim("manager", "alice"));
      approvals.status(id);
      env.sleep(Duration.ofHours(1));
      approvals.update(id, new ApprovalCommand.Approve("alice", null, null));
      approvals.status(id);
      env.sleep(Duration.ofDays(1).plusMinutes(1));
      approvals.status(id);
      String overdueOutcome = approvals.result(id).outcome();
      Map<String, Long> overdue = labelled(Actions.byKind(env.getWorkflowClient().fetchHistory(Approvals.workflowId(id)).getEvents()));

      WorkflowClient client = env.getWorkflowClient();
      BarePurchaseOrderWorkflow bare =
          client.newWorkflowStub(
              BarePurchaseOrderWorkflow.class,
              WorkflowOptions.newBuilder().setWorkflowId("bare-BILL-1").setTaskQueue(QUEUE).build());
      WorkflowClient.start(bare::run);
      env.sleep(Duration.ofMinutes(5));
      bare.enableReminder();
      env.sleep(Duration.ofMinutes(55));
      bare.claim("alice");
      bare.status();
      env.sleep(Duration.ofHours(1));
      bare.approve("alice");
      bare.status();
      env.sleep(Duration.ofDays(1).plusMinutes(1));
      bare.status();
      String bareOutcome = client.newUntypedWorkflowStub("bare-BILL-1").getResult(String.class);
      Map<String, Long> bareKinds = labelled(Actions.byKind(client.fetchHistory("bare-BILL-1").getEvents()));
      return new Result(overdue, bareKinds, overdueOutcome, bareOutcome);
    }
  }

  /** The kinds by their labels, with the queries the bench sent. */
  private static Map<String, Long> labelled(Map<Actions.Kind, Long> kinds) {
    Map<String, Long> labelled = new LinkedHashMap<>();
    kinds.forEach((kind, count) -> labelled.put(kind.label, count));
    labelled.put("query", (long) LOOKS);
    return labelled;
  }
}
