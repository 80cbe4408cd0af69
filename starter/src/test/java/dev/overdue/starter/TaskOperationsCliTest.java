package dev.overdue.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.overdue.activities.settings.Directory;
import dev.overdue.starter.CliHarness.Run;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The task-operations guide (docs/guide/task-operations.md) run as written: every {@code $
 * bin/overdue} line of its console blocks, in order, against the real workflow with
 * docs/examples/team.yaml's directory, each printing what the page shows (times aside).
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class TaskOperationsCliTest {
  static final Path GUIDE = Docs.DOCS.resolve("guide/task-operations.md");
  static final String REQUEST = "docs/examples/purchase-with-admin.yaml";
  CliHarness cli;

  @BeforeEach
  void startService() throws IOException {
    JsonNode team =
        new ObjectMapper(new YAMLFactory()).readTree(Processes.ROOT.resolve("docs/examples/team.yaml").toFile());
    cli = new CliHarness(Printer.JSON.treeToValue(team.get("directory"), Directory.class));
  }

  @AfterEach
  void stopService() {
    cli.close();
  }

  @Test
  void theGuidesWalkThroughPrintsWhatThePageShows() throws IOException, InterruptedException {
    List<Docs.Session> walk = Docs.sessions(GUIDE, "bin/overdue ");
    assertTrue(walk.size() >= 14, "the guide's lines: " + walk);
    for (Docs.Session session : walk) {
      List<String> shown = times(session.shown());
      List<String> printed = printed(run(session.line()));
      // A message to dora is sent by an activity after the delegation: its warning comes soon after.
      for (int i = 0; i < 100 && !printed.equals(shown) && session.line().contains(" status "); i++) {
        Thread.sleep(50);
        printed = printed(run(session.line()));
      }
      assertEquals(shown, printed, session.line());
    }

    JsonNode status = cli.run("status", "PO-5120", "--json").expect(0).json();
    assertEquals("APPROVED", status.get("state").asText());
    JsonNode manager = status.get("steps").get(0);
    assertEquals(List.of("bob", "APPROVED", "1"),
        List.of(manager.get("decidedBy").asText(), manager.get("outcome").asText(), manager.get("priority").asText()));
    JsonNode finance = status.get("steps").get(1);
    assertEquals("SKIPPED", finance.get("outcome").asText());
    assertEquals("carol", finance.get("decidedBy").asText());
    assertTrue(finance.get("skippable").asBoolean(), finance.toString());
    assertEquals("alice", status.get("comments").get(0).get("user").asText());
    assertEquals("[\"ada\"]", status.get("businessAdministrators").toString());
  }

  @Test
  void aRefusedSignalShowsAsRefusedInTheHistory() throws InterruptedException {
    cli.run("start", "--file", Processes.ROOT.resolve(REQUEST).toString()).expect(0);
    cli.run("nominate", "PO-5120", "--user", "alice", "--to", "dora", "--signal").expect(0);
    // A Signal returns before the workflow handles it: wait for its entry, not for the last one.
    JsonNode last = null;
    long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (last == null && System.nanoTime() < until) {
      for (JsonNode entry : cli.run("history", "PO-5120", "--json").expect(0).json()) {
        if (entry.get("name").asText().equals("nominate")) {
          last = entry;
        }
      }
      if (last == null) {
        Thread.sleep(100);
      }
    }
    assertTrue(last != null, "the signal's entry in the history");
    assertFalse(last.get("accepted").asBoolean(), last.toString());
    assertTrue(last.get("reason").asText().contains("only business administrators (ada) may"), last.toString());
  }

  @Test
  void badOptionsAreRefusedBeforeAnythingIsSent() {
    Run missing = cli.run("skip", "PO-5120", "--user", "carol").expect(ExitCodes.USAGE);
    assertTrue(missing.err().contains("Missing required option: '--reason=TEXT'"), missing.err());
    Run notANumber = cli.run("set-priority", "PO-5120", "--user", "ada", "--priority", "high").expect(ExitCodes.USAGE);
    assertTrue(notANumber.err().contains("--priority"), notANumber.err());
  }

  private static List<String> printed(Run run) {
    return times((run.out() + run.err()).lines().toList());
  }

  /** One line of the guide, as bash would split it; the example files are the repository's. */
  private Run run(String line) {
    List<String> args = new ArrayList<>();
    for (String word : words(line)) {
      args.add(word.startsWith("docs/") ? Processes.ROOT.resolve(word).toString() : word);
    }
    args.remove(0); // bin/overdue
    return cli.runWith(Map.of(Printer.COMMAND_VARIABLE, "bin/overdue"), args.toArray(String[]::new));
  }

  /** Words split at blanks outside quotes ('…' and "…"), the quotes removed. */
  static List<String> words(String line) {
    List<String> words = new ArrayList<>();
    StringBuilder word = null;
    char quote = 0;
    for (char c : line.toCharArray()) {
      if (quote != 0) {
        if (c == quote) {
          quote = 0;
        } else {
          word.append(c);
        }
      } else if (c == '\'' || c == '"') {
        quote = c;
        word = word == null ? new StringBuilder() : word;
      } else if (c == ' ') {
        if (word != null) {
          words.add(word.toString());
          word = null;
        }
      } else {
        word = word == null ? new StringBuilder() : word;
        word.append(c);
      }
    }
    if (word != null) {
      words.add(word.toString());
    }
    return words;
  }

  /** The lines with their times blanked: the page shows the times of one run. */
  private static List<String> times(List<String> lines) {
    return lines.stream()
        .map(line -> line.replaceAll("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(\\.\\d+)?Z", "<time>"))
        .toList();
  }
}
