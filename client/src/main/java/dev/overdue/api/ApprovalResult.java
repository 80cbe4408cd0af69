package dev.overdue.api;

import java.util.List;

/** The workflow's result. {@code outcome} is APPROVED, REJECTED or ABORTED. */
public record ApprovalResult(
    String requestId,
    String outcome,
    String decidedBy,
    String comment,
    String completedAt,
    List<WarningInfo> warnings) {}
