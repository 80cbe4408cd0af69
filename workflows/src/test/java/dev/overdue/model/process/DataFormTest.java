package dev.overdue.model.process;

import static dev.overdue.model.process.DeadlinesTest.problems;
import static dev.overdue.model.process.Fixtures.T0;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.model.RuleViolation;
import dev.overdue.model.request.RequestJson;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A request's {@code dataForm}: read by the rules of a step's form, every problem named by its
 * path; and the request's {@code data} checked against it at the start as a decision's output is,
 * every problem named as {@code data.<field>}.
 */
class DataFormTest {
  private static String request(String data, String form) {
    return "{'requestId':'D-1','requester':'carol','data':" + data + ",'dataForm':" + form
        + ",'steps':[{'name':'manager','approvers':['alice']}]}";
  }

  private static List<String> dataProblems(String data) {
    return problems(request(data, FormsTest.FORM));
  }

  @Test
  void dataThatFitsTheFormStarts() {
    assertEquals(List.of(), dataProblems("{'amount':1850,'costCentre':'CC-7','due':'2026-12-31','items':3}"));
    ApprovalProcess process = ApprovalProcess.start(
        RequestJson.parse(request("{'amount':12,'costCentre':'CC-7'}", FormsTest.FORM).replace('\'', '"')), T0);
    assertEquals(12, ((Number) process.data().get("amount")).intValue());
  }

  @Test
  void everyWayTheDataDoesNotFitIsNamedAsDataField() {
    assertEquals(
        List.of(
            "data.amount: a number is needed, got \"ten\"",
            "data.costCentre: text is needed, got nothing",
            "data.category: one of \"travel\", \"hardware\" is needed, got \"food\"",
            "data.due: a date (YYYY-MM-DD, such as 2026-12-31) is needed, got \"2026-02-30\"",
            "data.items: a whole number is needed, got 1.5",
            "data.urgent: true or false is needed, got \"yes\"",
            "data.supplier: the data form has no field supplier; it has amount, costCentre, category, due, items, urgent"),
        dataProblems("{'amount':'ten','category':'food','due':'2026-02-30','items':1.5,'urgent':'yes','supplier':'ACME'}"));
    assertEquals(
        List.of("data.amount: must be at least 0, got -5", "data.costCentre: must be at most 8 characters, got 9"),
        dataProblems("{'amount':-5,'costCentre':'CC-123456'}"));
    assertEquals(List.of("data.amount: a number is needed, got null"), dataProblems("{'amount':null,'costCentre':'CC-7'}"));
  }

  @Test
  void noDataAtAllLacksEveryRequiredField() {
    assertEquals(
        List.of("data.amount: a number is needed, got nothing", "data.costCentre: text is needed, got nothing"),
        problems("{'requestId':'D-2','dataForm':" + FormsTest.FORM + ",'steps':[{'name':'m','approvers':['a']}]}"));
  }

  @Test
  void aDataFormIsReadByTheRulesOfAStepsFormAndABadOneChecksNoData() {
    List<String> problems = problems(request("{'anything':1}",
        "{'type':'object','properties':{'amount':{'type':'money'},'note':{'type':'string','minLength':2}},'required':['who']}"));
    assertEquals(
        List.of(
            "dataForm.properties.amount.type: must be one of string, number, integer, boolean, got \"money\"",
            "dataForm.properties.note.minLength: unknown keyword; did you mean maxLength?",
            "dataForm.required[0]: 'who' is not a field of the form (fields: amount, note)"),
        problems);
    assertEquals(List.of("dataForm.properties: at least one field"), problems(request("{}", "{'type':'object','properties':{}}")));
  }

  @Test
  void theWorkflowRefusesTheStartNamingTheField() {
    RuleViolation refused = assertThrows(RuleViolation.class, () -> ApprovalProcess.start(
        RequestJson.parse(request("{'costCentre':'CC-7'}", FormsTest.FORM).replace('\'', '"')), T0));
    assertTrue(refused.reason().contains("data.amount: a number is needed, got nothing"), refused.reason());
  }
}
