package dev.overdue.workflow;

import static dev.overdue.workflow.ApprovalTestEnvironment.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.api.ApprovalWorkflow;
import dev.overdue.api.HistoryEntry;
import dev.overdue.api.StatusInfo;
import io.temporal.client.WorkflowUpdateException;
import io.temporal.failure.ApplicationFailure;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A step's form through Temporal: an Update whose output does not fit it is refused by its
 * validator with every field named, and changes nothing; a signal's refusal is in the audit trail;
 * a fitting output is merged into the data; a rejection needs no required field; status carries the
 * form as the request gave it, through the data converter.
 */
class FormsWorkflowTest {
  static final String FORM =
      "{'type':'object','properties':{'amount':{'type':'number','title':'Amount','minimum':0},"
          + "'costCentre':{'type':'string','maxLength':8}},'required':['amount','costCentre']}";

  private static final String REQUEST =
      "{'requestId':'%s','requester':'carol','steps':[{'name':'finance','approvers':['frank'],'form':" + FORM + "}]}";

  private ApprovalTestEnvironment t;

  @BeforeEach
  void setUp() {
    t = new ApprovalTestEnvironment();
  }

  @AfterEach
  void tearDown() {
    t.close();
  }

  private String refusal(String id, String command, String input) {
    WorkflowUpdateException refused =
        assertThrows(WorkflowUpdateException.class, () -> t.approvals.update(id, command, json(input)));
    ApplicationFailure failure = (ApplicationFailure) refused.getCause();
    assertEquals(ApprovalWorkflow.REFUSED, failure.getType());
    return failure.getOriginalMessage();
  }

  @Test
  void anApprovalIsRefusedNamingTheFieldsThenAcceptedWithAFittingOutput() {
    String id = t.start(String.format(REQUEST, "FORM-1"));
    StatusInfo before = t.status(id);
    assertEquals(
        "the output does not fit the form of step finance:\n"
            + "  output.amount: a number is needed, got \"ten\"\n"
            + "  output.costCentre: text is needed, got nothing\n"
            + "  output.foo: the form of step finance has no field foo; it has amount, costCentre",
        refusal(id, "approve", "{'user':'frank','output':{'amount':'ten','foo':1}}"));
    assertEquals(before, t.status(id), "a refused decision changes nothing");

    HistoryEntry signalled = t.signalAndAwait(id, "approve", "{'user':'frank','output':{'amount':-1,'costCentre':'CC-7'}}");
    assertFalse(signalled.accepted());
    assertEquals("output.amount: must be at least 0, got -1", signalled.reason());

    t.approvals.update(id, "approve", json("{'user':'frank','output':{'amount':1200,'costCentre':'CC-7'}}"));
    assertEquals("APPROVED", t.approvals.result(id).outcome());
    assertEquals(Map.of("amount", 1200, "costCentre", "CC-7"), t.status(id).data());
  }

  @Test
  void aRejectionNeedsNoRequiredField() {
    String id = t.start(String.format(REQUEST, "FORM-2"));
    assertTrue(refusal(id, "reject", "{'user':'frank','output':{'amount':true}}")
        .equals("output.amount: a number is needed, got true"));
    t.approvals.update(id, "reject", json("{'user':'frank','comment':'no budget'}"));
    assertEquals("REJECTED", t.approvals.result(id).outcome());
  }

  @Test
  void statusCarriesTheFormAsGiven() {
    String id = t.start(String.format(REQUEST, "FORM-3"));
    Map<String, Object> form = t.status(id).steps().get(0).form();
    assertEquals(json(FORM), ApprovalTestEnvironment.JSON.valueToTree(form));
    String withoutForm = t.start("{'requestId':'FORM-4','steps':[{'name':'manager','approvers':['alice']}]}");
    assertNull(t.status(withoutForm).steps().get(0).form());
    t.approvals.update(withoutForm, "approve", json("{'user':'alice','output':{'anything':'goes'}}"));
    assertEquals(Map.of("anything", "goes"), t.status(withoutForm).data(), "a step without a form takes any output");
  }
}
