package dev.overdue.bpmn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.overdue.api.ApprovalRequest;
import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The migration guide's example, an invoice approval drawn for Camunda 7 and for Camunda 8
 * (docs/examples/bpmn), imported whole: both become the same two steps with the same deadlines,
 * each engine's settings read from where it keeps them, and the workflow's own check accepts both.
 */
class ExamplesTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void theCamunda7InvoiceApprovalBecomesTwoStepsWithItsTimersAsDeadlines() throws Exception {
    ImportedRequest imported = Imports.example("invoice-approval-c7.bpmn");
    assertEquals("Camunda 7", imported.platform());
    assertFalse(imported.blocked(), Imports.report(imported).toString());
    assertEquals(List.of(), Imports.problems(imported));
    JsonNode request = imported.json();
    JsonNode manager = request.at("/steps/0");
    assertEquals("approve-manager", manager.get("name").asText());
    assertEquals("[\"alice\",\"bob\"]", manager.get("approvers").toString());
    assertEquals("[\"managers\"]", manager.get("candidateGroups").toString());
    assertEquals(3, manager.get("priority").asInt()); // Camunda's 70 of 100
    assertEquals("P3D", manager.get("timeout").asText());
    assertEquals("P1D", manager.get("followUp").asText());
    assertEquals(JSON.readTree("""
        {"type":"object","properties":{
          "costCentre":{"type":"string","enum":["IT","HR","OPS"],"title":"Cost centre"}},
         "required":["costCentre"]}"""), manager.get("form"));
    assertEquals(JSON.readTree("""
        [{"name":"remind-manager","cycle":"R3/P1D","escalations":[{"action":"notify","to":["potentialOwners"]}]},
         {"name":"escalate-manager","for":"P5D","escalations":[{"action":"reassign","to":["dora"]}]},
         {"name":"manager-nudge","for":"PT8H","escalations":[{"action":"notify","to":["potentialOwners"]}]}]"""),
        manager.get("completionDeadlines"));
    JsonNode finance = request.at("/steps/1");
    assertEquals("=data.accountant", finance.get("assignee").asText());
    assertEquals(JSON.readTree("""
        [{"name":"finance-deadline","for":"P10D","escalations":[{"action":"decide","outcome":"REJECTED"}]}]"""),
        finance.get("completionDeadlines"));
    assertEquals("[\"invoiceNumber\",\"amount\"]", request.at("/dataForm/required").toString());
    assertEquals(
        List.of(
            "approve-manager field comment (camunda:formField): every decision takes a comment of its own, kept in the"
                + " approval's trail: the form does not ask again",
            "send-reminder (sendTask): replaced by Overdue's reminder, a notification to the task's potential owners: its own work does not run",
            "manager-nudge (camunda:taskListener): its code (class com.example.Nudge) does not run: when its timer fires Overdue notifies the task's potential owners"),
        Imports.report(imported));
  }

  @Test
  void theCamunda8InvoiceApprovalMapsOntoTheSameStepsAndReadsItsLinkedForm() throws Exception {
    ImportedRequest c7 = Imports.example("invoice-approval-c7.bpmn");
    ImportedRequest c8;
    try (var in = Files.newInputStream(Imports.EXAMPLES.resolve("invoice-approval-c8.bpmn"))) {
      c8 = BpmnImport.read(in, null, "invoice-approval-c8.bpmn", LinkedForms.in(Imports.EXAMPLES));
    }
    assertEquals("Camunda 8", c8.platform());
    assertEquals(List.of("approve-manager field comment (form textarea): every decision takes a comment of its own,"
        + " kept in the approval's trail: the form does not ask again"), Imports.report(c8));
    assertEquals(List.of(), Imports.problems(c8));
    JsonNode manager7 = c7.json().at("/steps/0");
    JsonNode manager8 = c8.json().at("/steps/0");
    for (String field : List.of("name", "title", "approvers", "candidateGroups", "priority", "form")) {
      assertEquals(manager7.get(field), manager8.get(field), field);
    }
    // Camunda 8 has no timeout listener: the first two deadlines only.
    assertEquals(manager7.get("completionDeadlines").get(0), manager8.get("completionDeadlines").get(0));
    assertEquals(manager7.get("completionDeadlines").get(1), manager8.get("completionDeadlines").get(1));
    assertEquals("=data.payBy", c8.json().at("/steps/1/timeout").asText());
    assertTrue(c8.yaml().contains("the linked form approve-invoice-manager (zeebe:formDefinition formId)"), c8.yaml());
  }

  @Test
  void withoutItsFormFileTheCamunda8FormIsReportedAndTheStepKept() throws Exception {
    ImportedRequest c8 = Imports.example("invoice-approval-c8.bpmn");
    assertEquals(
        List.of("approve-manager (zeebe:formDefinition): the linked form approve-invoice-manager, in no .form file next to"
            + " the .bpmn file: the inbox shows the step's form; write its fields there"),
        Imports.report(c8));
    assertFalse(c8.blocked());
    assertTrue(c8.json().at("/steps/0/form").isMissingNode());
  }

  /** What the import writes is the contract's request: read as ApprovalRequest, strictly, with every step. */
  @Test
  void bothExamplesReadAsTheContractsApprovalRequest() throws Exception {
    for (String file : List.of("invoice-approval-c7.bpmn", "invoice-approval-c8.bpmn")) {
      ImportedRequest imported = Imports.example(file);
      ApprovalRequest request = imported.request();
      assertEquals(imported.json().path("steps").size(), request.steps().size(), file);
      assertEquals("approve-manager", request.steps().get(0).name(), file);
      assertEquals(List.of("alice", "bob"), request.steps().get(0).approvers(), file);
    }
  }

  @Test
  void everyPartCarriesACommentNamingTheBpmnElementItCameFrom() throws Exception {
    String yaml = Imports.example("invoice-approval-c7.bpmn").yaml();
    for (String comment : List.of(
        "# Imported by bin/overdue import-bpmn from invoice-approval-c7.bpmn, process invoice-approval (Camunda 7).",
        "- name: approve-manager # BPMN userTask \"Approve invoice (manager)\" (approve-manager)",
        "# camunda:priority 70 (0–100, higher first) on Overdue's scale (0 first – 10)",
        "- name: remind-manager # BPMN boundaryEvent \"Remind daily\" (remind-manager): non-interrupting timer, timeCycle R3/P1D",
        "- name: manager-nudge # camunda:taskListener event=\"timeout\" (manager-nudge), timeDuration PT8H",
        "# camunda:formData; its field approved is the step's approve or reject",
        "the timer ends the process, so it decides the task: REJECTED")) {
      assertTrue(yaml.contains(comment), comment + "\n" + yaml);
    }
  }
}
