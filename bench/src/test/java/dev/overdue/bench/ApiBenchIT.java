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
 * {@code bin/overdue bench api --quick} end to end: a dev server, the worker jar and the API jar,
 * 50 approvals, callers 1 and 2. Checks what the report says and its shape, never a timing.
 */
class ApiBenchIT {
  @Test
  void theQuickRunReportsEveryLevelBothSidesAndTheStaleness() throws Exception {
    Path root = BenchCli.root();
    assumeTrue(Files.isRegularFile(root.resolve("http-api/target/overdue-api.jar")),
        "http-api/target/overdue-api.jar is built by mvn -pl bench -am package");
    JsonNode json = QuickRun.of("api", "--quick", "--timeout", "PT10M").json();

    assertEquals("api", json.path("scenario").asText());
    assertEquals(50, json.path("approvals").asInt());
    // 50 in the background, 10 approves per level and side with 5 of the warm-up's, 5 samples.
    assertEquals(50 + 2 * 5 + 2 * 2 * 10 + 5, json.path("started").asInt());
    assertEquals(2, json.path("levels").size());
    assertEquals(1, json.path("levels").get(0).path("callers").asInt());
    assertEquals(2, json.path("levels").get(1).path("callers").asInt());
    for (JsonNode level : json.path("levels")) {
      for (String kind : List.of("list", "approve")) {
        for (String side : List.of("api", "direct")) {
          JsonNode stats = level.path(kind).path(side);
          assertEquals(10, stats.path("n").asInt(), kind + " " + side);
          assertTrue(stats.path("p50Ms").asDouble() > 0 && stats.path("p50Ms").asDouble() <= stats.path("p99Ms").asDouble()
              && stats.path("p99Ms").asDouble() <= stats.path("maxMs").asDouble(), stats.toString());
        }
        assertTrue(level.path(kind).path("ratioP50").asDouble() > 0, level.toString());
      }
      // Every caller has claimable tasks: the list is not empty, and the API pages what the query finds.
      assertTrue(level.path("listRowsMean").asDouble() > 0, level.toString());
      assertTrue(level.path("listRowsMean").asDouble() <= level.path("listMatchesMean").asDouble(), level.toString());
    }
    assertEquals(5, json.path("staleness").path("n").asInt());
    assertTrue(json.path("staleness").path("polls").asInt() >= 5);
    assertTrue(json.path("staleness").path("freshAtFirstPoll").asInt() <= 5);
    // No level of 10 callers in the quick run: the goals name their figures only when there is one.
    assertEquals(10, json.path("goals").path("callers").asInt());
    assertTrue(json.path("goals").path("listMet").isMissingNode());
  }
}
