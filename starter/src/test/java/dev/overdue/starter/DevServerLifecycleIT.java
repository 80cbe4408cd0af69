package dev.overdue.starter;

import static dev.overdue.starter.Processes.ok;
import static dev.overdue.starter.Processes.overdue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.overdue.starter.Processes.Attempt;
import dev.overdue.starter.Processes.Result;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The dev server as users meet it besides {@code bin/dev-server}'s defaults: started without the
 * search attributes (the worker registers them), and kept in a --db-filename across a restart,
 * which the worker logs as one line when it loses the server and one when it is back.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class DevServerLifecycleIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final List<String> ATTRIBUTES =
      List.of("ApprovalState", "CurrentStep", "CurrentOwner", "NextDeadline", "AnyTimerExpired", "HasWarnings",
          "Priority", "Unworkable", "TimersRunning", "TimersSuspended", "PotentialOwners", "Requester",
          "TaskState", "CandidateGroups", "DueDate", "PotentialOwnersCut", "FollowUpDate");

  @TempDir Path dir;

  @Test
  void workerRegistersTheSearchAttributesOnADevServerStartedWithoutThem() throws Exception {
    Path logs = Processes.logsOf("DevServerLifecycleIT-plain");
    try (DevServer server = DevServer.start(logs, DevServer.Options.plain())) {
      Result before = ok(server.temporal("operator", "search-attribute", "list"));
      assertFalse(before.out().contains("ApprovalState"), before.toString());

      try (WorkerProcess worker = WorkerProcess.start(logs.resolve("worker.log"), server.env())) {
        assertTrue(
            worker.log().contains(
                "registered search attributes ApprovalState=Keyword, CurrentStep=Keyword,"
                    + " CurrentOwner=Keyword, NextDeadline=Datetime, AnyTimerExpired=Bool,"
                    + " HasWarnings=Bool, Priority=Int, Unworkable=Bool, TimersRunning=Int,"
                    + " TimersSuspended=Int, PotentialOwners=KeywordList, Requester=Keyword,"
                    + " TaskState=Keyword, CandidateGroups=KeywordList, DueDate=Datetime,"
                    + " PotentialOwnersCut=Keyword, FollowUpDate=Datetime on namespace 'default'"),
            worker.log());
        Result after = ok(server.temporal("operator", "search-attribute", "list"));
        for (String name : ATTRIBUTES) {
          assertTrue(after.out().contains(name), after.toString());
        }

        // The approvals can use them: a list query finds a new one.
        ok(overdue(server.env(), "start", "--file", "docs/examples/po-4711.json"));
        awaitListed(server, "ApprovalState = 'ACTIVE' AND CurrentStep = 'manager'", "approval-PO-4711");
      }

      // A second worker finds them present and says nothing about them.
      try (WorkerProcess again = WorkerProcess.start(logs.resolve("worker-2.log"), server.env())) {
        assertFalse(again.log().contains("search attribute"), again.log());
      }
    }
  }

  @Test
  void approvalsAndTheirTimersSurviveARestartWithDbFilenameWhichTheWorkerLogsInTwoLines() throws Exception {
    Path logs = Processes.logsOf("DevServerLifecycleIT-db");
    Path db = dir.resolve("overdue.db");
    try (DevServer server = DevServer.start(logs, DevServer.Options.headless().persistedIn(db));
        WorkerProcess worker = WorkerProcess.start(logs.resolve("worker.log"), server.env())) {
      ok(overdue(server.env(), "start", "--file", "docs/examples/po-4711.json"));
      ok(overdue(server.env(), "enable-timer", "PO-4711", "reminder"));
      ok(overdue(server.env(), "claim", "PO-4711", "--user", "alice"));
      JsonNode timersBefore = timers(server);
      long linesBefore = worker.log().lines().count();

      // Down until the worker has noticed, then up again.
      server.close();
      worker.awaitLog("lost the Temporal server at " + server.address(), Duration.ofSeconds(60));
      server.launch();
      assertTrue(Files.size(db) > 0, "state is in " + db);

      // The worker reconnects by itself; the approval is where it was, timers and all.
      JsonNode timersAfter =
          Processes.await(Duration.ofSeconds(60), "PO-4711 to answer after the restart", () -> {
            Result result = overdue(server.env(), "--answer-timeout", "10", "timers", "PO-4711", "--json");
            return result.exit() == 0 ? Attempt.done(JSON.readTree(result.out())) : Attempt.notYet(result);
          });
      assertEquals(timersBefore, timersAfter);
      awaitListed(server, "CurrentOwner = 'alice'", "approval-PO-4711");

      // Two lines said it: no warning per poll, no stack trace.
      worker.awaitLog("reconnected to the Temporal server at " + server.address() + " after ", Duration.ofSeconds(60));
      String restart = worker.log().lines().skip(linesBefore).collect(Collectors.joining("\n"));
      List<String> warnings = restart.lines().filter(l -> l.contains(" WARN ") || l.contains(" ERROR ")).toList();
      assertEquals(1, warnings.size(), restart);
      assertTrue(
          warnings.get(0).contains(" WARN ServerOutage - lost the Temporal server at " + server.address() + ": UNAVAILABLE"),
          restart);
      assertEquals(1, restart.lines().filter(l -> l.contains(" INFO ServerOutage - reconnected")).count(), restart);
      assertFalse(restart.contains("\tat "), restart);
    }
  }

  private static JsonNode timers(DevServer server) throws Exception {
    return JSON.readTree(ok(overdue(server.env(), "timers", "PO-4711", "--json")).out());
  }

  private static void awaitListed(DevServer server, String query, String workflowId) throws Exception {
    Processes.await(Duration.ofSeconds(30), "temporal workflow list --query \"" + query + "\"", () -> {
      Result result = ok(server.temporal("workflow", "list", "--query", query));
      return result.out().contains(workflowId) ? Attempt.done(true) : Attempt.notYet(result);
    });
  }

}
