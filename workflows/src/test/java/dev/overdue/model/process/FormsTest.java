package dev.overdue.model.process;

import static dev.overdue.model.process.DeadlinesTest.problems;
import static dev.overdue.model.process.Fixtures.T0;
import static dev.overdue.model.process.Fixtures.assertRefusedUnchanged;
import static dev.overdue.model.process.Fixtures.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.overdue.api.ApprovalCommand;
import dev.overdue.model.ProcessState;
import dev.overdue.model.RuleViolation;
import dev.overdue.model.request.RequestJson;
import dev.overdue.model.request.RequestValidator;
import dev.overdue.model.request.StepForm;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A step's {@code form}: refused at the start when it is not the subset of JSON Schema Overdue
 * reads, every problem named by its path; and a decision's {@code output} checked against it, every
 * problem named as {@code output.<field>}.
 */
class FormsTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** A purchase: an amount, a cost centre, a category, a due date, a count of items, a flag. */
  static final String FORM =
      "{'type':'object','properties':{"
          + "'amount':{'type':'number','title':'Amount','minimum':0,'maximum':10000},"
          + "'costCentre':{'type':'string','maxLength':8,'description':'As on the invoice'},"
          + "'category':{'type':'string','enum':['travel','hardware']},"
          + "'due':{'type':'string','format':'date'},"
          + "'items':{'type':'integer'},"
          + "'urgent':{'type':'boolean'}},"
          + "'required':['amount','costCentre']}";

  private static String request(String form) {
    return "{'requestId':'F-1','requester':'carol','steps':[{'name':'manager','approvers':['alice']},"
        + "{'name':'finance','approvers':['frank'],'form':" + form + "}]}";
  }

  private static ApprovalProcess atFinance() {
    ApprovalProcess process =
        ApprovalProcess.start(RequestJson.parse(request(FORM).replace('\'', '"')), T0, null, Edition.CURRENT);
    process.apply(new ApprovalCommand.Approve("alice", null), at("PT1H"));
    return process;
  }

  private static JsonNode json(String text) {
    try {
      return JSON.readTree(text.replace('\'', '"'));
    } catch (Exception e) {
      throw new IllegalArgumentException(e);
    }
  }

  private static List<String> formProblems(String form) {
    return problems(request(form));
  }

  // ---- the form, at the start --------------------------------------------------------------

  @Test
  void aFormOfTheSubsetStarts() {
    assertEquals(List.of(), formProblems(FORM));
  }

  @Test
  void everyProblemOfAFormIsNamedByItsPath() {
    List<String> problems =
        formProblems(
            "{'type':'object','properties':{"
                + "'amount':{'type':'money','minimum':'0'},"
                + "'cost centre':{'type':'string'},"
                + "'note':{'type':'string','minLength':2,'pattern':'x'},"
                + "'when':{'type':'number','format':'date'},"
                + "'kind':{'type':'integer','enum':['a']},"
                + "'size':{'type':'string','enum':[]},"
                + "'code':{'type':'string','format':'email','maxLength':0},"
                + "'count':{'type':'integer','minimum':5,'maximum':3},"
                + "'flag':{'type':'boolean','maxLength':3,'title':7},"
                + "'plain':'text'},"
                + "'required':['amount','missing','amount',3],'additionalProperties':false}");
    assertEquals(
        List.of(
            "steps[1].form.additionalProperties: unknown keyword (a form has type, properties, required)",
            "steps[1].form.properties.amount.type: must be one of string, number, integer, boolean, got \"money\"",
            "steps[1].form.properties.amount.minimum: must be a number, got \"0\"",
            "steps[1].form.properties: 'cost centre' is not a field name: letters, digits and _, not starting with a digit (at most 64)",
            "steps[1].form.properties.note.minLength: unknown keyword; did you mean maxLength?",
            "steps[1].form.properties.note.pattern: unknown keyword (a field has type, format, enum, title,"
                + " description, minimum, maximum, maxLength)",
            "steps[1].form.properties.when.format: only a string field has a format",
            "steps[1].form.properties.kind.enum: only a string field has a list of values",
            "steps[1].form.properties.size.enum: must be a non-empty list of texts, got a list",
            "steps[1].form.properties.code.format: only \"date\" is known, got \"email\"",
            "steps[1].form.properties.code.maxLength: must be a whole number of characters, at least 1, got 0",
            "steps[1].form.properties.count.maximum: 3 is below the minimum 5",
            "steps[1].form.properties.flag.title: must be text, got 7",
            "steps[1].form.properties.flag.maxLength: only a string field has a maxLength",
            "steps[1].form.properties.plain: must be an object such as {\"type\":\"number\"}, got \"text\"",
            "steps[1].form.required[1]: 'missing' is not a field of the form (fields: amount, cost centre, note,"
                + " when, kind, size, code, count, flag, plain)",
            "steps[1].form.required[2]: 'amount' is listed twice",
            "steps[1].form.required[3]: must be a field name, got 3"),
        problems);
  }

  @Test
  void aFormIsAnObjectWithFields() {
    assertEquals(
        List.of("steps[1].form.type: must be \"object\", got nothing",
            "steps[1].form.properties: required: an object of fields, such as {\"amount\":{\"type\":\"number\"}}, got nothing"),
        formProblems("{}"));
    assertEquals(List.of("steps[1].form.properties: at least one field"),
        formProblems("{'type':'object','properties':{}}"));
    assertEquals(List.of("steps[1].form.type: must be \"object\", got \"array\"",
            "steps[1].form.required: must be a list of field names, got \"amount\""),
        formProblems("{'type':'array','properties':{'amount':{'type':'number'}},'required':'amount'}"));
    assertEquals(List.of("steps[1].form.properties.amount.type: must be one of string, number, integer, boolean"),
        formProblems("{'type':'object','properties':{'amount':{'title':'Amount'}}}"));
    assertEquals(List.of("steps[1].form.properties.kind.enum[1]: 'a' is listed twice",
            "steps[1].form.properties.kind.enum[2]: must be text, got 1"),
        formProblems("{'type':'object','properties':{'kind':{'type':'string','enum':['a','a',1]}}}"));
  }

  @Test
  void aTypoOfAKeywordIsGuessed() {
    assertEquals(List.of("steps[1].form.properties.amount.tpye: unknown keyword; did you mean type?",
            "steps[1].form.properties.amount.type: must be one of string, number, integer, boolean"),
        formProblems("{'type':'object','properties':{'amount':{'tpye':'number'}}}"));
    assertEquals(List.of("steps[1].form.require: unknown keyword; did you mean required?"),
        formProblems("{'type':'object','properties':{'amount':{'type':'number'}},'require':['amount']}"));
  }

  // ---- a decision's output -----------------------------------------------------------------

  @Test
  void anApprovalGivesEveryRequiredFieldWithTheRightType() {
    ApprovalProcess process = atFinance();
    assertRefusedUnchanged(process, new ApprovalCommand.Approve("frank", null), at("PT2H"),
        "the output does not fit the form of step finance:\n  output.amount: a number is needed, got nothing\n  output.costCentre: text is needed, got nothing");
    assertRefusedUnchanged(process, new ApprovalCommand.Approve("frank", null, Fixtures.object(json("{'amount':'ten','costCentre':null}"))),
        at("PT2H"), "the output does not fit the form of step finance:\n  output.amount: a number is needed, got \"ten\"\n  output.costCentre: text is needed, got null");
    process.apply(new ApprovalCommand.Approve("frank", null, Fixtures.object(json("{'amount':12.5,'costCentre':'CC-7'}"))), at("PT2H"));
    assertEquals(ProcessState.APPROVED, process.state());
    assertEquals(Map.of("amount", 12.5, "costCentre", "CC-7"), process.status().data());
  }

  @Test
  void everyRuleOfAFieldNamesItInPlainWords() {
    ApprovalProcess process = atFinance();
    RuleViolation refused =
        assertRefusedUnchanged(process,
            new ApprovalCommand.Approve("frank", null,
                Fixtures.object(json("{'amount':-5,'costCentre':'CC-123456','category':'food','due':'2026-02-30',"
                    + "'items':2.5,'urgent':'yes','foo':1}"))),
            at("PT2H"), "output.amount");
    assertEquals(
        List.of(
            "the output does not fit the form of step finance:",
            "output.amount: must be at least 0, got -5",
            "output.costCentre: must be at most 8 characters, got 9",
            "output.category: one of \"travel\", \"hardware\" is needed, got \"food\"",
            "output.due: a date (YYYY-MM-DD, such as 2026-12-31) is needed, got \"2026-02-30\"",
            "output.items: a whole number is needed, got 2.5",
            "output.urgent: true or false is needed, got \"yes\"",
            "output.foo: the form of step finance has no field foo; it has amount, costCentre, category, due,"
                + " items, urgent"),
        refused.reason().lines().map(String::strip).toList());
    assertRefusedUnchanged(process,
        new ApprovalCommand.Approve("frank", null, Fixtures.object(json("{'amount':10001,'costCentre':12,'due':'31/12/2026','items':'2'}"))),
        at("PT2H"),
        "the output does not fit the form of step finance:\n  output.amount: must be at most 10000, got 10001\n  output.costCentre: text is needed, got 12\n"
            + "  output.due: a date (YYYY-MM-DD, such as 2026-12-31) is needed, got \"31/12/2026\"\n"
            + "  output.items: a whole number is needed, got \"2\"");
    // A list is no command's output now (the record holds an object); the form still says why.
    assertEquals(List.of(
        "output: the form of step finance asks for its fields (amount, costCentre, category, due, items, urgent)"
            + " as an object, got a list"),
        process.currentTask().form().orElseThrow().outputProblems("finance", json("[1,2]"), true));
    process.apply(
        new ApprovalCommand.Approve("frank", null,
            Fixtures.object(json("{'amount':0,'costCentre':'CC-1','category':'travel','due':'2028-02-29','items':3.0,'urgent':false}"))),
        at("PT2H"));
    assertEquals(ProcessState.APPROVED, process.state());
  }

  @Test
  void hostileOutputsAreNamedShortly() {
    ApprovalProcess process = atFinance();
    StringBuilder many = new StringBuilder("{'amount':1e400,'costCentre':'CC-1','bad\\nname':1");
    for (int i = 0; i < 30; i++) {
      many.append(",'extra").append(i).append("':1");
    }
    RuleViolation refused =
        assertRefusedUnchanged(process, new ApprovalCommand.Approve("frank", null, Fixtures.object(json(many + "}"))), at("PT2H"), "output.amount");
    List<String> lines = refused.reason().lines().map(String::strip).toList();
    assertEquals("output.amount: too large a number", lines.get(1));
    assertEquals("output.\"bad\\nname\": the form of step finance has no field \"bad\\nname\"; it has amount,"
        + " costCentre, category, due, items, urgent", lines.get(2));
    assertEquals("… and 12 more problems", lines.get(lines.size() - 1));
    assertEquals(1 + RequestValidator.MAX_PROBLEMS_LISTED + 1, lines.size());
    assertEquals(List.of("steps[1].form.properties.amount.minimum: too large a number"),
        formProblems("{'type':'object','properties':{'amount':{'type':'number','minimum':1e400}}}"));
  }

  @Test
  void aRejectionChecksOnlyTheFieldsItGives() {
    ApprovalProcess process = atFinance();
    assertRefusedUnchanged(process, new ApprovalCommand.Reject("frank", null, Fixtures.object(json("{'amount':'much','reason':'no'}"))),
        at("PT2H"), "the output does not fit the form of step finance:\n  output.amount: a number is needed, got \"much\"\n  output.reason: the form of step finance has no"
            + " field reason; it has amount, costCentre, category, due, items, urgent");
    process.apply(new ApprovalCommand.Reject("frank", "over budget", Fixtures.object(json("{'urgent':true}"))), at("PT2H"));
    assertEquals(ProcessState.REJECTED, process.state());
  }

  @Test
  void aCompletionOtherThanRejectedSettlesTheStep() {
    ApprovalProcess process = atFinance();
    assertRefusedUnchanged(process, new ApprovalCommand.Complete("frank", "approved", null, Fixtures.object(json("{'amount':3}"))),
        at("PT2H"), "output.costCentre: text is needed, got nothing");
    process.apply(new ApprovalCommand.Complete("frank", "REJECTED", null, Fixtures.object(json("{'amount':3}"))), at("PT2H"));
    assertEquals(ProcessState.REJECTED, process.state());
  }

  @Test
  void aStepWithoutAFormTakesAnyOutput() {
    ApprovalProcess process = atFinance();
    assertFalse(process.refusal(new ApprovalCommand.Approve("alice", null, Fixtures.object(json("{'x':1}"))), at("PT2H")).isEmpty(),
        "alice is no owner of finance");
    ApprovalProcess first =
        ApprovalProcess.start(RequestJson.parse(request(FORM).replace('\'', '"')), T0, null, Edition.CURRENT);
    assertTrue(first.refusal(new ApprovalCommand.Approve("alice", null, Fixtures.object(json("{'anything':'goes'}"))), at("PT1H")).isEmpty());
  }

  @Test
  void statusShowsTheFormAsGivenAndAContinuedRunKeepsIt() {
    ApprovalProcess process = atFinance();
    Object form = process.status().steps().get(1).form();
    assertEquals(json(FORM), JSON.valueToTree(form));
    assertEquals(null, process.status().steps().get(0).form());
    ApprovalProcess continued = ApprovalProcess.restore(
        ProcessSnapshot.of(RequestJson.tree(process.snapshot())), "run-1", at("PT2H"), Edition.CURRENT);
    assertEquals(process.status().steps(), continued.status().steps());
    assertRefusedUnchanged(continued, new ApprovalCommand.Approve("frank", null), at("PT2H"), "output.amount");
  }

  @Test
  void aFormDescribesItsFields() {
    StepForm form = StepForm.of(JSON.convertValue(json(FORM), Map.class));
    assertEquals("amount (number, required), costCentre (string, required), category (one of travel/hardware),"
        + " due (date), items (integer), urgent (boolean)", form.describe());
  }
}
