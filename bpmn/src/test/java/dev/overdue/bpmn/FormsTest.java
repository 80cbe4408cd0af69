package dev.overdue.bpmn;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Camunda 7's generated forms and Camunda 8's forms as a step's form, field by field. */
class FormsTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void camunda7FieldsTheirTypesAndConstraints() throws Exception {
    ImportedRequest imported = Imports.of(Models.c7(Models.path("a", "a", """
        <bpmn:userTask id="a" camunda:candidateUsers="frank"><bpmn:extensionElements><camunda:formData>
          <camunda:formField id="amount" label="Amount" type="long">
            <camunda:validation><camunda:constraint name="required" /><camunda:constraint name="min" config="1" />
              <camunda:constraint name="max" config="50000" /></camunda:validation>
          </camunda:formField>
          <camunda:formField id="reason" label="Reason" type="string">
            <camunda:validation><camunda:constraint name="maxlength" config="120" /><camunda:constraint name="minlength" config="3" /></camunda:validation>
          </camunda:formField>
          <camunda:formField id="urgent" label="Urgent" type="boolean" />
          <camunda:formField id="payBy" label="Pay by" type="date" />
          <camunda:formField id="currency" label="Currency" type="enum">
            <camunda:value id="EUR" name="Euro" /><camunda:value id="USD" name="US dollar" />
          </camunda:formField>
          <camunda:formField id="file" label="Scan" type="bytes" />
        </camunda:formData></bpmn:extensionElements></bpmn:userTask>
        """)));
    assertEquals(List.of(), Imports.problems(imported));
    assertEquals(JSON.readTree("""
        {"type":"object","properties":{
          "amount":{"type":"integer","title":"Amount","minimum":1,"maximum":50000},
          "reason":{"type":"string","title":"Reason","maxLength":120},
          "urgent":{"type":"boolean","title":"Urgent"},
          "payBy":{"type":"string","format":"date","title":"Pay by"},
          "currency":{"type":"string","enum":["EUR","USD"],"title":"Currency"}},
         "required":["amount"]}"""), imported.json().at("/steps/0/form"));
    assertEquals(List.of(
        "a field reason (camunda:constraint): the constraint 'minlength' has no counterpart in a step's form",
        "a field file (camunda:formField): its type 'bytes' is not one a step's form has (string, number, integer, boolean, date)"),
        Imports.report(imported));
  }

  @Test
  void camunda8EmbeddedFormComponents() throws Exception {
    String form = """
        {"components":[
          {"type":"text","text":"# Expense"},
          {"type":"number","key":"amount","label":"Amount","validate":{"required":true,"min":0.5,"max":1000}},
          {"type":"textfield","key":"purpose","label":"Purpose","validate":{"maxLength":80}},
          {"type":"radio","key":"kind","label":"Kind","values":[{"label":"Travel","value":"travel"},{"label":"Food","value":"food"}]},
          {"type":"select","key":"project","label":"Project","valuesKey":"projects"},
          {"type":"datetime","key":"when","label":"When","subtype":"date"},
          {"type":"datetime","key":"at","label":"At","subtype":"datetime"},
          {"type":"filepicker","key":"receipt","label":"Receipt"}],
         "id":"expense-form","type":"default"}""";
    ImportedRequest imported = Imports.of(Models.c8("""
        <bpmn:extensionElements><zeebe:userTaskForm id="UserTaskForm_1">%s</zeebe:userTaskForm></bpmn:extensionElements>
        """.formatted(form.replace("&", "&amp;").replace("<", "&lt;")) + Models.path("a", "a", """
        <bpmn:userTask id="a"><bpmn:extensionElements><zeebe:assignmentDefinition candidateUsers="frank" />
          <zeebe:formDefinition formKey="camunda-forms:bpmn:UserTaskForm_1" /></bpmn:extensionElements></bpmn:userTask>
        """)));
    assertEquals(List.of(), Imports.problems(imported));
    JsonNode mapped = imported.json().at("/steps/0/form");
    assertEquals(JSON.readTree("""
        {"type":"object","properties":{
          "amount":{"type":"number","title":"Amount","minimum":0.5,"maximum":1000},
          "purpose":{"type":"string","title":"Purpose","maxLength":80},
          "kind":{"type":"string","enum":["travel","food"],"title":"Kind"},
          "when":{"type":"string","format":"date","title":"When"}},
         "required":["amount"]}"""), mapped);
    assertEquals(List.of(
        "a field project (form select): its values come from a variable; a step's form lists them",
        "a field at (form datetime): a step's form has dates, not times of day",
        "a field receipt (form filepicker): a step's form has text, numbers, yes/no, choices and dates"),
        Imports.report(imported));
  }

  @Test
  void aStartFormIsTheRequestsDataFormWithPlaceholdersSayingWhatEachFieldTakes() throws Exception {
    ImportedRequest imported = Imports.of(Models.c7("""
        <bpmn:startEvent id="start"><bpmn:extensionElements><camunda:formData>
          <camunda:formField id="amount" label="Amount" type="long"><camunda:validation>
            <camunda:constraint name="required" /><camunda:constraint name="min" config="10" /></camunda:validation></camunda:formField>
          <camunda:formField id="currency" type="enum"><camunda:value id="EUR" /><camunda:value id="USD" />
            <camunda:validation><camunda:constraint name="required" /></camunda:validation></camunda:formField>
          <camunda:formField id="payBy" type="date"><camunda:validation><camunda:constraint name="required" /></camunda:validation></camunda:formField>
          <camunda:formField id="note" type="string" />
        </camunda:formData></bpmn:extensionElements></bpmn:startEvent>
        <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="a" />
        <bpmn:userTask id="a" camunda:assignee="${clerk}" />
        <bpmn:sequenceFlow id="f2" sourceRef="a" targetRef="end" />
        <bpmn:endEvent id="end" />
        """));
    assertEquals(List.of(), Imports.problems(imported));
    JsonNode request = imported.json();
    assertEquals("{\"amount\":\"(fill in) Amount, a whole number from 10\",\"currency\":\"(fill in) Currency, one of the form's values\","
        + "\"payBy\":\"(fill in) Pay by, a date (2027-01-31)\",\"clerk\":\"(fill in) who the step “a” is assigned to\"}",
        request.get("data").toString());
    assertEquals("{\"type\":\"string\",\"title\":\"Clerk\",\"description\":\"Who the step “a” is assigned to\"}",
        request.at("/dataForm/properties/clerk").toString());
  }
}
