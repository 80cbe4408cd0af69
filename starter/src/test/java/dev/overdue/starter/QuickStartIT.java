package dev.overdue.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.overdue.starter.Processes.Result;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The quick start as a new user runs it: every {@code bin/overdue} line of README's five-minute
 * walk against the worker's embedded in-memory service, and README's walk then the tutorial on one
 * dev server — in order, by bash from the repository root, console lines too. Each bash line must
 * succeed, each console line print what the page shows, and the story must end as the pages say:
 * PO-4711 and PO-4712 rejected by frank, PO-4713 aborted.
 */
@Timeout(value = 6, unit = TimeUnit.MINUTES)
class QuickStartIT {
  private static final ObjectMapper JSON = new ObjectMapper();

  @RegisterExtension
  static final DevServerExtension temporal = DevServerExtension.withWorker(DevServer.Options.headless());

  @Test
  void theReadmeWalkRunsTopToBottomAgainstTheEmbeddedService() throws Exception {
    Map<String, String> env = Map.of("TEMPORAL_ADDRESS", "127.0.0.1:" + Processes.freePort());
    try (WorkerProcess worker = WorkerProcess.start(temporal.logs().resolve("embedded-worker.log"), env, "--embedded")) {
      assertTrue(worker.log().contains("IN-MEMORY Temporal service"), worker.log());
      List<Docs.Step> walk = Docs.walk(Docs.README, "bin/overdue ").stream()
          .filter(step -> step.recipe().section().equals("Five minutes with one approval")).toList();
      assertTrue(walk.size() >= 6, "README's walk: " + walk);
      run(walk, env);
      assertEquals("REJECTED", result(env, "PO-4711").get("outcome").asText());
      assertEquals("frank", result(env, "PO-4711").get("decidedBy").asText());
    }
  }

  @Test
  void theTutorialRunsTopToBottomAgainstTheDevServer() throws Exception {
    Map<String, String> env = temporal.server().env();
    // A reader who read README.md first has run its walk on the same server.
    List<Docs.Step> lines = new ArrayList<>(Docs.walk(Docs.README, "bin/overdue "));
    lines.addAll(Docs.walk(Docs.TUTORIAL, "bin/overdue "));
    assertTrue(lines.size() >= 25, "the lines: " + lines);
    run(lines, env);
    assertEquals("REJECTED", result(env, "PO-4712").get("outcome").asText());
    assertEquals("frank", result(env, "PO-4712").get("decidedBy").asText());
    assertEquals("ABORTED", result(env, "PO-4713").get("outcome").asText());
  }

  private static void run(List<Docs.Step> steps, Map<String, String> env) throws Exception {
    for (Docs.Step step : steps) {
      Result result = Processes.run(List.of("bash", "-c", step.recipe().line()), env, Processes.DEFAULT_TIMEOUT);
      if (step.shown() == null) {
        assertEquals(0, result.exit(), step.recipe() + " failed: " + result);
      } else {
        assertEquals(step.shown(), (result.out() + result.err()).strip().lines().toList(), step.recipe() + ": " + result);
      }
    }
  }

  private static JsonNode result(Map<String, String> env, String id) throws Exception {
    Result result = Processes.overdue(env, "result", id, "--json");
    assertEquals(0, result.exit(), result.toString());
    return JSON.readTree(result.out());
  }

  /** The request the quick start uses is the one the approval contract's page shows. */
  @Test
  void theContractShowsTheRequestTheQuickStartUses() throws Exception {
    String request = Files.readString(Processes.ROOT.resolve("docs/examples/po-4711.json"));
    Path contract = Docs.DOCS.resolve("reference/approval-contract.md");
    assertTrue(Files.readString(contract).contains("```json\n" + request + "```"), "the contract's block");
  }
}
