package dev.overdue.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.overdue.activities.settings.Directory;
import dev.overdue.starter.CliHarness.Run;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The human-tasks guide's walk-through (docs/guide/human-tasks.md), against the real workflow on a time-skipping in-memory
 * service whose worker has docs/examples/team.yaml's directory: docs/examples/expense.yaml started,
 * its data updated, a group's step offered, claimed, refused, reassigned.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class HumanTasksCliTest {
  static final String EXPENSE = "docs/examples/expense.yaml";
  CliHarness cli;
  @TempDir Path dir;

  @BeforeEach
  void startService() throws IOException {
    JsonNode team =
        new ObjectMapper(new YAMLFactory())
            .readTree(Processes.ROOT.resolve("docs/examples/team.yaml").toFile());
    cli = new CliHarness(Printer.JSON.treeToValue(team.get("directory"), Directory.class));
    cli.run("start", "--file", Processes.ROOT.resolve(EXPENSE).toString()).expect(0);
  }

  @AfterEach
  void stopService() {
    cli.close();
  }

  private String status() {
    return cli.run("status", "EXP-7").expect(0).out();
  }

  @Test
  void theReviewIsAssignedFromTheDataAndItsDeadlineComesFromTheData() {
    String status = status();
    assertTrue(
        status.contains("STEP    STATE     PRIORITY  OWNER  POTENTIAL OWNERS  GROUPS"), status);
    assertEquals(
        List.of("review", "RESERVED", "4", "alice", "alice,bob", "-", "-", "-"),
        OverdueCliTest.row(status, "review"));
    String explained = cli.run("timers", "EXP-7", "--explain").expect(0).out();
    assertTrue(
        explained.contains("the expression =duration(string(data.slaHours) + 'h') gave PT8H"),
        explained);
  }

  @Test
  void updatedDataIsWhatTheNextStepsDeadlineReads() throws IOException, InterruptedException {
    Run updated =
        cli.run(
                "update-data",
                "EXP-7",
                "--user",
                "carol",
                "--data",
                "{\"payBy\":\"2029-01-15T12:00:00Z\"}")
            .expect(0);
    assertTrue(updated.out().contains("payBy"), updated.out());
    Path output = Files.writeString(dir.resolve("output.json"), "{\"reviewed\": true}");
    approveReview("--task-output", "@" + output);

    JsonNode data = cli.run("status", "EXP-7", "--json").expect(0).json().get("data");
    assertEquals(true, data.get("reviewed").asBoolean(), data.toString());
    assertEquals("[\"frank\",\"fiona\"]", payout().get("potentialOwners").toString());
    JsonNode due = timer("payout.due");
    assertEquals("2029-01-15T12:00:00Z", due.get("expiresAt").asText(), due.toString());
  }

  @Test
  void aStrangerIsRefusedNamingTheGroupAndTheRequesterReassigns() throws InterruptedException {
    approveReview();

    Run refused = cli.run("claim", "EXP-7", "--user", "mallory").expect(ExitCodes.REFUSED);
    assertTrue(
        refused
            .err()
            .contains(
                "mallory is not a potential owner of step payout (candidate users: none;"
                    + " candidate groups: finance)"),
        refused.err());
    Run refreshed = cli.run("refresh-owners", "EXP-7", "--user", "carol").expect(0);
    assertEquals(
        "step payout: potential owners frank, fiona (were frank, fiona)", refreshed.out().strip());
    Run reassigned = cli.run("reassign", "EXP-7", "--user", "carol", "--to", "fiona").expect(0);
    assertEquals("step payout reassigned to fiona", reassigned.out().strip());
    Run nobody =
        cli.run("reassign", "EXP-7", "--user", "carol", "--to", "sales").expect(ExitCodes.REFUSED);
    assertTrue(
        nobody.err().contains("'sales' is not a user or group in the directory"), nobody.err());
    cli.run("approve", "EXP-7", "--user", "fiona").expect(0);
    assertEquals(
        "APPROVED", cli.run("result", "EXP-7", "--json").expect(0).json().get("outcome").asText());
  }

  @Test
  void badDataIsRefusedBeforeAnythingIsSent() {
    Run bad =
        cli.run("update-data", "EXP-7", "--user", "carol", "--data", "[1,2]")
            .expect(ExitCodes.USAGE);
    assertTrue(bad.err().contains("--data must be a JSON object"), bad.err());
    Run stranger =
        cli.run("update-data", "EXP-7", "--user", "mallory", "--data", "{\"amount\":1}")
            .expect(ExitCodes.REFUSED);
    assertTrue(stranger.err().contains("mallory"), stranger.err());
    assertEquals(
        1850,
        cli.run("status", "EXP-7", "--json").expect(0).json().get("data").get("amount").asInt());
  }

  /** Approves the review as alice; the payout step's group is then looked up by an activity. */
  private void approveReview(String... more) throws InterruptedException {
    List<String> args = new ArrayList<>(List.of("approve", "EXP-7", "--user", "alice"));
    args.addAll(List.of(more));
    cli.run(args.toArray(String[]::new)).expect(0);
    for (int i = 0; i < 100 && payout().get("potentialOwners").isEmpty(); i++) {
      Thread.sleep(50);
    }
  }

  private JsonNode payout() {
    return cli.run("status", "EXP-7", "--json").expect(0).json().get("steps").get(1);
  }

  private JsonNode timer(String name) {
    for (JsonNode t : cli.run("timers", "EXP-7", "--json").expect(0).json()) {
      if (t.get("name").asText().equals(name)) {
        return t;
      }
    }
    throw new AssertionError("no timer " + name);
  }
}
