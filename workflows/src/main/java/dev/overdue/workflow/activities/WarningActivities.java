package dev.overdue.workflow.activities;

import io.temporal.activity.ActivityInterface;

/**
 * Raising a warning where people look for it: the worker's log. Only approvals of an edition
 * retired at 1.0 called it; a 1.0 approval writes the line from the workflow.
 */
@ActivityInterface
public interface WarningActivities {
  void raiseWarning(WarningNotice warning);
}
