package dev.overdue.workflow.activities;

import dev.overdue.api.index.IndexUpdate;
import io.temporal.activity.ActivityInterface;
import io.temporal.activity.ActivityMethod;

/**
 * Writing an approval's row and events into the task index, as a local activity in the workflow
 * task that made the change (decision 0050): the index applies a row only when its change number
 * is newer than the one it holds, and stores each event once, so a retry or a late delivery never
 * moves a row back.
 */
@ActivityInterface
public interface TaskIndexActivities {
  @ActivityMethod(name = "RecordInTaskIndex")
  void record(IndexUpdate update);
}
