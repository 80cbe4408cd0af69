package dev.overdue.workflow.activities;

/** Failure types of {@link NotificationActivities#deliver}, as the workflow sees them. */
public final class DeliveryFailure {
  /** Retrying cannot help: a bad address, an unknown recipient, HTTP 4xx other than 429. */
  public static final String PERMANENT = "PermanentDeliveryFailure";
  /** The channel is down or busy (connection refused, HTTP 5xx or 429, SMTP 4xx): retried. */
  public static final String TRANSIENT = "TransientDeliveryFailure";
  /** Another attempt holds the key's claim: retried after it finishes or its lease runs out. */
  public static final String IN_PROGRESS = "DeliveryInProgress";

  private DeliveryFailure() {}
}
