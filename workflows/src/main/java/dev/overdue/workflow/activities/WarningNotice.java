package dev.overdue.workflow.activities;

/** A warning on a process ({@code step} null) or a task, raised when {@code timer} expired. */
public record WarningNotice(
    String workflowId, String requestId, String timer, String step, String message, String at) {}
