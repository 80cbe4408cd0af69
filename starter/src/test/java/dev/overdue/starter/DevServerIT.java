package dev.overdue.starter;

import static dev.overdue.starter.Processes.overdue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.overdue.api.ApprovalWorkflow;
import dev.overdue.starter.Processes.Attempt;
import dev.overdue.starter.Processes.Result;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Overdue against a real Temporal dev server started by {@code bin/dev-server}, with the worker jar
 * as a process: the starter CLI launches approvals, the real {@code temporal} CLI signals, updates,
 * queries and lists them by search attribute, and every {@code bin/temporal} line of README.md runs
 * as written. Visibility (list queries) is eventually consistent: lists are polled, 30 s at most.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class DevServerIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration VISIBILITY = Duration.ofSeconds(30);
  private static final Pattern WORKFLOW_ID = Pattern.compile("approval-[A-Za-z0-9-]+");

  /** Each test gets its own dev server and worker: both tests start approval-PO-4711. */
  @RegisterExtension
  final DevServerExtension temporal = DevServerExtension.withWorker(DevServer.Options.headless());

  @Test
  void starterLaunchesApprovalsAndTheTemporalCliSignalsUpdatesQueriesAndListsThem() throws Exception {
    DevServer server = temporal.server();
    Map<String, String> env = server.env();

    // bin/dev-server registered the search attributes: the worker found them all present.
    Result attributes = ok(server.temporal("operator", "search-attribute", "list"));
    for (String expected :
        List.of("ApprovalState", "CurrentStep", "CurrentOwner", "NextDeadline", "AnyTimerExpired", "HasWarnings")) {
      assertTrue(attributes.out().contains(expected), attributes.toString());
    }
    assertFalse(temporal.worker().log().contains("search attribute"), temporal.worker().log());

    Result started = ok(overdue(env, "start", "--file", "docs/examples/po-4711.json"));
    assertTrue(started.out().contains("approval-PO-4711"), started.toString());
    startOverdueLaptop(env);

    // Signals from the temporal CLI.
    Instant completionBefore = Instant.parse(timer("PO-4711", "manager.completion").get("expiresAt").asText());
    ok(server.temporal("workflow", "signal", "--workflow-id", "approval-PO-4711",
        "--name", "enableTimer", "--input", "{\"timer\":\"reminder\"}"));
    ok(server.temporal("workflow", "signal", "--workflow-id", "approval-PO-4711",
        "--name", "extendDeadline", "--input", "{\"timer\":\"manager.completion\",\"by\":\"PT12H\"}"));
    Processes.await(Duration.ofSeconds(30), "the signals to be applied", () -> {
      JsonNode timers = query("PO-4711", "timers");
      boolean applied =
          find(timers, "reminder").get("state").asText().equals("RUNNING")
              && !find(timers, "manager.completion").get("expiresAt").asText().equals(completionBefore.toString());
      return applied ? Attempt.done(true) : Attempt.notYet(timers);
    });
    JsonNode timers = query("PO-4711", "timers");
    assertEquals(
        completionBefore.plus(Duration.ofHours(12)),
        Instant.parse(find(timers, "manager.completion").get("expiresAt").asText()),
        timers.toString());

    // Invalid updates: refused by the validator, with the reason, and nothing changes.
    Result unknownField = server.temporal("workflow", "update", "execute", "--workflow-id", "approval-PO-4711",
        "--name", "extendDeadline", "--input", "{\"timer\":\"reminder\",\"minutes\":5}");
    assertNotEquals(0, unknownField.exit(), unknownField.toString());
    assertTrue(
        unknownField.err().contains("unknown field 'minutes' for extendDeadline (fields: by, limit, timer, user)"),
        unknownField.toString());
    Result months = server.temporal("workflow", "update", "execute", "--workflow-id", "approval-PO-4711",
        "--name", "extendDeadline", "--input", "{\"timer\":\"reminder\",\"limit\":\"P1M\"}");
    assertNotEquals(0, months.exit(), months.toString());
    assertTrue(months.err().contains("months and years have no fixed length"), months.toString());
    assertEquals(timers, query("PO-4711", "timers"), "a refused update changes nothing");

    Result claimed = ok(server.temporal("workflow", "update", "execute", "--workflow-id", "approval-PO-4711",
        "--name", "claim", "--input", "{\"user\":\"alice\"}"));
    assertTrue(claimed.out().contains("step manager claimed by alice"), claimed.toString());

    JsonNode status = query("PO-4711", "status");
    assertEquals("ACTIVE", status.get("state").asText(), status.toString());
    assertEquals("manager", status.get("currentStep").asText(), status.toString());
    assertEquals("alice", status.get("steps").get(0).get("owner").asText(), status.toString());
    assertEquals(0, status.get("warnings").size(), status.toString());

    // Work lists by search attribute.
    awaitList("HasWarnings = true", "approval-PO-4712");
    awaitList("AnyTimerExpired = true", "approval-PO-4712");
    awaitList("ApprovalState = 'SUSPENDED'", "approval-PO-4712");
    awaitList("CurrentOwner = 'alice'", "approval-PO-4711");
    awaitList("ApprovalState = 'ACTIVE' AND CurrentStep = 'manager'", "approval-PO-4711");
    // PO-4711's next deadline is its reminder (30 minutes); the suspended PO-4712 has none.
    awaitList("NextDeadline < '" + Instant.now().plus(Duration.ofHours(1)) + "'", "approval-PO-4711");
    // A filter the server cannot read is the user's to fix: a usage error with the server's reason.
    Result badFilter = overdue(env, "list", "--query", "Foo = 1");
    assertEquals(ExitCodes.USAGE, badFilter.exit(), badFilter.toString());
    assertTrue(badFilter.err().startsWith("invalid list filter: "), badFilter.toString());
    assertTrue(badFilter.err().contains("Foo"), badFilter.toString());

    // A server is not taken for the worker's in-memory service (NoApprovalTest).
    Result none = overdue(env, "status", "PO-5001");
    assertEquals(ExitCodes.REFUSED, none.exit(), none.toString());
    assertEquals("no approval PO-5001 (workflow approval-PO-5001)\n", none.err());

    // The approval ends through the starter; its attributes show the outcome.
    ok(overdue(env, "approve", "PO-4711", "--user", "alice"));
    ok(overdue(env, "reject", "PO-4711", "--user", "frank", "--comment", "over budget"));
    awaitList("ApprovalState = 'REJECTED'", "approval-PO-4711");
  }

  /**
   * Every {@code bin/temporal ...} and {@code bin/overdue list ...} line of the docs' bash blocks
   * (README.md, then the site's pages in its order), run by bash exactly as written (from the repository root, TEMPORAL_ADDRESS
   * naming the test server).
   */
  @Test
  void everyTemporalAndWorkListLineOfTheDocsWorksAsWritten() throws Exception {
    // Something for the work lists to find besides PO-4711: warned, overdue and suspended; and a
    // step of high priority for a group the worker (which has no directory) cannot look up, so
    // that no one can act on it: warned and unworkable.
    startOverdueLaptop(temporal.server().env());
    Path chairs = Files.createTempFile("po-4713", ".json");
    Files.writeString(chairs, "{\"requestId\":\"PO-4713\",\"requester\":\"carol\",\"steps\":"
        + "[{\"name\":\"manager\",\"candidateGroups\":[\"facilities\"],\"priority\":1}]}");
    ok(overdue(temporal.server().env(), "start", "--file", chairs.toString()));
    // And one that waits for bob to claim it.
    ok(overdue(temporal.server().env(), "start", "--request-id", "PO-4714", "--requester", "carol",
        "--step", "manager=bob,dave"));

    // What the docs promise of some lines; every other line must simply succeed.
    Map<String, String> refused = Map.of(
        "--name approve --input '{\"user\":\"mallory\"}'", "mallory is not a potential owner of step manager");
    Map<String, Set<String>> lists = new LinkedHashMap<>();
    lists.put("\"HasWarnings = true\"", Set.of("approval-PO-4712", "approval-PO-4713"));
    lists.put("\"AnyTimerExpired = true AND ExecutionStatus = 'Running'\"", Set.of("approval-PO-4712"));
    lists.put("\"ApprovalState = 'SUSPENDED'\"", Set.of("approval-PO-4712"));
    lists.put("\"CurrentOwner = 'alice'\"", Set.of("approval-PO-4711"));
    lists.put("bin/overdue list --with-warnings", Set.of("approval-PO-4712", "approval-PO-4713"));
    lists.put("bin/overdue list --priority 0..2", Set.of("approval-PO-4713"));
    lists.put("bin/overdue list --unworkable", Set.of("approval-PO-4713"));
    lists.put("bin/overdue list --overdue", Set.of("approval-PO-4712"));
    lists.put("bin/overdue list --suspended", Set.of("approval-PO-4712"));
    lists.put("bin/overdue list --owner alice", Set.of("approval-PO-4711"));
    lists.put("bin/overdue list --offered-to bob", Set.of("approval-PO-4714"));
    lists.put("\"PotentialOwners = 'bob'\"", Set.of("approval-PO-4714"));
    Map<String, String> outputs = Map.of(
        "--type timers", "\"name\":\"reminder\"",
        "--type status", "\"owner\":\"alice\"",
        "--type history", "\"name\":\"enableTimer\"");

    // The fixture is the server: bin/dev-server runs `temporal server start-dev`. Lines that need
    // a codec server (Payload encryption) are SecurityIT's, which runs one. bin/temporal runs the
    // CLI on the shell's PATH, the one the fixture installed.
    List<Docs.Recipe> recipes =
        Docs.recipes("bin/temporal ", "bin/overdue list").stream()
            .filter(r -> !r.line().startsWith("bin/temporal server "))
            .filter(r -> !r.line().contains("--codec-endpoint"))
            .toList();
    assertTrue(recipes.size() >= 12, "the docs' temporal recipes: " + recipes);
    Set<String> seen = new LinkedHashSet<>();
    for (Docs.Recipe recipe : recipes) {
      String reason = matching(refused, recipe, seen);
      Set<String> listed = matching(lists, recipe, seen);
      String output = matching(outputs, recipe, seen);
      if (reason != null) {
        Result result = temporal.server().shell(recipe.line());
        assertNotEquals(0, result.exit(), recipe + " must be refused: " + result);
        assertTrue(result.err().contains(reason), recipe + " must say why: " + result);
        // A business refusal is final: no client should retry it.
        assertTrue(
            result.err().contains("type: " + ApprovalWorkflow.REFUSED + ", retryable: false"),
            recipe + " must be final: " + result);
      } else if (listed != null) {
        Processes.await(VISIBILITY, recipe + " to list " + listed, () -> {
          Result result = ok(recipe, temporal.server().shell(recipe.line()));
          return ids(result.out()).equals(listed) ? Attempt.done(true) : Attempt.notYet(result);
        });
      } else {
        Result result = ok(recipe, temporal.server().shell(recipe.line()));
        if (output != null) {
          assertTrue(result.out().contains(output), recipe + " shows " + output + ": " + result);
        }
      }
    }
    Set<String> promised = new TreeSet<>(refused.keySet());
    promised.addAll(lists.keySet());
    promised.addAll(outputs.keySet());
    promised.removeAll(seen);
    assertEquals(Set.of(), promised, "the docs lost recipes this test checks: update the docs or the test");
  }

  // ---- helpers -------------------------------------------------------------------------------

  /**
   * PO-4712: its step's 2 s completion limit expires in real time (a warning, an expired timer),
   * then it is suspended.
   */
  private void startOverdueLaptop(Map<String, String> env) throws Exception {
    ok(overdue(env, "start", "--request-id", "PO-4712", "--title", "Laptop", "--requester", "carol",
        "--timeout", "P5D", "--step", "manager=bob", "--step-timeout", "PT2S"));
    Processes.await(Duration.ofSeconds(30), "PO-4712's step timeout to warn", () -> {
      JsonNode status = query("PO-4712", "status");
      return status.get("warnings").size() > 0 ? Attempt.done(status) : Attempt.notYet(status);
    });
    ok(overdue(env, "suspend", "PO-4712", "--reason", "waiting for a quote"));
  }

  private static <T> T matching(Map<String, T> expectations, Docs.Recipe recipe, Set<String> seen) {
    for (Map.Entry<String, T> expectation : expectations.entrySet()) {
      if (recipe.line().contains(expectation.getKey())) {
        seen.add(expectation.getKey());
        return expectation.getValue();
      }
    }
    return null;
  }

  /** The result of {@code temporal workflow query ... -o json}. */
  private JsonNode query(String requestId, String type) throws Exception {
    Result result = ok(temporal.server().temporal("workflow", "query",
        "--workflow-id", "approval-" + requestId, "--type", type, "--output", "json"));
    return JSON.readTree(result.out()).get("queryResult").get(0);
  }

  private JsonNode timer(String requestId, String name) throws Exception {
    return find(query(requestId, "timers"), name);
  }

  private static JsonNode find(JsonNode timers, String name) {
    for (JsonNode timer : timers) {
      if (timer.get("name").asText().equals(name)) {
        return timer;
      }
    }
    throw new AssertionError("no timer " + name + " in " + timers);
  }

  /** Polls {@code temporal workflow list --query QUERY} until it lists exactly {@code ids}. */
  private void awaitList(String query, String... ids) throws Exception {
    Set<String> expected = Set.of(ids);
    Processes.await(VISIBILITY, "temporal workflow list --query \"" + query + "\" to list " + expected, () -> {
      Result result = ok(temporal.server().temporal("workflow", "list", "--query", query, "--output", "json"));
      Set<String> listed = new TreeSet<>();
      for (JsonNode execution : JSON.readTree(result.out())) {
        listed.add(execution.get("execution").get("workflowId").asText());
      }
      return listed.equals(expected) ? Attempt.done(listed) : Attempt.notYet(listed);
    });
  }

  private static Set<String> ids(String text) {
    Set<String> ids = new TreeSet<>();
    Matcher matcher = WORKFLOW_ID.matcher(text);
    while (matcher.find()) {
      ids.add(matcher.group());
    }
    return ids;
  }

  private static Result ok(Result result) {
    return Processes.ok(result);
  }

  private static Result ok(Docs.Recipe recipe, Result result) {
    assertEquals(0, result.exit(), recipe + ": " + result);
    return result;
  }
}
