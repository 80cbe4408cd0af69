package dev.overdue.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.overdue.starter.CliHarness.Run;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The four-eyes rules through Temporal: refused Updates with the reason, refused Signals in the history. */
class FourEyesCliTest {
  @TempDir Path dir;

  @Test
  void theRequesterAndTheFirstApproverAreKeptOffTheStepsTheRulesName() throws Exception {
    Path request = Files.writeString(dir.resolve("po.yaml"), """
        requestId: PO-44
        requester: carol
        steps:
          - name: manager
            approvers: [alice, bob, carol]
            notBy: [requester]
          - name: finance
            approvers: [alice, bob, carol]
            notBy: [requester]
            distinctFrom: [manager]
        """);
    try (CliHarness cli = new CliHarness()) {
      cli.run("start", "--file", request.toString()).expect(0);
      Run own = cli.run("approve", "PO-44", "--user", "carol").expect(1);
      assertEquals("rejected: carol requested this approval and may not act on step manager (notBy: requester)",
          own.err().strip());
      cli.run("approve", "PO-44", "--user", "alice").expect(0);
      Run twice = cli.run("claim", "PO-44", "--user", "alice").expect(1);
      assertEquals("rejected: alice decided step manager and may not act on step finance too (distinctFrom: manager)",
          twice.err().strip());

      // A Signal is refused the same way, and the audit trail says why.
      cli.run("approve", "PO-44", "--user", "alice", "--signal").expect(0);
      JsonNode last = null;
      for (JsonNode entry : cli.run("history", "PO-44", "--json").expect(0).json()) {
        last = entry;
      }
      assertEquals("approve", last.get("name").asText());
      assertTrue(!last.get("accepted").asBoolean() && last.get("reason").asText().contains("distinctFrom: manager"),
          last.toString());

      cli.run("approve", "PO-44", "--user", "bob").expect(0);
      assertEquals("APPROVED", cli.run("result", "PO-44", "--json").expect(0).json().get("outcome").asText());
    }
  }
}
