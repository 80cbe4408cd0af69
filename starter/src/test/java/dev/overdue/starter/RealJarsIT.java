package dev.overdue.starter;

import static dev.overdue.starter.Processes.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.overdue.starter.Processes.Attempt;
import dev.overdue.starter.Processes.Result;
import java.io.IOException;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs the jars a user runs: the worker (with its in-memory Temporal service) and the starter CLI
 * as separate processes, talking over a real port, with timers firing in real time.
 */
class RealJarsIT {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;
  private Path logs;
  private WorkerProcess worker;

  @BeforeEach
  void keepLogsIn(TestInfo test) {
    logs = Processes.logsOf("RealJarsIT-" + test.getTestMethod().orElseThrow().getName());
  }

  @AfterEach
  void stopWorker() throws InterruptedException {
    if (worker != null) {
      worker.close();
    }
  }

  /** The worker logs JSON here: its lines, the workflow's and the activity's, are checked at the end. */
  @Test
  void workerAndStarterDriveAnApprovalThroughSignalsUpdatesAndARealTimer() throws Exception {
    String address = "127.0.0.1:" + Processes.freePort();
    worker = startWorker(Map.of("TEMPORAL_ADDRESS", address), "--embedded", "--log-format", "json");

    Path request = dir.resolve("request.json");
    Files.writeString(
        request,
        "{\"requestId\":\"E2E-1\",\"title\":\"End to end\",\"requester\":\"carol\",\"timeout\":\"P5D\","
            + "\"steps\":[{\"name\":\"manager\",\"approvers\":[\"alice\",\"bob\"],\"timeout\":\"P2D\"}],"
            + "\"timers\":[{\"name\":\"reminder\",\"limit\":\"PT2S\",\"handlers\":[{\"action\":\"notify\","
            + "\"to\":[\"alice\"],\"message\":\"please decide\"}]}]}");
    Map<String, String> env = Map.of("TEMPORAL_ADDRESS", address);

    Result started = cli(env, "start", "--file", request.toString());
    assertEquals(0, started.exit(), started.toString());
    assertTrue(started.out().contains("approval-E2E-1"), started.toString());

    Result enabled = cli(env, "enable-timer", "E2E-1", "reminder");
    assertEquals(0, enabled.exit(), enabled.toString());

    // The reminder's 2 s elapse in real time: the worker's notification activity runs (the step's
    // offer told alice before, as task-offered).
    worker.awaitLog("notify to=alice event=timer-expired", Duration.ofSeconds(30));
    JsonNode reminder = timer(env, "E2E-1", "reminder");
    assertTrue(reminder.get("expired").asBoolean(), reminder.toString());

    Result refused = cli(env, "approve", "E2E-1", "--user", "mallory");
    assertEquals(1, refused.exit(), refused.toString());
    assertTrue(refused.err().contains("mallory is not a potential owner of step manager"), refused.toString());

    Result signalled = cli(env, "approve", "E2E-1", "--user", "mallory", "--signal");
    assertEquals(0, signalled.exit(), signalled.toString());
    JsonNode history = awaitHistoryEntry(env, "E2E-1", "signal", "approve");
    assertTrue(!history.get("accepted").asBoolean(), history.toString());

    Result approved = cli(env, "approve", "E2E-1", "--user", "alice", "--comment", "fine");
    assertEquals(0, approved.exit(), approved.toString());
    Result result = cli(env, "result", "E2E-1", "--json");
    assertEquals(0, result.exit(), result.toString());
    JsonNode outcome = JSON.readTree(result.out());
    assertEquals("APPROVED", outcome.get("outcome").asText());
    assertEquals("alice", outcome.get("decidedBy").asText());

    // SIGTERM: the worker shuts down gracefully.
    assertEquals(0, worker.terminate(Duration.ofSeconds(30)));
    worker.awaitLog("worker stopped", Duration.ofSeconds(5));
    theJsonLogSaysWhichApprovalEachLineIsAbout("approval-E2E-1");
  }

  /** Every line one JSON object; the SDK's MDC names the workflow run (and the activity) a line is from. */
  private void theJsonLogSaysWhichApprovalEachLineIsAbout(String workflowId) throws Exception {
    List<JsonNode> lines = JsonLog.lines(worker.log());
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

  /**
   * Ctrl-C in a terminal is SIGINT to the foreground process, the worker's JVM. The worker is
   * started as a terminal starts it, with SIGINT at its default: whoever started this build may
   * have left it ignored (a script's {@code &}, nohup), and a process keeps that across exec.
   */
  @Test
  void ctrlCStopsTheWorkerAsGracefullyAsSigterm() throws Exception {
    worker = startWorkerWithSigint("DEFAULT", Map.of("TEMPORAL_ADDRESS", "127.0.0.1:" + Processes.freePort()), "--embedded");
    assertFalse(worker.log().contains("does not stop this worker"), worker.log());
    ok(Processes.run(List.of("kill", "-INT", Long.toString(worker.pid())), Map.of(), Duration.ofSeconds(10)));
    assertEquals(0, worker.awaitExit(Duration.ofSeconds(30)), worker.log());
    worker.awaitLog("shutting down: finishing in-flight tasks", Duration.ofSeconds(5));
    worker.awaitLog("worker stopped", Duration.ofSeconds(5));
  }

  /** Started with SIGINT ignored, the worker says Ctrl-C will not stop it, and SIGTERM does. */
  @Test
  void aWorkerStartedWithCtrlCIgnoredSaysSoAndStopsOnSigterm() throws Exception {
    worker = startWorkerWithSigint("IGNORE", Map.of("TEMPORAL_ADDRESS", "127.0.0.1:" + Processes.freePort()), "--embedded");
    worker.awaitLog("Ctrl-C (SIGINT) does not stop this worker", Duration.ofSeconds(5));
    assertEquals(0, worker.terminate(Duration.ofSeconds(30)), worker.log());
    worker.awaitLog("worker stopped", Duration.ofSeconds(5));
  }

  @Test
  void workerStartsTheInMemoryServiceWhenNothingAnswersOnTheDefaultAddress() throws Exception {
    assumeTrue(!answers(7233), "something already listens on localhost:7233");
    worker = startWorker(Map.of());
    assertTrue(worker.log().contains("IN-MEMORY Temporal service"), worker.log());
    Result status = cli(Map.of(), "status", "NOPE-1");
    assertEquals(1, status.exit(), "an unknown approval is reported, not a crash: " + status);
  }

  // ---- helpers -----------------------------------------------------------------------------

  private WorkerProcess startWorker(Map<String, String> env, String... args) throws Exception {
    return WorkerProcess.start(logs.resolve("worker.log"), env, args);
  }

  /**
   * The worker jar with SIGINT set to {@code disposition} (DEFAULT or IGNORE) by perl, which then
   * becomes the worker (exec: the same process).
   */
  private WorkerProcess startWorkerWithSigint(String disposition, Map<String, String> env, String... args) throws Exception {
    List<String> command =
        new ArrayList<>(List.of("perl", "-e", "$SIG{INT} = '" + disposition + "'; exec @ARGV or die \"exec: $!\"",
            Processes.java(), "-jar", Processes.WORKER_JAR.toString()));
    command.addAll(List.of(args));
    return WorkerProcess.start(logs.resolve("worker.log"), env, command);
  }

  private static Result cli(Map<String, String> env, String... args) throws Exception {
    return Processes.overdue(env, args);
  }

  private JsonNode timer(Map<String, String> env, String id, String name) throws Exception {
    Result timers = ok(cli(env, "timers", id, "--json"));
    for (JsonNode timer : JSON.readTree(timers.out())) {
      if (timer.get("name").asText().equals(name)) {
        return timer;
      }
    }
    throw new AssertionError("no timer " + name + " in " + timers.out());
  }

  private JsonNode awaitHistoryEntry(Map<String, String> env, String id, String kind, String name)
      throws Exception {
    return Processes.await(Duration.ofSeconds(30), "a " + kind + " " + name + " in the history of " + id, () -> {
      Result history = ok(cli(env, "history", id, "--json"));
      for (JsonNode entry : JSON.readTree(history.out())) {
        if (entry.get("kind").asText().equals(kind) && entry.get("name").asText().equals(name)) {
          return Attempt.done(entry);
        }
      }
      return Attempt.notYet(history.out());
    });
  }

  private static boolean answers(int port) {
    try (Socket socket = new Socket("127.0.0.1", port)) {
      return true;
    } catch (IOException e) {
      return false;
    }
  }
}
