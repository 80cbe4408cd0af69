package dev.overdue.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.overdue.starter.CliHarness.Run;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code import-bpmn} as a user runs it: the example models to a file validate accepts once its
 * placeholders are filled in, a model
 * with a service task on its path refused (and written with --partial), the report as JSON, and
 * the imported invoice approval started, planned with the dates its BPMN timers would have, and
 * decided.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class ImportBpmnCliTest {
  static final Path EXAMPLES = Processes.ROOT.resolve("docs/examples/bpmn");

  @TempDir Path dir;

  @Test
  void theCamunda7ExampleIsWrittenToAFileValidateRefusesUntilItsPlaceholdersAreFilledIn() throws Exception {
    Path request = dir.resolve("invoice.yaml");
    try (CliHarness cli = new CliHarness()) {
      Run imported = cli.run("import-bpmn", EXAMPLES.resolve("invoice-approval-c7.bpmn").toString(), "--write", request.toString()).expect(0);
      assertEquals(List.of(
          "imported process invoice-approval (Camunda 7) from invoice-approval-c7.bpmn: 2 steps → " + request,
          "done Overdue's way or left out:",
          "  approve-manager field comment (camunda:formField): every decision takes a comment of its own, kept in the"
              + " approval's trail: the form does not ask again",
          "  send-reminder (sendTask): replaced by Overdue's reminder, a notification to the task's potential owners: its own work does not run",
          "  manager-nudge (camunda:taskListener): its code (class com.example.Nudge) does not run: when its timer fires Overdue notifies the task's potential owners",
          "to fill in before validate and start accept it:",
          "  requester: fill in who asks for this approval (import-bpmn left a placeholder)",
          "  data.invoiceNumber: fill in Invoice number (import-bpmn left a placeholder)",
          "  data.amount: fill in Amount (EUR), a whole number from 1 (import-bpmn left a placeholder)",
          "  data.accountant: fill in who the step “Check and pay (finance)” is assigned to (import-bpmn left a placeholder)"),
          imported.out().strip().lines().toList());
      assertTrue(Files.readString(request).startsWith("# Imported by bin/overdue import-bpmn from invoice-approval-c7.bpmn"));
      // Unedited, it does not start with nobody as its requester and an amount of 1: each gap is named.
      assertEquals(List.of("invalid approval request:",
          "  1. requester: fill in who asks for this approval (import-bpmn left a placeholder)",
          "  2. data.invoiceNumber: fill in Invoice number (import-bpmn left a placeholder)",
          "  3. data.amount: fill in Amount (EUR), a whole number from 1 (import-bpmn left a placeholder)",
          "  4. data.accountant: fill in who the step “Check and pay (finance)” is assigned to (import-bpmn left a placeholder)"),
          cli.run("validate", "--file", request.toString()).expect(ExitCodes.REFUSED).err().strip().lines().toList());
      Files.writeString(request, filledIn(Files.readString(request), "INV-2027-030"));
      assertEquals("valid: INV-2027-030 (2 steps, 0 timers)", cli.run("validate", "--file", request.toString()).expect(0).out().strip());
    }
  }

  /**
   * docs/examples/request-types/invoice-approval.json as the import writes it: the import cannot
   * know which fields a list should show, so the example adds its keyFields, last.
   */
  static String invoiceApprovalAsImported() throws java.io.IOException {
    String example = Files.readString(Processes.ROOT.resolve("docs/examples/request-types/invoice-approval.json"));
    return example.replace(",\n  \"keyFields\" : [ \"amount\", \"supplier\" ]\n}", "\n}");
  }

  /** bin/overdue-up's inbox offers the example as a request type: the file is what the import writes today. */
  @Test
  void theInboxsInvoiceApprovalRequestTypeIsTheImportOfTheExample() throws Exception {
    Path type = dir.resolve("invoice-approval.json");
    try (CliHarness cli = new CliHarness()) {
      Run imported = cli.run("import-bpmn", EXAMPLES.resolve("invoice-approval-c7.bpmn").toString(), "--request-type", type.toString()).expect(0);
      assertTrue(imported.out().startsWith("# Imported by bin/overdue import-bpmn"), imported.out()); // the YAML still on stdout
    }
    assertEquals(invoiceApprovalAsImported(), Files.readString(type),
        "docs/examples/request-types/invoice-approval.json is stale: write it again with bin/overdue import-bpmn"
            + " docs/examples/bpmn/invoice-approval-c7.bpmn --request-type docs/examples/request-types/invoice-approval.json"
            + " and add its keyFields at the end");
    JsonNode written = new com.fasterxml.jackson.databind.ObjectMapper().readTree(type.toFile());
    assertFalse(written.has("idPrefix"), "the inbox's short default (INV), not the process id in capitals: " + written);
    assertFalse(written.has("requestId") || written.has("requester") || written.has("data"), written.toString());
  }

  @Test
  void withoutWriteTheRequestGoesToStandardOutputAndTheReportToStandardError() throws Exception {
    try (CliHarness cli = new CliHarness()) {
      Run imported = cli.run("import-bpmn", EXAMPLES.resolve("invoice-approval-c8.bpmn").toString()).expect(0);
      assertTrue(imported.out().contains("# zeebe:assignmentDefinition candidateUsers\n    approvers: [alice, bob]"), imported.out());
      assertTrue(imported.out().contains("the linked form approve-invoice-manager"), imported.out()); // read from the .form file beside it
      assertEquals("imported process invoice-approval (Camunda 8) from invoice-approval-c8.bpmn: 2 steps",
          imported.err().lines().findFirst().orElseThrow());
    }
  }

  @Test
  void aServiceTaskOnThePathRefusesTheImportUnlessPartial() throws Exception {
    String bpmn = Files.readString(EXAMPLES.resolve("invoice-approval-c7.bpmn"))
        .replace("<bpmn:sequenceFlow id=\"flow-approved\" name=\"yes\" sourceRef=\"manager-decision\" targetRef=\"approve-finance\">",
            "<bpmn:serviceTask id=\"book-invoice\" name=\"Book invoice\" camunda:class=\"com.example.Book\" />"
                + "<bpmn:sequenceFlow id=\"flow-booked\" sourceRef=\"book-invoice\" targetRef=\"approve-finance\" />"
                + "<bpmn:sequenceFlow id=\"flow-approved\" name=\"yes\" sourceRef=\"manager-decision\" targetRef=\"book-invoice\">");
    assertTrue(bpmn.contains("book-invoice"), "the example's approved flow is where the test expects it");
    Path model = Files.writeString(dir.resolve("booked.bpmn"), bpmn);
    Path request = dir.resolve("booked.yaml");
    try (CliHarness cli = new CliHarness()) {
      Run refused = cli.run("import-bpmn", model.toString(), "--write", request.toString()).expect(ExitCodes.REFUSED);
      List<String> lines = refused.err().strip().lines().toList();
      assertEquals("refused: process invoice-approval (Camunda 7) from booked.bpmn does not map onto a request as it stands;"
          + " nothing written (--partial writes what maps)", lines.get(0));
      assertEquals(List.of("on a user task's path, not mapped:", "  book-invoice (serviceTask): work a program does: Overdue runs"
          + " people's steps; run it from a listener's notification or your own Temporal workflow"), lines.subList(1, 3));
      assertFalse(Files.exists(request));
      assertEquals("", refused.out());

      Run partial = cli.run("import-bpmn", model.toString(), "--write", request.toString(), "--partial").expect(0);
      assertTrue(partial.out().startsWith("imported process invoice-approval (Camunda 7) from booked.bpmn: 2 steps"), partial.out());
      assertTrue(cli.run("validate", "--file", request.toString()).expect(ExitCodes.REFUSED).err()
          .contains("1. requester: fill in who asks for this approval"));

      JsonNode report = cli.run("import-bpmn", model.toString(), "-o", "json").expect(ExitCodes.REFUSED).json();
      assertEquals(false, report.get("written").asBoolean());
      assertEquals("book-invoice", report.at("/unmapped/0/elementId").asText());
      assertEquals("serviceTask", report.at("/unmapped/0/kind").asText());
      assertEquals(true, report.at("/unmapped/0/blocks").asBoolean());
      assertEquals("approve-finance", report.at("/request/steps/1/name").asText());
    }
  }

  @Test
  void whatIsNotOneBpmnProcessIsRefusedSayingWhy() throws Exception {
    try (CliHarness cli = new CliHarness()) {
      assertEquals("cannot read " + dir.resolve("none.bpmn") + ": no such file",
          cli.run("import-bpmn", dir.resolve("none.bpmn").toString()).expect(ExitCodes.REFUSED).err().strip());
      Path pom = Processes.ROOT.resolve("pom.xml");
      assertTrue(cli.run("import-bpmn", pom.toString()).expect(ExitCodes.REFUSED).err()
          .contains("pom.xml is not a BPMN 2.0 file: its root element is <project>"));
      assertTrue(cli.run("import-bpmn", EXAMPLES.resolve("invoice-approval-c7.bpmn").toString(), "--process", "other")
          .expect(ExitCodes.REFUSED).err().contains("has no process other (its processes: invoice-approval)"));
    }
  }

  @Test
  void aModelThatMapsButWouldBeRefusedByValidateIsRefusedSayingWhy() throws Exception {
    // A due date Camunda would take and Overdue refuses to start with: it has passed.
    String bpmn = Files.readString(EXAMPLES.resolve("invoice-approval-c7.bpmn"))
        .replace("camunda:dueDate=\"P7D\"", "camunda:dueDate=\"2020-03-31T17:00:00Z\"");
    Path model = Files.writeString(dir.resolve("late.bpmn"), bpmn);
    try (CliHarness cli = new CliHarness()) {
      Run refused = cli.run("import-bpmn", model.toString()).expect(ExitCodes.REFUSED);
      assertEquals("", refused.out());
      List<String> lines = refused.err().strip().lines().toList();
      assertEquals("refused: process invoice-approval (Camunda 7) from late.bpmn does not map onto a request as it"
          + " stands; nothing written", lines.get(0));
      assertTrue(lines.contains("what was written does not pass validate:"), refused.err());
      assertTrue(lines.stream().anyMatch(line -> line.contains("steps[1].timeout") && line.contains("2020-03-31T17:00:00Z")), refused.err());
    }
  }

  @Test
  void theImportedInvoiceApprovalStartsPlansItsBpmnTimersAndIsDecided() throws Exception {
    Path request = dir.resolve("invoice.yaml");
    try (CliHarness cli = new CliHarness()) {
      cli.run("import-bpmn", EXAMPLES.resolve("invoice-approval-c7.bpmn").toString(), "--write", request.toString()).expect(0);
      Files.writeString(request, filledIn(Files.readString(request), "INV-2027-031"));
      Instant started = Instant.now();
      cli.run("start", "--file", request.toString()).expect(0);

      JsonNode plan = cli.run("plan", "INV-2027-031", "-o", "json").expect(0).json();
      assertEquals(Duration.ofHours(8), after(plan, "approve-manager.manager-nudge", started)); // the timeout listener
      assertEquals(Duration.ofDays(1), after(plan, "approve-manager.remind-manager", started)); // R3/P1D: its first reminder
      assertEquals(Duration.ofDays(5), after(plan, "approve-manager.escalate-manager", started)); // to dora
      assertEquals(Duration.ofDays(3), after(plan, "approve-manager.completion", started)); // camunda:dueDate P3D

      cli.run("claim", "INV-2027-031", "--user", "alice").expect(0);
      Run refused = cli.run("approve", "INV-2027-031", "--user", "alice", "--comment", "ok").expect(ExitCodes.REFUSED);
      assertTrue(refused.err().contains("output.costCentre"), refused.err()); // the BPMN form's required field
      cli.run("approve", "INV-2027-031", "--user", "alice", "--task-output", "{\"costCentre\": \"IT\"}").expect(0);
      JsonNode finance = cli.run("status", "INV-2027-031", "--json").expect(0).json().get("steps").get(1);
      assertEquals("frank", finance.get("owner").asText()); // =data.accountant, from ${accountant}
      Run done = cli.run("approve", "INV-2027-031", "--user", "frank").expect(0);
      assertEquals("step approve-finance approved by frank; approval is APPROVED", done.out().strip());
    }
  }

  @Test
  void theImportedCamunda8ModelRunsItsDueDateReadFromTheData() throws Exception {
    Path request = dir.resolve("invoice8.yaml");
    Instant payBy = Instant.now().plus(Duration.ofDays(20)).truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
    try (CliHarness cli = new CliHarness()) {
      cli.run("import-bpmn", EXAMPLES.resolve("invoice-approval-c8.bpmn").toString(), "--write", request.toString()).expect(0);
      String yaml = Files.readString(request)
          .replace("requestId: invoice-approval-1", "requestId: INV-2027-032")
          .replaceAll("(?m)^requester: .*$", "requester: carol")
          .replaceAll("(?m)^  accountant: .*$", "  accountant: frank")
          .replaceAll("(?m)^  payBy: .*$", "  payBy: '" + payBy + "'");
      Files.writeString(request, yaml);
      Instant started = Instant.now();
      cli.run("start", "--file", request.toString()).expect(0);
      JsonNode plan = cli.run("plan", "INV-2027-032", "-o", "json").expect(0).json();
      assertEquals(Duration.ofDays(1), after(plan, "approve-manager.remind-manager", started));
      assertEquals(Duration.ofDays(5), after(plan, "approve-manager.escalate-manager", started));
      cli.run("claim", "INV-2027-032", "--user", "bob").expect(0);
      cli.run("approve", "INV-2027-032", "--user", "bob", "--task-output", "{\"costCentre\": \"OPS\"}").expect(0); // the linked form's field
      JsonNode finance = cli.run("plan", "INV-2027-032", "-o", "json").expect(0).json();
      assertEquals(payBy, at(finance, "approve-finance.completion")); // zeebe:taskSchedule dueDate="=payBy"
      assertEquals("step approve-finance approved by frank; approval is APPROVED",
          cli.run("approve", "INV-2027-032", "--user", "frank").expect(0).out().strip());
    }
  }

  private static Instant at(JsonNode plan, String timer) {
    for (JsonNode entry : plan) {
      if (entry.get("timer").asText().equals(timer)) {
        return Instant.parse(entry.get("at").asText());
      }
    }
    throw new AssertionError("no " + timer + " in the plan: " + plan);
  }

  /** How long after {@code started} the plan's first entry for {@code timer} falls, to the minute. */
  private static Duration after(JsonNode plan, String timer, Instant started) {
    for (JsonNode entry : plan) {
      if (entry.get("timer").asText().equals(timer)) {
        Duration after = Duration.between(started, Instant.parse(entry.get("at").asText()));
        return Duration.ofMinutes(Math.round(after.toSeconds() / 60.0));
      }
    }
    throw new AssertionError("no " + timer + " in the plan: " + plan);
  }

  /** What the import's placeholders ask of the user: an id, who asks, the data. */
  private static String filledIn(String yaml, String requestId) {
    return yaml.replace("requestId: invoice-approval-1", "requestId: " + requestId)
        .replaceAll("(?m)^requester: .*$", "requester: carol")
        .replaceAll("(?m)^  invoiceNumber: .*$", "  invoiceNumber: '2027-031'")
        .replaceAll("(?m)^  amount: .*$", "  amount: 1850\n  supplier: ACME")
        .replaceAll("(?m)^  accountant: .*$", "  accountant: frank");
  }
}
