package dev.overdue.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.google.protobuf.Timestamp;
import dev.overdue.api.ApprovalWorkflow;
import dev.overdue.starter.CliHarness.Run;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import io.temporal.api.taskqueue.v1.PollerInfo;
import io.temporal.api.workflowservice.v1.DescribeTaskQueueResponse;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowClientOptions;
import io.temporal.client.WorkflowOptions;
import io.temporal.serviceclient.RpcRetryOptions;
import io.temporal.serviceclient.WorkflowServiceStubs;
import io.temporal.serviceclient.WorkflowServiceStubsOptions;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The CLI against the real workflow on an in-memory, time-skipping Temporal service. */
class OverdueCliTest {
  static final String REQUEST =
      """
      { "requestId": "PO-4711", "title": "Purchase order 4711", "requester": "carol",
        "data": { "amount": 12000 }, "timeout": "P5D",
        "steps": [ { "name": "manager", "title": "Manager approval",
                     "approvers": ["alice", "bob"], "offerTimeout": "PT4H", "timeout": "P2D",
                     "onTimeout": [ { "action": "warn" } ] } ],
        "timers": [ { "name": "reminder", "limit": "PT30M",
                      "handlers": [ { "action": "notify", "to": ["alice"],
                                      "message": "please decide" } ] } ] }
      """;

  @TempDir Path dir;
  CliHarness cli;

  @BeforeEach
  void startService() {
    cli = new CliHarness();
  }

  @AfterEach
  void stopService() {
    cli.close();
  }

  private Run startExample() throws IOException {
    Path file = Files.writeString(dir.resolve("request.json"), REQUEST);
    return cli.run("start", "--file", file.toString()).expect(0);
  }

  private JsonNode timer(String id, String name) {
    for (JsonNode timer : cli.run("timers", id, "--json").expect(0).json()) {
      if (timer.get("name").asText().equals(name)) {
        return timer;
      }
    }
    throw new AssertionError("no timer " + name);
  }

  /** The table's line that starts with {@code first}, split into its cells. */
  static List<String> row(String table, String first) {
    return rowWith(table, first + " ", true);
  }

  /** The first line of the table that contains {@code text}, split into its cells. */
  private static List<String> rowContaining(String table, String text) {
    return rowWith(table, text, false);
  }

  private static List<String> rowWith(String table, String text, boolean atStart) {
    return table
        .lines()
        .filter(line -> atStart ? line.startsWith(text) : line.contains(text))
        .findFirst()
        .map(line -> List.of(line.trim().split("\\s{2,}")))
        .orElseThrow(() -> new AssertionError("no row with '" + text + "' in\n" + table));
  }

  // ---- start ---------------------------------------------------------------------------------

  @Test
  void startFromFilePrintsTheWorkflowIdAndWhatToDoNext() throws IOException {
    Run started = startExample();

    assertTrue(started.out().contains("workflow approval-PO-4711"), started.out());
    assertTrue(started.out().contains("overdue approve PO-4711 --user alice"), started.out());
    JsonNode status = cli.run("status", "approval-PO-4711", "--json").expect(0).json();
    assertEquals("PO-4711", status.get("requestId").asText());
    assertEquals("Purchase order 4711", status.get("title").asText());
    assertEquals("ACTIVE", status.get("state").asText());
    assertEquals("manager", status.get("currentStep").asText());
  }

  @Test
  void startFromFlagsBuildsStepsTimersAndLimits() {
    cli.run(
            "start",
            "--request-id",
            "PO-1",
            "--title",
            "Laptop",
            "--requester",
            "carol",
            "--timeout",
            "P5D",
            "--step",
            "manager=alice,bob",
            "--step",
            "finance=dave",
            "--offer-timeout",
            "PT4H",
            "--step-timeout",
            "P2D",
            "--timer",
            "reminder=PT30M")
        .expect(0);

    JsonNode status = cli.run("status", "PO-1", "--json").expect(0).json();
    assertEquals("Laptop", status.get("title").asText());
    assertEquals("carol", status.get("requester").asText());
    assertEquals("[\"alice\",\"bob\"]", status.get("steps").get(0).get("approvers").toString());
    assertEquals("finance", status.get("steps").get(1).get("name").asText());
    assertEquals(
        List.of(
            "process=PT120H",
            "manager.acceptance=PT4H",
            "manager.completion=PT48H",
            "finance.acceptance=PT4H",
            "finance.completion=PT48H",
            "reminder=PT30M"),
        StreamSupport.stream(status.get("timers").spliterator(), false)
            .map(t -> t.get("name").asText() + "=" + Duration.parse(t.get("limit").asText()))
            .collect(Collectors.toList()));
    assertEquals("OFF", timer("PO-1", "reminder").get("state").asText());
  }

  @Test
  void startOnATaskQueueOfYourChoiceNamedBeforeOrAfterTheCommand() {
    Run before =
        cli.run("--task-queue", "elsewhere", "start", "--request-id", "PO-2", "--step", "a=alice")
            .expect(0);
    Run after =
        cli.run("start", "--request-id", "PO-3", "--step", "a=alice", "--task-queue", "there")
            .expect(0);

    assertTrue(before.out().contains("on task queue elsewhere"), before.out());
    assertTrue(after.out().contains("on task queue there"), after.out());
  }

  @Test
  void invalidFilePrintsEveryProblemAndStartsNothing() throws IOException {
    Path file =
        Files.writeString(
            dir.resolve("bad.json"),
            """
            { "requestId": "PO-9", "timeout": "P1M",
              "steps": [ { "name": "manager", "approvers": [] } ],
              "timers": [ { "name": "reminder", "limit": "yesterday" } ] }
            """);

    Run run = cli.run("start", "--file", file.toString()).expect(1);

    assertEquals("", run.out());
    assertTrue(run.err().contains("timeout: 'P1M'"), run.err());
    assertTrue(run.err().contains("steps[0].approvers: at least one approver"), run.err());
    assertTrue(run.err().contains("timers[0].limit: 'yesterday' is not a time limit"), run.err());
    assertTrue(cli.run("status", "PO-9").expect(1).err().contains("no approval PO-9"));
  }

  @Test
  void startFromStandardInput() {
    InputStream stdin = System.in;
    try {
      System.setIn(new ByteArrayInputStream(REQUEST.getBytes(StandardCharsets.UTF_8)));
      cli.run("start", "--file", "-").expect(0);
    } finally {
      System.setIn(stdin);
    }
    assertEquals(
        "ACTIVE", cli.run("status", "PO-4711", "--json").expect(0).json().get("state").asText());
  }

  @Test
  void anApprovalStartedWithAnInvalidRequestElsewhereIsExplained() throws IOException {
    // Started around the CLI (as `temporal workflow start` could), so the workflow itself refuses.
    WorkflowClient.start(
        cli.env
                .getWorkflowClient()
                .newWorkflowStub(
                    ApprovalWorkflow.class,
                    WorkflowOptions.newBuilder()
                        .setWorkflowId("approval-PO-7")
                        .setTaskQueue(ApprovalWorkflow.DEFAULT_TASK_QUEUE)
                        .build())
            ::run,
        Printer.JSON.readTree("{ \"requestId\": \"PO-7\", \"steps\": [] }"));

    Run result = cli.run("result", "PO-7").expect(1);
    assertTrue(result.err().startsWith("approval PO-7 did not complete: "), result.err());
    assertTrue(result.err().contains("at least one step is required"), result.err());
    Run status = cli.run("status", "PO-7").expect(1);
    assertTrue(status.err().startsWith("approval PO-7 cannot answer: "), status.err());
    assertTrue(status.err().contains("did not start"), status.err());
    assertEquals(1, status.err().lines().count(), status.err());
  }

  @Test
  void unknownFieldInFileIsNamed() throws IOException {
    Path file =
        Files.writeString(
            dir.resolve("typo.json"),
            "{ \"requestId\": \"PO-8\", \"steps\": [ { \"name\": \"m\", \"approver\": [\"a\"] } ]"
                + " }");

    Run run = cli.run("start", "--file", file.toString()).expect(1);

    assertTrue(run.err().contains("steps[0].approver: unknown field"), run.err());
  }

  @Test
  void fileThatIsNotJsonOrMissingIsRefused() throws IOException {
    Path file = Files.writeString(dir.resolve("broken.json"), "{ \"requestId\": ");
    assertTrue(
        cli.run("start", "--file", file.toString()).expect(1).err().contains("is not valid JSON"));
    // A comma left out, as a newcomer's first edit of po-4711.json does: where, and what was expected.
    Path po = Files.writeString(dir.resolve("po.json"), "{\n  \"requestId\": \"PO-1\"\n  \"title\": \"Chairs\"\n}\n");
    assertEquals(
        po + " is not valid JSON: line 3, column 3: expected ',' between two fields, or '}' to end the object, found '\"'",
        cli.run("start", "--file", po.toString()).expect(1).err().strip());
    assertTrue(
        cli.run("start", "--file", dir.resolve("none.json").toString())
            .expect(1)
            .err()
            .contains("no such file"));
  }

  @Test
  void flagsWithoutStepsListTheMissingParts() {
    Run run = cli.run("start", "--title", "nothing else").expect(1);
    assertTrue(run.err().contains("requestId: required"), run.err());
    assertTrue(run.err().contains("steps: at least one step is required"), run.err());
  }

  @Test
  void startingTheSameRequestTwiceIsRefused() throws IOException {
    startExample();
    Path file = dir.resolve("request.json");

    Run again = cli.run("start", "--file", file.toString()).expect(1);

    assertTrue(again.err().contains("approval PO-4711 is already running"), again.err());
  }

  @Test
  void startingTheSameRequestTwiceIsRefusedAgainTooWhileItRuns() throws IOException {
    startExample();
    Path file = dir.resolve("request.json");

    Run again = cli.run("start", "--file", file.toString(), "--again").expect(1);

    assertTrue(again.err().contains("approval PO-4711 is already running"), again.err());
  }

  @Test
  void aRequestIdWhoseApprovalEndedIsRefusedNamingItsOutcomeUnlessStartedAgain() throws IOException {
    startExample();
    Path file = dir.resolve("request.json");
    String firstRun = runIdOf("PO-4711");
    cli.run("reject", "PO-4711", "--user", "alice", "--comment", "over budget").expect(0);
    // The reject is answered once decided; the run closes just after: wait for that, not for a time.
    cli.run("result", "PO-4711").expect(0);

    Run refused = cli.run("start", "--file", file.toString()).expect(1);

    assertTrue(
        refused.err().matches("(?s)request PO-4711 was already used: approval-PO-4711 ended REJECTED on \\S+"
            + " \\(decided by alice\\); start it again with --again to run a new approval under the same number.*"),
        refused.err());
    assertEquals("", refused.out());
    assertEquals(firstRun, runIdOf("PO-4711"), "nothing was started");

    JsonNode started = cli.run("start", "--file", file.toString(), "--again", "-o", "json").expect(0).json();
    String secondRun = started.get("runId").asText();
    assertEquals(secondRun, runIdOf("PO-4711"));
    assertFalse(secondRun.equals(firstRun), "a new run");
    assertEquals("ACTIVE", cli.run("status", "PO-4711", "--json").expect(0).json().get("state").asText(),
        "the latest run by default");
    assertEquals("REJECTED",
        cli.run("status", "PO-4711", "--run", firstRun, "--json").expect(0).json().get("state").asText(),
        "the earlier run, by its run id");
  }

  private String runIdOf(String requestId) {
    return cli.env.getWorkflowClient()
        .newUntypedWorkflowStub("approval-" + requestId)
        .describe()
        .getExecution()
        .getRunId();
  }

  // ---- commands as updates --------------------------------------------------------------------

  @Test
  void approveByAnApproverEndsTheApprovalApproved() throws IOException {
    startExample();

    Run approved =
        cli.run("approve", "PO-4711", "--user", "alice", "--comment", "within budget").expect(0);

    assertTrue(approved.out().contains("approved by alice"), approved.out());
    String status = cli.run("status", "PO-4711").expect(0).out();
    assertEquals(List.of("State", "APPROVED"), row(status, "State"));
    List<String> step = row(status, "manager");
    assertEquals(List.of("manager", "COMPLETED"), step.subList(0, 2));
    assertEquals(List.of("alice,bob", "APPROVED", "alice"), step.subList(3, 6));
    JsonNode result = cli.run("result", "PO-4711", "--json").expect(0).json();
    assertEquals("APPROVED", result.get("outcome").asText());
    assertEquals("within budget", result.get("comment").asText());
    assertTrue(cli.run("result", "PO-4711").expect(0).out().contains("APPROVED"));
  }

  @Test
  void approveByANonApproverIsRejectedAndChangesNothing() throws IOException {
    startExample();
    String before = cli.run("status", "PO-4711", "--json").expect(0).out();

    Run refused = cli.run("approve", "PO-4711", "--user", "mallory").expect(1);

    assertEquals("", refused.out());
    assertTrue(
        refused.err().startsWith("rejected: mallory is not a potential owner of step manager"),
        refused.err());
    assertEquals(1, refused.err().lines().count(), refused.err());
    assertEquals(before, cli.run("status", "PO-4711", "--json").expect(0).out());
    assertEquals("[]", cli.run("history", "PO-4711", "--json").expect(0).json().toString());
  }

  @Test
  void enablingAnUnknownTimerIsRejected() throws IOException {
    startExample();
    String before = cli.run("timers", "PO-4711", "--json").expect(0).out();

    Run refused = cli.run("enable-timer", "PO-4711", "nope").expect(1);

    assertTrue(refused.err().startsWith("rejected: unknown timer nope"), refused.err());
    assertEquals(before, cli.run("timers", "PO-4711", "--json").expect(0).out());
  }

  @Test
  void everyCommandSendsTheFieldsTheWorkflowExpects() throws IOException {
    startExample();

    String[][] steps = {
      {"enable-timer", "PO-4711", "reminder"},
      {"disable-timer", "PO-4711", "reminder"},
      {"suspend", "PO-4711", "--reason", "budget freeze"},
      {"resume", "PO-4711"},
      {"extend-deadline", "PO-4711", "process", "--limit", "P10D"},
      {"claim", "PO-4711", "--user", "bob", "--step", "manager"},
      {"release", "PO-4711", "--user", "bob", "--step", "manager"},
      {"claim", "PO-4711", "--user", "alice"},
      {"reject", "PO-4711", "--user", "alice", "--comment", "too expensive"},
    };
    for (String[] args : steps) {
      cli.run(args).expect(0);
    }

    JsonNode history = cli.run("history", "PO-4711", "--json").expect(0).json();
    assertEquals(steps.length, history.size());
    history.forEach(entry -> assertTrue(entry.get("accepted").asBoolean(), entry.toString()));
    assertEquals("{\"reason\":\"budget freeze\"}", history.get(2).get("input").toString());
    JsonNode result = cli.run("result", "PO-4711", "--json").expect(0).json();
    assertEquals("REJECTED", result.get("outcome").asText());
    assertEquals("too expensive", result.get("comment").asText());
  }

  @Test
  void abortNeedsAReasonAndEndsTheApproval() throws IOException {
    startExample();
    cli.run("abort", "PO-4711").expect(2);

    assertTrue(
        cli.run("abort", "PO-4711", "--reason", "duplicate").expect(0).out().contains("aborted"));

    assertEquals(
        "ABORTED", cli.run("result", "PO-4711", "--json").expect(0).json().get("outcome").asText());
  }

  @Test
  void suspendedReasonShowsInStatus() throws IOException {
    startExample();
    cli.run("suspend", "approval-PO-4711", "--reason", "budget freeze").expect(0);

    String status = cli.run("status", "PO-4711").expect(0).out();

    assertEquals(List.of("State", "SUSPENDED"), row(status, "State"));
    assertEquals(List.of("Suspended", "budget freeze"), row(status, "Suspended"));
    assertTrue(
        cli.run("approve", "PO-4711", "--user", "alice").expect(1).err().contains("suspended"));
  }

  @Test
  void commandsToAnEndedOrUnknownApprovalAreRefusedPlainly() throws IOException {
    startExample();
    cli.run("approve", "PO-4711", "--user", "alice").expect(0);
    // Decided, the approval closes once its last messages are out (the offer of its step).
    cli.run("result", "PO-4711").expect(0);

    Run ended = cli.run("approve", "PO-4711", "--user", "bob").expect(1);
    Run endedSignal = cli.run("approve", "PO-4711", "--user", "bob", "--signal").expect(1);
    Run unknown = cli.run("claim", "PO-0000", "--user", "bob").expect(1);

    assertTrue(ended.err().contains("approval PO-4711 is not running"), ended.err());
    assertTrue(endedSignal.err().contains("approval PO-4711 is not running"), endedSignal.err());
    assertTrue(unknown.err().contains("approval PO-0000 is not running"), unknown.err());
    assertTrue(cli.run("history", "PO-0000").expect(1).err().contains("no approval PO-0000"));
  }

  // ---- commands as signals --------------------------------------------------------------------

  @Test
  void aRefusedSignalShowsInTheHistory() throws IOException {
    startExample();

    Run sent = cli.run("approve", "PO-4711", "--user", "mallory", "--signal").expect(0);
    assertTrue(sent.out().contains("as a signal"), sent.out());

    JsonNode history = cli.run("history", "PO-4711", "--json").expect(0).json();
    assertEquals(1, history.size());
    assertEquals("signal", history.get(0).get("kind").asText());
    assertFalse(history.get(0).get("accepted").asBoolean());
    List<String> line = rowContaining(cli.run("history", "PO-4711").expect(0).out(), "mallory");
    assertEquals("signal", line.get(1));
    assertEquals("approve", line.get(2));
    assertEquals("rejected", line.get(3));
    assertEquals("{\"user\":\"mallory\"}", line.get(4));
    assertTrue(line.get(5).startsWith("mallory is not a potential owner of step manager"), line.get(5));
    assertEquals("ACTIVE", cli.run("status", "PO-4711", "--json").json().get("state").asText());
  }

  @Test
  void anAcceptedSignalTakesEffect() throws IOException {
    startExample();

    cli.run("approve", "PO-4711", "--user", "bob", "--signal").expect(0);

    assertEquals(
        "APPROVED",
        cli.run("result", "PO-4711", "--json").expect(0).json().get("outcome").asText());
  }

  // ---- reading ---------------------------------------------------------------------------------

  @Test
  void statusTableShowsHeaderStepsAndTimers() throws IOException {
    startExample();

    String status = cli.run("status", "PO-4711").expect(0).out();

    assertEquals(
        List.of("Approval", "PO-4711 (workflow approval-PO-4711)"), row(status, "Approval"));
    assertEquals(List.of("Title", "Purchase order 4711"), row(status, "Title"));
    assertEquals(List.of("Current step", "manager"), row(status, "Current step"));
    assertEquals(List.of("Data", "{ \"amount\" : 12000 }"), row(status, "Data"));
    assertTrue(
        status.contains("STEP     STATE  OWNER  POTENTIAL OWNERS  OUTCOME  DECIDED BY"), status);
    assertEquals(List.of("manager", "READY", "-", "alice,bob", "-", "-"), row(status, "manager"));
    List<String> acceptance = row(status, "manager.acceptance");
    assertEquals(
        List.of("manager.acceptance", "ACCEPTANCE", "RUNNING", "PT4H"), acceptance.subList(0, 4));
    assertEquals(List.of("0"), acceptance.subList(5, 6));
    assertEquals(List.of("reminder", "USER", "OFF", "PT30M", "-", "0"), row(status, "reminder"));
    assertTrue(status.contains("Warnings: none"), status);
  }

  @Test
  void timersTableListsEveryTimer() throws IOException {
    startExample();

    String timers = cli.run("timers", "PO-4711").expect(0).out();

    assertTrue(timers.startsWith("TIMER "), timers);
    for (String name : List.of("process", "manager.acceptance", "manager.completion", "reminder")) {
      row(timers, name);
    }
  }

  @Test
  void extendDeadlineByMovesTheExpirationDate() throws IOException {
    startExample();
    cli.run("enable-timer", "PO-4711", "reminder").expect(0);
    Instant expires = Instant.parse(timer("PO-4711", "reminder").get("expiresAt").asText());

    Run extended = cli.run("extend-deadline", "PO-4711", "reminder", "--by", "PT1H").expect(0);

    Instant moved = Instant.parse(timer("PO-4711", "reminder").get("expiresAt").asText());
    assertEquals(expires.plus(Duration.ofHours(1)), moved);
    assertTrue(extended.out().contains("reminder"), extended.out());
    cli.run("extend-deadline", "PO-4711", "reminder").expect(2);
    cli.run("extend-deadline", "PO-4711", "reminder", "--by", "PT1H", "--limit", "P1D").expect(2);
  }

  @Test
  void anExpiredStepDeadlineShowsAsWarningInStatus() throws IOException {
    startExample();

    cli.sleep(Duration.ofDays(2).plusMinutes(1));

    JsonNode completion = timer("PO-4711", "manager.completion");
    assertTrue(completion.get("expired").asBoolean(), completion.toString());
    String status = cli.run("status", "PO-4711").expect(0).out();
    List<String> warning =
        rowContaining(status.substring(status.indexOf("Warnings")), "manager.completion");
    assertEquals("manager", warning.get(2));
    assertTrue(warning.get(3).startsWith("timer manager.completion expired"), warning.toString());
  }

  @Test
  void anExpiredTimerReadsAsExpiredInTheTablesWhileItsJsonKeepsTheTimerRules() throws IOException {
    startExample();

    cli.sleep(Duration.ofDays(2).plusMinutes(1));

    List<String> timer = row(cli.run("timers", "PO-4711").expect(0).out(), "manager.completion");
    assertEquals("RUNNING (expired, handlers ran)", timer.get(2));
    String status = cli.run("status", "PO-4711").expect(0).out();
    assertEquals("RUNNING (expired, handlers ran)", row(status, "manager.completion").get(2));
    JsonNode json = timer("PO-4711", "manager.completion");
    assertEquals("RUNNING", json.get("state").asText());
    assertTrue(json.get("expired").asBoolean());
  }

  @Test
  void aClearedTimerReadsAsClearedInTheTablesWhileItsJsonKeepsTheTimerRules() throws IOException {
    startExample();

    cli.run("approve", "PO-4711", "--user", "alice").expect(0);

    List<String> timer = row(cli.run("timers", "PO-4711").expect(0).out(), "manager.acceptance");
    assertEquals("CLEARED", timer.get(2));
    JsonNode json = timer("PO-4711", "manager.acceptance");
    assertEquals("OFF", json.get("state").asText());
    assertTrue(json.get("cleared").asBoolean());
  }

  @Test
  void historyShowsAnEventAsNeitherAcceptedNorRejectedWhileItsJsonKeepsTheTrail()
      throws IOException {
    startExample();
    cli.sleep(Duration.ofDays(2).plusMinutes(1));

    List<String> expiry =
        rowContaining(
            cli.run("history", "PO-4711").expect(0).out(), "\"timer\":\"manager.completion\"");

    assertEquals(List.of("event", "TimerExpired", "-"), expiry.subList(1, 4));
    assertEquals("-", expiry.get(expiry.size() - 1));
    for (JsonNode entry : cli.run("history", "PO-4711", "--json").expect(0).json()) {
      assertTrue(entry.get("accepted").asBoolean(), entry.toString());
    }
  }

  // ---- work lists ------------------------------------------------------------------------------

  @Test
  void aListNeedsAServerWithAVisibilityStoreAndSaysHowToStartOne() {
    // The in-memory service, like the worker's, keeps no list of workflows to search.
    Run run = cli.run("list", "--overdue").expect(ExitCodes.UNAVAILABLE);

    assertEquals("", run.out());
    assertEquals(1, run.err().lines().count(), run.err());
    assertTrue(run.err().startsWith("cannot list approvals: "), run.err());
    assertTrue(run.err().contains("has no visibility store"), run.err());
    assertTrue(run.err().contains("start bin/dev-server"), run.err());
    assertFalse(run.err().contains("UNIMPLEMENTED"), run.err());
  }

  @Test
  void editionsNeedAServerWithAVisibilityStoreToo() {
    Run run = cli.run("editions").expect(ExitCodes.UNAVAILABLE);

    assertEquals("", run.out());
    assertTrue(run.err().startsWith("cannot list approvals: "), run.err());
    assertTrue(run.err().contains("start bin/dev-server"), run.err());
  }

  // ---- usage, help and the service not answering -------------------------------------------

  @Test
  void everyCommandHasHelpAndVersion() {
    for (String command :
        List.of(
            "start",
            "enable-timer",
            "disable-timer",
            "suspend",
            "resume",
            "extend-deadline",
            "recalculate",
            "claim",
            "release",
            "start-task",
            "approve",
            "reject",
            "complete",
            "reassign",
            "refresh-owners",
            "update-data",
            "stop-task",
            "delegate",
            "resolve",
            "forward",
            "nominate",
            "skip",
            "set-priority",
            "comment",
            "abort",
            "status",
            "timers",
            "plan",
            "history",
            "result",
            "list",
            "editions",
            "codec-server")) {
      String help = cli.run(command, "--help").expect(0).out();
      assertTrue(help.contains("Exit codes:"), command);
      assertFitsATerminal(help);
      assertTrue(cli.run(command, "--version").expect(0).out().startsWith("overdue "), command);
    }
    // Which runtime answers is the one thing that tells a native executable from a JVM.
    String version = cli.run("--version").expect(0).out();
    assertTrue(version.contains("; Java " + Runtime.version() + ", "), version);
    Run help = cli.run("--help").expect(0);
    assertTrue(help.out().contains("TEMPORAL_ADDRESS"), help.out());
    assertFitsATerminal(help.out());
  }

  /** No line wider than a terminal's 80 columns: the terminal would break it anywhere. */
  private static void assertFitsATerminal(String help) {
    help.lines().forEach(line -> assertTrue(line.length() <= 80, () -> "too wide: " + line));
  }

  @Test
  void aCommandsHelpListsTheOptionsOfEveryCommandInASectionOfTheirOwn() {
    String help = cli.run("approve", "--help").expect(0).out();

    List<String> lines = help.lines().toList();
    int heading = lines.indexOf("For every command, before or after its name:");
    assertTrue(heading > 0, help);
    assertTrue(entry(lines, "--user=") < heading, help);
    assertTrue(entry(lines, "--answer-timeout=") > heading, help);
    assertTrue(entry(lines, "--task-queue=") > heading, help);
    // The codec server never calls Temporal: it has no use for them.
    assertFalse(cli.run("codec-server", "--help").expect(0).out().contains("--task-queue"));
  }

  /** The line of a help's option list that describes {@code option}. */
  private static int entry(List<String> help, String option) {
    for (int i = 0; i < help.size(); i++) {
      if (help.get(i).strip().replaceFirst("^-\\w, ", "").startsWith(option)) {
        return i;
      }
    }
    throw new AssertionError("no entry for " + option + " in\n" + String.join("\n", help));
  }

  @Test
  void usageErrorsExitTwoWithOneLine() {
    Run unknown = cli.run("approv", "PO-1").expect(2);
    assertTrue(unknown.err().contains("Did you mean"), unknown.err());
    Run missing = cli.run("approve", "PO-1").expect(2);
    assertTrue(missing.err().startsWith("Missing required option: '--user=USER'"), missing.err());
    assertTrue(missing.err().contains("Try 'overdue approve --help'"), missing.err());
    cli.run("start", "--file", "x.json", "--request-id", "PO-1").expect(2);
    cli.run("start", "--step", "manager").expect(2);
    cli.run().expect(2);
  }

  @Test
  void aMistypedCommandOrOptionSuggestsTheNamesATypoAwayAndExitsTwo() {
    Run aprove = cli.run("aprove", "PO-1", "--user", "alice").expect(ExitCodes.USAGE);
    assertEquals(
        List.of(
            "Unknown command: 'aprove'",
            "Did you mean: overdue approve?",
            "Try 'overdue --help' for more information."),
        aprove.err().lines().toList());
    assertTrue(
        cli.run("stauts", "PO-1")
            .expect(ExitCodes.USAGE)
            .err()
            .contains("Did you mean: overdue status or overdue start?"));
    assertTrue(
        cli.run("extend", "PO-1", "reminder", "--by", "PT1H")
            .expect(ExitCodes.USAGE)
            .err()
            .contains("Did you mean: overdue extend-deadline?"));
    assertTrue(
        cli.run("history", "PO-1", "--jsn")
            .expect(ExitCodes.USAGE)
            .err()
            .contains("Did you mean: --json or --run?"));
    assertFalse(cli.run("xyz").expect(ExitCodes.USAGE).err().contains("Did you mean"));
  }

  @Test
  void noWorkerOnTheTaskQueueMeansNoAnswerInTime() {
    cli.run("--task-queue", "nobody", "start", "--request-id", "PO-5", "--step", "a=alice")
        .expect(0);

    // --answer-timeout where users put it: after the command, as well as before it.
    Run run = cli.run("approve", "PO-5", "--user", "alice", "--answer-timeout", "2").expect(3);

    assertTrue(
        run.err()
            .startsWith(
                "approval PO-5 did not answer within 2s: is a worker polling its task queue"
                    + " 'nobody'? start one with bin/overdue-worker --task-queue nobody"),
        run.err());
    assertTrue(run.err().contains("may still be applied once a worker runs"), run.err());
    assertEquals(1, run.err().lines().count(), run.err());
  }

  @Test
  void aQueryTheServerGivesUpOnForWantOfAWorkerNamesTheTaskQueueAndHowToStartOne() {
    cli.run("--task-queue", "nobody", "start", "--request-id", "PO-5", "--step", "a=alice")
        .expect(0);
    // What a Temporal server answers when nothing has polled the queue lately (the in-memory
    // service never does: it waits).
    WorkflowClient client =
        clientWhere(
            Map.of(
                "QueryWorkflow",
                Status.FAILED_PRECONDITION.withDescription(
                    "no poller seen for task queue recently, worker may be down")));

    Run run = CliHarness.run(client, "status", "PO-5").expect(ExitCodes.UNAVAILABLE);

    assertEquals(1, run.err().lines().count(), run.err());
    assertTrue(
        run.err()
            .startsWith("approval PO-5 cannot answer: no worker polls its task queue 'nobody'"),
        run.err());
    assertTrue(run.err().contains("(Temporal waited "), run.err());
    assertTrue(
        run.err().endsWith("start one with bin/overdue-worker --task-queue nobody\n"), run.err());
    assertFalse(run.err().contains("FAILED_PRECONDITION"), run.err());
  }

  @Test
  void aQueryPastItsDeadlineWithNoWorkerPollingSaysSoAndHowToStartOne() throws IOException {
    startExample();
    // A server holding the query behind a workflow task no worker takes, past the client's
    // deadline, and knowing no worker polled the queue lately.
    WorkflowClient client =
        clientWhere(
            Map.of(
                "QueryWorkflow",
                Status.DEADLINE_EXCEEDED,
                "DescribeTaskQueue",
                DescribeTaskQueueResponse.getDefaultInstance()));

    Run run = CliHarness.run(client, "timers", "PO-4711").expect(ExitCodes.UNAVAILABLE);

    assertEquals(1, run.err().lines().count(), run.err());
    assertTrue(run.err().startsWith("approval PO-4711 did not answer within "), run.err());
    assertTrue(
        run.err()
            .endsWith(
                "s: no worker polls its task queue 'overdue'; start one with bin/overdue-worker\n"),
        run.err());
    assertFalse(run.err().contains("DEADLINE_EXCEEDED"), run.err());
  }

  @Test
  void aQueryUnansweredThoughAWorkerPolledLatelyNamesThatWorker() throws IOException {
    startExample();
    PollerInfo poller =
        PollerInfo.newBuilder()
            .setIdentity("4242@approvals-1")
            .setLastAccessTime(Timestamp.newBuilder().setSeconds(1_795_000_000))
            .build();
    WorkflowClient client =
        clientWhere(
            Map.of(
                "QueryWorkflow",
                Status.DEADLINE_EXCEEDED,
                "DescribeTaskQueue",
                DescribeTaskQueueResponse.newBuilder().addPollers(poller).build()));

    Run run = CliHarness.run(client, "status", "PO-4711").expect(ExitCodes.UNAVAILABLE);

    assertTrue(
        run.err()
            .contains(
                "; its task queue 'overdue' was last polled at "
                    + Instant.ofEpochSecond(1_795_000_000)
                    + " by 4242@approvals-1: if that worker still runs, its log says why it does"
                    + " not answer; else start one with bin/overdue-worker"),
        run.err());
  }

  /**
   * A client of the test service on which each call named in {@code answers} gets that answer at
   * once, as a server would give it: a {@link Status} fails the call, a message is the response. It
   * tries each call once.
   */
  private WorkflowClient clientWhere(Map<String, Object> answers) {
    WorkflowServiceStubs stubs =
        WorkflowServiceStubs.newServiceStubs(
            WorkflowServiceStubsOptions.newBuilder()
                .setChannel(cli.env.getWorkflowServiceStubs().getRawChannel())
                .setGrpcClientInterceptors(List.of(answering(answers)))
                .setRpcRetryOptions(RpcRetryOptions.newBuilder().setMaximumAttempts(1).build())
                .build());
    return WorkflowClient.newInstance(
        stubs, WorkflowClientOptions.newBuilder().setNamespace(cli.env.getNamespace()).build());
  }

  private static ClientInterceptor answering(Map<String, Object> answers) {
    return new ClientInterceptor() {
      @Override
      public <Q, A> ClientCall<Q, A> interceptCall(
          MethodDescriptor<Q, A> descriptor, CallOptions options, Channel next) {
        Object answer = answers.get(descriptor.getBareMethodName());
        if (answer == null) {
          return next.newCall(descriptor, options);
        }
        return new ClientCall<>() {
          @Override
          public void start(Listener<A> listener, Metadata headers) {
            if (answer instanceof Status status) {
              listener.onClose(status, new Metadata());
              return;
            }
            listener.onHeaders(new Metadata());
            @SuppressWarnings("unchecked") // the response type of the method named
            A response = (A) answer;
            listener.onMessage(response);
            listener.onClose(Status.OK, new Metadata());
          }

          @Override
          public void request(int count) {}

          @Override
          public void cancel(String message, Throwable cause) {}

          @Override
          public void halfClose() {}

          @Override
          public void sendMessage(Q message) {}
        };
      }
    };
  }
}
