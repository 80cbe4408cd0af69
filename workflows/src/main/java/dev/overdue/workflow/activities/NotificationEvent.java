package dev.overdue.workflow.activities;

import java.util.Locale;

/** Why a message is sent; each has a default subject and body template. */
public enum NotificationEvent {
  TIMER_EXPIRED,
  DEADLINE_ESCALATED,
  REMINDER,
  REASSIGNED,
  /** A task listener's notify: the task was created, assigned, updated, completed, deleted or timed out. */
  TASK_EVENT,
  /** A step's task was offered to its potential owners, or assigned: it waits for them. */
  TASK_OFFERED;

  /** The name used in configuration and template files: {@code timer-expired}, ... */
  public String key() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }
}
