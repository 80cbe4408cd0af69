package dev.overdue.inbox.api;

/**
 * The API said no: its status and, from its problem+json body, the reason in words — for a
 * refused action the workflow's own reason, which the page shows as it is.
 */
public final class ApiProblem extends RuntimeException {
  private final int status;

  public ApiProblem(int status, String detail) {
    super(detail);
    this.status = status;
  }

  public int status() {
    return status;
  }

  /** A refusal of the action itself (409), not a fault of the inbox or the API. */
  public boolean refused() {
    return status == 409;
  }
}
