package dev.overdue.activities.delivery;

import java.time.Duration;

/**
 * A channel could not deliver. {@code permanent}: retrying cannot help. {@code retryAfter}: the
 * receiver said when to come back (HTTP Retry-After), or null. Messages never carry secrets.
 */
public final class DeliveryException extends Exception {
  private final boolean permanent;
  private final Duration retryAfter;

  private DeliveryException(String message, boolean permanent, Duration retryAfter) {
    super(message);
    this.permanent = permanent;
    this.retryAfter = retryAfter;
  }

  public static DeliveryException permanent(String message) {
    return new DeliveryException(message, true, null);
  }

  public static DeliveryException transientFailure(String message) {
    return new DeliveryException(message, false, null);
  }

  public static DeliveryException transientFailure(String message, Duration retryAfter) {
    return new DeliveryException(message, false, retryAfter);
  }

  public boolean permanent() {
    return permanent;
  }

  public Duration retryAfter() {
    return retryAfter;
  }
}
