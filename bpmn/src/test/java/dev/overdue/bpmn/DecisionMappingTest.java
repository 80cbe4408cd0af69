package dev.overdue.bpmn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The exclusive gateway right after a user task: a true/false test of its outcome is approve and
 * reject; text values are approve, reject or named outcomes leading forward to a step or to an
 * end; anything else is refused.
 */
class DecisionMappingTest {
  /** manager → gateway → (branches) …; finance and legal follow, in that order. */
  private static String model(String branches) {
    return """
        <bpmn:startEvent id="start" />
        <bpmn:sequenceFlow id="f0" sourceRef="start" targetRef="manager" />
        <bpmn:userTask id="manager" camunda:candidateUsers="alice"><bpmn:extensionElements><camunda:formData>
          <camunda:formField id="decision" label="Decision" type="string" />
          <camunda:formField id="approved" label="Approved" type="boolean" />
          <camunda:formField id="note" label="Note" type="string" />
        </camunda:formData></bpmn:extensionElements></bpmn:userTask>
        <bpmn:sequenceFlow id="f1" sourceRef="manager" targetRef="gw" />
        <bpmn:exclusiveGateway id="gw" name="Decided?" />
        %s
        <bpmn:userTask id="finance" camunda:candidateGroups="finance" />
        <bpmn:sequenceFlow id="f2" sourceRef="finance" targetRef="legal" />
        <bpmn:userTask id="legal" camunda:candidateUsers="lena" />
        <bpmn:sequenceFlow id="f3" sourceRef="legal" targetRef="done" />
        <bpmn:endEvent id="done" name="Approved" />
        <bpmn:endEvent id="rejected" name="Rejected" />
        <bpmn:endEvent id="withdrawn" name="Withdrawn" />
        """.formatted(branches);
  }

  private static ImportedRequest mapped(String branches) throws Exception {
    ImportedRequest imported = Imports.of(Models.c7(model(branches)));
    assertFalse(imported.blocked(), Imports.report(imported).toString());
    assertEquals(List.of(), Imports.problems(imported), imported.yaml());
    return imported;
  }

  @Test
  void aTrueFalseTestOfTheOutcomeIsApproveAndRejectAndItsFieldLeavesTheForm() throws Exception {
    for (String[] conditions : List.of(new String[] {"${approved}", "${!approved}"},
        new String[] {"${approved == true}", "${approved eq false}"}, new String[] {"#{approved != false}", "${not approved}"})) {
      ImportedRequest imported = mapped(Models.flow("yes", "gw", "finance", conditions[0])
          + Models.flow("no", "gw", "rejected", conditions[1]));
      JsonNode request = imported.json();
      assertEquals(List.of("manager", "finance", "legal"),
          List.of(request.at("/steps/0/name").asText(), request.at("/steps/1/name").asText(), request.at("/steps/2/name").asText()));
      assertEquals("[\"decision\",\"note\"]", fieldNames(request.at("/steps/0/form/properties")), conditions[0]);
      assertEquals(true, request.at("/steps/0/outcomes").isMissingNode());
    }
  }

  @Test
  void camunda8sFeelTestsMapAlike() throws Exception {
    ImportedRequest imported = Imports.of(Models.c8("""
        <bpmn:startEvent id="start" />
        <bpmn:sequenceFlow id="f0" sourceRef="start" targetRef="manager" />
        <bpmn:userTask id="manager"><bpmn:extensionElements><zeebe:userTask />
          <zeebe:assignmentDefinition candidateUsers="alice" /></bpmn:extensionElements></bpmn:userTask>
        <bpmn:sequenceFlow id="f1" sourceRef="manager" targetRef="gw" />
        <bpmn:exclusiveGateway id="gw" default="no" />
        """ + Models.flow("yes", "gw", "finance", "=approved") + Models.flow("no", "gw", "rejected") + """
        <bpmn:userTask id="finance"><bpmn:extensionElements><zeebe:userTask />
          <zeebe:assignmentDefinition candidateGroups="finance" /></bpmn:extensionElements></bpmn:userTask>
        <bpmn:sequenceFlow id="f2" sourceRef="finance" targetRef="done" />
        <bpmn:endEvent id="done" /><bpmn:endEvent id="rejected" />
        """));
    assertEquals(List.of(), Imports.report(imported));
    assertEquals(2, imported.steps());
  }

  @Test
  void textValuesBecomeNamedOutcomesLeadingForwardOrToAnEnd() throws Exception {
    ImportedRequest imported = mapped(Models.flow("ok", "gw", "finance", "${decision == 'approved'}")
        + Models.flow("nok", "gw", "rejected", "${decision == \"rejected\"}")
        + Models.flow("legal-first", "gw", "legal", "${decision eq 'Needs legal'}")
        + Models.flow("gone", "gw", "withdrawn", "${decision == 'withdrawn'}"));
    JsonNode manager = imported.json().at("/steps/0");
    assertEquals("[{\"name\":\"needs-legal\",\"next\":\"legal\"},{\"name\":\"withdrawn\",\"end\":\"REJECTED\"}]",
        manager.get("outcomes").toString());
    assertEquals("[\"approved\",\"note\"]", fieldNames(manager.at("/form/properties")));
  }

  @Test
  void theDefaultFlowIsApproveWhenNoConditionSaysIt() throws Exception {
    ImportedRequest imported = Imports.of(Models.c7(model(
        Models.flow("no", "gw", "rejected", "${!approved}") + Models.flow("yes", "gw", "finance"))
        .replace("<bpmn:exclusiveGateway id=\"gw\" name=\"Decided?\" />", "<bpmn:exclusiveGateway id=\"gw\" default=\"yes\" />")));
    assertFalse(imported.blocked(), Imports.report(imported).toString());
    assertEquals(3, imported.steps());
  }

  @Test
  void whatTheStepsCannotSayIsRefused() throws Exception {
    assertEquals(List.of("blocks big (sequenceFlow): its condition ${amount > 1000} does not test the task's outcome"),
        blocking(Models.flow("big", "gw", "finance", "${amount > 1000}") + Models.flow("small", "gw", "rejected", "${amount &lt;= 1000}")));
    assertEquals(List.of("blocks no (sequenceFlow): its condition ${!ok} does not test the task's outcome (approved) as the gateway's other branches do"),
        blocking(Models.flow("yes", "gw", "finance", "${approved}") + Models.flow("no", "gw", "rejected", "${!ok}")));
    assertEquals(List.of("blocks manager (userTask): a rejection leads here: in Overdue a rejected step ends the approval REJECTED"),
        blocking(Models.flow("yes", "gw", "finance", "${approved}") + Models.flow("no", "gw", "manager", "${!approved}")));
    assertEquals(List.of("blocks back (sequenceFlow): it leads to manager, which is not a later step on the path:"
            + " Overdue's outcomes lead forward to a step or end the approval"),
        blocking(Models.flow("yes", "gw", "finance", "${decision == 'approved'}") + Models.flow("back", "gw", "manager", "${decision == 'revise'}")));
    assertEquals(List.of("blocks gw (exclusiveGateway): no branch is taken on approve (a true value, or a text such as 'approved',"
            + " or the default flow): in Overdue an approved step leads on to the next"),
        blocking(Models.flow("a", "gw", "finance", "${decision == 'fast'}") + Models.flow("b", "gw", "legal", "${decision == 'slow'}")));
  }

  private static List<String> blocking(String branches) throws Exception {
    ImportedRequest imported = Imports.of(Models.c7(model(branches)));
    return Imports.report(imported).stream().filter(line -> line.startsWith("blocks ")).toList();
  }

  private static String fieldNames(JsonNode properties) {
    List<String> names = new java.util.ArrayList<>();
    properties.fieldNames().forEachRemaining(name -> names.add("\"" + name + "\""));
    return names.toString().replace(", ", ",");
  }
}
