package dev.overdue.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code bin/overdue bench inbox --quick} end to end: a dev server, the worker, API and inbox jars,
 * 50 approvals, 1 and 2 people. Checks what the report says and its shape, never a timing.
 */
class InboxBenchIT {
  @Test
  void theQuickRunReportsBothPagesAgainstTheirBaselineAtEveryLevel() throws Exception {
    Path root = BenchCli.root();
    for (String jar : List.of("http-api/target/overdue-api.jar", "inbox/target/overdue-inbox.jar")) {
      assumeTrue(Files.isRegularFile(root.resolve(jar)), jar + " is built by mvn -pl bench -am package");
    }
    QuickRun run = QuickRun.of("inbox", "--quick", "--timeout", "PT10M");
    JsonNode json = run.json();
    List<String> lines = run.lines();
    String printed = run.printed();

    assertEquals("inbox", json.path("scenario").asText());
    assertEquals(50, json.path("approvals").asInt());
    assertEquals(2, json.path("levels").size());
    assertEquals(1, json.path("levels").get(0).path("callers").asInt());
    assertEquals(2, json.path("levels").get(1).path("callers").asInt());
    for (JsonNode level : json.path("levels")) {
      for (String page : List.of("list", "task")) {
        for (String side : List.of("inbox", "baseline")) {
          JsonNode stats = level.path(page).path(side);
          assertEquals(10, stats.path("n").asInt(), page + " " + side);
          assertTrue(stats.path("p50Ms").asDouble() > 0 && stats.path("p50Ms").asDouble() <= stats.path("p95Ms").asDouble()
              && stats.path("p95Ms").asDouble() <= stats.path("p99Ms").asDouble(), stats.toString());
        }
        // The inbox's own histogram counted the pages this level opened.
        JsonNode server = level.path(page).path("inboxServer");
        assertEquals(10, server.path("n").asInt(), server.toString());
        assertTrue(server.path("p95Ms").asDouble() > 0, server.toString());
        for (String ratio : List.of("ratioP50", "ratioP95", "ratioP99")) {
          assertTrue(level.path(page).path(ratio).asDouble() > 0, level.toString());
        }
      }
    }
    // The lines a reader compares: each page against its baseline, at each level.
    assertEquals(4, lines.stream().filter(l -> l.contains("inbox/baseline p50")).count(), printed);
    assertEquals(4, lines.stream().filter(l -> l.contains("the inbox's own histogram")).count(), printed);
    // No level of 10 people in the quick run: the goal names its figures only when there is one.
    assertEquals(10, json.path("goals").path("callers").asInt());
    assertTrue(json.path("goals").path("met").isMissingNode());
  }
}
