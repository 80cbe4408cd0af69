package dev.overdue.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.overdue.starter.CliHarness.Run;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@code -o json}: every command's answer as one JSON document a script can read. */
class OutputFormatTest {
  CliHarness cli;

  @BeforeEach
  void startService() {
    cli = new CliHarness();
  }

  @AfterEach
  void stopService() {
    cli.close();
  }

  @Test
  void everyCommandAnswersInJsonBeforeOrAfterItsName() {
    JsonNode started =
        cli.run("-o", "json", "start", "--request-id", "PO-9", "--step", "manager=alice,bob").expect(0).json();
    assertEquals("PO-9", started.get("requestId").asText());
    assertEquals("approval-PO-9", started.get("workflowId").asText());
    assertEquals("overdue", started.get("taskQueue").asText());

    JsonNode claimed = cli.run("claim", "PO-9", "--user", "alice", "--output", "json").expect(0).json();
    assertEquals("claim", claimed.get("command").asText());
    assertTrue(claimed.get("message").asText().contains("alice"), claimed.toString());

    JsonNode signalled = cli.run("release", "PO-9", "--user", "alice", "--signal", "-o", "JSON").expect(0).json();
    assertEquals("approval-PO-9", signalled.get("workflowId").asText());
    assertEquals("signal", signalled.get("sentAs").asText());

    assertEquals("ACTIVE", cli.run("status", "PO-9", "-o", "json").expect(0).json().get("state").asText());
    assertTrue(cli.run("timers", "PO-9", "-o", "json").expect(0).json().isArray());
    assertTrue(cli.run("history", "PO-9", "-o", "json").expect(0).json().isArray());
    assertTrue(cli.run("plan", "PO-9", "-o", "json").expect(0).json().isArray());

    cli.run("approve", "PO-9", "--user", "bob", "--task-output", "{\"ok\": true}", "-o", "json").expect(0);
    JsonNode result = cli.run("result", "PO-9", "-o", "json").expect(0).json();
    assertEquals("APPROVED", result.get("outcome").asText());
  }

  @Test
  void refusalsStayOnStderrWithTheirExitCode() {
    cli.run("start", "--request-id", "PO-8", "--step", "manager=alice").expect(0);
    Run refused = cli.run("approve", "PO-8", "--user", "mallory", "-o", "json").expect(1);
    assertEquals("", refused.out());
    assertTrue(refused.err().startsWith("rejected: mallory is not a potential owner"), refused.err());
  }

  @Test
  void anUnknownFormatIsAUsageErrorAndAStepsOutputHasItsOwnOption() {
    Run yaml = cli.run("status", "PO-1", "-o", "yaml").expect(2);
    assertTrue(yaml.err().contains("expected table or json but was 'yaml'"), yaml.err());
    Run object = cli.run("approve", "PO-1", "--user", "alice", "--output", "{\"ok\":true}").expect(2);
    assertTrue(object.err().contains("a step's output goes with --task-output"), object.err());
  }
}
