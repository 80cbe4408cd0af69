package dev.overdue.bpmn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A user task's settings, in both engines' spellings, as a step's. */
class UserTaskMappingTest {
  private static JsonNode step(String c7Task) throws Exception {
    ImportedRequest imported = Imports.of(Models.c7(Models.path("t", "t", c7Task)));
    assertEquals(List.of(), Imports.problems(imported), imported.yaml());
    return imported.json().at("/steps/0");
  }

  private static JsonNode step8(String extensions) throws Exception {
    ImportedRequest imported = Imports.of(Models.c8(Models.path("t", "t",
        "<bpmn:userTask id=\"t\" name=\"Review\"><bpmn:extensionElements><zeebe:userTask />" + extensions
            + "</bpmn:extensionElements></bpmn:userTask>")));
    assertEquals(List.of(), Imports.problems(imported), imported.yaml());
    return imported.json().at("/steps/0");
  }

  @Test
  void candidatesAssigneeAndDatesOfCamunda7() throws Exception {
    JsonNode step = step("<bpmn:userTask id=\"t\" name=\"Review the contract\" camunda:candidateUsers=\"alice,bob , carl\""
        + " camunda:candidateGroups=\"legal\" camunda:assignee=\"lena\" camunda:dueDate=\"2027-01-15T12:00:00\""
        + " camunda:followUpDate=\"2027-01-14T09:00:00\" />");
    assertEquals("t", step.get("name").asText());
    assertEquals("Review the contract", step.get("title").asText());
    assertEquals("[\"alice\",\"bob\",\"carl\"]", step.get("approvers").toString());
    assertEquals("[\"legal\"]", step.get("candidateGroups").toString());
    assertEquals("lena", step.get("assignee").asText());
    assertEquals("2027-01-15T12:00:00", step.get("timeout").asText());
    assertEquals("2027-01-14T09:00:00", step.get("followUp").asText());
  }

  @Test
  void aNameWithLineBreaksIsATitleOnOneLine() throws Exception {
    // Camunda's own invoice example: Modeler keeps the label's line breaks in the name.
    JsonNode step = step("<bpmn:userTask id=\"t\" name=\"Prepare&#10;&#10;Bank&#10;&#10;Transfer\" camunda:candidateUsers=\"alice\" />");
    assertEquals("Prepare Bank Transfer", step.get("title").asText());
    assertEquals("Prepare Bank Transfer", Names.text("  Prepare\n\n\tBank \r\n Transfer "));
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "${dateTime().plusWeeks(1).toDate()}|P7D",
      "${dateTime().plusDays(2)}|P2D",
      "#{dateTime().plusWeeks(1).plusDays(1).plusHours(4).plusMinutes(30).toDate()}|P8DT4H30M",
      "${dateTime().plusHours(36).toDate()}|PT36H"})
  void aDueDateCountedFromNowIsATimeoutFromTheTasksCreation(String due, String timeout) throws Exception {
    ImportedRequest imported = Imports.of(Models.c7(Models.path("t", "t",
        "<bpmn:userTask id=\"t\" name=\"Pay\" camunda:candidateUsers=\"alice\" camunda:dueDate=\"" + due + "\" />")));
    assertEquals(List.of(), Imports.report(imported));
    assertEquals(List.of(), Imports.problems(imported), imported.yaml());
    assertEquals(timeout, imported.json().at("/steps/0/timeout").asText());
    assertTrue(imported.yaml().contains(due + ": " + timeout + " from the task's creation"), imported.yaml());
  }

  @Test
  void aDueDateCountedInMonthsFromNowIsRefused() throws Exception {
    ImportedRequest imported = Imports.of(Models.c7(Models.path("t", "t",
        "<bpmn:userTask id=\"t\" name=\"Pay\" camunda:candidateUsers=\"alice\" camunda:dueDate=\"${dateTime().plusMonths(1).toDate()}\" />")));
    assertEquals(List.of("blocks t (camunda:dueDate): the due date ${dateTime().plusMonths(1).toDate()}: plusMonths counts months or"
        + " years, which have no fixed length in Overdue (write days, plusDays(30))"), Imports.report(imported));
  }

  @Test
  void aPlainVariableBecomesCelOverDataAndTheInitiatorTheRequester() throws Exception {
    ImportedRequest imported = Imports.of(Models.c7("""
        <bpmn:startEvent id="start" camunda:initiator="starter" />
        <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="a" />
        <bpmn:userTask id="a" name="Check" camunda:assignee="${reviewer.name}" camunda:dueDate="${payBy}" />
        <bpmn:sequenceFlow id="f2" sourceRef="a" targetRef="b" />
        <bpmn:userTask id="b" name="Confirm" camunda:assignee="#{starter}" camunda:followUpDate="${remindOn}" />
        <bpmn:sequenceFlow id="f3" sourceRef="b" targetRef="end" />
        <bpmn:endEvent id="end" />
        """));
    assertEquals(List.of(), Imports.problems(imported));
    assertEquals(List.of("b (camunda:followUpDate): the follow-up date ${remindOn} is an expression: a step's followUp"
        + " is a duration or a date-time, so it is left out"), Imports.report(imported));
    JsonNode request = imported.json();
    assertEquals("=data.reviewer.name", request.at("/steps/0/assignee").asText());
    assertEquals("=data.payBy", request.at("/steps/0/timeout").asText());
    assertEquals("=process.requester", request.at("/steps/1/assignee").asText());
    // The data the expressions read, to be given: placeholders named in the file.
    assertEquals("{\"reviewer\":\"(fill in) who the step “Check” is assigned to\",\"payBy\":\"(fill in) when the step “Check” is due\"}",
        request.get("data").toString());
    assertTrue(imported.yaml().contains("# the process's initiator (starter)\nrequester: (fill in) who asks for this approval"), imported.yaml());
  }

  @ParameterizedTest(name = "Camunda priority {0} is Overdue''s {1}")
  @CsvSource({"0, 10", "1, 10", "50, 5", "70, 3", "75, 3", "99, 0", "100, 0", "250, 0", "-5, 10"})
  void priorityRunsTheOtherWayOnAScaleOfTen(int camunda, int overdue) throws Exception {
    assertEquals(overdue, step("<bpmn:userTask id=\"t\" camunda:candidateUsers=\"alice\" camunda:priority=\"" + camunda + "\" />").get("priority").asInt());
    assertEquals(overdue, step8("<zeebe:assignmentDefinition candidateUsers=\"alice\" /><zeebe:priorityDefinition priority=\"" + camunda + "\" />").get("priority").asInt());
  }

  @Test
  void camunda8KeepsItsSettingsInExtensionElementsAndWritesFeel() throws Exception {
    JsonNode step = step8("""
        <zeebe:assignmentDefinition assignee="=owner" candidateGroups="=[&quot;finance&quot;, &quot;audit&quot;]" candidateUsers="frank" />
        <zeebe:taskSchedule dueDate="2027-02-01T17:00:00+01:00" followUpDate="2027-01-31T09:00:00+01:00" />
        """);
    assertEquals("=data.owner", step.get("assignee").asText());
    assertEquals("[\"finance\",\"audit\"]", step.get("candidateGroups").toString());
    assertEquals("[\"frank\"]", step.get("approvers").toString());
    assertEquals("2027-02-01T17:00:00+01:00", step.get("timeout").asText());
    assertEquals("2027-01-31T09:00:00+01:00", step.get("followUp").asText());
  }

  @Test
  void aStepIsNamedByItsIdUnlessModelerMadeItUpThenByItsName() throws Exception {
    ImportedRequest imported = Imports.of(Models.c7(Models.path("Activity_0x1y2z3", "Activity_1a2b3c4", """
        <bpmn:userTask id="Activity_0x1y2z3" name="Approve as manager" camunda:candidateUsers="alice" />
        <bpmn:sequenceFlow id="f1" sourceRef="Activity_0x1y2z3" targetRef="Activity_1a2b3c4" />
        <bpmn:userTask id="Activity_1a2b3c4" name="Approve as manager!" camunda:candidateUsers="bob" />
        """)));
    assertEquals(List.of(), Imports.problems(imported));
    assertEquals("approve-as-manager", imported.json().at("/steps/0/name").asText());
    assertEquals("approve-as-manager-2", imported.json().at("/steps/1/name").asText());
  }
}
