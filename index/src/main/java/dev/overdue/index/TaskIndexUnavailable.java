package dev.overdue.index;

/**
 * The task index could not be read or written: its database is down, unreachable or refused the
 * statement. Callers retry (the workflow's feed) or answer that lists are unavailable for now (the
 * API's 503), never a wrong list.
 */
public final class TaskIndexUnavailable extends IllegalStateException {
  public TaskIndexUnavailable(String message, Throwable cause) {
    super(message, cause);
  }
}
