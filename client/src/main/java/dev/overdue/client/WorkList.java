package dev.overdue.client;

import dev.overdue.api.ApprovalSearchAttributes;
import dev.overdue.api.ApprovalWorkflow;
import io.temporal.client.WorkflowExecutionMetadata;
import io.temporal.common.SearchAttributes;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;

/**
 * A list of approvals from the visibility API, filtered by their search attributes: the work list
 * of tasks with warnings is {@code new WorkList().withWarnings()}.
 */
public final class WorkList {
  private final List<String> conditions = new ArrayList<>();
  private boolean includeClosed;

  public WorkList withWarnings() {
    return where(ApprovalSearchAttributes.HAS_WARNINGS.getName() + " = true");
  }

  /** Approvals with at least one expired timer. */
  public WorkList overdue() {
    return where(ApprovalSearchAttributes.ANY_TIMER_EXPIRED.getName() + " = true");
  }

  /**
   * Approvals whose current step's priority is from {@code highest} to {@code lowest} (0 to 10).
   */
  public WorkList withPriority(int highest, int lowest) {
    String name = ApprovalSearchAttributes.PRIORITY.getName();
    return where(name + " >= " + highest + " AND " + name + " <= " + lowest);
  }

  /** Approvals whose current step no one can act on: they wait for the requester to reassign it. */
  public WorkList unworkable() {
    return where(ApprovalSearchAttributes.UNWORKABLE.getName() + " = true");
  }

  public WorkList inState(String state) {
    return where(ApprovalSearchAttributes.APPROVAL_STATE.getName() + " = " + literal(state));
  }

  public WorkList ownedBy(String user) {
    return where(ApprovalSearchAttributes.CURRENT_OWNER.getName() + " = " + literal(user));
  }

  /** Approvals whose current step is offered to {@code user}: theirs to claim, not yet claimed. */
  public WorkList offeredTo(String user) {
    return where(ApprovalSearchAttributes.POTENTIAL_OWNERS.getName() + " = " + literal(user));
  }

  /** Any extra condition in Temporal's list-filter language. */
  public WorkList where(String condition) {
    conditions.add("(" + condition + ")");
    return this;
  }

  public WorkList includingClosed() {
    includeClosed = true;
    return this;
  }

  public String query() {
    List<String> all = new ArrayList<>();
    all.add("WorkflowType = " + literal(ApprovalWorkflow.TYPE));
    if (!includeClosed) {
      all.add("ExecutionStatus = 'Running'");
    }
    all.addAll(conditions);
    return String.join(" AND ", all);
  }

  /**
   * One approval in a list. Instants are ISO-8601 strings; null when unset, like the priority of an
   * approval started before human tasks.
   */
  public record Entry(
      String workflowId,
      String status,
      String approvalState,
      String currentStep,
      Integer priority,
      boolean unworkable,
      String currentOwner,
      String nextDeadline,
      boolean anyTimerExpired,
      boolean hasWarnings) {

    static Entry of(WorkflowExecutionMetadata execution) {
      SearchAttributes attributes = execution.getTypedSearchAttributes();
      OffsetDateTime next = attributes.get(ApprovalSearchAttributes.NEXT_DEADLINE);
      return new Entry(
          execution.getExecution().getWorkflowId(),
          execution.getStatus().name().replace("WORKFLOW_EXECUTION_STATUS_", ""),
          attributes.get(ApprovalSearchAttributes.APPROVAL_STATE),
          attributes.get(ApprovalSearchAttributes.CURRENT_STEP),
          intValue(attributes.get(ApprovalSearchAttributes.PRIORITY)),
          Boolean.TRUE.equals(attributes.get(ApprovalSearchAttributes.UNWORKABLE)),
          attributes.get(ApprovalSearchAttributes.CURRENT_OWNER),
          next == null ? null : next.toInstant().toString(),
          Boolean.TRUE.equals(attributes.get(ApprovalSearchAttributes.ANY_TIMER_EXPIRED)),
          Boolean.TRUE.equals(attributes.get(ApprovalSearchAttributes.HAS_WARNINGS)));
    }
  }

  /** Approvals started before human tasks have no priority. */
  private static Integer intValue(Long value) {
    return value == null ? null : value.intValue();
  }

  private static String literal(String value) {
    return "'" + value.replace("\\", "\\\\").replace("'", "\\'") + "'";
  }
}
