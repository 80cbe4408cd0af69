package dev.overdue.client;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
        "WorkflowType = 'ApprovalWorkflow' AND (AnyTimerExpired = true)"
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
}
