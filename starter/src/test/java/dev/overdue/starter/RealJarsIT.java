package dev.overdue.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs the jars a user runs: the worker (with its in-memory Temporal service) and the starter CLI
 * as separate processes, talking over a real port, with timers firing in real time.
 */
class RealJarsIT {
  private static final Path WORKER_JAR = Path.of("../worker/target/overdue-worker.jar");
  private static final Path STARTER_JAR = Path.of("target/overdue.jar");
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;
  private Process worker;
  private Path workerLog;

  @AfterEach
  void stopWorker() throws InterruptedException {
    if (worker != null && worker.isAlive()) {
      worker.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    }
  }

  /** The worker logs JSON here: its lines, the workflow's and the activity's, are checked at the end. */
  @Test
  void workerAndStarterDriveAnApprovalThroughSignalsUpdatesAndARealTimer() throws Exception {
    String address = "127.0.0.1:" + freePort();
    startWorker(Map.of("TEMPORAL_ADDRESS", address), "--embedded", "--log-format", "json");

    Path request = dir.resolve("request.json");
    Files.writeString(
        request,
        "{\"requestId\":\"E2E-1\",\"title\":\"End to end\",\"requester\":\"carol\",\"timeout\":\"P5D\","
            + "\"steps\":[{\"name\":\"manager\",\"approvers\":[\"alice\",\"bob\"],\"timeout\":\"P2D\"}],"
            + "\"timers\":[{\"name\":\"reminder\",\"limit\":\"PT2S\",\"handlers\":[{\"action\":\"notify\","
            + "\"to\":[\"alice\"],\"message\":\"please decide\"}]}]}");
    Map<String, String> env = Map.of("TEMPORAL_ADDRESS", address);

    Result started = cli(env, "start", "--file", request.toString());
    assertEquals(0, started.exit, started.toString());
    assertTrue(started.out.contains("approval-E2E-1"), started.toString());

    Result enabled = cli(env, "enable-timer", "E2E-1", "reminder");
    assertEquals(0, enabled.exit, enabled.toString());

    // The reminder's 2 s elapse in real time: the worker's notification activity runs.
    awaitWorkerLog("notify to=alice", Duration.ofSeconds(30));
    JsonNode reminder = timer(env, "E2E-1", "reminder");
    assertTrue(reminder.get("expired").asBoolean(), reminder.toString());

    Result refused = cli(env, "approve", "E2E-1", "--user", "mallory");
    assertEquals(1, refused.exit, refused.toString());
    assertTrue(refused.err.contains("mallory is not a potential owner of step manager"), refused.toString());

    Result signalled = cli(env, "approve", "E2E-1", "--user", "mallory", "--signal");
    assertEquals(0, signalled.exit, signalled.toString());
    JsonNode history = awaitHistoryEntry(env, "E2E-1", "signal", "approve");
    assertTrue(!history.get("accepted").asBoolean(), history.toString());

    Result approved = cli(env, "approve", "E2E-1", "--user", "alice", "--comment", "fine");
    assertEquals(0, approved.exit, approved.toString());
    Result result = cli(env, "result", "E2E-1", "--json");
    assertEquals(0, result.exit, result.toString());
    JsonNode outcome = JSON.readTree(result.out);
    assertEquals("APPROVED", outcome.get("outcome").asText());
    assertEquals("alice", outcome.get("decidedBy").asText());

    // SIGTERM: the worker shuts down gracefully.
    worker.destroy();
    assertTrue(worker.waitFor(30, TimeUnit.SECONDS));
    awaitWorkerLog("worker stopped", Duration.ofSeconds(5));
    theJsonLogSaysWhichApprovalEachLineIsAbout("approval-E2E-1");
  }

  /** Every line one JSON object; the SDK's MDC names the workflow run (and the activity) a line is from. */
  private void theJsonLogSaysWhichApprovalEachLineIsAbout(String workflowId) throws Exception {
    List<JsonNode> lines = JsonLog.lines(Files.readString(workerLog));
    JsonNode polling = JsonLog.line(lines, "Overdue worker polling");
    assertEquals("INFO", polling.path("level").asText(), polling.toString());
    assertEquals("dev.overdue.worker.OverdueWorker", polling.path("loggerName").asText(), polling.toString());

    JsonNode activity = JsonLog.line(lines, "notify to=alice");
    assertEquals("overdue.notifications", activity.path("loggerName").asText(), activity.toString());
    assertEquals(workflowId, activity.path("mdc").path("WorkflowId").asText(), activity.toString());
    assertFalse(activity.path("mdc").path("RunId").asText().isBlank(), activity.toString());
    assertEquals("Deliver", activity.path("mdc").path("ActivityType").asText(), activity.toString());

    JsonNode workflow = JsonLog.line(lines, "rejected signal approve: mallory");
    assertEquals("WARN", workflow.path("level").asText(), workflow.toString());
    assertEquals(workflowId, workflow.path("mdc").path("WorkflowId").asText(), workflow.toString());
    assertEquals(
        activity.path("mdc").path("RunId").asText(), workflow.path("mdc").path("RunId").asText(), workflow.toString());
    assertTrue(workflow.path("mdc").path("ActivityType").isMissingNode(), workflow.toString());
  }

  @Test
  void ctrlCStopsTheWorkerAsGracefullyAsSigterm() throws Exception {
    startWorker(Map.of("TEMPORAL_ADDRESS", "127.0.0.1:" + freePort()), "--embedded");
    // Ctrl-C in a terminal is SIGINT to the foreground process, the worker's JVM.
    Process interrupt = new ProcessBuilder("kill", "-INT", Long.toString(worker.pid())).start();
    assertEquals(0, interrupt.waitFor());
    assertTrue(worker.waitFor(30, TimeUnit.SECONDS), "the worker ended");
    awaitWorkerLog("shutting down: finishing in-flight tasks", Duration.ofSeconds(5));
    awaitWorkerLog("worker stopped", Duration.ofSeconds(5));
  }

  @Test
  void workerStartsTheInMemoryServiceWhenNothingAnswersOnTheDefaultAddress() throws Exception {
    assumeTrue(!answers(7233), "something already listens on localhost:7233");
    startWorker(Map.of());
    assertTrue(Files.readString(workerLog).contains("IN-MEMORY Temporal service"));
    Result status = cli(Map.of(), "status", "NOPE-1");
    assertEquals(1, status.exit, "an unknown approval is reported, not a crash: " + status);
  }

  // ---- helpers -----------------------------------------------------------------------------

  private record Result(int exit, String out, String err) {}

  private void startWorker(Map<String, String> env, String... args) throws Exception {
    assertTrue(Files.exists(WORKER_JAR), WORKER_JAR.toAbsolutePath() + " missing: run mvn verify");
    workerLog = dir.resolve("worker.log");
    List<String> command = new ArrayList<>(List.of(java(), "-jar", WORKER_JAR.toString()));
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    builder.redirectOutput(workerLog.toFile());
    cleanEnvironment(builder, env);
    worker = builder.start();
    awaitWorkerLog("Overdue worker polling", Duration.ofSeconds(60));
  }

  private Result cli(Map<String, String> env, String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of(java(), "-jar", STARTER_JAR.toString()));
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command);
    cleanEnvironment(builder, env);
    Path out = Files.createTempFile(dir, "out", ".txt");
    Path err = Files.createTempFile(dir, "err", ".txt");
    builder.redirectOutput(out.toFile()).redirectError(err.toFile());
    Process process = builder.start();
    assertTrue(process.waitFor(120, TimeUnit.SECONDS), "overdue " + String.join(" ", args) + " hung");
    return new Result(
        process.exitValue(),
        Files.readString(out, StandardCharsets.UTF_8),
        Files.readString(err, StandardCharsets.UTF_8));
  }

  private JsonNode timer(Map<String, String> env, String id, String name) throws Exception {
    Result timers = cli(env, "timers", id, "--json");
    assertEquals(0, timers.exit, timers.toString());
    for (JsonNode timer : JSON.readTree(timers.out)) {
      if (timer.get("name").asText().equals(name)) {
        return timer;
      }
    }
    throw new AssertionError("no timer " + name + " in " + timers.out);
  }

  private JsonNode awaitHistoryEntry(Map<String, String> env, String id, String kind, String name)
      throws Exception {
    long giveUp = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (System.nanoTime() < giveUp) {
      Result history = cli(env, "history", id, "--json");
      for (JsonNode entry : JSON.readTree(history.out)) {
        if (entry.get("kind").asText().equals(kind) && entry.get("name").asText().equals(name)) {
          return entry;
        }
      }
      Thread.sleep(200);
    }
    throw new AssertionError("no " + kind + " " + name + " in the history of " + id);
  }

  private void awaitWorkerLog(String text, Duration timeout) throws Exception {
    long giveUp = System.nanoTime() + timeout.toNanos();
    while (System.nanoTime() < giveUp) {
      if (Files.readString(workerLog).contains(text)) {
        return;
      }
      Thread.sleep(100);
    }
    throw new AssertionError("worker log never said '" + text + "':\n" + Files.readString(workerLog));
  }

  /** Only the settings this test gives: no TEMPORAL_* leaking in from the machine. */
  private static void cleanEnvironment(ProcessBuilder builder, Map<String, String> env) {
    builder.environment().keySet().removeIf(k -> k.startsWith("TEMPORAL_") || k.startsWith("OVERDUE_"));
    builder.environment().putAll(env);
  }

  private static String java() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

  private static boolean answers(int port) {
    try (Socket socket = new Socket("127.0.0.1", port)) {
      return true;
    } catch (IOException e) {
      return false;
    }
  }
}
