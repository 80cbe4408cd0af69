package dev.overdue.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import org.junit.jupiter.api.io.TempDir;

/**
 * bin/keycloak's help and usage errors, and what it says before it would install or start
 * anything; KeycloakIT runs Keycloak itself.
 */
class KeycloakScriptTest {
  private static final Path SCRIPT = Path.of("..", "bin", "keycloak");

  @TempDir Path dir;

  @Test
  void helpNamesTheCommandsTheRealmAndTheWorkersSettings() throws Exception {
    Run run = run("--help");
    assertEquals(0, run.exit(), run.out());
    for (String text : List.of("start", "--port", "stop", "status", "token USER", "--install-only",
        "overdue-cli", "overdue-inbox", "overdue-api", "USER-password", "Java 21",
        "issuer: http://127.0.0.1:8180/realms/overdue", "userClaim: preferred_username")) {
      assertTrue(run.out().contains(text), "--help mentions " + text + ":\n" + run.out());
    }
  }

  @Test
  void noCommandOrAnUnknownOneIsAUsageError() throws Exception {
    Run none = run();
    assertEquals(2, none.exit(), none.out());
    assertTrue(none.out().contains("Usage: bin/keycloak start"), none.out());
    Run unknown = run("begin");
    assertEquals(2, unknown.exit(), unknown.out());
    assertTrue(unknown.out().contains("unknown command begin"), unknown.out());
    Run badPort = run("start", "--port", "http");
    assertEquals(2, badPort.exit(), badPort.out());
    assertTrue(badPort.out().contains("not a port: http"), badPort.out());
  }

  @Test
  void nothingRunningIsSaidByStatusStopAndToken() throws Exception {
    Run status = run("status");
    assertEquals(3, status.exit(), status.out());
    assertTrue(status.out().contains("not running"), status.out());
    Run stop = run("stop");
    assertEquals(0, stop.exit(), stop.out());
    assertTrue(stop.out().contains("not running"), stop.out());
    Run token = run("token", "alice");
    assertEquals(1, token.exit(), token.out());
    assertTrue(token.out().contains("bin/keycloak start, or give --port"), token.out());
  }

  @Test
  void aTakenPortIsExplainedBeforeAnythingIsInstalledOrStarted() throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      int port = taken.getLocalPort();
      Run run = run("start", "--port", Integer.toString(port));
      assertEquals(1, run.exit(), run.out());
      assertTrue(run.out().contains("127.0.0.1:" + port + " is already taken"), run.out());
      assertTrue(run.out().contains("--port " + (port + 1)), run.out());
      assertTrue(Files.notExists(dir.resolve("keycloak.pid")), "nothing started");
    }
  }

  private record Run(int exit, String out) {}

  private Run run(String... args) throws IOException, InterruptedException {
    assertTrue(Files.isExecutable(SCRIPT), SCRIPT.toAbsolutePath() + " is not executable");
    List<String> command = new ArrayList<>(List.of("bash", SCRIPT.toString()));
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    // A directory of its own: a Keycloak someone runs from this checkout is not this test's.
    builder.environment().put("OVERDUE_KEYCLOAK_DIR", dir.toString());
    Process process = builder.start();
    assertTrue(process.waitFor(30, TimeUnit.SECONDS), "bin/keycloak " + String.join(" ", args) + " hung");
    return new Run(process.exitValue(), new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
  }
}
