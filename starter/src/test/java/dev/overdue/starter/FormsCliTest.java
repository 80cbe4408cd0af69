package dev.overdue.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.overdue.starter.CliHarness.Run;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The human-tasks guide's Forms section (docs/guide/human-tasks.md) through Temporal: its request
 * starts, an approval whose output does not fit the form is refused as the guide prints it, the
 * status table shows the form, a fitting output is accepted, and {@code status --json} carries the
 * form as the request gave it.
 */
class FormsCliTest {
  static final String REQUEST = """
      requestId: INV-2210
      title: Invoice 2210, ACME
      requester: carol
      steps:
        - name: finance
          approvers: [frank]
          form:
            type: object
            properties:
              amount: { type: number, title: Amount, minimum: 0 }
              costCentre: { type: string, title: Cost centre, maxLength: 8 }
              payBy: { type: string, format: date, title: Pay by }
            required: [amount, costCentre]
      """;

  @TempDir Path dir;

  @Test
  void theGuidesFormRefusesAnOutputThatDoesNotFitAndTakesOneThatDoes() throws Exception {
    Path request = Files.writeString(dir.resolve("invoice.yaml"), REQUEST);
    try (CliHarness cli = new CliHarness()) {
      cli.run("start", "--file", request.toString()).expect(0);
      Run refused =
          cli.run("approve", "INV-2210", "--user", "frank", "--task-output", "{\"amount\": \"ten\", \"payBy\": \"31/12/2026\"}")
              .expect(1);
      assertEquals(
          List.of(
              "rejected: the output does not fit the form of step finance:",
              "  output.amount: a number is needed, got \"ten\"",
              "  output.costCentre: text is needed, got nothing; add \"costCentre\": \"…\" to --task-output",
              "  output.payBy: a date (YYYY-MM-DD, such as 2026-12-31) is needed, got \"31/12/2026\""),
          refused.err().strip().lines().toList());
      Run nothing = cli.run("approve", "INV-2210", "--user", "frank").expect(1);
      assertEquals(
          List.of(
              "rejected: the output does not fit the form of step finance:",
              "  output.amount: a number is needed, got nothing",
              "  output.costCentre: text is needed, got nothing",
              "  give them with --task-output '{\"amount\": …, \"costCentre\": \"…\"}'"),
          nothing.err().strip().lines().toList());
      Run broken = cli.run("approve", "INV-2210", "--user", "frank", "--task-output", "{\"amount\": 1850 \"costCentre\": \"CC-7\"}")
          .expect(ExitCodes.USAGE);
      assertTrue(broken.err().startsWith("--task-output is not valid JSON: line 1, column 17: expected ',' between two"
          + " fields, or '}' to end the object, found '\"'\n"), broken.err());
      String status = cli.run("status", "INV-2210").expect(0).out();
      assertTrue(
          status.contains("amount (number, required), costCentre (string, required), payBy (date)"), status);
      Run approved = cli.run("approve", "INV-2210", "--user", "frank", "--task-output",
          "{\"amount\": 1850, \"costCentre\": \"CC-7\", \"payBy\": \"2026-12-31\"}").expect(0);
      assertEquals("step finance approved by frank; approval is APPROVED", approved.out().strip());
      JsonNode done = cli.run("status", "INV-2210", "--json").expect(0).json();
      assertEquals("APPROVED", done.get("state").asText());
      JsonNode given = new ObjectMapper(new YAMLFactory()).readTree(REQUEST).get("steps").get(0).get("form");
      assertEquals(given, done.get("steps").get(0).get("form"));
    }
  }
}
