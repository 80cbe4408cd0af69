package dev.overdue.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.api.ApprovalSearchAttributes;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * bin/dev-server keeps its own list of search attributes (a shell script cannot read Java); this
 * test keeps it equal to {@link ApprovalSearchAttributes#DEFINITIONS}, name, type and order.
 */
class DevServerScriptTest {
  private static final Path SCRIPT = Path.of("..", "bin", "dev-server");

  @Test
  void registersExactlyTheSearchAttributesTheWorkflowDefines() throws Exception {
    List<String> expected = new ArrayList<>();
    ApprovalSearchAttributes.DEFINITIONS.forEach(
        (name, type) -> expected.add(name + "=" + SearchAttributeRegistration.cliType(type)));
    assertEquals(
        expected,
        run("--search-attributes").lines().toList(),
        "bin/dev-server's SEARCH_ATTRIBUTES differ from ApprovalSearchAttributes.DEFINITIONS:"
            + " change the script");
  }

  @Test
  void helpExplainsPersistenceAndPorts() throws Exception {
    String help = run("--help");
    for (String text :
        List.of("--db-filename", "--port", "--ui-port", "--install-only", "127.0.0.1", "HasWarnings")) {
      assertTrue(help.contains(text), "--help mentions " + text + ":\n" + help);
    }
  }

  private static String run(String... args) throws IOException, InterruptedException {
    assertTrue(Files.isExecutable(SCRIPT), SCRIPT.toAbsolutePath() + " is not executable");
    List<String> command = new ArrayList<>(List.of("bash", SCRIPT.toString()));
    command.addAll(List.of(args));
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    assertTrue(process.waitFor(30, TimeUnit.SECONDS), "bin/dev-server " + String.join(" ", args) + " hung");
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, process.exitValue(), out);
    return out;
  }
}
