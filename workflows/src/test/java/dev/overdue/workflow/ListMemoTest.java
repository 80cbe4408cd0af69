package dev.overdue.workflow;

import static dev.overdue.workflow.ApprovalTestEnvironment.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.overdue.api.KeyFact;
import dev.overdue.client.Approvals;
import dev.overdue.client.WorkList;
import io.temporal.api.enums.v1.EventType;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What a list reads of an approval from its memo (edition 1.1): the request's key facts, labelled
 * by the data form, from the start and again after a data change of a key field, and who decided
 * once it ended — each written once, a change of other data writing nothing.
 */
class ListMemoTest {
  private final ApprovalTestEnvironment t = new ApprovalTestEnvironment();

  @AfterEach
  void close() {
    t.close();
  }

  private static final String REQUEST =
      "{'requestId':'LM-1','title':'Invoice 2027-031','requester':'carol',"
          + "'data':{'amount':1850,'supplier':'ACME GmbH','note':'urgent'},'keyFields':['amount','supplier'],"
          + "'dataForm':{'type':'object','properties':{'amount':{'type':'number','title':'Amount (EUR)'},"
          + "'supplier':{'type':'string'},'note':{'type':'string'}}},"
          + "'steps':[{'name':'manager','approvers':['alice']}]}";

  @Test
  void aListShowsTheKeyFactsAsTheyAreAndWhoDecided() {
    String id = t.start(REQUEST);
    WorkList.Entry started = entry(id);
    assertEquals(List.of(new KeyFact("amount", "Amount (EUR)", 1850), new KeyFact("supplier", null, "ACME GmbH")),
        started.facts(), "the start's memo, labelled by the data form");
    assertEquals(0, memoWrites(id), "the start's memo holds them: nothing written again");

    t.approvals.update(id, "updateData", json("{'user':'carol','data':{'note':'very urgent'}}"));
    assertEquals(0, memoWrites(id), "no key field changed");

    t.approvals.update(id, "updateData", json("{'user':'carol','data':{'amount':1900}}"));
    assertEquals(List.of(new KeyFact("amount", "Amount (EUR)", 1900), new KeyFact("supplier", null, "ACME GmbH")),
        entry(id).facts());
    assertEquals(1, memoWrites(id));
    assertNull(entry(id).decidedBy(), "not decided yet");

    t.approvals.update(id, "approve", json("{'user':'alice'}"));
    t.sleep(Duration.ofSeconds(1));
    assertEquals("alice", entry(id).decidedBy());
    assertEquals(1900, entry(id).facts().get(0).value());
    assertEquals(2, memoWrites(id), "one for the data change, one at the end");
  }

  private WorkList.Entry entry(String id) {
    t.sleep(Duration.ofSeconds(1));
    return WorkList.Entry.of(t.env.getWorkflowClient().newUntypedWorkflowStub(Approvals.workflowId(id)).describe());
  }

  private long memoWrites(String id) {
    return t.env.getWorkflowClient().fetchHistory(Approvals.workflowId(id)).getEvents().stream()
        .filter(event -> event.getEventType() == EventType.EVENT_TYPE_WORKFLOW_PROPERTIES_MODIFIED)
        .count();
  }
}
