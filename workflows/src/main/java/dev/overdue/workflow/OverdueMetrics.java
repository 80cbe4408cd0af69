package dev.overdue.workflow;

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
  /**
   * Gauges: timers RUNNING / SUSPENDED over the fleet's open approvals. The worker counts them from
   * visibility (the search attributes TimersRunning and TimersSuspended each approval publishes),
   * not from what it ran itself: approvals move between workers.
   */
  public static final String TIMERS_RUNNING = "overdue_timers_running";
  public static final String TIMERS_SUSPENDED = "overdue_timers_suspended";
}
