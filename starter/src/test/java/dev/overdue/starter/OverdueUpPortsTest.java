package dev.overdue.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * bin/overdue-up with a port already taken (a second instance's, say): it says which port, whose,
 * and which variable moves it, before it builds or starts anything. Every port here is free but
 * the one taken, so the script stops at its check in well under a second.
 */
class OverdueUpPortsTest {
  private static final List<String> PORTS = List.of("OVERDUE_UP_INBOX_PORT", "OVERDUE_UP_API_PORT", "OVERDUE_UP_TEMPORAL_PORT",
      "OVERDUE_UP_UI_PORT", "OVERDUE_UP_WORKER_METRICS_PORT", "OVERDUE_UP_API_MANAGEMENT_PORT", "OVERDUE_UP_INBOX_MANAGEMENT_PORT");

  @TempDir Path dir;

  @ParameterizedTest
  @ValueSource(strings = {"OVERDUE_UP_INBOX_MANAGEMENT_PORT", "OVERDUE_UP_API_MANAGEMENT_PORT", "OVERDUE_UP_WORKER_METRICS_PORT", "OVERDUE_UP_UI_PORT"})
  void aTakenPortIsNamedWithTheVariableThatMovesItBeforeAnythingStarts(String variable) throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      ProcessBuilder up = new ProcessBuilder(Processes.ROOT.resolve("bin/overdue-up").toString()).redirectErrorStream(true);
      Map<String, String> env = up.environment();
      env.put("OVERDUE_UP_DIR", dir.toString());
      PORTS.forEach(name -> env.put(name, Integer.toString(FreePorts.free())));
      env.put(variable, Integer.toString(taken.getLocalPort()));
      Process process = up.start();
      assertTrue(process.waitFor(20, TimeUnit.SECONDS), "overdue-up checks its ports before it starts anything");
      String said = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertEquals(1, process.exitValue(), said);
      assertTrue(said.startsWith("overdue-up: port " + taken.getLocalPort() + " ("), said);
      assertTrue(said.contains("is taken") && said.contains("set " + variable + " to a free port"), said);
    }
  }

  @Test
  void itsHelpListsEveryPortsVariable() throws Exception {
    Process process = new ProcessBuilder(Processes.ROOT.resolve("bin/overdue-up").toString(), "--help").redirectErrorStream(true).start();
    assertTrue(process.waitFor(10, TimeUnit.SECONDS));
    String help = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    PORTS.forEach(variable -> assertTrue(help.contains(variable), variable + " in:\n" + help));
  }
}
