package dev.overdue.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.overdue.starter.Processes.Result;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * README's quick start, top to bottom, as a new user runs it: every {@code bin/overdue} line of
 * its bash blocks, in order, by bash from the repository root, against the worker's embedded
 * in-memory service and against a dev server. Each must succeed, and the story must end as the
 * README says: PO-4711 rejected by frank, PO-4712 aborted.
 */
@Timeout(value = 6, unit = TimeUnit.MINUTES)
class QuickStartIT {
  private static final ObjectMapper JSON = new ObjectMapper();

  @RegisterExtension
  static final DevServerExtension temporal = DevServerExtension.withWorker(DevServer.Options.headless());

  @Test
  void theQuickStartRunsTopToBottomAgainstTheEmbeddedService() throws Exception {
    Map<String, String> env = Map.of("TEMPORAL_ADDRESS", "127.0.0.1:" + Processes.freePort());
    try (WorkerProcess worker = WorkerProcess.start(temporal.logs().resolve("embedded-worker.log"), env, "--embedded")) {
      assertTrue(worker.log().contains("IN-MEMORY Temporal service"), worker.log());
      runTheQuickStart(env);
    }
  }

  @Test
  void theQuickStartRunsTopToBottomAgainstTheDevServer() throws Exception {
    runTheQuickStart(temporal.server().env());
  }

  private static void runTheQuickStart(Map<String, String> env) throws Exception {
    List<Readme.Recipe> lines =
        Readme.recipes("bin/overdue ").stream().filter(r -> r.section().equals("Quick start")).toList();
    assertTrue(lines.size() >= 15, "the quick start's lines: " + lines);
    for (Readme.Recipe line : lines) {
      Result result = Processes.run(List.of("bash", "-c", line.line()), env, Processes.DEFAULT_TIMEOUT);
      assertEquals(0, result.exit(), line + " failed: " + result);
    }
    assertEquals("REJECTED", result(env, "PO-4711").get("outcome").asText());
    assertEquals("frank", result(env, "PO-4711").get("decidedBy").asText());
    assertEquals("ABORTED", result(env, "PO-4712").get("outcome").asText());
  }

  private static JsonNode result(Map<String, String> env, String id) throws Exception {
    Result result = Processes.overdue(env, "result", id, "--json");
    assertEquals(0, result.exit(), result.toString());
    return JSON.readTree(result.out());
  }

  /** The request the quick start uses is the one the README shows. */
  @Test
  void theReadmeShowsTheRequestTheQuickStartUses() throws Exception {
    String request = Files.readString(Processes.ROOT.resolve("docs/examples/po-4711.json"));
    assertTrue(Files.readString(Readme.FILE).contains("```json\n" + request + "```"), "README's contract block");
  }
}
