package dev.overdue.inbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.http.TemporalWithWorker;
import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The README's quick start as a new user runs it, from the repository root: {@code bin/overdue-up}
 * brings up a dev server, the worker, the API and the inbox; the README's {@code bin/overdue start}
 * line starts carol's request; in the inbox (development mode) alice claims and approves the
 * manager step and frank the finance step; stopping it (SIGTERM, as Ctrl-C) stops everything it
 * started. On free ports, so a developer's own Temporal on 7233 is left alone.
 */
@Timeout(value = 8, unit = TimeUnit.MINUTES)
class OverdueUpIT {
  private static final Path ROOT = Path.of("").toAbsolutePath().getParent();

  @Test
  void theQuickStartTakesThePurchaseOrderFromClaimToApprovalInTheInbox() throws Exception {
    int temporal = TemporalWithWorker.freePort();
    // Its own: a free port's neighbour 1000 above (the default) may be taken.
    int webUi = TemporalWithWorker.freePort();
    int api = TemporalWithWorker.freePort();
    int inbox = TemporalWithWorker.freePort();
    Path dir = Path.of("target", "overdue-up-it").toAbsolutePath();
    Files.createDirectories(dir);
    Path out = dir.resolve("overdue-up.out");
    ProcessBuilder builder = new ProcessBuilder("bin/overdue-up").directory(ROOT.toFile())
        .redirectErrorStream(true).redirectOutput(out.toFile());
    builder.environment().putAll(Map.of(
        "OVERDUE_UP_DIR", dir.toString(),
        "OVERDUE_UP_TEMPORAL_PORT", Integer.toString(temporal),
        "OVERDUE_UP_UI_PORT", Integer.toString(webUi),
        "OVERDUE_UP_API_PORT", Integer.toString(api),
        "OVERDUE_UP_INBOX_PORT", Integer.toString(inbox),
        // The metrics ports too, so that nothing here needs a fixed one.
        "OVERDUE_METRICS_PORT", "0",
        "MANAGEMENT_SERVER_PORT", "0"));
    Process up = builder.start();
    try {
      awaitOutput(up, out, "Ctrl-C stops everything.");
      String said = Files.readString(out);
      assertTrue(said.contains("Inbox           http://127.0.0.1:" + inbox), said);

      Map<String, String> env = Map.of("TEMPORAL_ADDRESS", "127.0.0.1:" + temporal);
      assertEquals(0, run(env, "bash", "-c", readmeLine("bin/overdue start --request-id PO-4710")));

      decide(inbox, "alice");
      decide(inbox, "frank");
      assertEquals(0, run(env, "bin/overdue", "result", "PO-4710"));
      assertTrue(Files.readString(dir.resolve("last-command.out")).contains("APPROVED"),
          Files.readString(dir.resolve("last-command.out")));
    } finally {
      // SIGTERM, which it handles as Ctrl-C: a build started in the background (as CI may start
      // it) has SIGINT ignored, and bash cannot trap a signal ignored when it started.
      new ProcessBuilder("kill", "-TERM", Long.toString(up.pid())).start().waitFor();
      boolean stopped = up.waitFor(60, TimeUnit.SECONDS);
      if (!stopped) {
        up.descendants().forEach(ProcessHandle::destroyForcibly);
        up.destroyForcibly();
      }
      assertTrue(stopped, "SIGTERM stops overdue-up and what it started: " + Files.readString(out));
    }
    for (int port : List.of(temporal, webUi, api, inbox)) {
      assertFalse(answers(port), "nothing is left on port " + port + ": " + Files.readString(out));
    }
  }

  /** The README's quick-start line that starts with {@code start}, as a reader copies it. */
  private static String readmeLine(String start) throws IOException {
    return Files.readAllLines(ROOT.resolve("README.md")).stream().filter(line -> line.startsWith(start)).findFirst()
        .orElseThrow(() -> new AssertionError("README.md has no line " + start));
  }

  /** {@code user} signs in, finds PO-4710 open to them, claims it and approves it. */
  private static void decide(int inbox, String user) throws InterruptedException {
    PageClient person = new PageClient(inbox).signIn(user, "");
    long giveUp = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    while (!person.open("/tasks?view=claimable").body().contains("PO-4710")) {
      assertTrue(System.nanoTime() < giveUp, "PO-4710 never showed in " + user + "'s open tasks");
      Thread.sleep(250);
    }
    person.open("/tasks/PO-4710");
    assertEquals(302, person.post("/tasks/PO-4710", Map.of("action", "claim", "key", user + "-claim")).status());
    person.open("/tasks/PO-4710");
    assertEquals(302, person.post("/tasks/PO-4710", Map.of("action", "approve", "key", user + "-approve")).status());
    assertTrue(person.open("/tasks/PO-4710").body().contains("You approved it."));
  }

  private static void awaitOutput(Process up, Path out, String line) throws Exception {
    long giveUp = System.nanoTime() + Duration.ofMinutes(5).toNanos();
    while (!Files.readString(out, StandardCharsets.UTF_8).contains(line)) {
      assertTrue(up.isAlive(), "overdue-up stopped: " + Files.readString(out));
      assertTrue(System.nanoTime() < giveUp, "overdue-up never said it was ready: " + Files.readString(out));
      Thread.sleep(250);
    }
  }

  private static int run(Map<String, String> env, String... command) throws Exception {
    ProcessBuilder builder = new ProcessBuilder(command).directory(ROOT.toFile()).redirectErrorStream(true)
        .redirectOutput(Path.of("target", "overdue-up-it", "last-command.out").toAbsolutePath().toFile());
    builder.environment().putAll(env);
    Process process = builder.start();
    assertTrue(process.waitFor(3, TimeUnit.MINUTES), String.join(" ", command) + " did not end");
    return process.exitValue();
  }

  private static boolean answers(int port) {
    try (Socket socket = new Socket("127.0.0.1", port)) {
      return true;
    } catch (IOException closed) {
      return false;
    }
  }
}
