package dev.overdue.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.starter.CliHarness.Run;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The migration guide (docs/guide/migrate-from-camunda.md) run as written, in a directory of its
 * own as a reader's: every {@code $ bin/overdue} line of its console blocks prints what the page
 * shows (the dates' values aside, not their format), the step it quotes is the imported file's,
 * and its diff applies to that file before the first command after it.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class MigrationGuideTest {
  static final Path GUIDE = Docs.DOCS.resolve("guide/migrate-from-camunda.md");

  @TempDir Path dir;

  @Test
  void theGuidesWalkFromABpmnFileToAStartedApprovalPrintsWhatThePageShows() throws IOException {
    List<Docs.Session> walk = Docs.sessions(GUIDE, "bin/overdue ");
    assertEquals(5, walk.size(), walk.toString());
    int beforeDiff = sessionsBeforeDiff();
    try (CliHarness cli = new CliHarness()) {
      for (int i = 0; i < walk.size(); i++) {
        Docs.Session session = walk.get(i);
        if (i == beforeDiff) {
          quotedStepIsTheFiles();
          applyDiff();
        }
        Run run = run(cli, session.line());
        assertEquals(dates(session.shown()), dates((run.out() + run.err()).lines().toList()), session.line());
      }
      // The page's other commands, after its walk: each runs.
      List<Docs.Recipe> recipes = Docs.recipes(GUIDE, "bin/overdue ");
      assertTrue(recipes.size() >= 4, recipes.toString());
      for (Docs.Recipe recipe : recipes) {
        run(cli, recipe.line().replaceFirst("\\s+#.*$", "")).expect(0);
      }
    }
    assertEquals(ImportBpmnCliTest.invoiceApprovalAsImported(),
        Files.readString(dir.resolve("invoice-approval.json")), "the request type bin/overdue-up's inbox offers is the guide's import");
  }

  /** The guide's yaml block is the first step as the import wrote it. */
  private void quotedStepIsTheFiles() throws IOException {
    String file = Files.readString(dir.resolve("invoice.yaml"));
    String quoted = block("yaml");
    assertTrue(file.contains(quoted), "the guide quotes:\n" + quoted + "\nthe file has:\n" + file);
  }

  /** The guide's diff, applied as a reader would: each - line found and dropped, each + line put in its place. */
  private void applyDiff() throws IOException {
    List<String> lines = new ArrayList<>(Files.readAllLines(dir.resolve("invoice.yaml")));
    int at = 0;
    for (String line : block("diff").lines().toList()) {
      String text = line.substring(1);
      if (line.startsWith("-") || line.startsWith(" ")) {
        int found = lines.subList(at, lines.size()).indexOf(text);
        assertTrue(found >= 0, "the diff's line '" + text + "' is not in the file after line " + at + ": " + lines);
        at += found;
        if (line.startsWith("-")) {
          lines.remove(at);
        } else {
          at++;
        }
      } else if (line.startsWith("+")) {
        lines.add(at++, text);
      }
    }
    Files.write(dir.resolve("invoice.yaml"), lines);
  }

  /** How many of the walk's commands the page shows before its diff. */
  private static int sessionsBeforeDiff() throws IOException {
    String page = Files.readString(GUIDE);
    return page.substring(0, page.indexOf("```diff\n")).split("\n\\$ bin/overdue ", -1).length - 1;
  }

  private static String block(String language) throws IOException {
    String page = Files.readString(GUIDE);
    int start = page.indexOf("```" + language + "\n");
    assertTrue(start >= 0, "a ```" + language + " block in the guide");
    start += language.length() + 4;
    return page.substring(start, page.indexOf("```", start));
  }

  /** One line of the guide: example paths are the repository's, other files the reader's directory. */
  private Run run(CliHarness cli, String line) {
    List<String> args = new ArrayList<>();
    for (String word : TaskOperationsCliTest.words(line)) {
      args.add(word.startsWith("docs/") ? Processes.ROOT.resolve(word).toString()
          : word.endsWith(".yaml") || word.endsWith(".json") ? dir.resolve(word).toString() : word);
    }
    args.remove(0); // bin/overdue
    Run run = cli.runWith(Map.of(Printer.COMMAND_VARIABLE, "bin/overdue"), args.toArray(String[]::new));
    return new Run(run.exitCode(), run.out().replace(dir + "/", ""), run.err().replace(dir + "/", ""));
  }

  private static List<String> dates(List<String> lines) {
    return lines.stream()
        .map(line -> line.replaceAll("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(\\.\\d+)?Z", "<date>"))
        .toList();
  }
}
