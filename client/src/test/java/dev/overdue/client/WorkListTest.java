package dev.overdue.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.overdue.api.ApprovalSearchAttributes;
import io.temporal.api.common.v1.Memo;
import io.temporal.api.common.v1.WorkflowExecution;
import io.temporal.api.enums.v1.WorkflowExecutionStatus;
import io.temporal.api.workflow.v1.WorkflowExecutionInfo;
import io.temporal.client.WorkflowExecutionMetadata;
import io.temporal.common.SearchAttributes;
import io.temporal.common.converter.DefaultDataConverter;
import io.temporal.internal.common.SearchAttributesUtil;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;

class WorkListTest {
  @Test
  void openApprovalsOnlyByDefault() {
    assertEquals(
        "WorkflowType = 'ApprovalWorkflow' AND ExecutionStatus = 'Running'", new WorkList().query());
  }

  @Test
  void tasksWithWarningsIsAWorkListQuery() {
    assertEquals(
        "WorkflowType = 'ApprovalWorkflow' AND ExecutionStatus = 'Running' AND (HasWarnings = true)",
        new WorkList().withWarnings().query());
  }

  @Test
  void conditionsCombineAndValuesAreQuoted() {
    assertEquals(
        "WorkflowType = 'ApprovalWorkflow' AND ExecutionStatus != 'ContinuedAsNew' AND (AnyTimerExpired = true)"
            + " AND (CurrentOwner = 'o\\'brien') AND (ApprovalState = 'SUSPENDED')",
        new WorkList().includingClosed().overdue().ownedBy("o'brien").inState("SUSPENDED").query());
  }

  @Test
  void priorityRangesAndUnworkableTasksAreWorkLists() {
    assertEquals(
        "WorkflowType = 'ApprovalWorkflow' AND ExecutionStatus = 'Running' AND (Priority >= 0 AND Priority <= 2)"
            + " AND (Unworkable = true)",
        new WorkList().withPriority(0, 2).unworkable().query());
  }

  @Test
  void whatWaitsForAUserIsTheirNameAmongThePotentialOwners() {
    assertEquals(
        "WorkflowType = 'ApprovalWorkflow' AND ExecutionStatus = 'Running' AND (PotentialOwners = 'o\\'brien')",
        new WorkList().offeredTo("o'brien").query());
  }

  private static final String OPEN = "WorkflowType = 'ApprovalWorkflow' AND ExecutionStatus = 'Running'";

  @Test
  void whatAUserMayClaimIsTheirNameAmongThePotentialOwners() {
    assertEquals(OPEN + " AND (PotentialOwners = 'o\\'brien')", new WorkList().claimableBy("o'brien").query());
  }

  @Test
  void whatAUserRequestedIsTheirNameAsRequester() {
    assertEquals(OPEN + " AND (Requester = 'carol')", new WorkList().requestedBy("carol").query());
    assertEquals(OPEN + " AND (Requester = 'a\\\\b\\'c')", new WorkList().requestedBy("a\\b'c").query());
  }

  @Test
  void aStepAndTaskStatesNarrowTheList() {
    assertEquals(OPEN + " AND (CurrentStep = 'manager') AND (TaskState = 'READY')",
        new WorkList().inStep("manager").inTaskState("READY").query());
    assertEquals(OPEN + " AND (TaskState IN ('RESERVED', 'IN_PROGRESS'))",
        new WorkList().inTaskState("RESERVED", "IN_PROGRESS").query());
    assertThrows(IllegalArgumentException.class, () -> new WorkList().inTaskState());
  }

  @Test
  void dueDatesAreComparedAsIsoInstants() {
    assertEquals(
        OPEN + " AND (DueDate > '2026-12-01T00:00:00Z') AND (DueDate < '2026-12-08T09:30:00Z')",
        new WorkList()
            .dueAfter(Instant.parse("2026-12-01T00:00:00Z"))
            .dueBefore(Instant.parse("2026-12-08T09:30:00Z"))
            .query());
  }

  @Test
  void anyOfTheGroupsIsACandidateGroup() {
    assertEquals(OPEN + " AND (CandidateGroups = 'finance')",
        new WorkList().withCandidateGroupIn(List.of("finance")).query());
    assertEquals(OPEN + " AND (CandidateGroups IN ('finance', 'o\\'neil'))",
        new WorkList().withCandidateGroupIn(List.of("finance", "o'neil")).query());
    assertThrows(IllegalArgumentException.class, () -> new WorkList().withCandidateGroupIn(List.of()));
  }

  @Test
  void listsCutToTheLimitAreAKeywordCondition() {
    assertEquals(OPEN + " AND (PotentialOwnersCut = 'true')", new WorkList().potentialOwnersCut().query());
  }

  @Test
  void aClaimableListTakesTheNamedAndTheCutOnesInOneCondition() {
    assertEquals(OPEN + " AND (PotentialOwners = 'o\\'brien' OR PotentialOwnersCut = 'true')",
        new WorkList().claimableByOrCut("o'brien").query());
  }

  @Test
  void anEntryHasWhatATaskListShowsAndNoneOfItForOlderApprovals() {
    WorkList.Entry entry =
        entry(
            SearchAttributes.newBuilder()
                .set(ApprovalSearchAttributes.APPROVAL_STATE, "ACTIVE")
                .set(ApprovalSearchAttributes.REQUESTER, "carol")
                .set(ApprovalSearchAttributes.TASK_STATE, "READY")
                .set(ApprovalSearchAttributes.DUE_DATE, OffsetDateTime.parse("2026-12-01T10:00:00+01:00"))
                .set(ApprovalSearchAttributes.CANDIDATE_GROUPS, List.of("finance", "legal"))
                .set(ApprovalSearchAttributes.POTENTIAL_OWNERS_CUT, "true")
                .build(),
            "Desks for the Zürich office");
    assertEquals("carol", entry.requester());
    assertEquals("Desks for the Zürich office", entry.title());
    assertEquals("READY", entry.taskState());
    assertEquals("2026-12-01T09:00:00Z", entry.dueDate());
    assertEquals(List.of("finance", "legal"), entry.candidateGroups());
    assertTrue(entry.potentialOwnersCut());

    WorkList.Entry older =
        entry(SearchAttributes.newBuilder().set(ApprovalSearchAttributes.APPROVAL_STATE, "ACTIVE").build(), null);
    assertNull(older.requester());
    assertNull(older.title());
    assertNull(older.taskState());
    assertNull(older.dueDate());
    assertEquals(List.of(), older.candidateGroups());
    assertFalse(older.potentialOwnersCut());
  }

  /** An approval as a list has it: its search attributes, and its title in the memo (null: none). */
  private static WorkList.Entry entry(SearchAttributes attributes, String title) {
    Memo.Builder memo = Memo.newBuilder();
    if (title != null) {
      memo.putFields(Approvals.MEMO_TITLE, DefaultDataConverter.STANDARD_INSTANCE.toPayload(title).orElseThrow());
    }
    WorkflowExecutionInfo info =
        WorkflowExecutionInfo.newBuilder()
            .setExecution(WorkflowExecution.newBuilder().setWorkflowId("approval-PO-1").setRunId("run"))
            .setStatus(WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_RUNNING)
            .setSearchAttributes(SearchAttributesUtil.encodeTyped(attributes))
            .setMemo(memo)
            .build();
    return WorkList.Entry.of(new WorkflowExecutionMetadata(info, DefaultDataConverter.STANDARD_INSTANCE));
  }
}
