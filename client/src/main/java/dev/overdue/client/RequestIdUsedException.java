package dev.overdue.client;

import dev.overdue.api.ApprovalResult;
import dev.overdue.api.ApprovalSearchAttributes;
import io.temporal.api.enums.v1.WorkflowExecutionStatus;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowExecutionAlreadyStarted;
import io.temporal.client.WorkflowExecutionDescription;
import java.util.Optional;

/**
 * A start refused because its request id was already used: an approval of that id runs, or ran and
 * ended (as long as Temporal still keeps the ended one, for the namespace's retention). Nothing was
 * started or changed. A request id names one purchase order, one invoice: starting it twice is most
 * likely a mistake, so a new run under the same id needs the caller to say so ({@code again}).
 *
 * @param workflowId the existing approval's workflow id ({@code approval-PO-4711})
 * @param runId its latest run
 * @param running whether it still runs (then even {@code again} cannot start another)
 * @param status Temporal's status of that run: RUNNING, COMPLETED, FAILED, TERMINATED, …
 * @param outcome how it ended: APPROVED, REJECTED, ABORTED; null while it runs or when unknown
 * @param decidedBy who decided it; null when no one did, or unknown
 * @param startedAt when that run started (ISO-8601); null when unknown
 * @param endedAt when it ended (ISO-8601, its decision's time when known); null while it runs
 */
public final class RequestIdUsedException extends RuntimeException {
  private final String requestId;
  private final String workflowId;
  private final String runId;
  private final boolean running;
  private final String status;
  private final String outcome;
  private final String decidedBy;
  private final String startedAt;
  private final String endedAt;

  public RequestIdUsedException(
      String workflowId,
      String runId,
      boolean running,
      String status,
      String outcome,
      String decidedBy,
      String startedAt,
      String endedAt,
      Throwable cause) {
    super(message(workflowId, running, status, outcome, decidedBy, startedAt, endedAt), cause);
    this.requestId = Approvals.requestId(workflowId);
    this.workflowId = workflowId;
    this.runId = runId;
    this.running = running;
    this.status = status;
    this.outcome = outcome;
    this.decidedBy = decidedBy;
    this.startedAt = startedAt;
    this.endedAt = endedAt;
  }
  /** What the approval holding {@code workflowId} is, read from Temporal, for the refusal of another start. */
  static RequestIdUsedException describing(
      WorkflowClient client, String workflowId, WorkflowExecutionAlreadyStarted taken) {
    WorkflowExecutionDescription description;
    try {
      description = client.newUntypedWorkflowStub(workflowId).describe();
    } catch (RuntimeException unreadable) {
      // Gone meanwhile (retention) or unreadable: the refusal still stands, said with less.
      taken.addSuppressed(unreadable);
      return new RequestIdUsedException(
          workflowId, taken.getExecution().getRunId(), false, "UNKNOWN", null, null, null, null, taken);
    }
    WorkflowExecutionStatus status = description.getStatus();
    String run = description.getExecution().getRunId();
    String startedAt = description.getStartTime() == null ? null : description.getStartTime().toString();
    if (status == WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_RUNNING) {
      return new RequestIdUsedException(workflowId, run, true, "RUNNING", null, null, startedAt, null, taken);
    }
    String state = status.name().replace("WORKFLOW_EXECUTION_STATUS_", "");
    String outcome = description.getTypedSearchAttributes().get(ApprovalSearchAttributes.APPROVAL_STATE);
    String decidedBy = null;
    String endedAt = description.getCloseTime() == null ? null : description.getCloseTime().toString();
    if (status == WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_COMPLETED) {
      try {
        ApprovalResult result =
            client
                .newUntypedWorkflowStub(workflowId, Optional.of(run), Optional.empty())
                .getResult(ApprovalResult.class);
        outcome = result.outcome() != null ? result.outcome() : outcome;
        decidedBy = result.decidedBy();
        endedAt = result.completedAt() != null ? result.completedAt() : endedAt;
      } catch (RuntimeException unreadable) {
        taken.addSuppressed(unreadable); // the search attribute's state is said instead
      }
    } else {
      outcome = null; // failed, terminated, …: Temporal's word is the truth, not the last state published
    }
    return new RequestIdUsedException(
        workflowId, run, false, state, outcome, decidedBy, startedAt, endedAt, taken);
  }


  /**
   * "request PO-4711 was already used: approval-PO-4711 ended REJECTED on 2026-12-07T10:00:00Z
   * (decided by frank)"; "request PO-4711 is in use: approval-PO-4711 is running (started …)".
   */
  private static String message(
      String workflowId, boolean running, String status, String outcome, String decidedBy,
      String startedAt, String endedAt) {
    String requestId = Approvals.requestId(workflowId);
    if (running) {
      return "request " + requestId + " is in use: " + workflowId + " is running"
          + (startedAt == null ? "" : " (started " + startedAt + ")");
    }
    StringBuilder text = new StringBuilder("request ").append(requestId).append(" was already used: ")
        .append(workflowId).append(" ended ").append(outcome != null ? outcome : status);
    if (endedAt != null) {
      text.append(" on ").append(endedAt);
    }
    if (decidedBy != null) {
      text.append(" (decided by ").append(decidedBy).append(')');
    }
    return text.toString();
  }

  public String requestId() {
    return requestId;
  }

  public String workflowId() {
    return workflowId;
  }

  public String runId() {
    return runId;
  }

  public boolean running() {
    return running;
  }

  public String status() {
    return status;
  }

  public String outcome() {
    return outcome;
  }

  public String decidedBy() {
    return decidedBy;
  }

  public String startedAt() {
    return startedAt;
  }

  public String endedAt() {
    return endedAt;
  }
}
