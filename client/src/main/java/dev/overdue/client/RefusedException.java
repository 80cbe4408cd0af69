package dev.overdue.client;

/**
 * An approval refused what was asked, and changed nothing: an invalid request (before it started)
 * or a command its rules do not allow now. {@link #reason} says why, as the workflow put it.
 */
public final class RefusedException extends RuntimeException {
  private final String reason;

  public RefusedException(String reason, Throwable cause) {
    super(reason, cause);
    this.reason = reason;
  }

  public String reason() {
    return reason;
  }
}
