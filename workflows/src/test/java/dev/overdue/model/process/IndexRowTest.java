package dev.overdue.model.process;

import static dev.overdue.model.process.Fixtures.T0;
import static dev.overdue.model.process.Fixtures.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.overdue.api.ApprovalCommand;
import dev.overdue.api.index.IndexedApproval;
import dev.overdue.api.index.IndexedEvent;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** What the task index holds of an approval: its row as lists need it, and its accepted lines as events. */
class IndexRowTest {
  private static final IndexRow.Chain CHAIN = new IndexRow.Chain("approval-req-1", "chain-1", "run-1", T0);

  @Test
  void anOfferedStepIsReadyForItsClaimantsWithItsTitleDueDateAndData() {
    ApprovalProcess process = Fixtures.startStandard();
    IndexedApproval row = IndexRow.of(process, at("PT1H"), CHAIN, 7, null);
    assertEquals(7, row.seq());
    assertEquals("req-1", row.requestId());
    assertEquals("ACTIVE", row.state());
    assertEquals("review", row.step());
    assertEquals("review title", row.stepTitle());
    assertEquals("READY", row.taskState());
    assertEquals(List.of("alice", "bob"), row.claimants());
    assertFalse(row.claimantsCut());
    assertEquals(at("P1D").toString(), row.dueDate());
    assertEquals(at("PT1H").toString(), row.nextDeadline());
    assertEquals(1200, row.data().get("amount").asInt());
    assertEquals(T0.toString(), row.startedAt());
    assertTrue(row.open());
  }

  @Test
  void aClaimedStepHasItsOwnerAndNoClaimantsAndAnEndedApprovalNoStep() {
    ApprovalProcess process = Fixtures.startStandard();
    process.apply(new ApprovalCommand.Claim(null, "alice"), at("PT1H"));
    IndexedApproval claimed = IndexRow.of(process, null, CHAIN, 2, null);
    assertEquals("RESERVED", claimed.taskState());
    assertEquals("alice", claimed.owner());
    assertEquals(List.of(), claimed.claimants());

    process.apply(new ApprovalCommand.Reject("alice", "no"), at("PT2H"));
    Instant end = at("PT2H");
    IndexedApproval ended = IndexRow.of(process, null, CHAIN, 3, end);
    assertEquals("REJECTED", ended.state());
    assertNull(ended.step());
    assertNull(ended.taskState());
    assertNull(ended.owner());
    assertEquals("alice", ended.decidedBy());
    assertEquals(end.toString(), ended.endedAt());
    assertFalse(ended.open());
  }

  @Test
  void aGroupTooLargeToNameIsCutToTheFirstHundredClaimants() {
    ApprovalProcess process = DeadlinesTest.start(
        "{'requestId':'PO-1','requester':'carol','steps':[{'name':'all','candidateGroups':['staff']}]}");
    TestDirectory.answerAll(process, T0);
    assertEquals(TestDirectory.STAFF, process.claimants().size());
    IndexedApproval row = IndexRow.of(process, null, CHAIN, 1, null);
    assertTrue(row.claimantsCut());
    assertEquals(IndexedApproval.MAX_CLAIMANTS, row.claimants().size());
    assertEquals("member-001", row.claimants().get(0));
    assertEquals(List.of("staff"), row.candidateGroups(), "the group finds the rest, by the caller's own groups");
  }

  @Test
  void eventsAreTheAcceptedLinesFromWhereTheLastDeliveryLeftNumberedOnwards() {
    ApprovalProcess process = Fixtures.startStandard();
    process.recordCommand(at("PT1H"), "update", "claim", JsonNodeFactory.instance.objectNode().put("user", "alice"),
        Optional.empty());
    process.recordCommand(at("PT1H"), "update", "claim", JsonNodeFactory.instance.objectNode().put("user", "bob"),
        Optional.of("claimed by alice"));
    process.recordCommand(at("PT2H"), "signal", "approve",
        JsonNodeFactory.instance.objectNode().put("user", "alice").put("step", "review"), Optional.empty());
    int before = 0;
    List<IndexedEvent> events = IndexRow.events(process.history(), before, 11);
    assertEquals(List.of("claim", "approve"), events.stream().map(IndexedEvent::name).toList(), "the refused claim changed nothing");
    assertEquals(List.of(11L, 12L), events.stream().map(IndexedEvent::seq).toList());
    assertEquals("alice", events.get(0).actor());
    assertEquals("review", events.get(1).step());
    assertEquals("signal", events.get(1).kind());
    assertEquals(List.of(), IndexRow.events(process.history(), process.history().size(), 13), "nothing new");
  }
}
