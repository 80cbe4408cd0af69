package dev.overdue.workflow.activities;

import io.temporal.activity.ActivityInterface;

/** Raising a warning where people look for it (seed 000: the tasks-with-warnings work list). */
@ActivityInterface
public interface WarningActivities {
  void raiseWarning(WarningNotice warning);
}
