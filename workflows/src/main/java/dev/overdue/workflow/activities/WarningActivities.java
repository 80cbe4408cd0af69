package dev.overdue.workflow.activities;

import io.temporal.activity.ActivityInterface;

/** Raising a warning where people look for it: the worker's log, beside the work list of tasks with warnings. */
@ActivityInterface
public interface WarningActivities {
  void raiseWarning(WarningNotice warning);
}
