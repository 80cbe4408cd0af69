package dev.overdue.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.api.ApprovalSearchAttributes;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * bin/dev-server keeps its own list of search attributes (a shell script cannot read Java); this
 * test keeps it equal to {@link ApprovalSearchAttributes#DEFINITIONS}, name, type and order. And
 * a port already taken is explained before the server would fail on it.
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

  @Test
  void aTakenPortIsExplainedBeforeAnythingStarts() throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      int port = taken.getLocalPort();
      Run run = start("--port", Integer.toString(port), "--headless");
      assertEquals(1, run.exit(), run.out());
      assertTrue(run.out().contains("127.0.0.1:" + port + ", the gRPC port, is already taken"), run.out());
      assertTrue(run.out().contains("--port " + (port + 1)), run.out());
      assertTrue(run.out().contains("TEMPORAL_ADDRESS=127.0.0.1:" + (port + 1)), run.out());
    }
  }

  @Test
  void aTakenWebUiPortIsExplainedToo() throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      int ui = taken.getLocalPort();
      Run run = start("--port", Integer.toString(FreePorts.free()), "--ui-port", Integer.toString(ui));
      assertEquals(1, run.exit(), run.out());
      assertTrue(run.out().contains("the Web UI port, is already taken"), run.out());
      assertTrue(run.out().contains("--ui-port " + (ui + 1)), run.out());
    }
  }


  private record Run(int exit, String out) {}

  private static String run(String... args) throws IOException, InterruptedException {
    Run run = start(args);
    assertEquals(0, run.exit(), run.out());
    return run.out();
  }

  private static Run start(String... args) throws IOException, InterruptedException {
    assertTrue(Files.isExecutable(SCRIPT), SCRIPT.toAbsolutePath() + " is not executable");
    List<String> command = new ArrayList<>(List.of("bash", SCRIPT.toString()));
    command.addAll(List.of(args));
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    assertTrue(process.waitFor(30, TimeUnit.SECONDS), "bin/dev-server " + String.join(" ", args) + " hung");
    return new Run(process.exitValue(), new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
  }
}
