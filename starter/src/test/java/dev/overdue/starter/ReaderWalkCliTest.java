package dev.overdue.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.overdue.starter.CliHarness.Run;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * README.md and then the tutorial, as one reader runs them on one service: every {@code
 * bin/overdue} line of both, bash and console blocks alike, top to bottom. A bash line must
 * succeed; a console line must print what the page shows. (QuickStartIT runs them through the
 * real scripts, against a dev server.)
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class ReaderWalkCliTest {
  @Test
  void theReadmeThenTheTutorialRunTopToBottomAsShown() throws Exception {
    List<Docs.Step> walk = new ArrayList<>(Docs.walk(Docs.README, "bin/overdue "));
    walk.addAll(Docs.walk(Docs.TUTORIAL, "bin/overdue "));
    assertTrue(walk.stream().filter(step -> step.shown() != null).count() >= 2, "the console lines: " + walk);
    try (CliHarness cli = CliHarness.inRealTime()) {
      for (Docs.Step step : walk) {
        Run run = cli.runWith(Map.of(Printer.COMMAND_VARIABLE, "bin/overdue"), arguments(step.recipe().line()));
        if (step.shown() == null) {
          assertEquals(0, run.exitCode(), step.recipe() + "\n" + run.err());
        } else {
          assertEquals(step.shown(), (run.out() + run.err()).strip().lines().toList(), step.recipe().toString());
        }
      }
      assertEquals(List.of("REJECTED", "frank"), outcome(cli, "PO-4711"));
      assertEquals(List.of("REJECTED", "frank"), outcome(cli, "PO-4712"));
      assertEquals("ABORTED", outcome(cli, "PO-4713").get(0));
    }
  }

  /** The tutorial's request is the README's under an id of its own. */
  @Test
  void theTutorialsRequestIsTheReadmesUnderItsOwnId() throws IOException {
    String readme = Files.readString(Processes.ROOT.resolve("docs/examples/po-4711.json"));
    String tutorial = Files.readString(Processes.ROOT.resolve("docs/examples/po-4712.json"));
    assertEquals(readme.replace("4711", "4712"), tutorial);
  }

  private static List<String> outcome(CliHarness cli, String id) {
    JsonNode result = cli.run("result", id, "--json").expect(0).json();
    return List.of(result.get("outcome").asText(), result.path("decidedBy").asText());
  }

  /** The words bash makes of a line ($(…), quotes, a comment after #), the example files the repository's. */
  private static String[] arguments(String line) throws IOException, InterruptedException {
    String script = "words() { printf '%s\\0' \"$@\"; }; words " + line.substring("bin/overdue ".length());
    Process bash = new ProcessBuilder("bash", "-c", script).directory(Processes.ROOT.toFile()).start();
    String words = new String(bash.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, bash.waitFor(), line);
    List<String> args = new ArrayList<>();
    for (String word : words.split("\0")) {
      args.add(word.startsWith("docs/") ? Processes.ROOT.resolve(word).toString() : word);
    }
    return args.toArray(String[]::new);
  }
}
