package dev.overdue.starter;

import static dev.overdue.starter.Processes.ok;
import static dev.overdue.starter.Processes.seconds;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
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
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Overdue on a real Temporal cluster ({@code bin/cluster}: frontend, history, matching and worker
 * as separate processes on PostgreSQL), unchanged: the worker jar, {@code bin/overdue} and the
 * Temporal CLI find it through TEMPORAL_ADDRESS alone. A real timer fires on the cluster's
 * history service, work lists run on SQL visibility with Overdue's search attributes, and an
 * approval survives a stop and start of the whole cluster.
 *
 * <p>The cluster lives in {@code starter/target/it-logs/ClusterIT/cluster} (a fresh database each
 * run, so the first-start order is tested too) and is stopped at the end. When a cluster already
 * answers on the default port (a developer's own), the test uses it, leaves it running and skips
 * the restart. The first run on a machine builds Temporal's server (minutes): .ci/run builds it
 * before the tests. Skipped when Go is missing and the server is not built, except under CI.
 */
@Timeout(value = 45, unit = TimeUnit.MINUTES)
class ClusterIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String ADDRESS = "127.0.0.1:17233";
  private static final Map<String, String> CLIENT = Map.of("TEMPORAL_ADDRESS", ADDRESS);
  private static final Duration VISIBILITY = Duration.ofSeconds(30);
  private static final Pattern WORKFLOW_ID = Pattern.compile("approval-[A-Za-z0-9-]+");
  /**
   * How long the idle cluster's CPU and memory are measured for docs/CLUSTER.md
   * ({@code -Doverdue.cluster.idleSeconds=20}); not at all by default: a figure, not a test.
   */
  private static final int IDLE_SECONDS = Integer.getInteger("overdue.cluster.idleSeconds", 0);

  @Test
  void overdueRunsUnchangedOnARealClusterAndItsApprovalsSurviveARestart() throws Exception {
    // Building the server needs Go: without it (and no server built) the test is skipped, except
    // in CI, where .ci/run has built it and a missing server is a failure.
    assumeTrue(
        Cluster.canRun(),
        "Go (1.21+) is missing to build Temporal's server for bin/cluster; skipped outside CI");
    Path logs = Processes.logsOf("ClusterIT");
    Files.createDirectories(logs);
    // A developer's cluster on the default port is reused as it is.
    boolean reused = cluster(Map.of(), "status").exit() == 0;
    Map<String, String> own =
        reused ? Map.of() : Map.of("OVERDUE_CLUSTER_DIR", logs.resolve("cluster").toString());
    if (!reused) {
      cluster(own, "stop"); // a cluster an aborted run left behind in our directory
      deleteTree(logs.resolve("cluster"));
    }
    try {
      long began = System.nanoTime();
      Result started = ok(cluster(own, "start"));
      report("bin/cluster start (" + (started.err().contains("building") ? "built the server" : "server already built")
          + (reused ? ", reused" : ", fresh database") + "): " + seconds(began) + " s");
      assertTrue(started.out().contains("export TEMPORAL_ADDRESS=" + ADDRESS), started.toString());
      if (!reused) {
        assertTrue(started.err().contains("history first, then the others"), started.toString());
      }

      // Each process runs, and the frontend answers; a second start says so and changes nothing.
      Map<String, Long> pids = processes(ok(cluster(own, "status")));
      assertEquals(Set.of("postgresql", "frontend", "history", "matching", "worker"), pids.keySet());
      Result again = ok(cluster(own, "start"));
      assertTrue(again.err().contains("already running"), again.toString());
      assertEquals(pids, processes(ok(cluster(own, "status"))), "a second start starts nothing");

      // Overdue's search attributes: the one list bin/dev-server prints.
      Result attributes = ok(temporal("operator", "search-attribute", "list"));
      for (String attribute :
          ok(Processes.run(List.of("bash", "bin/dev-server", "--search-attributes"), Map.of(), Processes.DEFAULT_TIMEOUT))
              .out().strip().lines().toList()) {
        String name = attribute.substring(0, attribute.indexOf('='));
        assertTrue(attributes.out().contains(name), name + " in " + attributes);
      }

      String run = Long.toString(System.currentTimeMillis() / 1000 % 1_000_000);
      String order = "PO-4711-" + run;
      String laptop = "PO-4712-" + run;
      try (WorkerProcess worker = WorkerProcess.start(logs.resolve("worker.log"), CLIENT)) {
        // It found the server (no in-memory service) with the attributes in place.
        assertFalse(worker.log().contains("IN-MEMORY"), worker.log());
        assertFalse(worker.log().contains("search attribute"), worker.log());

        // docs/examples/po-4711.json under a request id of this run (a reused cluster keeps the last).
        ObjectNode request = (ObjectNode) JSON.readTree(Processes.ROOT.resolve("docs/examples/po-4711.json").toFile());
        request.put("requestId", order);
        Path file = logs.resolve("po-4711.json");
        Files.writeString(file, JSON.writeValueAsString(request));
        Result start = ok(overdue("start", "--file", file.toString()));
        assertTrue(start.out().contains("approval-" + order), start.toString());

        // A 2 s step limit: a real timer on the cluster's history service expires and warns.
        ok(overdue("start", "--request-id", laptop, "--title", "Laptop", "--requester", "carol",
            "--step", "manager=bob", "--step-timeout", "PT2S"));
        JsonNode warned = Processes.await(Duration.ofSeconds(60), laptop + "'s step limit to warn", () -> {
          JsonNode status = status(laptop);
          return status.get("warnings").size() > 0 ? Attempt.done(status) : Attempt.notYet(status);
        });
        assertEquals("ACTIVE", warned.get("state").asText(), warned.toString());

        // Steering: claim and approve the manager step; the approval moves on to finance.
        ok(overdue("claim", order, "--user", "alice"));
        ok(overdue("approve", order, "--user", "alice"));
        JsonNode status = status(order);
        assertEquals("ACTIVE", status.get("state").asText(), status.toString());
        assertEquals("finance", status.get("currentStep").asText(), status.toString());
        assertEquals(0, status.get("warnings").size(), status.toString());

        // Work lists on SQL visibility, by bin/overdue and by the Temporal CLI.
        awaitListed(
            () -> ok(overdue("list", "--with-warnings")), "bin/overdue list --with-warnings", "approval-" + laptop);
        awaitListed(
            () -> ok(temporal("workflow", "list", "--query",
                "CurrentStep = 'finance' AND WorkflowId = 'approval-" + order + "'")),
            "temporal workflow list --query \"CurrentStep = 'finance'\"", "approval-" + order);
        Result described = ok(temporal("workflow", "describe", "--workflow-id", "approval-" + order));
        assertTrue(described.out().contains("ApprovalWorkflow"), described.toString());
        assertTrue(described.out().contains("\\\"finance\\\""), "CurrentStep finance: " + described);

        // The Web UI, when its server could be built, shows the approval (through its JSON API).
        boolean ui = Files.isExecutable(Processes.ROOT.resolve(".tools/temporal-server/temporal-ui-server"));
        assertEquals(ui, ok(cluster(own, "status")).out().contains("web-ui      running"), "the Web UI runs when built");
        if (ui) {
          HttpResponse<String> page = HttpClient.newHttpClient().send(
              HttpRequest.newBuilder(URI.create("http://127.0.0.1:18233/api/v1/namespaces/default/workflows/approval-"
                  + order)).timeout(Duration.ofSeconds(10)).build(),
              HttpResponse.BodyHandlers.ofString());
          assertEquals(200, page.statusCode(), page.body());
          assertTrue(page.body().contains("ApprovalWorkflow"), page.body());
        }

        if (reused) {
          System.out.println("ClusterIT: reused a running cluster; the restart is skipped");
          return;
        }

        if (IDLE_SECONDS > 0) {
          measureIdle(own);
        }

        // Stop and start the whole cluster: the approval is where it was, on PostgreSQL.
        Result stopped = ok(cluster(own, "stop"));
        assertTrue(stopped.err().contains("stopped"), stopped.toString());
        assertEquals(3, cluster(own, "status").exit(), "status after stop");
        began = System.nanoTime();
        Result restarted = ok(cluster(own, "start"));
        report("bin/cluster start again (warm, existing database): " + seconds(began) + " s");
        assertFalse(restarted.err().contains("history first"), restarted.toString());

        // The worker reconnects by itself and the approval ends as its finance step decides.
        Processes.await(Duration.ofSeconds(90), order + " to answer after the restart", () -> {
          Result answer = overdue("--answer-timeout", "10", "status", order, "--json");
          return answer.exit() == 0 ? Attempt.done(answer) : Attempt.notYet(answer);
        });
        assertEquals("finance", status(order).get("currentStep").asText());
        ok(overdue("reject", order, "--user", "frank", "--comment", "over budget"));
        JsonNode result = JSON.readTree(ok(overdue("result", order, "--json")).out());
        assertEquals("REJECTED", result.get("outcome").asText(), result.toString());
        assertEquals("frank", result.get("decidedBy").asText(), result.toString());
        assertTrue(worker.isAlive(), "the worker outlived the cluster's restart");
      }
    } finally {
      if (!reused) {
        Result stopped = cluster(own, "stop");
        assertEquals(0, stopped.exit(), stopped.toString());
        assertEquals(3, cluster(own, "status").exit(), "nothing runs after bin/cluster stop");
      }
    }
  }

  // ---- helpers -------------------------------------------------------------------------------


  /** The cluster with one worker polling and two approvals waiting, for IDLE_SECONDS. */
  private static void measureIdle(Map<String, String> own) throws Exception {
    Map<String, Usage> before = usage(ok(cluster(own, "status")));
    Thread.sleep(IDLE_SECONDS * 1000L);
    Map<String, Usage> after = usage(ok(cluster(own, "status")));
    double cpu = 0;
    long rss = 0;
    for (String process : after.keySet()) {
      cpu += after.get(process).cpuSeconds() - before.get(process).cpuSeconds();
      rss += after.get(process).rssMb();
    }
    report(String.format("idle for %d s: %.1f %% of one core, %d MB memory (PSS: PostgreSQL and the four services)",
        IDLE_SECONDS, cpu / IDLE_SECONDS * 100, rss));
  }
  private static Result cluster(Map<String, String> env, String command) throws Exception {
    return Cluster.run(env, command);
  }

  /** {@code bin/overdue ARGS}, the script a user runs, against the cluster. */
  private static Result overdue(String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of("bash", "bin/overdue"));
    command.addAll(List.of(args));
    return Processes.run(command, CLIENT, Processes.DEFAULT_TIMEOUT);
  }

  private static Result temporal(String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of(DevServer.cli().toString()));
    command.addAll(List.of(args));
    return Processes.run(command, CLIENT, Processes.DEFAULT_TIMEOUT);
  }

  private static JsonNode status(String requestId) throws Exception {
    return JSON.readTree(ok(overdue("status", requestId, "--json")).out());
  }

  @FunctionalInterface
  interface Listing {
    Result run() throws Exception;
  }

  private static void awaitListed(Listing listing, String what, String... ids) throws Exception {
    Set<String> expected = Set.of(ids);
    Processes.await(VISIBILITY, what + " to list " + expected, () -> {
      Result result = listing.run();
      Set<String> listed = new TreeSet<>();
      Matcher matcher = WORKFLOW_ID.matcher(result.out());
      while (matcher.find()) {
        listed.add(matcher.group());
      }
      // A reused cluster may hold older approvals: only this run's must be as expected.
      listed.removeIf(id -> !id.endsWith(ids[0].substring(ids[0].lastIndexOf('-'))));
      return listed.containsAll(expected) ? Attempt.done(listed) : Attempt.notYet(result);
    });
  }

  /** Each running process of {@code bin/cluster status}, by name, with its pid. */
  private static Map<String, Long> processes(Result status) {
    assertTrue(status.out().contains("frontend answers on " + ADDRESS), status.toString());
    return Cluster.pids(status);
  }

  record Usage(long rssMb, double cpuSeconds) {}

  private static final Pattern USAGE =
      Pattern.compile("(?m)^(postgresql|frontend|history|matching|worker) +running .* (\\d+) MB +([0-9.]+) s CPU");

  private static Map<String, Usage> usage(Result status) {
    Map<String, Usage> usage = new HashMap<>();
    Matcher matcher = USAGE.matcher(status.out());
    while (matcher.find()) {
      usage.put(matcher.group(1), new Usage(Long.parseLong(matcher.group(2)), Double.parseDouble(matcher.group(3))));
    }
    assertEquals(5, usage.size(), status.toString());
    return usage;
  }



  private static void report(String line) {
    System.out.println("ClusterIT: " + line);
  }

  private static void deleteTree(Path dir) throws Exception {
    if (Files.exists(dir)) {
      ok(Processes.run(List.of("rm", "-rf", dir.toString()), Map.of(), Duration.ofMinutes(1)));
    }
  }
}
