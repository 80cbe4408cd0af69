package dev.overdue.workflow.activities;

/**
 * One message to one recipient. {@code idempotencyKey} is derived in the workflow from the
 * workflow id, timer, firing number and recipient, so a retried delivery is recognisable.
 */
public record Notification(
    String idempotencyKey,
    String workflowId,
    String requestId,
    String timer,
    int firing,
    String recipient,
    String message) {}
