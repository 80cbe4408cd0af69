package dev.overdue.workflow.activities;

/** A warning on a process ({@code step} null) or a task, raised when {@code timer} expired. */
public record WarningNotice(
    String workflowId, String requestId, String timer, String step, String message, String at) {

  /** The logger a warning's line goes to, from the workflow or from the RaiseWarning activity. */
  public static final String LOGGER = "overdue.warnings";

  /** The one line a warning makes in the worker's log, the same from either place. */
  public String logLine() {
    return "warning workflowId=" + workflowId + " requestId=" + requestId + " timer=" + timer
        + " step=" + (step == null ? "-" : step) + " at=" + at + " message=\"" + message + "\"";
  }
}
