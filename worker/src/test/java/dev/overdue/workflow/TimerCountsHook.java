package dev.overdue.workflow;

/**
 * Lets the worker's tests set per-approval timer counts as workflow code does: {@link
 * OverdueMetrics#report} is package-private, and this class shares its package.
 */
public final class TimerCountsHook {
  private TimerCountsHook() {}

  public static void report(String workflowId, int running, int suspended) {
    OverdueMetrics.report(workflowId, new OverdueMetrics.TimerCounts(running, suspended));
  }
}
