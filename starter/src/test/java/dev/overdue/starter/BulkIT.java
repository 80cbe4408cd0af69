package dev.overdue.starter;

import static dev.overdue.starter.Processes.ok;
import static dev.overdue.starter.Processes.overdue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.overdue.api.ApprovalCommand;
import dev.overdue.api.StatusInfo;
import dev.overdue.api.TimerInfo;
import dev.overdue.client.ApprovalDataConverter;
import dev.overdue.client.Approvals;
import dev.overdue.client.WorkList;
import dev.overdue.starter.Processes.Attempt;
import dev.overdue.starter.Processes.Result;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowClientOptions;
import io.temporal.serviceclient.WorkflowServiceStubs;
import io.temporal.serviceclient.WorkflowServiceStubsOptions;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code --query} against a real dev server with the worker jar: 20 approvals, 5 of them already
 * suspended, steered by the CLI jar with one command each, every approval's answer checked.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class BulkIT {
  private static final Duration VISIBILITY = Duration.ofSeconds(30);
  private static final int APPROVALS = 20;
  private static final int SUSPENDED_BEFORE = 5;
  private static final String MANAGER = "CurrentStep = 'manager'";

  @RegisterExtension
  static final DevServerExtension temporal =
      DevServerExtension.withWorker(DevServer.Options.headless());

  private static WorkflowServiceStubs stubs;
  private static Approvals approvals;

  @BeforeAll
  static void connect() {
    stubs =
        WorkflowServiceStubs.newServiceStubs(
            WorkflowServiceStubsOptions.newBuilder()
                .setTarget(temporal.server().address())
                .build());
    approvals =
        new Approvals(
            WorkflowClient.newInstance(
                stubs,
                WorkflowClientOptions.newBuilder()
                    .setNamespace("default")
                    .setDataConverter(ApprovalDataConverter.create())
                    .build()));
  }

  @AfterAll
  static void disconnect() {
    stubs.shutdownNow();
  }

  @Test
  void aCommandWithAQuerySteersEveryApprovalItSelectsAndReportsEachAnswer() throws Exception {
    Map<String, String> env = temporal.server().env();
    // Started through the client library: 20 CLI processes would take a minute.
    for (int i = 1; i <= APPROVALS; i++) {
      approvals.start(request("BULK-" + i), "overdue");
    }
    for (int i = 1; i <= SUSPENDED_BEFORE; i++) {
      approvals.update("BULK-" + i, new ApprovalCommand.Suspend("earlier"));
    }
    awaitListed(MANAGER, APPROVALS);
    awaitListed("ApprovalState = 'SUSPENDED'", SUSPENDED_BEFORE);

    // A dry run lists every approval the filter selects and the command, and sends nothing.
    Result dryRun =
        ok(overdue(env, "suspend", "--query", MANAGER, "--reason", "office closed", "--dry-run"));
    assertTrue(
        dryRun
            .out()
            .startsWith(
                "20 running approvals match WorkflowType = 'ApprovalWorkflow' AND ExecutionStatus"
                    + " = 'Running' AND (CurrentStep = 'manager'):\nWORKFLOW "),
        dryRun.toString());
    for (int i = 1; i <= APPROVALS; i++) {
      assertTrue(dryRun.out().contains("approval-BULK-" + i + " "), dryRun.toString());
    }
    assertTrue(
        dryRun
            .out()
            .endsWith(
                "dry run: would send suspend {\"reason\":\"office closed\"} to each as an update,"
                    + " 16 at a time; nothing sent\n"),
        dryRun.toString());
    assertEquals("earlier", approvals.status("BULK-1").suspendedReason());
    assertEquals("ACTIVE", approvals.status("BULK-6").state());

    // The run: 15 applied, the 5 suspended before refuse; the exit code is the refusal's.
    Result run =
        overdue(
            env, "suspend", "--query", MANAGER, "--reason", "office closed", "--concurrency", "8");
    assertEquals(ExitCodes.REFUSED, run.exit(), run.toString());
    assertEquals("", run.err(), "no progress line off a terminal: " + run);
    List<String> lines = run.out().lines().toList();
    assertEquals(
        "sending suspend {\"reason\":\"office closed\"} to 20 running approvals as updates, 8 at"
            + " a time",
        lines.get(0));
    assertEquals(
        IntStream.rangeClosed(1, SUSPENDED_BEFORE)
            .mapToObj(i -> "refused  approval-BULK-" + i + ": the process is already suspended")
            .sorted()
            .toList(),
        lines.subList(1, 1 + SUSPENDED_BEFORE).stream().sorted().toList());
    assertTrue(
        lines.get(6).startsWith("suspend: 20 approvals, 15 applied, 5 refused, 0 failed in "),
        run.toString());
    assertEquals(
        List.of(
            "  applied  15  process suspended", "  refused   5  the process is already suspended"),
        lines.subList(7, lines.size()));
    for (int i = 1; i <= APPROVALS; i++) {
      StatusInfo status = approvals.status("BULK-" + i);
      assertEquals("SUSPENDED", status.state(), "BULK-" + i);
      assertEquals(i <= SUSPENDED_BEFORE ? "earlier" : "office closed", status.suspendedReason());
    }

    // As signals: one Temporal batch job resumes them all; each applies it on arrival.
    awaitListed("ApprovalState = 'SUSPENDED'", APPROVALS);
    Result resumed =
        ok(overdue(env, "resume", "--query", "ApprovalState = 'SUSPENDED'", "--signal"));
    assertTrue(resumed.out().contains("by Temporal batch job overdue-resume-"), resumed.toString());
    assertTrue(
        resumed.out().contains("resume: 20 approvals, 20 signalled, 0 failed in "),
        resumed.toString());
    Processes.await(
        VISIBILITY,
        "every approval to be resumed",
        () -> {
          List<String> states = new ArrayList<>();
          for (int i = 1; i <= APPROVALS; i++) {
            states.add(approvals.status("BULK-" + i).state());
          }
          return states.stream().allMatch("ACTIVE"::equals)
              ? Attempt.done(true)
              : Attempt.notYet(states);
        });

    // A command with a positional of its own: TIMER keeps its place after --query.
    List<Instant> before = processExpiry();
    awaitListed("ApprovalState = 'ACTIVE'", APPROVALS);
    Result extended =
        ok(overdue(env, "extend-deadline", "--query", MANAGER, "process", "--by", "PT1H"));
    assertTrue(
        extended.out().contains("extend-deadline: 20 approvals, 20 applied, 0 refused, 0 failed"),
        extended.toString());
    List<Instant> after = processExpiry();
    for (int i = 0; i < APPROVALS; i++) {
      assertEquals(before.get(i).plus(Duration.ofHours(1)), after.get(i), "BULK-" + (i + 1));
    }
  }

  @Test
  void aQueryThatSelectsNothingSendsNothingAndSaysSo() throws Exception {
    Result run =
        ok(
            overdue(
                temporal.server().env(),
                "abort",
                "--query",
                "CurrentOwner = 'nobody'",
                "--reason",
                "x"));

    assertEquals(
        "no running approval matches WorkflowType = 'ApprovalWorkflow' AND ExecutionStatus ="
            + " 'Running' AND (CurrentOwner = 'nobody'): nothing sent\n",
        run.out());
  }

  /** One manager step and a process timeout of 5 days. */
  private static ObjectNode request(String requestId) {
    ObjectNode request = JsonNodeFactory.instance.objectNode();
    request.put("requestId", requestId);
    request.put("title", "bulk");
    request.put("requester", "carol");
    request.put("timeout", "P5D");
    ObjectNode step = request.putArray("steps").addObject();
    step.put("name", "manager");
    step.putArray("approvers").add("alice");
    return request;
  }

  /** Each approval's process expiration date, BULK-1 first. */
  private static List<Instant> processExpiry() {
    List<Instant> dates = new ArrayList<>();
    for (int i = 1; i <= APPROVALS; i++) {
      for (TimerInfo timer : approvals.timers("BULK-" + i)) {
        if (timer.name().equals("process")) {
          dates.add(Instant.parse(timer.expiresAt()));
        }
      }
    }
    return dates;
  }

  /** Visibility is eventually consistent: waits until {@code filter} lists {@code count}. */
  private static void awaitListed(String filter, int count) throws Exception {
    Processes.await(
        VISIBILITY,
        count + " approvals listed for " + filter,
        () -> {
          int listed = approvals.list(new WorkList().where(filter), 1000).size();
          return listed == count ? Attempt.done(listed) : Attempt.notYet(listed);
        });
  }

}
