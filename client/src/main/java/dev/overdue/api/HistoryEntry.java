package dev.overdue.api;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One line of the audit trail: a command received as a {@code signal} or {@code update}, accepted
 * or rejected with the reason, or an {@code event} such as TimerExpired.
 */
public record HistoryEntry(
    String at, String kind, String name, JsonNode input, boolean accepted, String reason) {

  /**
   * The event that opens a continued run's trail; its input's {@code previousRunId} names the run
   * whose trail comes before it.
   */
  public static final String CONTINUED_AS_NEW = "ContinuedAsNew";
}
