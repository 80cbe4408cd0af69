package dev.overdue.starter;

import static dev.overdue.starter.Processes.ok;
import static dev.overdue.starter.Processes.seconds;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.overdue.starter.Processes.Attempt;
import dev.overdue.starter.Processes.Result;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Who may send a Signal or an Update at all, decided by Temporal's own server: {@code bin/cluster
 * start --authorization} (the stock server's default authorizer and JWT claim mapper, keys made by
 * bin/cluster). The worker jar runs with a worker's token (role write: Temporal's polls need it),
 * one named client starts an approval and sends commands with its token (write), an auditor's
 * token (read) lists, describes and queries but its Signal and Update are refused with
 * PERMISSION_DENIED, and no token, an expired one, a forged one or one with Temporal's role
 * {@code worker} alone get nothing. The server names the token's subject on each history event a
 * call adds, and its own worker service (a batch operation) gets through the internal frontend.
 * The frontend's HTTP API asks the same authorizer.
 *
 * <p>The two checks add up with signed commands: the worker trusts the cluster's key as the issuer
 * of people's tokens, so an approval with {@code auth: required} takes a command only from a client
 * the server lets through (its transport token) carrying a person's token the worker verifies (the
 * command's {@code token} field); the trail names that person.
 *
 * <p>The cluster lives in {@code starter/target/it-logs/ClusterAuthIT/cluster} on ports of its own
 * (frontend 19233, PostgreSQL 16432: apart from ClusterIT's and FleetIT's), a fresh database each
 * run, stopped at the end. Skipped as ClusterIT is: when Go is missing and the server is not
 * built, except under CI.
 */
@Timeout(value = 45, unit = TimeUnit.MINUTES)
class ClusterAuthIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int PORT = 19233;
  private static final String ADDRESS = "127.0.0.1:" + PORT;
  private static final String DENIED = "PERMISSION_DENIED";

  private final Path logs = Processes.logsOf("ClusterAuthIT");
  private final Map<String, String> own = Map.of(
      "OVERDUE_CLUSTER_DIR", logs.resolve("cluster").toString(),
      "OVERDUE_CLUSTER_PORT", Integer.toString(PORT),
      "OVERDUE_CLUSTER_PG_PORT", "16432",
      "OVERDUE_CLUSTER_UI_PORT", Integer.toString(PORT + 1000));

  @Test
  void onlyTokensWithTheRoleWriteMaySendSignalsAndUpdates() throws Exception {
    assumeTrue(
        Cluster.canRun(),
        "Go (1.21+) is missing to build Temporal's server for bin/cluster; skipped outside CI");
    Files.createDirectories(logs);
    cluster("stop"); // a cluster an aborted run left behind in our directory
    ok(Processes.run(List.of("rm", "-rf", logs.resolve("cluster").toString()), Map.of(), Duration.ofMinutes(1)));
    long began = System.nanoTime();
    try {
      Result started = ok(cluster("start", "--authorization"));
      report("bin/cluster start --authorization (fresh database): " + seconds(began) + " s");
      assertTrue(started.err().contains("authorization on"), started.toString());
      Result status = ok(cluster("status"));
      assertTrue(status.out().matches("(?s).*\\ninternal-frontend +running .*"), status.toString());
      assertTrue(status.out().contains("authorization on"), status.toString());
      assertFalse(status.out().contains("web-ui"), "no Web UI with authorization: " + status);

      // Temporal's role words are read, write, worker and admin: 'writer' would grant nothing.
      Result writer = cluster("token", "--permissions", "default:writer");
      assertEquals(2, writer.exit(), writer.toString());
      assertTrue(writer.err().contains("read, write, worker or admin"), writer.toString());

      String workerToken = token("overdue-worker", "default:write", "1h");
      String clientToken = token("approvals-app", "default:write", "1h");
      String readerToken = token("auditor", "default:read", "1h");

      Map<String, String> workerEnv = new HashMap<>(Map.of(
          "TEMPORAL_ADDRESS", ADDRESS,
          "TEMPORAL_GRPC_META_AUTHORIZATION", "Bearer " + workerToken,
          "OVERDUE_METRICS_PORT", "0",
          "OVERDUE_DELIVERY_STORE", "memory"));
      // The worker trusts this cluster's key for people's tokens too (signed commands).
      Path settings = logs.resolve("worker.yaml");
      Files.writeString(settings, """
          auth:
            issuers:
              - issuer: bin/cluster
                jwks: %s
            audiences: [overdue]
          """.formatted(logs.resolve("cluster/auth/jwks.json")));
      long workerBegan = System.nanoTime();
      try (WorkerProcess worker = WorkerProcess.start(logs.resolve("worker.log"), workerEnv, "--config", settings.toString())) {
        report("worker polling with its token: " + seconds(workerBegan) + " s");
        String id = "PO-AUTH-" + System.currentTimeMillis() / 1000 % 1_000_000;
        String workflowId = "approval-" + id;

        // The named client starts the approval.
        Result start = ok(overdue(clientToken, "start", "--request-id", id, "--title", "Laptop",
            "--requester", "carol", "--step", "manager=alice,bob", "--step", "finance=frank"));
        assertTrue(start.out().contains(workflowId), start.toString());

        // The auditor reads: the status query, the CLI's list and describe.
        JsonNode read = JSON.readTree(ok(overdue(readerToken, "status", id, "--json")).out());
        assertEquals("manager", read.get("currentStep").asText(), read.toString());
        ok(temporal(readerToken, "workflow", "describe", "--workflow-id", workflowId));
        ok(temporal(readerToken, "workflow", "list", "--limit", "5"));

        // ... but may not command: its Update and its Signal are refused by the server.
        long deniedBegan = System.nanoTime();
        Result update = overdue(readerToken, "claim", id, "--user", "alice");
        report("reader's Update refused in " + seconds(deniedBegan) + " s (bin/overdue, its start included)");
        refused(update);
        refused(overdue(readerToken, "claim", id, "--user", "alice", "--signal"));
        Result cliSignal = temporal(readerToken, "workflow", "signal", "--workflow-id", workflowId,
            "--name", "claim", "--input", "{\"user\":\"alice\"}");
        assertNotEquals(0, cliSignal.exit(), cliSignal.toString());
        assertTrue(cliSignal.err().contains("Request unauthorized"), cliSignal.toString());
        Result cliUpdate = temporal(readerToken, "workflow", "update", "execute", "--workflow-id", workflowId,
            "--name", "claim", "--input", "{\"user\":\"alice\"}");
        assertNotEquals(0, cliUpdate.exit(), cliUpdate.toString());
        assertTrue(cliUpdate.err().contains("Request unauthorized"), cliUpdate.toString());

        // The frontend's HTTP API (its port + 10) asks the same authorizer.
        assertEquals(403, http(null, "GET", "/api/v1/namespaces/default/workflows").statusCode());
        assertEquals(200, http(readerToken, "GET", "/api/v1/namespaces/default/workflows").statusCode());
        HttpResponse<String> httpSignal =
            http(readerToken, "POST", "/api/v1/namespaces/default/workflows/" + workflowId + "/signal/claim");
        assertEquals(403, httpSignal.statusCode(), httpSignal.body());
        assertTrue(httpSignal.body().contains("PermissionDenied"), httpSignal.body());

        // Temporal's role 'worker' alone grants nothing, not even a read (polling asks for write).
        Result workerRole = temporal(token("poller", "default:worker", "1h"), "workflow", "list", "--limit", "1");
        assertNotEquals(0, workerRole.exit(), workerRole.toString());
        assertTrue(workerRole.err().contains("Request unauthorized"), workerRole.toString());

        // No token, an expired token, a forged one: nothing at all, not even a read.
        refused(overdue(null, "status", id));
        Result none = temporal(null, "workflow", "list", "--limit", "1");
        assertNotEquals(0, none.exit(), none.toString());
        assertTrue(none.err().contains("Request unauthorized"), none.toString());
        String expired = token("approvals-app", "default:write", "1s");
        String forged = clientToken.substring(0, clientToken.lastIndexOf('.') + 1) + "AAAA";
        Thread.sleep(2_100);
        refused(overdue(expired, "status", id));
        refused(overdue(forged, "status", id));

        // Nothing reached the approval: still offered to alice and bob, no Signal in its history.
        JsonNode unchanged = JSON.readTree(ok(overdue(readerToken, "status", id, "--json")).out());
        assertEquals("manager", unchanged.get("currentStep").asText(), unchanged.toString());
        JsonNode owner = unchanged.get("steps").get(0).path("owner");
        assertTrue(owner.isMissingNode() || owner.isNull(), "nobody claimed the step: " + unchanged);
        assertEquals(0, events(readerToken, workflowId, "EVENT_TYPE_WORKFLOW_EXECUTION_SIGNALED").size());

        // The named client's Update and Signal are accepted and applied.
        ok(overdue(clientToken, "claim", id, "--user", "alice"));
        JsonNode claimed = JSON.readTree(ok(overdue(readerToken, "status", id, "--json")).out());
        assertEquals("alice", claimed.get("steps").get(0).path("owner").asText(), claimed.toString());
        ok(overdue(clientToken, "approve", id, "--user", "alice", "--signal"));
        JsonNode moved = Processes.await(Duration.ofSeconds(30), id + " to reach finance", () -> {
          JsonNode now = JSON.readTree(ok(overdue(readerToken, "status", id, "--json")).out());
          return "finance".equals(now.get("currentStep").asText()) ? Attempt.done(now) : Attempt.notYet(now);
        });
        assertEquals("ACTIVE", moved.get("state").asText(), moved.toString());

        // The server names each caller on the events its call added: the client on the start
        // and the Signal, the worker on what its workflow tasks wrote (an Update's acceptance too).
        assertEquals(List.of("approvals-app"), principals(events(readerToken, workflowId,
            "EVENT_TYPE_WORKFLOW_EXECUTION_STARTED")));
        assertEquals(List.of("approvals-app"), principals(events(readerToken, workflowId,
            "EVENT_TYPE_WORKFLOW_EXECUTION_SIGNALED")));
        assertEquals(List.of("overdue-worker"), principals(events(readerToken, workflowId,
            "EVENT_TYPE_WORKFLOW_EXECUTION_UPDATE_ACCEPTED")));

        signedCommandsNeedBothTokens(clientToken, readerToken);

        // The server's own worker service gets through (the internal frontend): a batch operation
        // the client starts is run by it, and ends the approval.
        ok(temporal(clientToken, "workflow", "terminate", "--query", "WorkflowId = '" + workflowId + "'",
            "--reason", "ClusterAuthIT batch", "--yes"));
        List<JsonNode> terminated = Processes.await(Duration.ofSeconds(60), workflowId + " terminated by the batch",
            () -> {
              List<JsonNode> found = events(readerToken, workflowId, "EVENT_TYPE_WORKFLOW_EXECUTION_TERMINATED");
              return found.isEmpty() ? Attempt.notYet("not yet") : Attempt.done(found);
            });
        assertEquals("temporal", terminated.get(0).path("principal").path("type").asText(), terminated.toString());

        // The worker's own calls all got through with its token (polls, search attributes check).
        assertFalse(worker.log().contains(DENIED), worker.log());
        assertFalse(worker.log().contains("search attribute"), worker.log());
        assertTrue(worker.isAlive(), "the worker runs");
      }
    } finally {
      Result stopped = cluster("stop");
      assertEquals(0, stopped.exit(), stopped.toString());
      assertEquals(3, cluster("status").exit(), "nothing runs after bin/cluster stop");
      report("whole test: " + seconds(began) + " s");
    }
  }

  /**
   * An approval that takes signed commands only: the client the server lets through must carry a
   * person's token the worker verifies, and a person's token does not get a reader past the server.
   */
  private void signedCommandsNeedBothTokens(String clientToken, String readerToken) throws Exception {
    String id = "PO-SIGNED-" + System.currentTimeMillis() / 1000 % 1_000_000;
    Path request = logs.resolve(id + ".yaml");
    Files.writeString(request, """
        requestId: %s
        requester: carol
        auth: required
        steps:
          - {name: manager, approvers: [alice, bob]}
        """.formatted(id));
    ok(overdue(clientToken, "start", "--file", request.toString()));
    String alice = ok(cluster("token", "--subject", "alice", "--audience", "overdue", "--ttl", "10m")).out().strip();
    String bob = ok(cluster("token", "--subject", "bob", "--audience", "overdue", "--ttl", "10m")).out().strip();

    Result unsigned = overdue(clientToken, "claim", id, "--user", "alice");
    assertEquals(1, unsigned.exit(), unsigned.toString());
    assertTrue(unsigned.err().contains("auth: required"), unsigned.toString());
    refused(overdue(readerToken, "claim", id, "--token", alice));
    Result bobForAlice = overdue(clientToken, "claim", id, "--user", "alice", "--token", bob);
    assertTrue(bobForAlice.err().contains("the token names 'bob' (issuer 'bin/cluster'), not 'alice'"),
        bobForAlice.toString());
    ok(overdue(clientToken, "claim", id, "--token", alice));
    ok(overdue(clientToken, "approve", id, "--token", alice, "--comment", "signed"));

    JsonNode trail = JSON.readTree(ok(overdue(readerToken, "history", id, "-o", "json")).out());
    List<String> signers = new ArrayList<>();
    trail.forEach(entry -> signers.add(entry.path("name").asText() + ":" + entry.path("accepted").asBoolean()
        + ":" + entry.path("subject").asText("-") + ":" + entry.path("issuer").asText("-")));
    assertTrue(signers.containsAll(List.of("claim:true:alice:bin/cluster", "approve:true:alice:bin/cluster")),
        signers.toString());
    assertFalse(trail.toString().contains(alice), "a token reached the trail");
    assertEquals("APPROVED", JSON.readTree(ok(overdue(readerToken, "status", id, "--json")).out()).get("state").asText());
  }

  // ---- helpers -------------------------------------------------------------------------------

  private Result cluster(String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of("bash", Processes.ROOT.resolve("bin/cluster").toString()));
    command.addAll(List.of(args));
    return Processes.run(command, own, Duration.ofMinutes(40));
  }

  /** {@code bin/cluster token}: a JWT signed with this cluster's key. */
  private String token(String subject, String permissions, String ttl) throws Exception {
    String jwt = ok(cluster("token", "--subject", subject, "--permissions", permissions, "--ttl", ttl)).out().strip();
    assertTrue(jwt.matches("[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+"), jwt);
    return jwt;
  }

  /** {@code bin/overdue} with the token as the header {@code authorization} ({@code --grpc-meta}); null for none. */
  private static Result overdue(String token, String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of("bash", "bin/overdue"));
    if (token != null) {
      command.addAll(List.of("--grpc-meta", "authorization=Bearer " + token));
    }
    command.addAll(List.of(args));
    return Processes.run(command, Map.of("TEMPORAL_ADDRESS", ADDRESS), Processes.DEFAULT_TIMEOUT);
  }

  /** The Temporal CLI with the token; null for none. */
  private static Result temporal(String token, String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of(DevServer.cli().toString()));
    command.addAll(List.of(args));
    command.addAll(List.of("--address", ADDRESS));
    if (token != null) {
      command.addAll(List.of("--grpc-meta", "authorization=Bearer " + token));
    }
    return Processes.run(command, Map.of(), Processes.DEFAULT_TIMEOUT);
  }

  /** A call to the frontend's HTTP API with the token as {@code Authorization: Bearer}; null for none. */
  private static HttpResponse<String> http(String token, String method, String path) throws Exception {
    HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + (PORT + 10) + path))
        .timeout(Duration.ofSeconds(10))
        .method(method, "POST".equals(method)
            ? HttpRequest.BodyPublishers.ofString("{\"input\":{\"payloads\":[]}}")
            : HttpRequest.BodyPublishers.noBody());
    if (token != null) {
      request.header("Authorization", "Bearer " + token);
    }
    return HttpClient.newHttpClient().send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  /** The events of {@code type} in the workflow's history, as the Temporal CLI prints them in JSON. */
  private static List<JsonNode> events(String token, String workflowId, String type) throws Exception {
    JsonNode history = JSON.readTree(
        ok(temporal(token, "workflow", "show", "--workflow-id", workflowId, "--output", "json")).out());
    List<JsonNode> found = new ArrayList<>();
    history.get("events").forEach(event -> {
      if (type.equals(event.path("eventType").asText())) {
        found.add(event);
      }
    });
    return found;
  }

  private static List<String> principals(List<JsonNode> events) {
    return events.stream().map(event -> event.path("principal").path("name").asText()).toList();
  }

  /** Refused by the server's authorizer: exit 3 (Temporal unusable), PERMISSION_DENIED named. */
  private static void refused(Result result) {
    assertEquals(3, result.exit(), result.toString());
    assertTrue(result.err().contains(DENIED), result.toString());
  }



  private static void report(String line) {
    System.out.println("ClusterAuthIT: " + line);
  }
}
