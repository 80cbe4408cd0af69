package dev.overdue.api;

import java.util.List;

/**
 * The workflow's result. {@code outcome} is APPROVED, REJECTED or ABORTED; {@code warnings} the
 * latest ones kept, {@code warningCount} all of them (null from workers older than counts).
 */
public record ApprovalResult(
    String requestId,
    String outcome,
    String decidedBy,
    String comment,
    String completedAt,
    List<WarningInfo> warnings,
    Long warningCount) {

  /** Every warning of the approval's life, shown or not. */
  public long warningsInAll() {
    return warningCount != null ? warningCount : warnings.size();
  }
}
