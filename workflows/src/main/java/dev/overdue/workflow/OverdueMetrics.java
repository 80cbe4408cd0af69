package dev.overdue.workflow;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Overdue's own metrics. Counters and the lateness timer are emitted from workflow code through
 * {@code Workflow.getMetricsScope()}, which the SDK silences during replay, so nothing is counted
 * twice. They reach Prometheus through the worker's Micrometer registry as {@code overdue_*}.
 */
public final class OverdueMetrics {
  private OverdueMetrics() {}

  /** Counter, tagged {@code kind}: PROCESS, ACCEPTANCE, COMPLETION or USER. */
  public static final String EXPIRIES = "overdue_timer_expiries";
  /** Timer (histogram): from a timer's expiration date to its expiry being recorded. */
  public static final String EXPIRY_LATENESS = "overdue_timer_expiry_lateness";
  public static final String WARNINGS_RAISED = "overdue_warnings_raised";
  public static final String NOTIFICATIONS_SENT = "overdue_notifications_sent";
  public static final String NOTIFICATIONS_FAILED = "overdue_notifications_failed";
  /** Counter, tagged {@code command} and {@code via} (signal or update). */
  public static final String COMMANDS_REJECTED = "overdue_commands_rejected";
  /** Gauges: timers RUNNING / SUSPENDED over the approvals this worker has run since it started. */
  public static final String TIMERS_RUNNING = "overdue_timers_running";
  public static final String TIMERS_SUSPENDED = "overdue_timers_suspended";

  /** Per-approval timer counts, set (never added to) by workflow code so a replay cannot double them. */
  public record TimerCounts(int running, int suspended) {}

  private static final Map<String, TimerCounts> LIVE = new ConcurrentHashMap<>();

  /**
   * Sets {@code workflowId}'s counts: called by the workflow on every change, outside replay;
   * removed when the approval ends.
   */
  public static void report(String workflowId, TimerCounts counts) {
    if (counts.running() == 0 && counts.suspended() == 0) {
      LIVE.remove(workflowId);
    } else {
      LIVE.put(workflowId, counts);
    }
  }

  public static long timersRunning() {
    return LIVE.values().stream().mapToLong(TimerCounts::running).sum();
  }

  public static long timersSuspended() {
    return LIVE.values().stream().mapToLong(TimerCounts::suspended).sum();
  }
}
