package dev.overdue.workflow;

import static dev.overdue.workflow.ApprovalTestEnvironment.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.protobuf.ByteString;
import dev.overdue.api.CommandResult;
import dev.overdue.api.HistoryEntry;
import dev.overdue.api.StatusInfo;
import dev.overdue.api.TimerInfo;
import dev.overdue.client.Approvals;
import dev.overdue.client.RefusedException;
import dev.overdue.model.Texts;
import io.temporal.api.common.v1.Payload;
import io.temporal.api.enums.v1.EventType;
import io.temporal.api.enums.v1.WorkflowExecutionStatus;
import io.temporal.api.enums.v1.WorkflowTaskFailedCause;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.client.WorkflowException;
import io.temporal.client.WorkflowFailedException;
import io.temporal.client.WorkflowNotFoundException;
import io.temporal.client.WorkflowOptions;
import io.temporal.client.WorkflowStub;
import io.temporal.client.WorkflowUpdateException;
import io.temporal.common.WorkflowExecutionHistory;
import io.temporal.common.converter.RawValue;
import io.temporal.failure.TemporalFailure;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;

/**
 * Hostile and bad input (issue 7): every command, as a Signal and as an Update, with malformed
 * payloads, wrong types, unknown fields, unknown timers and steps, bad durations and dates, absurd
 * sizes, users who are not approvers, and after the end; a burst of 10,000 signals; and start
 * requests that must be refused before anything starts. Each row is applied or refused with its
 * reason (an Update's exception, a Signal's entry in the audit trail), the workflow never fails a
 * task or blocks, and status, timers and history answer right after.
 *
 * <p>The results go to {@code target/reliability/hostile-input.md}, the table of
 * docs/reliability/input.md. The tests that move the clock run last, each on a test service of
 * its own.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class HostileInputTest {
  private static ApprovalTestEnvironment t;
  private static final AtomicInteger approvals = new AtomicInteger();
  /** Approvals refused rows share, by state and way of sending: refusals change nothing. */
  private static final Map<String, String> shared = new LinkedHashMap<>();
  private static final List<String> report = new ArrayList<>();

  private static final String REQUEST =
      "{'requestId':'%s','title':'Hostile input','requester':'carol','timeout':'P5D',"
          + "'steps':[{'name':'manager','approvers':['alice','bob'],'offerTimeout':'PT4H','timeout':'P2D'},"
          + "{'name':'finance','approvers':['frank']}],"
          + "'timers':[{'name':'reminder','limit':'PT30M'}]}";
  private static final String TIMERS = "(timers: process, manager.acceptance, manager.completion, reminder)";

  /** The state a row is sent in, and the accepted Updates that lead there. */
  enum State {
    ACTIVE(),
    SUSPENDED("suspend", "{'reason':'audit'}"),
    CLAIMED_BY_BOB("claim", "{'user':'bob'}");

    final String[] setup;

    State(String... setup) {
      this.setup = setup;
    }

    String label() {
      return name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }
  }

  enum Via {
    UPDATE,
    SIGNAL
  }

  enum Result {
    APPLIED,
    REFUSED,
    /** The service refused the call: nothing reached the workflow. */
    NOT_DELIVERED
  }

  record Expect(Result result, String fragment) {}

  record Observed(Result result, String text) {
    String cell() {
      String shown = Texts.abbreviate(text.replace("|", "\\|").replace("\n", " ").replaceAll("\\p{Cntrl}", "?"), 400);
      return switch (result) {
        case APPLIED -> "applied" + (shown.isEmpty() ? "" : ": " + shown);
        case REFUSED -> "refused: " + shown;
        case NOT_DELIVERED -> "not delivered: " + shown;
      };
    }
  }

  /**
   * One row: a command, what it sends (built on demand: some are megabytes), in which state, what
   * is expected, and whether it needs an approval of its own.
   */
  record Row(String command, String label, State state, Supplier<Object[]> args, Expect expect, boolean ownApproval) {
    Row(String command, String label, State state, Supplier<Object[]> args, Expect expect) {
      this(command, label, state, args, expect, false);
    }

    /**
     * On an approval of its own. Megabyte rows are: three 1 MB signals make a shared run continue
     * as new by size, and the test service then leaks a time-skipping lock (see docs/reliability/input.md).
     */
    Row alone() {
      return new Row(command, label, state, args, expect, true);
    }
  }

  @BeforeAll
  static void startService() {
    t = new ApprovalTestEnvironment();
  }

  @AfterAll
  static void writeReportAndStop() throws IOException {
    try {
      Path file = Path.of("target/reliability/hostile-input.md");
      Files.createDirectories(file.getParent());
      Files.write(file, report);
    } finally {
      t.close();
    }
  }

  // ---- the table -----------------------------------------------------------------------------

  @Order(1)
  @TestFactory
  Stream<DynamicTest> everyCommandWithBadInputAsUpdateAndAsSignal() {
    report.add("| command | input | state | as Update | as Signal |");
    report.add("|---|---|---|---|---|");
    List<Row> rows = new ArrayList<>();
    for (String command : Commands.NAMES) {
      rows.addAll(everyCommand(command));
    }
    rows.addAll(specific());
    Stream<DynamicTest> table =
        rows.stream()
            .map(row -> DynamicTest.dynamicTest(row.command() + " " + row.label() + " (" + row.state().label() + ")",
                () -> assertTimeoutPreemptively(Duration.ofSeconds(60), () -> run(row))));
    return Stream.concat(
        table,
        Stream.of(
            DynamicTest.dynamicTest(
                "the approvals that took every refusal still apply a valid command",
                HostileInputTest::sharedApprovalsStillWork)));
  }

  /** Rows every command gets. */
  private static List<Row> everyCommand(String command) {
    List<Row> rows = new ArrayList<>();
    rows.add(row(command, "no argument", () -> new Object[0], withoutInput(command)));
    rows.add(row(command, "malformed JSON `{\"timer\":`", raw("json/plain", "{\"timer\":"), refused("the input is not JSON: ")));
    rows.add(row(command, "JSON nested 2,000 levels deep", raw("json/plain", "{\"a\":".repeat(2_000) + "1" + "}".repeat(2_000)),
        refused("the input is not JSON: ")));
    rows.add(row(command, "binary payload (`binary/plain`)", raw("binary/plain", "\u0000\u0001\u0002"), refused("the input is not JSON: ")));
    rows.add(row(command, "binary payload of 1 MB", raw("binary/plain", "b".repeat(1 << 20)), refused("the input is not JSON: ")).alone());
    rows.add(row(command, "encrypted payload, worker without the codec (`binary/encrypted`)", raw("binary/encrypted", "c2VjcmV0"),
        refused("the input is not JSON: No PayloadConverter is registered for an encoding: binary/encrypted")));
    rows.add(row(command, "JSON array `[]`", json("[]"), refused(command + " takes one JSON object, got ARRAY")));
    rows.add(row(command, "JSON string `\"approve\"`", json("'approve'"), refused(command + " takes one JSON object, got STRING")));
    rows.add(row(command, "JSON number `42`", json("42"), refused(command + " takes one JSON object, got NUMBER")));
    rows.add(row(command, "unknown field `{\"approver\":\"alice\"}`", json("{'approver':'alice'}"),
        refused("unknown field 'approver' for " + command + " (fields: ")));
    String field = MAIN_FIELD.get(command);
    rows.add(row(command, "10 MB `" + field + "`", sized(command, 10 << 20), notDelivered("RESOURCE_EXHAUSTED")).alone());
    rows.add(row(command, "1 MB `" + field + "`", sized(command, 1 << 20), refused(tooLong(command, 1 << 20))).alone());
    return rows;
  }

  /** The text field each command's size rows fill; resume has none, so it gets an unknown one. */
  private static final Map<String, String> MAIN_FIELD =
      Map.ofEntries(Map.entry("enableTimer", "timer"), Map.entry("disableTimer", "timer"),
          Map.entry("suspend", "reason"), Map.entry("resume", "reason"), Map.entry("extendDeadline", "limit"),
          Map.entry("claim", "user"), Map.entry("start", "user"), Map.entry("release", "user"),
          Map.entry("approve", "comment"), Map.entry("reject", "comment"), Map.entry("complete", "comment"),
          Map.entry("abort", "reason"), Map.entry("recalculate", "user"), Map.entry("updateData", "user"),
          Map.entry("reassign", "user"), Map.entry("refreshOwners", "user"), Map.entry("stop", "user"),
          Map.entry("delegate", "comment"), Map.entry("resolve", "comment"), Map.entry("forward", "comment"),
          Map.entry("nominate", "user"), Map.entry("skip", "reason"), Map.entry("setPriority", "user"),
          Map.entry("comment", "text"), Map.entry("setFollowUp", "at"), Map.entry("nudge", "user"));

  private static Supplier<Object[]> sized(String command, int size) {
    return () -> {
      ObjectNode input = JsonNodeFactory.instance.objectNode();
      switch (command) {
        case "extendDeadline" -> input.put("timer", "process");
        case "approve", "reject" -> input.put("user", "alice");
        case "complete" -> {
          input.put("user", "alice");
          input.put("outcome", "APPROVED");
        }
        default -> {}
      }
      input.put(MAIN_FIELD.get(command), "x".repeat(size));
      return new Object[] {input};
    };
  }

  private static String tooLong(String command, int size) {
    String field = MAIN_FIELD.get(command);
    if (command.equals("resume")) {
      return "unknown field 'reason' for resume (fields: none)";
    }
    int max =
        switch (field) {
          case "timer", "user" -> 200;
          case "limit", "at" -> 100;
          default -> Commands.MAX_FIELD_LENGTH;
        };
    return "'" + field + "' is too long (" + size + " characters, at most " + max + ")";
  }

  private static Expect withoutInput(String command) {
    return switch (command) {
      case "enableTimer", "disableTimer" -> refused("'timer' is required");
      case "suspend" -> applied("process suspended");
      case "resume" -> refused("the process is not suspended");
      case "extendDeadline" -> refused("extendDeadline needs exactly one of 'limit' (a new time limit) and 'by'");
      case "abort" -> refused("'reason' is required");
      case "refreshOwners" -> refused("step manager has no candidate groups to look up again");
      case "recalculate" -> refused("nothing to recalculate: no timer of this approval counts in the business calendar");
      default -> refused("'user' is required");
    };
  }

  /** Rows about each command's own fields and rules. */
  private static List<Row> specific() {
    State active = State.ACTIVE;
    State suspended = State.SUSPENDED;
    State claimed = State.CLAIMED_BY_BOB;
    String tenThousand = "c".repeat(Commands.MAX_FIELD_LENGTH);
    return List.of(
        // enableTimer / disableTimer: unknown, system and mistyped timers
        row("enableTimer", "unknown timer `nosuch`", json("{'timer':'nosuch'}"), refused("unknown timer nosuch " + TIMERS)),
        row("enableTimer", "timer name in the wrong case `Reminder`", json("{'timer':'Reminder'}"), refused("unknown timer Reminder")),
        row("enableTimer", "system timer `process`", json("{'timer':'process'}"),
            refused("timer process is a system timer: the process switches it itself (extendDeadline can move it)")),
        row("enableTimer", "number for a name `{\"timer\":42}`", json("{'timer':42}"), refused("unknown timer 42")),
        row("enableTimer", "object for a name", json("{'timer':{'name':'reminder'}}"), refused("'timer' must be a string, got OBJECT")),
        row("enableTimer", "blank name", json("{'timer':'   '}"), refused("'timer' is required")),
        row("enableTimer", "201-character name", json("{'timer':'" + "t".repeat(201) + "'}"), refused("'timer' is too long (201 characters, at most 200)")),
        row("enableTimer", "a user timer", json("{'timer':'reminder'}"), applied("timer reminder enabled, expires ")),
        row("enableTimer", "duplicate key `{\"timer\":\"nosuch\",\"timer\":\"reminder\"}`",
            raw("json/plain", "{\"timer\":\"nosuch\",\"timer\":\"reminder\"}"), applied("timer reminder enabled")),
        row("enableTimer", "a user timer", suspended, json("{'timer':'reminder'}"), refused("timers cannot be enabled while the process is suspended")),
        row("disableTimer", "a timer that is off", json("{'timer':'reminder'}"), refused("timer reminder: ")),
        row("disableTimer", "system timer `manager.acceptance`", json("{'timer':'manager.acceptance'}"), refused("timer manager.acceptance is a system timer")),
        row("disableTimer", "unknown timer", json("{'timer':'nosuch'}"), refused("unknown timer nosuch " + TIMERS)),
        row("disableTimer", "array for a name", json("{'timer':['reminder']}"), refused("'timer' must be a string, got ARRAY")),
        // suspend / resume
        row("suspend", "number for a reason `{\"reason\":42}`", json("{'reason':42}"), applied("process suspended")),
        row("suspend", "boolean for a reason", json("{'reason':true}"), refused("'reason' must be a string, got BOOLEAN")),
        row("suspend", "reason of 10,000 characters (the limit)", json("{'reason':'" + tenThousand + "'}"), applied("process suspended")),
        row("suspend", "reason of 10,001 characters", json("{'reason':'" + tenThousand + "c'}"), refused("'reason' is too long (10001 characters, at most 10000)")),
        row("suspend", "two arguments", () -> new Object[] {json("{'reason':'a'}"), json("{'extra':1}")}, applied("process suspended")),
        row("suspend", "again", suspended, json("{'reason':'again'}"), refused("the process is already suspended")),
        row("resume", "`{}`", suspended, json("{}"), applied("process resumed")),
        row("resume", "unknown field `{\"force\":true}`", json("{'force':true}"), refused("unknown field 'force' for resume (fields: none)")),
        // extendDeadline: unknown timers, negative and zero durations, dates past and far
        row("extendDeadline", "unknown timer", json("{'timer':'nosuch','by':'PT1H'}"), refused("unknown timer nosuch " + TIMERS)),
        row("extendDeadline", "neither limit nor by", json("{'timer':'process'}"), refused("extendDeadline needs exactly one of 'limit'")),
        row("extendDeadline", "both limit and by", json("{'timer':'process','limit':'PT1H','by':'PT1H'}"), refused("extendDeadline needs exactly one of 'limit'")),
        row("extendDeadline", "negative by `-PT1H`", json("{'timer':'process','by':'-PT1H'}"), refused("a duration must be positive, got -PT1H")),
        row("extendDeadline", "zero by `PT0S`", json("{'timer':'process','by':'PT0S'}"), refused("a duration must be positive, got PT0S")),
        row("extendDeadline", "negative limit `-PT1H`", json("{'timer':'process','limit':'-PT1H'}"), refused("a duration must be positive, got -PT1H")),
        row("extendDeadline", "negative limit `PT-1H`", json("{'timer':'process','limit':'PT-1H'}"), refused("a duration must be positive, got PT-1H")),
        row("extendDeadline", "zero seconds `0`", json("{'timer':'process','limit':'0'}"), refused("a relative time limit must be positive, got PT0S")),
        row("extendDeadline", "negative number `-5`", json("{'timer':'process','limit':-5}"), refused("'-5' is not an ISO-8601 duration")),
        row("extendDeadline", "month `P1M`", json("{'timer':'process','by':'P1M'}"), refused("'P1M': months and years have no fixed length; give days (P30D) instead")),
        row("extendDeadline", "date in the past `2001-01-01T00:00:00Z`", json("{'timer':'process','limit':'2001-01-01T00:00:00Z'}"),
            refused("the new deadline 2001-01-01T00:00Z is not in the future (now ")),
        row("extendDeadline", "epoch `1970-01-01T00:00:00Z`", json("{'timer':'process','limit':'1970-01-01T00:00:00Z'}"), refused("is not in the future")),
        row("extendDeadline", "year 10000 without sign `10000-01-01T00:00:00Z`", json("{'timer':'process','limit':'10000-01-01T00:00:00Z'}"),
            refused("'10000-01-01T00:00:00Z' is not a time limit")),
        row("extendDeadline", "year 10000 `+10000-01-01T00:00:00Z`", json("{'timer':'process','limit':'+10000-01-01T00:00:00Z'}"),
            refused("the new deadline +10000-01-01T00:00Z is too far in the future (at most 100 years ahead, until ")),
        row("extendDeadline", "year 9999 `9999-12-31T23:59:59Z`", json("{'timer':'process','limit':'9999-12-31T23:59:59Z'}"), refused("is too far in the future")),
        row("extendDeadline", "the last representable date `+999999999-12-31T23:59:59Z`", json("{'timer':'process','limit':'+999999999-12-31T23:59:59Z'}"),
            refused("is too far in the future")),
        row("extendDeadline", "100 years and a day `P36526D`", json("{'timer':'process','limit':'P36526D'}"), refused("is too far in the future")),
        row("extendDeadline", "by 100 years `P36521D` (past the bound)", json("{'timer':'process','by':'P36521D'}"), refused("is too far in the future")),
        row("extendDeadline", "100 years `P36525D` (the bound)", json("{'timer':'process','limit':'P36525D'}"), applied("timer process limit P36525D, expires ")),
        row("extendDeadline", "29 February of a common year", json("{'timer':'process','limit':'2027-02-29T00:00:00Z'}"), refused("is not a time limit")),
        row("extendDeadline", "exponent `1e3`", json("{'timer':'process','limit':'1e3'}"), refused("'1e3' is not a time limit")),
        row("extendDeadline", "boolean limit", json("{'timer':'process','limit':true}"), refused("'limit' must be a string, got BOOLEAN")),
        row("extendDeadline", "a nanosecond more `PT1H0.000000001S`", json("{'timer':'process','limit':'PT1H0.000000001S'}"), applied("timer process limit PT1H0.000000001S")),
        row("extendDeadline", "a system timer by an hour", json("{'timer':'manager.acceptance','by':'PT1H'}"), applied("timer manager.acceptance limit ")),
        // claim / release / approve / reject: users who are not approvers, unknown steps, owners
        row("claim", "not an approver `mallory`", json("{'user':'mallory'}"), refused("mallory is not a potential owner of step manager (candidate users: alice, bob)")),
        row("claim", "approver in the wrong case `ALICE`", json("{'user':'ALICE'}"), refused("ALICE is not a potential owner of step manager")),
        row("claim", "approver with spaces `\" alice \"`", json("{'user':' alice '}"), refused(" alice  is not a potential owner of step manager")),
        row("claim", "look-alike `аlice` (Cyrillic а)", json("{'user':'\u0430lice'}"), refused("\u0430lice is not a potential owner of step manager")),
        row("claim", "number for a user", json("{'user':42}"), refused("42 is not a potential owner of step manager")),
        row("claim", "a later step `finance`", json("{'user':'alice','step':'finance'}"), refused("step finance is not the current step (current step: manager)")),
        row("claim", "unknown step", json("{'user':'alice','step':'nosuch'}"), refused("unknown step nosuch (current step: manager)")),
        row("claim", "claimed by another", claimed, json("{'user':'alice'}"), refused("step manager is already claimed by bob")),
        row("claim", "while suspended", suspended, json("{'user':'alice'}"), refused("task actions are not allowed while the process is suspended")),
        row("claim", "an approver", json("{'user':'alice'}"), applied("step manager claimed by alice")),
        row("release", "a task nobody claimed", json("{'user':'alice'}"), refused("")),
        row("release", "someone else's claim", claimed, json("{'user':'alice'}"), refused("only the owner bob can release step manager")),
        row("release", "not an approver", claimed, json("{'user':'mallory'}"), refused("mallory is not a potential owner of step manager")),
        row("release", "the owner", claimed, json("{'user':'bob'}"), applied("step manager released by bob")),
        row("approve", "not an approver `mallory`", json("{'user':'mallory'}"), refused("mallory is not a potential owner of step manager (candidate users: alice, bob)")),
        row("approve", "approver of a later step `frank`", json("{'user':'frank'}"), refused("frank is not a potential owner of step manager")),
        row("approve", "no user", json("{'comment':'ok'}"), refused("'user' is required")),
        row("approve", "unknown field `step`", json("{'user':'alice','step':'manager'}"), refused("unknown field 'step' for approve (fields: comment, output, user)")),
        row("approve", "someone else's claim", claimed, json("{'user':'alice'}"), refused("step manager is claimed by bob; only they can decide it")),
        row("approve", "field name of 1 MB", () -> new Object[] {JsonNodeFactory.instance.objectNode().put("user", "alice").put("k".repeat(1 << 20), 1)},
            refused("… (1048576 characters)' for approve (fields: comment, output, user)")).alone(),
        row("approve", "comment of 10,001 characters", json("{'user':'alice','comment':'" + tenThousand + "c'}"), refused("'comment' is too long (10001 characters, at most 10000)")),
        row("approve", "comment of 10,000 characters (the limit)", json("{'user':'alice','comment':'" + tenThousand + "'}"), applied("step manager approved by alice; approval is ACTIVE")),
        row("reject", "not an approver", json("{'user':'mallory'}"), refused("mallory is not a potential owner of step manager")),
        row("reject", "array for a comment", json("{'user':'bob','comment':['no']}"), refused("'comment' must be a string, got ARRAY")),
        row("reject", "an approver", json("{'user':'bob','comment':'over budget'}"), applied("step manager rejected by bob; approval is REJECTED")),
        // abort
        row("abort", "empty reason", json("{'reason':''}"), refused("'reason' is required")),
        row("abort", "blank reason", json("{'reason':'   '}"), refused("'reason' is required")),
        row("abort", "JSON `null`", raw("json/plain", "null"), refused("'reason' is required")),
        row("abort", "a reason", json("{'reason':'duplicate'}"), applied("approval aborted")),
        row("abort", "a reason", suspended, json("{'reason':'duplicate'}"), applied("approval aborted")),
        // recalculate
        row("recalculate", "an approval that counts nothing in the calendar", json("{'user':'carol'}"),
            refused("nothing to recalculate: no timer of this approval counts in the business calendar")),
        row("recalculate", "unknown field `{\"calendar\":\"UTC\"}`", json("{'calendar':'UTC'}"),
            refused("unknown field 'calendar' for recalculate (fields: user)")),
        // an unknown command name
        row("approveAll", "an unknown command", json("{'user':'alice'}"),
            refused("unknown command 'approveAll' (commands: enableTimer, disableTimer, suspend, resume, extendDeadline, recalculate, claim, start, release, approve, reject, complete, abort, updateData, reassign, refreshOwners, stop, delegate, resolve, forward, nominate, skip, setPriority, comment, setFollowUp, nudge)")));
  }

  private static Row row(String command, String label, Supplier<Object[]> args, Expect expect) {
    return new Row(command, label, State.ACTIVE, args, expect);
  }

  private static Row row(String command, String label, JsonNode input, Expect expect) {
    return row(command, label, State.ACTIVE, input, expect);
  }

  private static Row row(String command, String label, State state, JsonNode input, Expect expect) {
    return new Row(command, label, state, () -> new Object[] {input}, expect);
  }

  private static Supplier<Object[]> raw(String encoding, String data) {
    return () ->
        new Object[] {
          new RawValue(
              Payload.newBuilder()
                  .putMetadata("encoding", ByteString.copyFromUtf8(encoding))
                  .setData(ByteString.copyFromUtf8(data))
                  .build())
        };
  }

  private static Expect applied(String fragment) {
    return new Expect(Result.APPLIED, fragment);
  }

  private static Expect refused(String fragment) {
    return new Expect(Result.REFUSED, fragment);
  }

  private static Expect notDelivered(String fragment) {
    return new Expect(Result.NOT_DELIVERED, fragment);
  }

  /** Sends the row as an Update and as a Signal, each to an approval in the row's state, and checks both. */
  private static void run(Row row) {
    Map<Via, Observed> observed = new LinkedHashMap<>();
    for (Via via : Via.values()) {
      String id = row.expect().result() == Result.APPLIED || row.ownApproval() ? fresh(row.state()) : shared(row.state(), via);
      StatusInfo statusBefore = t.status(id);
      List<TimerInfo> timersBefore = t.approvals.timers(id);
      Observed result = send(id, row, via);
      observed.put(via, result);
      String what = row.command() + " " + row.label() + " as " + via + ": " + result;
      assertEquals(row.expect().result(), result.result(), Texts.abbreviate(what, 2_000));
      if (via == Via.UPDATE || result.result() != Result.APPLIED) {
        assertTrue(result.text().contains(row.expect().fragment()), Texts.abbreviate(what, 2_000) + "\n  expected: " + row.expect().fragment());
      }
      // A reason quotes hostile input shortly, whatever its size.
      assertTrue(result.text().length() <= 1_000, "a reason of " + result.text().length() + " characters");
      // The approval answers at once, has not failed a task, and a refusal changed nothing.
      StatusInfo status = assertAnswers(id);
      if (result.result() != Result.APPLIED) {
        assertEquals(statusBefore, status, what);
        assertEquals(timersBefore, t.approvals.timers(id), what);
      }
      assertNeverFailed(id, status);
    }
    report.add(
        "| `" + row.command() + "` | " + row.label() + " | " + row.state().label() + " | "
            + observed.get(Via.UPDATE).cell() + " | " + observed.get(Via.SIGNAL).cell() + " |");
  }

  private static Observed send(String id, Row row, Via via) {
    WorkflowStub stub = stub(id);
    Object[] args = row.args().get();
    if (via == Via.UPDATE) {
      try {
        return new Observed(Result.APPLIED, stub.update(row.command(), CommandResult.class, args).message());
      } catch (WorkflowUpdateException refused) {
        return new Observed(Result.REFUSED, originalMessage(refused.getCause()));
      } catch (WorkflowException service) {
        return new Observed(Result.NOT_DELIVERED, rootMessage(service));
      }
    }
    int before = t.history(id).size();
    try {
      stub.signal(row.command(), args);
    } catch (WorkflowException service) {
      assertEquals(before, t.history(id).size(), "a signal the service refused reached the workflow");
      return new Observed(Result.NOT_DELIVERED, rootMessage(service));
    }
    HistoryEntry entry = awaitSignal(id, before);
    assertEquals(row.command(), entry.name());
    return entry.accepted()
        ? new Observed(Result.APPLIED, "")
        : new Observed(Result.REFUSED, entry.reason());
  }

  /** The first signal entry after {@code before} in the audit trail, across runs. */
  private static HistoryEntry awaitSignal(String id, int before) {
    long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (System.nanoTime() < giveUp) {
      List<HistoryEntry> trail = t.history(id);
      for (HistoryEntry entry : trail.subList(Math.min(before, trail.size()), trail.size())) {
        if (entry.kind().equals("signal")) {
          return entry;
        }
      }
      sleep(20);
    }
    throw new AssertionError("the signal never reached the audit trail of " + id);
  }

  private static String fresh(State state) {
    String id = t.start(String.format(REQUEST, "HOSTILE-" + approvals.incrementAndGet()));
    if (state.setup.length > 0) {
      t.approvals.update(id, state.setup[0], json(state.setup[1]));
    }
    return id;
  }

  private static String shared(State state, Via via) {
    return shared.computeIfAbsent(state + "/" + via, key -> fresh(state));
  }

  /** A valid command is still applied, by Update and by Signal, where every refusal went. */
  private static void sharedApprovalsStillWork() {
    shared.forEach(
        (key, id) -> {
          State state = State.valueOf(key.substring(0, key.indexOf('/')));
          String[] command =
              switch (state) {
                case ACTIVE -> new String[] {"enableTimer", "{'timer':'reminder'}"};
                case SUSPENDED -> new String[] {"resume", "{}"};
                case CLAIMED_BY_BOB -> new String[] {"release", "{'user':'bob'}"};
              };
          String[] signal =
              switch (state) {
                case ACTIVE -> new String[] {"disableTimer", "{'timer':'reminder'}"};
                case SUSPENDED -> new String[] {"suspend", "{'reason':'again'}"};
                case CLAIMED_BY_BOB -> new String[] {"claim", "{'user':'bob'}"};
              };
          t.approvals.update(id, command[0], json(command[1]));
          HistoryEntry applied = t.signalAndAwait(id, signal[0], signal[1]);
          assertTrue(applied.accepted(), key + ": " + applied);
          assertNeverFailed(id, assertAnswers(id));
        });
  }

  // ---- after the end ---------------------------------------------------------------------------

  @Order(6)
  @Test
  void commandsAfterTheEndAreRefusedWhileTheRunClosesAndNotDeliveredOnceItHasClosed() {
    onAServiceOfItsOwn(HostileInputTest::commandsAfterTheEnd);
  }

  private static void commandsAfterTheEnd() {
    // A handler chain still delivering keeps the ended approval's run open a while.
    String id =
        t.start(
            "{'requestId':'HOSTILE-END','steps':[{'name':'manager','approvers':['alice']}],"
                + "'timers':[{'name':'hold','limit':'PT1M','handlers':[{'action':'notify','to':['held']}]}]}");
    t.approvals.update(id, "enableTimer", json("{'timer':'hold'}"));
    t.sleep(Duration.ofSeconds(61));
    t.activities.awaitHeldDelivery();
    t.approvals.update(id, "approve", json("{'user':'alice'}"));
    assertEquals(WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_RUNNING, describe(id));

    List<String> lines = new ArrayList<>();
    try {
      for (String command : Commands.NAMES) {
        Row row = new Row(command, "after the end, run still open", State.ACTIVE, () -> new Object[] {validInput(command)},
            refused("the approval has ended: it is APPROVED"));
        Observed update = send(id, row, Via.UPDATE);
        Observed signal = send(id, row, Via.SIGNAL);
        for (Observed observed : List.of(update, signal)) {
          assertEquals(Result.REFUSED, observed.result(), command + ": " + observed);
          assertEquals("the approval has ended: it is APPROVED", observed.text());
        }
        assertEquals("APPROVED", assertAnswers(id).state());
        lines.add("| `" + command + "` | valid input | ended, run still open | " + update.cell() + " | " + signal.cell() + " |");
      }
    } finally {
      t.activities.releaseHeldDeliveries();
    }
    assertEquals("APPROVED", t.approvals.result(id).outcome());
    assertEquals(WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_COMPLETED, describe(id));

    for (String command : Commands.NAMES) {
      Row row = new Row(command, "after the end", State.ACTIVE, () -> new Object[] {validInput(command)}, notDelivered(""));
      Observed update = send(id, row, Via.UPDATE);
      Observed signal = send(id, row, Via.SIGNAL);
      assertEquals(Result.NOT_DELIVERED, update.result(), command + ": " + update);
      assertEquals(Result.NOT_DELIVERED, signal.result(), command + ": " + signal);
      StatusInfo status = assertAnswers(id);
      assertEquals("APPROVED", status.state());
      assertNeverFailed(id, status);
      lines.add("| `" + command + "` | valid input | ended, run closed | " + update.cell() + " | " + signal.cell() + " |");
    }
    report.addAll(lines);
  }

  private static JsonNode validInput(String command) {
    return json(
        switch (command) {
          case "enableTimer", "disableTimer" -> "{'timer':'hold'}";
          case "suspend", "abort" -> "{'reason':'late'}";
          case "resume" -> "{}";
          case "extendDeadline" -> "{'timer':'hold','by':'PT1H'}";
          case "complete" -> "{'user':'alice','outcome':'APPROVED'}";
          case "updateData" -> "{'user':'alice','data':{'note':'late'}}";
          case "reassign", "forward", "nominate" -> "{'user':'alice','to':['bob']}";
          case "refreshOwners" -> "{}";
          case "delegate" -> "{'user':'alice','to':'bob'}";
          case "skip" -> "{'user':'alice','reason':'late'}";
          case "setPriority" -> "{'user':'alice','priority':1}";
          case "comment" -> "{'user':'alice','text':'late'}";
          case "setFollowUp" -> "{'user':'alice','at':'P1D'}";
          default -> "{'user':'alice'}";
        });
  }

  // ---- far future, nanoseconds, megabytes ------------------------------------------------------

  @Order(8)
  @Test
  void theFarthestDeadlineAcceptedArmsAServerTimerAndTheApprovalGoesOn() {
    onAServiceOfItsOwn(HostileInputTest::farthestDeadline);
  }

  private static void farthestDeadline() {
    // Before the 100-year bound, +99999-01-01 was accepted here and every later workflow task
    // failed on "Duration is not valid" when the timer was armed: the approval was stuck.
    String id = t.start("{'requestId':'HOSTILE-FAR','timeout':'PT1H','steps':[{'name':'manager','approvers':['alice']}]}");
    t.approvals.update(id, "extendDeadline", json("{'timer':'process','limit':'P36525D'}"));
    t.sleep(Duration.ofHours(2)); // the one-hour server timer fires early and the far one is armed
    List<HistoryEvent> started = t.events(id, e -> e.getEventType() == EventType.EVENT_TYPE_TIMER_STARTED);
    long seconds = started.get(started.size() - 1).getTimerStartedEventAttributes().getStartToFireTimeout().getSeconds();
    assertTrue(seconds > Duration.ofDays(36_524).toSeconds(), "armed for " + seconds + " s");
    assertNeverFailed(id, assertAnswers(id));
    assertEquals("approval aborted", t.approvals.update(id, "abort", json("{'reason':'done'}")).message());
    report.add("| `extendDeadline` | `P36525D` on an approval whose only timer is then armed for it | active | applied; server timer of "
        + seconds + " s started, no task failed | |");
  }

  @Order(7)
  @Test
  void aDeadlineWithNanosecondsExpiresOnce() {
    onAServiceOfItsOwn(HostileInputTest::deadlineWithNanoseconds);
  }

  private static void deadlineWithNanoseconds() {
    String id = t.start("{'requestId':'HOSTILE-NANOS','timeout':'1800.000000500','steps':[{'name':'manager','approvers':['alice']}]}");
    t.sleep(Duration.ofMinutes(31));
    TimerInfo process = t.timer(id, "process");
    assertTrue(process.expired());
    assertEquals(1, process.firings());
    assertNeverFailed(id, assertAnswers(id));
  }

  @Order(4)
  @Test
  void refusedMegabyteSignalsLeaveTheAuditTrailQueryable() {
    // Before inputs were recorded cut short, this run's history query answered 7 MB and the test
    // service refused it (RESOURCE_EXHAUSTED; a real server refuses above 2 MB).
    String id = t.start(String.format(REQUEST, "HOSTILE-MB"));
    JsonNode input = JsonNodeFactory.instance.objectNode().put("user", "alice").put("comment", "x".repeat(1536 * 1024));
    WorkflowStub stub = stub(id);
    int before = t.history(id).size();
    for (int i = 0; i < 4; i++) {
      stub.signal("approve", input);
    }
    List<HistoryEntry> refused = awaitEntries(id, before, 4);
    for (HistoryEntry entry : refused) {
      assertEquals("'comment' is too long (1572864 characters, at most 10000)", entry.reason());
      assertEquals(input.toString().length(), entry.input().get("characters").asInt());
    }
    int bytes = t.approvals.history(id).toString().length();
    assertTrue(bytes < 10_000, "history of " + bytes + " characters");
    assertNeverFailed(id, assertAnswers(id));
    report.add("| `approve` | four 1.5 MB comments sent back to back | active | | refused: each `'comment' is too long (1572864 characters, at most 10000)`; "
        + "the trail keeps `{\"truncated\": …, \"characters\": 1572890}`; history query " + bytes + " characters |");
  }

  private static List<HistoryEntry> awaitEntries(String id, int before, int count) {
    long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (System.nanoTime() < giveUp) {
      List<HistoryEntry> trail = t.history(id);
      List<HistoryEntry> signals =
          trail.subList(Math.min(before, trail.size()), trail.size()).stream().filter(e -> e.kind().equals("signal")).toList();
      if (signals.size() >= count) {
        return signals;
      }
      sleep(50);
    }
    throw new AssertionError("fewer than " + count + " signals reached the audit trail");
  }

  // ---- a burst of 10,000 signals ---------------------------------------------------------------

  @Order(5)
  @Test
  void aBurstOfTenThousandSignalsIsAppliedOnceEachAndTheApprovalGoesOnInANewRun() {
    final int signals = 10_000;
    String id = t.start(String.format(REQUEST, "HOSTILE-BURST"));
    Instant due = Instant.parse(t.timer(id, "process").expiresAt());
    String firstRun = describeRun(id);
    JsonNode extend = json("{'timer':'process','by':'PT1M'}");
    JsonNode unknown = json("{'timer':'nosuch','by':'PT1M'}");
    WorkflowStub stub = stub(id);

    long start = System.nanoTime();
    for (int i = 0; i < signals; i++) {
      stub.signal("extendDeadline", i % 10 == 9 ? unknown : extend); // every tenth is refused
    }
    long sent = System.nanoTime();
    List<HistoryEntry> trail = awaitTrail(id, signals);
    long handled = System.nanoTime();
    // The burst over, the long run continues as new; the approval answers in its new run.
    long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (describeRun(id).equals(firstRun) && System.nanoTime() < giveUp) {
      sleep(50);
    }
    long continued = System.nanoTime();
    assertNotEquals(firstRun, describeRun(id), "the run never continued as new");

    long accepted = trail.stream().filter(e -> e.name().equals("extendDeadline") && e.accepted()).count();
    long refusedCount = trail.stream().filter(e -> e.name().equals("extendDeadline") && !e.accepted()).count();
    assertEquals(9_000, accepted, "every valid signal applied once");
    assertEquals(1_000, refusedCount);
    assertTrue(trail.stream().filter(e -> !e.accepted()).allMatch(e -> e.reason().startsWith("unknown timer nosuch")));
    assertEquals(due.plus(Duration.ofMinutes(9_000)).toString(), t.timer(id, "process").expiresAt(), "nothing lost, nothing twice");
    assertEquals("step manager claimed by alice", t.approvals.update(id, "claim", json("{'user':'alice'}")).message());
    StatusInfo status = assertAnswers(id);
    assertNeverFailed(id, status);

    List<RunFigures> runs = runs(id);
    RunFigures largest = runs.stream().max((a, b) -> Long.compare(a.events(), b.events())).orElseThrow();
    String figures =
        String.format(
            Locale.ROOT,
            "BURST signals=%d runs=%d largestRunEvents=%d largestRunTrailEntries=%d largestRunTrailChars=%d"
                + " unhandledCommandRetries=%d sendSeconds=%.1f handledSeconds=%.1f continuedSeconds=%.1f",
            signals, runs.size(), largest.events(), largest.trailEntries(), largest.trailChars(),
            runs.stream().mapToLong(RunFigures::unhandledCommandRetries).sum(),
            (sent - start) / 1e9, (handled - start) / 1e9, (continued - start) / 1e9);
    // Each run's audit trail must stay below the real server's 2 MB limit for a query result.
    assertTrue(largest.trailChars() < 2 * 1024 * 1024, figures);
    System.out.println(figures);
    report.add("");
    report.add(figures);
  }

  private static List<HistoryEntry> awaitTrail(String id, int signals) {
    long giveUp = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
    while (System.nanoTime() < giveUp) {
      List<HistoryEntry> trail = t.history(id);
      if (trail.stream().filter(e -> e.name().equals("extendDeadline")).count() >= signals) {
        return trail;
      }
      sleep(200);
    }
    throw new AssertionError("the burst never all reached the audit trail");
  }

  record RunFigures(String runId, long events, long trailEntries, long trailChars, long unhandledCommandRetries) {}

  /** Each run of the approval, newest first, following the continue-as-new chain back. */
  private static List<RunFigures> runs(String id) {
    List<RunFigures> runs = new ArrayList<>();
    String runId = describeRun(id);
    while (runId != null) {
      WorkflowExecutionHistory history = t.env.getWorkflowClient().fetchHistory(Approvals.workflowId(id), runId);
      JsonNode trail =
          t.env.getWorkflowClient()
              .newUntypedWorkflowStub(Approvals.workflowId(id), Optional.of(runId), Optional.empty())
              .query("history", JsonNode.class);
      long retries =
          history.getEvents().stream()
              .filter(e -> e.getEventType() == EventType.EVENT_TYPE_WORKFLOW_TASK_FAILED)
              .filter(e -> e.getWorkflowTaskFailedEventAttributes().getCause()
                  == WorkflowTaskFailedCause.WORKFLOW_TASK_FAILED_CAUSE_UNHANDLED_COMMAND)
              .count();
      runs.add(new RunFigures(runId, history.getEvents().size(), trail.size(), trail.toString().length(), retries));
      String previous = history.getEvents().get(0).getWorkflowExecutionStartedEventAttributes().getContinuedExecutionRunId();
      runId = previous.isEmpty() ? null : previous;
    }
    return runs;
  }

  // ---- start requests --------------------------------------------------------------------------

  @Order(2)
  @TestFactory
  Stream<DynamicTest> badStartRequestsAreRefusedBeforeAnythingStarts() {
    report.add("");
    report.add("| start request | refused with |");
    report.add("|---|---|");
    String step = "'steps':[{'name':'manager','approvers':['alice']}]";
    String huge = "x".repeat(10 << 20);
    List<Object[]> rows =
        List.of(
            new Object[] {"100,000 timers", (Supplier<String>) () -> request("HOSTILE-S1", step + ",'timers':["
                + String.join(",", IntStream.range(0, 100_000).mapToObj(i -> "{'name':'t" + i + "','limit':'PT1H'}").toList()) + "]"),
                "timers: at most 100 timers, got 100000"},
            new Object[] {"unknown field `approver` in a step", (Supplier<String>) () -> "{'requestId':'HOSTILE-S2','steps':[{'name':'manager','approver':['alice']}]}",
                "steps[0].approver: unknown field (known: approvers, assignee, candidateGroups, completionDeadlines, distinctFrom, excludedOwners, followUp, form, listeners, name, notBy, offerTimeout, onOfferTimeout, onTimeout, outcomes, priority, skippable, startDeadlines, timeout, title)"},
            new Object[] {"unknown top-level field", (Supplier<String>) () -> request("HOSTILE-S3", step + ",'deadline':'P1D'"), "deadline: unknown field"},
            new Object[] {"month limit `P1M`", (Supplier<String>) () -> request("HOSTILE-S4", step + ",'timeout':'P1M'"),
                "timeout: 'P1M': months and years have no fixed length"},
            new Object[] {"negative limit", (Supplier<String>) () -> request("HOSTILE-S5", step + ",'timeout':'-PT1H'"), "timeout: a duration must be positive, got -PT1H"},
            new Object[] {"zero limit", (Supplier<String>) () -> request("HOSTILE-S6", step + ",'timeout':0"), "timeout: a relative time limit must be positive"},
            new Object[] {"date in the past", (Supplier<String>) () -> request("HOSTILE-S7", step + ",'timeout':'2001-01-01T00:00:00Z'"),
                "timeout: 2001-01-01T00:00:00Z is in the past"},
            new Object[] {"year 10000", (Supplier<String>) () -> request("HOSTILE-S8", step + ",'timeout':'+10000-01-01T00:00:00Z'"),
                "timeout: +10000-01-01T00:00:00Z is too far in the future (at most 100 years ahead)"},
            new Object[] {"bad Mustache template in a notify handler", (Supplier<String>) () -> request("HOSTILE-S9", step
                + ",'timers':[{'name':'nag','limit':'PT1H','handlers':[{'action':'notify','to':['alice'],'message':'Dear {{#who}}'}]}]"),
                "timers[0].handlers[0]: notify 'message' is not a valid Mustache template: "},
            new Object[] {"101 recipients", (Supplier<String>) () -> request("HOSTILE-S10", step
                + ",'timers':[{'name':'nag','limit':'PT1H','handlers':[{'action':'notify','to':["
                + String.join(",", IntStream.range(0, 101).mapToObj(i -> "'u" + i + "'").toList()) + "]}]}]"),
                "timers[0].handlers[0]: notify 'to': at most 100 recipients (a group counts as one), got 101"},
            new Object[] {"message of 10,001 characters", (Supplier<String>) () -> request("HOSTILE-S11", step
                + ",'timers':[{'name':'nag','limit':'PT1H','handlers':[{'action':'notify','to':['alice'],'message':'" + "m".repeat(10_001) + "'}]}]"),
                "timers[0].handlers[0]: notify 'message' is too long (10001 characters, at most 10000)"},
            new Object[] {"data of 100 KB", (Supplier<String>) () -> request("HOSTILE-S12", step + ",'data':{'blob':'" + "d".repeat(100_000) + "'}"),
                "data: too large (100011 characters of JSON, at most 65536)"},
            new Object[] {"10 MB title", (Supplier<String>) () -> request("HOSTILE-S13", step + ",'title':'" + huge + "'"),
                "title: too long (10485760 characters, at most 500)"},
            new Object[] {"10 MB request id", (Supplier<String>) () -> "{'requestId':'" + huge + "'," + step + "}",
                "requestId: required; letters, digits and . _ : - (at most 100), got 'xxxxxxxxxx"},
            new Object[] {"a JSON array", (Supplier<String>) () -> "[]", "the request must be one JSON object, got ARRAY"},
            new Object[] {"steps as a string", (Supplier<String>) () -> "{'requestId':'HOSTILE-S16','steps':'manager'}", "invalid approval request: steps: expected an array, got text"});
    return rows.stream()
        .map(r -> DynamicTest.dynamicTest((String) r[0],
            () -> assertTimeoutPreemptively(Duration.ofSeconds(60), () -> startIsRefused((String) r[0], (Supplier<String>) r[1], (String) r[2]))));
  }

  private static String request(String requestId, String rest) {
    return "{'requestId':'" + requestId + "'," + rest + "}";
  }

  @SuppressWarnings("unchecked")
  private static void startIsRefused(String label, Supplier<String> request, String fragment) {
    String text = request.get();
    JsonNode parsed = json(text);
    RefusedException refused = assertThrows(RefusedException.class, () -> t.approvals.start(parsed, ApprovalTestEnvironment.QUEUE));
    assertTrue(refused.reason().contains(fragment), refused.reason());
    assertTrue(refused.reason().length() < 3_000, "a refusal of " + refused.reason().length() + " characters");
    JsonNode id = parsed.path("requestId");
    if (id.isTextual() && id.asText().length() < 100) {
      assertThrows(WorkflowNotFoundException.class, () -> stub(id.asText()).describe(), "a workflow was started");
    }
    report.add("| " + label + " | `" + refused.reason().replace("\n", " ").replace("|", "\\|") + "` |");
  }

  @Order(3)
  @Test
  void anInvalidRequestStartedAroundTheValidatorFailsTheWorkflowAtOnce() {
    // As `temporal workflow start` could: the workflow itself refuses, without retrying a task.
    String timers = String.join(",", IntStream.range(0, 1_000).mapToObj(i -> "{'name':'t" + i + "','limit':'PT1H'}").toList());
    WorkflowStub stub =
        t.env.getWorkflowClient()
            .newUntypedWorkflowStub(
                "ApprovalWorkflow",
                WorkflowOptions.newBuilder().setWorkflowId("approval-HOSTILE-AROUND").setTaskQueue(ApprovalTestEnvironment.QUEUE).build());
    stub.start(json("{'requestId':'HOSTILE-AROUND','steps':[{'name':'manager','approvers':['alice']}],'timers':[" + timers + "]}"));
    WorkflowFailedException failed = assertThrows(WorkflowFailedException.class, () -> stub.getResult(Object.class));
    String reason = originalMessage(failed.getCause());
    assertTrue(reason.startsWith("invalid approval request: timers: at most 100 timers, got 1000"), reason);
    assertEquals(WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_FAILED, describe("HOSTILE-AROUND"));
    assertEquals(0, t.events("HOSTILE-AROUND", e -> e.getEventType() == EventType.EVENT_TYPE_WORKFLOW_TASK_FAILED).size());
    report.add("| 1,000 timers, started around the validator | the workflow fails at once, not retried: `" + reason + "` |");
  }

  /**
   * Runs a test that moves the clock on a test service of its own: a time-skipping lock leaked on
   * the shared one (by a run continued as new by size) would otherwise hang its sleeps.
   */
  private static void onAServiceOfItsOwn(Runnable test) {
    ApprovalTestEnvironment sharedService = t;
    try (ApprovalTestEnvironment own = new ApprovalTestEnvironment()) {
      t = own;
      test.run();
    } finally {
      t = sharedService;
    }
  }

  // ---- checks ----------------------------------------------------------------------------------

  /** Status, timers and history all answer; returns the status. */
  private static StatusInfo assertAnswers(String id) {
    StatusInfo status = t.status(id);
    assertTrue(t.approvals.timers(id).size() >= 1);
    assertTrue(t.history(id).size() >= 0);
    return status;
  }

  /** No workflow task failed (but for the service's refusals to close a run with signals waiting), and the run is open while the approval is. */
  private static void assertNeverFailed(String id, StatusInfo status) {
    List<String> failures = new ArrayList<>();
    for (HistoryEvent event : t.events(id, e -> e.getEventType() == EventType.EVENT_TYPE_WORKFLOW_TASK_FAILED)) {
      WorkflowTaskFailedCause cause = event.getWorkflowTaskFailedEventAttributes().getCause();
      if (cause != WorkflowTaskFailedCause.WORKFLOW_TASK_FAILED_CAUSE_UNHANDLED_COMMAND) {
        failures.add(cause + ": " + event.getWorkflowTaskFailedEventAttributes().getFailure().getMessage());
      }
    }
    assertEquals(List.of(), failures, "failed workflow tasks of " + id);
    WorkflowExecutionStatus execution = describe(id);
    boolean ended = List.of("APPROVED", "REJECTED", "ABORTED").contains(status.state());
    assertTrue(
        ended
            ? execution != WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_FAILED
                && execution != WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_TERMINATED
            : execution == WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_RUNNING,
        id + " is " + execution + " while its approval is " + status.state());
  }

  private static WorkflowExecutionStatus describe(String id) {
    return stub(id).describe().getStatus();
  }

  private static String describeRun(String id) {
    return stub(id).describe().getExecution().getRunId();
  }

  private static WorkflowStub stub(String id) {
    return t.env.getWorkflowClient().newUntypedWorkflowStub(Approvals.workflowId(id));
  }

  private static String originalMessage(Throwable failure) {
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      if (cause instanceof TemporalFailure temporal) {
        return temporal.getOriginalMessage();
      }
    }
    return String.valueOf(failure);
  }

  private static String rootMessage(Throwable failure) {
    Throwable cause = failure;
    while (cause.getCause() != null && cause.getCause() != cause) {
      cause = cause.getCause();
    }
    String message = cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
    return failure.getClass().getSimpleName() + ": " + message;
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }

}
