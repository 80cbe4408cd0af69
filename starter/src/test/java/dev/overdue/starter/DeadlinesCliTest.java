package dev.overdue.starter;

import java.time.ZoneOffset;
import java.time.LocalDate;
import java.util.regex.Pattern;
import java.util.regex.Matcher;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.overdue.client.Approvals;
import dev.overdue.starter.CliHarness.Run;
import io.temporal.client.WorkflowNotFoundException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The CLI for deadlines (issue 3) against the real workflow on an in-memory, time-skipping Temporal
 * service: YAML requests, start-task and complete, the plan, and timers --explain.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class DeadlinesCliTest {
  /**
   * A completion deadline with a conditional escalation, a reminder cycle, two start deadlines
   * whose reassignments fall at the same moment, a listener and named outcomes.
   */
  static final String YAML =
      """
      # PO-4713 as YAML: comments, flow and block style, an unquoted date-time
      requestId: PO-4713
      title: Purchase order 4713
      requester: carol
      data: { amount: 12000 }
      steps:
        - name: manager
          approvers: [alice, bob]
          startDeadlines:
            - name: zeta
              for: PT4H
              escalations: [ { name: to-zed, action: reassign, to: [zed] } ]
            - name: alpha
              for: PT4H
              escalations:
                - name: to-dora
                  action: reassign
                  to: [dora, dan]
          completionDeadlines:
            - name: remind
              cycle: R3/PT1H
              catchUp: fire-all
              escalations: [ { action: notify, to: [potentialOwners] } ]
            - name: due
              for: P1D
              escalations:
                - { action: notify, to: [requester], condition: "data.amount >= 10000" }
                - { action: warn, condition: data.amount < 100 }
          listeners:
            - event: completed
              actions: [ { action: notify, to: [requester] } ]
          outcomes:
            - { name: needs-legal, next: legal }
            - { name: withdrawn, end: REJECTED }
        - name: legal
          approvers: [lena]
          completionDeadlines:
            - name: final
              until: 2099-12-31T17:00:00+01:00
      timers:
        - name: reminder
          limit: PT30M
          handlers: [ { action: warn } ]
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

  private Run startYaml() throws IOException {
    Path file = Files.writeString(dir.resolve("po-4713.yaml"), YAML);
    return cli.run("start", "--file", file.toString()).expect(0);
  }

  /** The table's line that starts with {@code first}, split into its cells. */
  private static List<String> row(String table, String first) {
    return rows(table, first).get(0);
  }

  private static List<List<String>> rows(String table, String first) {
    List<List<String>> rows =
        table.lines()
            .filter(line -> line.startsWith(first))
            .map(line -> List.of(line.trim().split("\\s{2,}")))
            .toList();
    if (rows.isEmpty()) {
      throw new AssertionError("no row starting with '" + first + "' in\n" + table);
    }
    return rows;
  }

  private JsonNode status(String id) {
    return cli.run("status", id, "--json").expect(0).json();
  }

  private void assertNothingStarted(String requestId) {
    assertThrows(
        WorkflowNotFoundException.class,
        () ->
            cli.env
                .getWorkflowClient()
                .newUntypedWorkflowStub(Approvals.workflowId(requestId))
                .describe());
  }

  // ---- YAML --------------------------------------------------------------------------------

  @Test
  void aYamlRequestStartsLikeTheSameJson() throws IOException {
    Run started = startYaml();
    System.out.println(started.out());

    assertTrue(started.out().contains("started approval PO-4713"), started.out());
    assertTrue(started.out().contains("overdue plan PO-4713"), started.out());
    JsonNode status = status("PO-4713");
    assertEquals("Purchase order 4713", status.get("title").asText());
    assertEquals("[\"needs-legal\",\"withdrawn\"]", status.get("steps").get(0).get("outcomes").toString());
    List<String> timers = status.get("timers").findValuesAsText("name");
    assertTrue(
        timers.containsAll(List.of("manager.zeta", "manager.alpha", "manager.remind", "manager.due", "reminder")),
        timers.toString());
    // The unquoted YAML date-time reached the workflow as the text it is, offset and all.
    String legal =
        cli.run("timers", "PO-4713").expect(0).out().lines().filter(l -> l.startsWith("legal.final")).findFirst().orElseThrow();
    assertTrue(legal.contains("2099-12-31T17:00+01:00") || legal.contains("2099-12-31T17:00:00+01:00"), legal);
    // Named outcomes get a column in status, only when a step has some.
    String table = cli.run("status", "PO-4713").expect(0).out();
    assertEquals("needs-legal,withdrawn", row(table, "manager ").get(6));
  }

  @Test
  void aYamlRequestWithAnUnknownFieldIsRefusedNamingItAndNothingStarts() throws IOException {
    Path file =
        Files.writeString(
            dir.resolve("typo.yml"),
            YAML.replace("escalations: [ { name: to-zed", "escalation: [ { name: to-zed"));

    Run run = cli.run("start", "--file", file.toString()).expect(ExitCodes.REFUSED);

    assertEquals("", run.out());
    assertTrue(run.err().contains("steps[0].startDeadlines[0].escalation: unknown field"), run.err());
    assertNothingStarted("PO-4713");
  }

  @Test
  void theRulesOfJsonApplyToYaml() throws IOException {
    Path file = Files.writeString(dir.resolve("bad.yaml"), YAML.replace("for: P1D", "for: P1M"));

    Run run = cli.run("start", "--file", file.toString()).expect(ExitCodes.REFUSED);

    assertTrue(run.err().contains("steps[0].completionDeadlines[1].for: 'P1M'"), run.err());
    assertNothingStarted("PO-4713");
  }

  @Test
  void brokenDuplicatedOrSeveralYamlDocumentsAreRefusedWithWhere() throws IOException {
    Path broken = Files.writeString(dir.resolve("broken.yaml"), "requestId: PO-1\nsteps: [ { name: m\n");
    Run notYaml = cli.run("start", "--file", broken.toString()).expect(ExitCodes.REFUSED);
    assertTrue(notYaml.err().startsWith(broken + " is not valid YAML: line "), notYaml.err());
    assertEquals(1, notYaml.err().lines().count(), notYaml.err());

    Path twice = Files.writeString(dir.resolve("twice.yaml"), YAML + "steps: []\n");
    Run duplicate = cli.run("start", "--file", twice.toString()).expect(ExitCodes.REFUSED);
    assertTrue(duplicate.err().contains("the field \"steps\" is given twice"), duplicate.err());

    Path two = Files.writeString(dir.resolve("two.yaml"), YAML + "---\nrequestId: PO-4714\n");
    Run documents = cli.run("start", "--file", two.toString()).expect(ExitCodes.REFUSED);
    assertTrue(documents.err().contains("holds more than one request"), documents.err());
    assertTrue(documents.err().contains("exactly a YAML document"), documents.err());

    Path empty = Files.writeString(dir.resolve("empty.yaml"), "# nothing yet\n");
    assertTrue(
        cli.run("start", "--file", empty.toString()).expect(ExitCodes.REFUSED).err().contains("is empty"));
    assertNothingStarted("PO-4713");
    assertNothingStarted("PO-4714");
  }

  @Test
  void jsonIsAsStrictAboutRepeatedKeysAndTrailingValues() throws IOException {
    Path twice =
        Files.writeString(
            dir.resolve("twice.json"),
            "{\"requestId\": \"PO-1\", \"steps\": [{\"name\": \"m\", \"approvers\": [\"a\"]}], \"requestId\": \"PO-2\"}");
    assertTrue(
        cli.run("start", "--file", twice.toString())
            .expect(ExitCodes.REFUSED)
            .err()
            .contains("the field \"requestId\" is given twice"));
    Path trailing = Files.writeString(dir.resolve("trailing.json"), OverdueCliTest.REQUEST + " {}");
    Run run = cli.run("start", "--file", trailing.toString()).expect(ExitCodes.REFUSED);
    assertTrue(run.err().contains("holds more than one request"), run.err());
    assertNothingStarted("PO-1");
    assertNothingStarted("PO-2");
    assertNothingStarted("PO-4711");
  }

  @Test
  void standardInputTakesYamlToo() {
    InputStream stdin = System.in;
    try {
      System.setIn(new ByteArrayInputStream(YAML.getBytes(StandardCharsets.UTF_8)));
      cli.run("start", "--file", "-").expect(0);
      System.setIn(new ByteArrayInputStream("{ \"requestId\": ".getBytes(StandardCharsets.UTF_8)));
      Run broken = cli.run("start", "--file", "-").expect(ExitCodes.REFUSED);
      // Text that starts like JSON gets JSON's error.
      assertTrue(broken.err().startsWith("standard input is not valid JSON: line 1"), broken.err());
    } finally {
      System.setIn(stdin);
    }
    assertEquals("ACTIVE", status("PO-4713").get("state").asText());
  }

  @Test
  void theExampleInStartHelpStarts() throws IOException {
    String help = cli.run("start", "--help").expect(0).out();
    assertTrue(help.contains("docs/examples/purchase-order.yaml"), help);
    String[] parts = help.split("Request file, for example \\(YAML; the same as a JSON object\\):\\R");
    assertEquals(2, parts.length, help);
    StringBuilder yaml = new StringBuilder();
    for (String line : parts[1].lines().toList()) {
      if (line.isBlank()) {
        break;
      }
      yaml.append(line.substring(2)).append('\n');
    }
    Path file = Files.writeString(dir.resolve("help.yaml"), yaml.toString());

    cli.run("start", "--file", file.toString()).expect(0);

    JsonNode status = status("PO-4711");
    assertEquals(List.of("manager", "finance"), status.get("steps").findValuesAsText("name"));
    String plan = cli.run("plan", "PO-4711").expect(0).out();
    assertTrue(plan.contains("data.amount >= 10000 → true"), plan);
  }

  /** docs/examples/purchase-order.yaml, which `overdue start --help` and the deadlines guide name. */
  @Test
  void theExamplePurchaseOrderStartsAndPlansItsEscalations() throws Exception {
    // Its `until` is a fixed date, refused once it has passed: a year from now keeps the test
    // good for any year (the guide says to move the date forward once it passes).
    String text = Files.readString(Processes.ROOT.resolve("docs/examples/purchase-order.yaml"));
    Matcher until = Pattern.compile("until: \"(\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2})\"").matcher(text);
    assertTrue(until.find(), "the example has a fixed until date");
    Path example = dir.resolve("purchase-order.yaml");
    Files.writeString(
        example,
        until.replaceFirst("until: \"" + LocalDate.now(ZoneOffset.UTC).plusYears(1) + "T17:00\""));

    cli.run("start", "--file", example.toString()).expect(0);

    String plan = cli.run("plan", "PO-4711").expect(0).out();
    List<String> director = row(plan.lines().filter(l -> l.contains("a-director")).findFirst().orElseThrow(), "");
    assertTrue(director.contains("data.amount >= 10000 && data.priority <= 2 → true"), director.toString());
    List<String> deputy = row(plan.lines().filter(l -> l.contains("b-deputy")).findFirst().orElseThrow(), "");
    assertEquals(director.get(0), deputy.get(0));
    assertTrue(deputy.get(deputy.size() - 1).startsWith("superseded by manager.escalate.a-director"), deputy.toString());
    String explained = cli.run("timers", "PO-4711", "--explain").expect(0).out();
    assertTrue(block(explained, "manager.pick-up").contains("working time"), explained);
  }

  // ---- start-task and complete ---------------------------------------------------------------

  @Test
  void startTaskThenCompleteWithANamedOutcomeLeadsToItsStep() throws IOException {
    startYaml();

    Run started = cli.run("start-task", "PO-4713", "--user", "alice", "--step", "manager").expect(0);
    assertEquals("step manager started by alice", started.out().strip());
    JsonNode manager = status("PO-4713").get("steps").get(0);
    assertEquals("IN_PROGRESS", manager.get("state").asText());
    assertEquals("alice", manager.get("owner").asText());
    // Starting meets the start deadlines: their reassignments are off the plan.
    String plan = cli.run("plan", "PO-4713").expect(0).out();
    assertFalse(plan.contains("manager.alpha"), plan);

    Run refused = cli.run("complete", "PO-4713", "--user", "alice", "--outcome", "maybe").expect(ExitCodes.REFUSED);
    assertEquals("", refused.out());
    assertEquals(
        "rejected: step manager has no outcome 'maybe' (outcomes: approved, rejected, needs-legal, withdrawn)",
        refused.err().strip());
    Run notOwner = cli.run("complete", "PO-4713", "--user", "bob", "--outcome", "approved").expect(ExitCodes.REFUSED);
    assertTrue(notOwner.err().startsWith("rejected: step manager is claimed by alice"), notOwner.err());
    assertEquals("IN_PROGRESS", status("PO-4713").get("steps").get(0).get("state").asText());

    Run completed =
        cli.run("complete", "PO-4713", "--user", "alice", "--outcome", "needs-legal", "--comment", "contract clause 7")
            .expect(0);
    assertTrue(completed.out().startsWith("step manager completed by alice with outcome needs-legal"), completed.out());
    JsonNode status = status("PO-4713");
    assertEquals("legal", status.get("currentStep").asText());
    assertEquals("needs-legal", status.get("steps").get(0).get("outcome").asText());
    assertEquals("contract clause 7", status.get("steps").get(0).get("comment").asText());

    cli.run("complete", "PO-4713", "--user", "lena", "--outcome", "APPROVED").expect(0);
    assertEquals("APPROVED", cli.run("result", "PO-4713", "--json").expect(0).json().get("outcome").asText());

    JsonNode history = cli.run("history", "PO-4713", "--json").expect(0).json();
    List<String> commands = history.findValuesAsText("name").stream().filter(n -> List.of("start", "complete").contains(n)).toList();
    // Refused updates change nothing and leave no trace: only the accepted commands are there.
    assertEquals(List.of("start", "complete", "complete"), commands);
    assertEquals(
        "{\"user\":\"alice\",\"outcome\":\"needs-legal\",\"comment\":\"contract clause 7\"}",
        history.findValues("input").stream()
            .filter(i -> i.path("outcome").asText().equals("needs-legal")).findFirst().orElseThrow().toString());
  }

  @Test
  void startTaskAndCompleteGoAsSignalsToo() throws IOException {
    startYaml();

    cli.run("start-task", "PO-4713", "--user", "bob", "--signal").expect(0);
    Run sent = cli.run("complete", "PO-4713", "--user", "bob", "--outcome", "withdrawn", "--signal").expect(0);

    assertTrue(sent.out().contains("sent complete to approval-PO-4713 as a signal"), sent.out());
    JsonNode result = cli.run("result", "PO-4713", "--json").expect(0).json();
    assertEquals("REJECTED", result.get("outcome").asText());
    assertEquals("bob", result.get("decidedBy").asText());
  }

  @Test
  void completeNeedsAUserAndAnOutcome() {
    assertTrue(
        cli.run("complete", "PO-1", "--user", "alice").expect(ExitCodes.USAGE).err()
            .startsWith("Missing required option: '--outcome=OUTCOME'"));
    cli.run("start-task", "PO-1").expect(ExitCodes.USAGE);
  }

  // ---- plan ----------------------------------------------------------------------------------

  @Test
  void thePlanListsEveryExpiryReminderAndEscalationInOrder() throws IOException {
    startYaml();

    String plan = cli.run("plan", "PO-4713").expect(0).out();

    assertTrue(plan.startsWith("AT "), plan);
    List<String> header = List.of(plan.lines().findFirst().orElseThrow().trim().split("\\s{2,}"));
    assertEquals(List.of("AT", "WHEN", "TIMER", "#", "ACTION", "TARGETS", "CONDITION", "NOTE"), header);
    List<List<String>> lines = plan.lines().skip(1).map(l -> List.of(l.trim().split("\\s{2,}"))).toList();
    assertEquals(
        List.of("manager.remind", "manager.remind", "manager.remind", "manager.alpha", "manager.zeta",
            "manager.due", "manager.due"),
        lines.stream().map(l -> l.get(2)).toList());
    // The cycle: three firings an hour apart, to the potential owners.
    assertEquals(List.of("1", "2", "3"), lines.subList(0, 3).stream().map(l -> l.get(3)).toList());
    assertEquals(List.of("at", "notify", "alice,bob"), List.of(lines.get(0).get(1), lines.get(0).get(4), lines.get(0).get(5)));
    Instant first = Instant.parse(lines.get(0).get(0));
    assertEquals(first.plus(Duration.ofHours(2)), Instant.parse(lines.get(2).get(0)));
    assertTrue(lines.get(0).get(0).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ"), lines.get(0).get(0));
    // Two reassignments at the same moment: the first in lexical order wins, the other is noted.
    List<String> alpha = lines.get(3);
    List<String> zeta = lines.get(4);
    assertEquals(alpha.get(0), zeta.get(0));
    assertEquals(first.plus(Duration.ofHours(3)), Instant.parse(alpha.get(0)));
    assertEquals(List.of("reassign (to-dora)", "dora,dan", "-", "-"), alpha.subList(4, 8));
    assertEquals(List.of("reassign (to-zed)", "zed", "-"), zeta.subList(4, 7));
    assertTrue(zeta.get(7).startsWith("superseded by manager.alpha.to-dora"), zeta.get(7));
    // The conditional escalations of the completion deadline, each condition with its value now.
    assertEquals(List.of("notify", "carol", "data.amount >= 10000 → true", "-"), lines.get(5).subList(4, 8));
    assertEquals(List.of("warn", "-", "data.amount < 100 → false", "-"), lines.get(6).subList(4, 8));
    assertEquals(first.plus(Duration.ofHours(23)), Instant.parse(lines.get(5).get(0)));

    JsonNode json = cli.run("plan", "PO-4713", "--json").expect(0).json();
    assertEquals(7, json.size());
    assertEquals("true", json.get(5).get("conditionNow").asText());
  }

  @Test
  void aSuspendedPlanSaysWhatHappensOnResume() throws IOException {
    startYaml();
    cli.run("suspend", "PO-4713", "--reason", "audit").expect(0);
    cli.sleep(Duration.ofMinutes(150));
    // The plan counts from the workflow's time, which a suspended approval only moves on when it
    // hears something: a change made meanwhile (the workflow's limit, reported; see the fragment).
    cli.run("extend-deadline", "PO-4713", "legal.final", "--by", "P1D", "--user", "carol").expect(0);

    String plan = cli.run("plan", "PO-4713").expect(0).out();

    List<List<String>> remind = rows(plan, "").stream().filter(l -> l.size() > 2 && l.get(2).equals("manager.remind")).toList();
    assertEquals(List.of("on resume", "on resume", "at, if resumed by then"), remind.stream().map(l -> l.get(1)).toList());
  }

  @Test
  void anEmptyPlanSaysWhy() throws IOException {
    cli.run("start", "--request-id", "PO-1", "--step", "manager=alice", "--timer", "reminder=PT1H").expect(0);
    assertEquals(
        "nothing scheduled: no timer of approval PO-1 is running (user timers start off: `overdue"
            + " enable-timer PO-1 TIMER`)",
        cli.run("plan", "PO-1").expect(0).out().strip());
    assertEquals("[]", cli.run("plan", "PO-1", "--json").expect(0).json().toString());

    cli.run("approve", "PO-1", "--user", "alice").expect(0);
    assertEquals(
        "nothing planned: approval PO-1 has ended (APPROVED)", cli.run("plan", "PO-1").expect(0).out().strip());
    assertTrue(cli.run("plan", "PO-0").expect(ExitCodes.REFUSED).err().contains("no approval PO-0"));
  }

  // ---- timers --explain ------------------------------------------------------------------------

  @Test
  void explainShowsEachTimersDerivationAndWhoChangedIt() throws IOException {
    startYaml();
    cli.run("enable-timer", "PO-4713", "reminder", "--user", "carol").expect(0);
    cli.run("extend-deadline", "PO-4713", "manager.due", "--by", "PT2H", "--user", "dora").expect(0);
    cli.run("extend-deadline", "PO-4713", "manager.remind", "--by", "PT30M", "--user", "frank").expect(0);
    cli.run("extend-deadline", "PO-4713", "reminder", "--limit", "PT45M").expect(0);

    String plain = cli.run("timers", "PO-4713").expect(0).out();
    String explained = cli.run("timers", "PO-4713", "--explain").expect(0).out();
    System.out.println(explained);

    assertTrue(explained.startsWith(plain + "\n"), "the table comes first, unchanged");
    assertFalse(plain.contains("rule"), plain);
    String due = block(explained, "manager.due");
    assertTrue(due.contains("  rule      "), due);
    assertTrue(due.contains("  calendar  elapsed time"), due);
    List<String> change = due.lines().filter(l -> l.contains("dora:")).toList();
    assertEquals(1, change.size(), due);
    assertTrue(
        change.get(0).matches("    \\S+Z dora: limit P1D → \\S+ \\(date \\S+Z → \\S+Z\\)"), change.get(0));
    String remind = block(explained, "manager.remind");
    assertTrue(remind.contains("  catch-up  fire-all"), remind);
    assertTrue(remind.contains("frank: postponed by PT30M (date "), remind);
    assertTrue(block(explained, "reminder").contains(" anonymous: limit PT30M → PT45M (date "), explained);
    assertTrue(block(explained, "manager.zeta").contains("  changes:  none"), explained);
    // The user of enable-timer is in the history.
    assertTrue(
        cli.run("history", "PO-4713", "--json").expect(0).json().toString()
            .contains("{\"timer\":\"reminder\",\"user\":\"carol\"}"));
  }

  /** The lines of {@code --explain} under the timer's name, up to the next blank line. */
  private static String block(String text, String timer) {
    int start = text.indexOf("\n\n" + timer + "\n");
    assertTrue(start >= 0, "no block for " + timer + " in\n" + text);
    int end = text.indexOf("\n\n", start + 2);
    return text.substring(start + 2, end < 0 ? text.length() : end + 1);
  }
}
