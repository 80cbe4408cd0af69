package dev.overdue.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.client.Approvals;
import dev.overdue.starter.CliHarness.Run;
import io.temporal.client.WorkflowNotFoundException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hostile start requests (issue 7): {@code overdue start} checks the request before anything starts,
 * prints what is wrong (naming the field, never echoing megabytes), exits 1 (invalid request) or 2
 * (usage), and no workflow exists afterwards.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class StartValidationTest {
  private static CliHarness cli;
  @TempDir static Path dir;

  @BeforeAll
  static void startService() {
    cli = new CliHarness();
  }

  @AfterAll
  static void stopService() {
    cli.close();
  }

  private static final String STEP = "\"steps\": [{\"name\": \"manager\", \"approvers\": [\"alice\"]}]";

  private static String request(String id, String rest) {
    return "{\"requestId\": \"" + id + "\", " + STEP + (rest.isEmpty() ? "" : ", " + rest) + "}";
  }

  private static String timers(int count, String handlers) {
    return "\"timers\": ["
        + String.join(",", IntStream.range(0, count).mapToObj(i -> "{\"name\": \"t" + i + "\", \"limit\": \"PT1H\"" + handlers + "}").toList())
        + "]";
  }

  private static String notify(String fields) {
    return ", \"handlers\": [{\"action\": \"notify\", " + fields + "}]";
  }

  record Row(String label, String requestId, Supplier<String> file, String fragment) {}

  @TestFactory
  Stream<DynamicTest> aBadRequestFileIsRefusedWithWhatIsWrongAndNothingStarts() {
    String mb10 = "x".repeat(10 << 20);
    List<Row> rows =
        List.of(
            new Row("100,000 timers", "BAD-1", () -> request("BAD-1", timers(100_000, "")), "timers: at most 100 timers, got 100000"),
            new Row("unknown field", "BAD-2", () -> request("BAD-2", "\"deadline\": \"P1D\""),
                "invalid approval request:\n  1. deadline: unknown field (known: auth, businessAdministrators, calendar, data, dataForm, keyFields, notifyOffered, onTimeout, requestId, requester, steps, timeout, timers, title)"),
            new Row("unknown field in a step", "BAD-3", () -> "{\"requestId\": \"BAD-3\", \"steps\": [{\"name\": \"m\", \"approver\": [\"alice\"]}]}",
                "steps[0].approver: unknown field"),
            new Row("month limit", "BAD-4", () -> request("BAD-4", "\"timeout\": \"P1M\""), "timeout: 'P1M': months and years have no fixed length"),
            new Row("negative limit", "BAD-5", () -> request("BAD-5", "\"timeout\": \"-PT1H\""), "timeout: a duration must be positive, got -PT1H"),
            new Row("zero limit", "BAD-6", () -> request("BAD-6", "\"timeout\": 0"), "timeout: a relative time limit must be positive"),
            new Row("date in the past", "BAD-7", () -> request("BAD-7", "\"timeout\": \"2001-01-01T00:00:00Z\""), "timeout: 2001-01-01T00:00:00Z is in the past"),
            new Row("year 10000", "BAD-8", () -> request("BAD-8", "\"timeout\": \"+10000-01-01T00:00:00Z\""),
                "timeout: +10000-01-01T00:00:00Z is too far in the future (at most 100 years ahead)"),
            new Row("bad Mustache template", "BAD-9", () -> request("BAD-9", timers(1, notify("\"to\": [\"alice\"], \"subject\": \"{{/late}}\""))),
                "timers[0].handlers[0]: notify 'subject' is not a valid Mustache template: "),
            new Row("101 recipients", "BAD-10", () -> request("BAD-10", timers(1, notify("\"to\": ["
                    + String.join(",", IntStream.range(0, 101).mapToObj(i -> "\"u" + i + "\"").toList()) + "]"))),
                "timers[0].handlers[0]: notify 'to': at most 100 recipients (a group counts as one), got 101"),
            new Row("recipient of 1,000 characters", "BAD-11", () -> request("BAD-11", timers(1, notify("\"to\": [\"" + "r".repeat(1_000) + "\"]"))),
                "is too long (at most 320 characters)"),
            new Row("message of 10,001 characters", "BAD-12", () -> request("BAD-12", timers(1, notify("\"to\": [\"alice\"], \"message\": \"" + "m".repeat(10_001) + "\""))),
                "notify 'message' is too long (10001 characters, at most 10000)"),
            new Row("data of 100 KB", "BAD-13", () -> request("BAD-13", "\"data\": {\"blob\": \"" + "d".repeat(100_000) + "\"}"),
                "data: too large (100011 characters of JSON, at most 65536)"),
            new Row("10 MB title", "BAD-14", () -> request("BAD-14", "\"title\": \"" + mb10 + "\""), "title: too long (10485760 characters, at most 500)"),
            new Row("201 approvers", "BAD-15", () -> "{\"requestId\": \"BAD-15\", \"steps\": [{\"name\": \"m\", \"approvers\": ["
                    + String.join(",", IntStream.range(0, 201).mapToObj(i -> "\"u" + i + "\"").toList()) + "]}]}",
                "steps[0].approvers: at most 100 approvers, got 201"),
            new Row("10 MB request id", null, () -> "{\"requestId\": \"" + mb10 + "\", " + STEP + "}", "requestId: required; letters, digits"),
            new Row("steps as text", "BAD-17", () -> "{\"requestId\": \"BAD-17\", \"steps\": \"manager\"}", "steps: expected an array, got text"),
            new Row("not JSON", "BAD-18", () -> "{\"requestId\": \"BAD-18\", ", "is not valid JSON: line 1, column "),
            new Row("a JSON array", null, () -> "[]", "the request must be one JSON object, got ARRAY"));
    return rows.stream()
        .map(row -> DynamicTest.dynamicTest(row.label(),
            () -> assertTimeoutPreemptively(Duration.ofSeconds(60), () -> refusedFile(row))));
  }

  private static void refusedFile(Row row) throws IOException {
    Path file = Files.writeString(dir.resolve(row.label().replaceAll("\\W", "_") + ".json"), row.file().get());
    Run run = cli.run("start", "--file", file.toString()).expect(ExitCodes.REFUSED);
    assertEquals("", run.out());
    assertTrue(run.err().contains(row.fragment()), run.err().length() > 3_000 ? run.err().substring(0, 3_000) : run.err());
    assertTrue(run.err().length() < 3_000, "stderr of " + run.err().length() + " characters");
    if (row.requestId() != null) {
      assertNothingStarted(row.requestId());
    }
    System.out.println("START-REFUSED | " + row.label() + " | " + run.err().strip().replace("\n", " ⏎ "));
  }

  private static void assertNothingStarted(String requestId) {
    assertThrows(
        WorkflowNotFoundException.class,
        () -> cli.env.getWorkflowClient().newUntypedWorkflowStub(Approvals.workflowId(requestId)).describe());
    assertTrue(cli.run("status", requestId).expect(ExitCodes.REFUSED).err().contains("no approval " + requestId));
  }

  @Test
  void badFlagsAreRefusedBeforeAnythingStarts() {
    Run far = cli.run("start", "--request-id", "FLAGS-1", "--step", "manager=alice", "--timeout", "+10000-01-01T00:00:00Z").expect(ExitCodes.REFUSED);
    assertTrue(far.err().contains("timeout: +10000-01-01T00:00:00Z is too far in the future"), far.err());
    assertNothingStarted("FLAGS-1");

    Run month = cli.run("start", "--request-id", "FLAGS-2", "--step", "manager=alice", "--timer", "reminder=P1M").expect(ExitCodes.REFUSED);
    assertTrue(month.err().contains("timers[0].limit: 'P1M': months and years"), month.err());
    assertNothingStarted("FLAGS-2");

    Run longName = cli.run("start", "--request-id", "FLAGS-3", "--step", "m=" + "a".repeat(201)).expect(ExitCodes.REFUSED);
    assertTrue(longName.err().contains("steps[0].approvers: '" + "a".repeat(100) + "… (201 characters)' is too long"), longName.err());
    assertNothingStarted("FLAGS-3");
  }

  @Test
  void malformedFlagsAreUsageErrors() {
    Run step = cli.run("start", "--request-id", "FLAGS-4", "--step", "manager").expect(ExitCodes.USAGE);
    assertTrue(step.err().contains("'manager' is not NAME=VALUE"), step.err());
    Run both = cli.run("start", "--file", "x.json", "--request-id", "FLAGS-5").expect(ExitCodes.USAGE);
    assertTrue(both.err().contains("mutually exclusive"), both.err());
    cli.run("start").expect(ExitCodes.USAGE);
    assertNothingStarted("FLAGS-4");
    assertNothingStarted("FLAGS-5");
  }
}
