package dev.overdue.workflow;

import static dev.overdue.workflow.ApprovalTestEnvironment.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.api.index.IndexUpdate;
import dev.overdue.api.index.IndexedApproval;
import dev.overdue.api.index.IndexedEvent;
import dev.overdue.client.Approvals;
import io.temporal.api.enums.v1.EventType;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The workflow feeds the task index after every change (decision 0050): the row is what the
 * approval is now, the numbers only grow, an Update is answered once the index has its change, an
 * index that is down delays nothing but itself and catches up, and continue-as-new goes on
 * numbering.
 */
class TaskIndexFeedTest {
  private static final String REQUEST =
      "{'requestId':'IDX-1','title':'Desks','requester':'carol','data':{'amount':12000,'supplier':'ACME'},"
          + "'keyFields':['amount'],'steps':[{'name':'manager','title':'Approve desks','approvers':['alice','bob'],"
          + "'timeout':'P2D','notBy':['requester']},{'name':'finance','approvers':['frank'],'timeout':'P1D'}]}";

  private final ApprovalTestEnvironment t = new ApprovalTestEnvironment();

  @AfterEach
  void close() {
    t.close();
  }

  @Test
  void theIndexHoldsWhatTheApprovalIsAfterEveryChangeAndTheUpdateIsAnsweredAfterIt() {
    String id = t.start(REQUEST);
    String workflowId = Approvals.workflowId(id);
    IndexedApproval offered = ApprovalTestEnvironment.awaitReal("the start indexed", () -> t.index.row(workflowId));
    assertEquals("ACTIVE", offered.state());
    assertEquals("manager", offered.step());
    assertEquals("Approve desks", offered.stepTitle());
    assertEquals("READY", offered.taskState());
    assertEquals(List.of("alice", "bob"), offered.claimants());
    assertEquals("carol", offered.requester());
    assertEquals(12000, offered.data().get("amount").asInt());
    assertEquals("amount", offered.facts().get(0).key());
    assertNotNull(offered.dueDate());
    assertEquals(t.approvals.indexed(id), offered, "the query answers what the index holds");

    t.approvals.update(id, "claim", json("{'user':'alice'}"));
    // No waiting: the Update's answer came after the index had the claim.
    IndexedApproval claimed = t.index.row(workflowId);
    assertEquals("RESERVED", claimed.taskState());
    assertEquals("alice", claimed.owner());
    assertEquals(List.of(), claimed.claimants());
    assertTrue(claimed.seq() > offered.seq());
    IndexedEvent claim = t.index.events(workflowId).stream().filter(e -> e.name().equals("claim")).findFirst().orElseThrow();
    assertEquals("alice", claim.actor());
    assertEquals("update", claim.kind());

    t.approvals.update(id, "approve", json("{'user':'alice'}"));
    IndexedApproval finance = t.index.row(workflowId);
    assertEquals("finance", finance.step());
    assertEquals(List.of("frank"), finance.claimants());

    t.approvals.update(id, "reject", json("{'user':'frank','comment':'too dear'}"));
    t.approvals.result(id);
    IndexedApproval ended = t.index.row(workflowId);
    assertEquals("REJECTED", ended.state());
    assertNull(ended.step());
    assertNull(ended.taskState());
    assertEquals("frank", ended.decidedBy());
    assertNotNull(ended.endedAt());

    // Numbers grow with every delivery, events are numbered below their row, none twice.
    List<Long> rowNumbers = t.index.deliveries.stream().map(update -> update.approval().seq()).toList();
    assertEquals(rowNumbers.stream().sorted().distinct().toList(), rowNumbers);
    List<Long> eventNumbers = t.index.events(workflowId).stream().map(IndexedEvent::seq).toList();
    assertEquals(eventNumbers.stream().sorted().distinct().toList(), eventNumbers);
    for (IndexUpdate update : t.index.deliveries) {
      update.events().forEach(event -> assertTrue(event.seq() <= update.approval().seq()));
    }
    assertEquals(List.of("claim", "approve", "reject"),
        t.index.events(workflowId).stream().filter(e -> !e.kind().equals("event")).map(IndexedEvent::name).toList());
  }

  @Test
  void aChangeThatAltersNothingListedSendsNothing() {
    String id = t.start(REQUEST);
    t.approvals.update(id, "claim", json("{'user':'alice'}"));
    int before = t.index.deliveries.size();
    // A refused command is in the trail but changes nothing the index holds.
    try {
      t.approvals.update(id, "claim", json("{'user':'bob'}"));
    } catch (RuntimeException refused) {
      // expected
    }
    assertEquals(before, t.index.deliveries.size());
    long localActivityTasks = t.events(id, e -> e.getEventType() == EventType.EVENT_TYPE_MARKER_RECORDED
        && e.getMarkerRecordedEventAttributes().getMarkerName().equals("LocalActivity")).size();
    assertEquals(before, localActivityTasks, "one local activity per delivery, recorded in the history");
  }

  @Test
  void anIndexThatIsDownDelaysNothingButItselfAndCatchesUpWithEveryEvent() {
    String id = t.start(REQUEST);
    String workflowId = Approvals.workflowId(id);
    ApprovalTestEnvironment.awaitReal("the start indexed", () -> t.index.row(workflowId));
    t.index.down = true;
    t.approvals.update(id, "claim", json("{'user':'alice'}"));
    t.approvals.update(id, "approve", json("{'user':'alice'}"));
    assertEquals("finance", t.status(id).currentStep(), "the approval went on");
    assertEquals("manager", t.index.row(workflowId).step(), "the index missed it");
    assertTrue(t.index.refused.get() > 0);

    t.index.down = false;
    t.sleep(Duration.ofSeconds(5)); // the retry timer
    IndexedApproval caughtUp = ApprovalTestEnvironment.awaitReal("the index caught up",
        () -> "finance".equals(t.index.row(workflowId).step()) ? t.index.row(workflowId) : null);
    assertEquals(List.of("frank"), caughtUp.claimants());
    assertEquals(List.of("claim", "approve"),
        t.index.events(workflowId).stream().filter(e -> !e.kind().equals("event")).map(IndexedEvent::name).toList(),
        "the events of the outage arrive with the row");
    assertEquals(t.approvals.indexed(id), caughtUp);
  }
}
