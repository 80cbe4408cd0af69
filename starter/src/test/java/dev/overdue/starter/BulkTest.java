package dev.overdue.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.overdue.api.ApprovalCommand;
import dev.overdue.starter.CliHarness.Run;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * {@code --query} on the steering commands: the options, and the answers of many approvals
 * collected, on the in-memory service. It has no visibility store, so the Updates are sent to
 * approvals named here; listing them by a filter is {@code BulkIT}'s, on a dev server.
 */
class BulkTest {
  CliHarness cli;

  @BeforeEach
  void startService() {
    cli = new CliHarness();
  }

  @AfterEach
  void stopService() {
    cli.close();
  }

  // ---- options --------------------------------------------------------------------------------

  @Test
  void anIdAndAQueryTogetherAreAUsageError() {
    Run suspend = cli.run("suspend", "PO-1", "--query", "HasWarnings = true").expect(2);
    Run extend =
        cli.run("extend-deadline", "--query", "x", "PO-1", "process", "--by", "PT1H").expect(2);

    assertTrue(suspend.err().startsWith("Give either an ID or --query, not both"), suspend.err());
    assertTrue(extend.err().startsWith("Give either an ID or --query, not both"), extend.err());
  }

  @Test
  void neitherAnIdNorAQueryIsAUsageError() {
    assertTrue(cli.run("resume").expect(2).err().startsWith("Missing required parameter: 'ID'"));
  }

  @Test
  void dryRunAndConcurrencyGoWithAQueryOnly() {
    Run dryRun = cli.run("suspend", "PO-1", "--dry-run").expect(2);
    Run concurrency = cli.run("suspend", "PO-1", "--concurrency", "4").expect(2);

    assertTrue(dryRun.err().startsWith("--dry-run goes with --query"), dryRun.err());
    assertTrue(concurrency.err().startsWith("--concurrency goes with --query"), concurrency.err());
    assertTrue(dryRun.err().contains("Try 'overdue suspend --help'"), dryRun.err());
  }

  @Test
  void concurrencyIsFromOneToSixtyFourAndPacesUpdatesNotSignals() {
    Run none = cli.run("resume", "--query", "x", "--concurrency", "0").expect(2);
    Run many = cli.run("resume", "--query", "x", "--concurrency", "65").expect(2);
    Run signal = cli.run("resume", "--query", "x", "--signal", "--concurrency", "4").expect(2);
    Run blank = cli.run("resume", "--query", " ").expect(2);

    assertTrue(none.err().startsWith("--concurrency must be 1 to 64: 0"), none.err());
    assertTrue(many.err().startsWith("--concurrency must be 1 to 64: 65"), many.err());
    assertTrue(signal.err().startsWith("--concurrency paces updates"), signal.err());
    assertTrue(blank.err().startsWith("--query needs a filter"), blank.err());
  }

  @Test
  void theQueryTakesTheIdsPlaceSoTheCommandsOwnArgumentsKeepTheirs() {
    for (String[] args :
        List.of(
            new String[] {
              "extend-deadline", "--query", "HasWarnings = true", "process", "--by", "PT1H"
            },
            new String[] {
              "extend-deadline", "process", "--query=HasWarnings = true", "--by", "PT1H"
            },
            new String[] {
              "extend-deadline", "process", "--by", "PT1H", "--query", "HasWarnings = true"
            })) {
      SteeringCommand command = parse(args);
      assertTrue(command.many(), String.join(" ", args));
      assertEquals("HasWarnings = true", command.bulk.query);
      assertEquals(null, command.approvalId());
      assertEquals(
          ApprovalCommand.ExtendDeadline.by("process", Duration.ofHours(1), null),
          command.command());
    }
    SteeringCommand one = parse("extend-deadline", "PO-1", "process", "--by", "PT1H");
    assertFalse(one.many());
    assertEquals("PO-1", one.approvalId());
    assertEquals("process", ((ApprovalCommand.ExtendDeadline) one.command()).timer());
  }

  /** The command {@code args} parse to. */
  private static SteeringCommand parse(String... args) {
    CommandLine line = OverdueCli.commandLine(new OverdueCli(() -> null));
    return (SteeringCommand)
        line.parseArgs(args).subcommand().commandSpec().userObject();
  }

  @Test
  void everySteeringCommandTakesAQueryAndItsHelpShowsThatForm() {
    CommandLine root = OverdueCli.commandLine(new OverdueCli(() -> null));
    int steering = 0;
    for (CommandLine command : root.getSubcommands().values()) {
      if (!(command.getCommandSpec().userObject() instanceof SteeringCommand)) {
        continue;
      }
      steering++;
      String name = command.getCommandName();
      String help = cli.run(name, "--help").expect(0).out();
      assertTrue(help.contains("overdue " + name + " --query=FILTER [--dry-run] [OPTIONS]"), help);
      assertTrue(help.contains("Many approvals at once:"), help);
      assertTrue(help.contains("--concurrency=N"), help);
    }
    // enable-timer … abort (12), recalculate, reassign, refresh-owners, update-data, the
    // eight task operations (stop-task … comment), set-follow-up and nudge.
    assertEquals(26, steering);
  }

  @Test
  void aQueryNeedsAServerWithAVisibilityStoreAndSaysHowToStartOne() {
    Run run =
        cli.run("suspend", "--query", "CurrentStep = 'manager'", "--reason", "office closed")
            .expect(ExitCodes.UNAVAILABLE);

    assertEquals("", run.out());
    assertEquals(1, run.err().lines().count(), run.err());
    assertTrue(run.err().startsWith("cannot list approvals: "), run.err());
    assertTrue(run.err().contains("start bin/dev-server"), run.err());
  }

  // ---- the answers of many approvals ------------------------------------------------------------

  @Test
  void eachApprovalsAnswerIsCollectedAndTheExitCodeIsTheWorst() throws Exception {
    for (String id : List.of("B-1", "B-2", "B-3")) {
      cli.run("start", "--request-id", id, "--step", "manager=alice", "--timeout", "P5D").expect(0);
    }
    cli.run("suspend", "B-2", "--reason", "earlier").expect(0);

    Steered steered =
        steer(
            4,
            List.of("approval-B-1", "approval-B-2", "approval-B-3", "approval-B-9"),
            new ApprovalCommand.Suspend("office closed"));

    assertEquals(ExitCodes.REFUSED, steered.exitCode(), steered.out());
    List<String> lines = steered.out().lines().toList();
    assertEquals(
        "sending suspend {\"reason\":\"office closed\"} to 4 running approvals as updates, 4 at a"
            + " time",
        lines.get(0));
    // Refused and failed approvals get a line each, in the order their answers came.
    assertEquals(
        List.of(
            "refused  approval-B-2: the process is already suspended",
            "refused  approval-B-9: not running any more: it ended after the list was read"),
        lines.subList(1, 3).stream().sorted().toList());
    assertTrue(
        lines.get(3).startsWith("suspend: 4 approvals, 2 applied, 2 refused, 0 failed in "),
        steered.out());
    assertEquals(
        List.of(
            "  applied  2  process suspended",
            "  refused  1  not running any more: it ended after the list was read",
            "  refused  1  the process is already suspended"),
        lines.subList(4, lines.size()));
    assertEquals("", steered.err());
    assertTrue(cli.run("status", "B-3").expect(0).out().contains("office closed"));
  }

  /** With -o json, stdout is one document a script reads; the sentences go to stderr. */
  @Test
  void withOutputJsonTheAnswersAreOneDocumentOnStdout() throws Exception {
    for (String id : List.of("J-1", "J-2")) {
      cli.run("start", "--request-id", id, "--step", "manager=alice", "--timeout", "P5D").expect(0);
    }
    cli.run("suspend", "J-2", "--reason", "earlier").expect(0);

    Steered steered =
        steer(2, List.of("approval-J-1", "approval-J-2"), new ApprovalCommand.Suspend("closed"), "-o", "json");

    assertEquals(ExitCodes.REFUSED, steered.exitCode(), steered.out());
    JsonNode document = new ObjectMapper().readTree(steered.out());
    assertEquals("suspend", document.get("command").asText());
    assertEquals(2, document.get("total").asInt());
    assertEquals(1, document.get("applied").asInt());
    assertEquals(1, document.get("refused").asInt());
    Map<String, String> results = new TreeMap<>();
    document.get("outcomes").forEach(o -> results.put(o.get("workflowId").asText(), o.get("result").asText()));
    assertEquals(Map.of("approval-J-1", "APPLIED", "approval-J-2", "REFUSED"), results);
    assertTrue(steered.err().contains("sending suspend"), steered.err());
  }

  @Test
  void onceAsManyApprovalsInARowAsThePoolHoldsFoundNoAnswerTheRestAreNotSent() throws Exception {
    for (String id : List.of("N-1", "N-2", "N-3", "N-4")) {
      cli.run("--task-queue", "nobody", "start", "--request-id", id, "--step", "a=alice").expect(0);
    }

    Steered steered =
        steer(
            1,
            List.of("approval-N-1", "approval-N-2", "approval-N-3", "approval-N-4"),
            new ApprovalCommand.Resume());

    assertEquals(ExitCodes.UNAVAILABLE, steered.exitCode(), steered.out());
    String out = steered.out();
    assertTrue(out.contains("did not answer within 1s"), out);
    assertTrue(out.contains("resume: 4 approvals, 0 applied, 0 refused, 4 failed"), out);
    assertTrue(
        out.contains("  failed   3  not sent: Temporal did not answer for 1 approval in a row"),
        out);
  }

  record Steered(int exitCode, String out, String err) {}

  /**
   * {@link Bulk#updates} with {@code concurrency}, as {@code --query} runs it once it has listed.
   */
  private Steered steer(int concurrency, List<String> ids, ApprovalCommand command, String... rootOptions)
      throws Exception {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    OverdueCli overdue = new OverdueCli(() -> cli.env.getWorkflowClient());
    CommandLine line = OverdueCli.commandLine(overdue);
    line.setOut(new PrintWriter(out, true));
    line.setErr(new PrintWriter(err, true));
    List<String> args = new java.util.ArrayList<>(List.of("--answer-timeout", "PT1S"));
    args.addAll(List.of(rootOptions));
    line.parseArgs(args.toArray(String[]::new));
    Bulk.Options options = new Bulk.Options();
    options.concurrency = concurrency;
    String name = command instanceof ApprovalCommand.Suspend ? "suspend" : "resume";
    int code = new Bulk(overdue.session(), overdue.printer(), name, options).updates(ids, command);
    return new Steered(code, out.toString(), err.toString());
  }
}
