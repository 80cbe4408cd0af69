package dev.overdue.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * One line of the audit trail: a command received as a {@code signal} or {@code update}, accepted
 * or rejected with the reason, or an {@code event} such as TimerExpired. A command that carried a
 * valid signed token has its verified {@code subject} and {@code issuer} (never the token).
 */
public record HistoryEntry(
    String at,
    String kind,
    String name,
    JsonNode input,
    boolean accepted,
    String reason,
    @JsonInclude(JsonInclude.Include.NON_NULL) String subject,
    @JsonInclude(JsonInclude.Include.NON_NULL) String issuer) {

  /** An entry without a verified signer. */
  public HistoryEntry(String at, String kind, String name, JsonNode input, boolean accepted, String reason) {
    this(at, kind, name, input, accepted, reason, null, null);
  }

  /**
   * The event that opens a continued run's trail; its input's {@code previousRunId} names the run
   * whose trail comes before it.
   */
  public static final String CONTINUED_AS_NEW = "ContinuedAsNew";

  /**
   * A warning on the approval; its input has the warning's {@code number} among all of the
   * approval's warnings, its {@code message}, and its {@code timer} and {@code step} when it has
   * them. Every warning is here, also those {@code status} no longer shows.
   */
  public static final String WARNING = "Warning";
}
