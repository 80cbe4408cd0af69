package dev.overdue.activities;

import dev.overdue.api.index.IndexUpdate;
import dev.overdue.index.TaskIndex;
import dev.overdue.workflow.activities.TaskIndexActivities;

/**
 * The task index's local activity: the workflow's update applied to the index the worker was
 * given. A failure (the database down) fails the attempt; the workflow tries again with its newest
 * row (decision 0050).
 */
public final class TaskIndexWriter implements TaskIndexActivities {
  private final TaskIndex index;

  public TaskIndexWriter(TaskIndex index) {
    this.index = index;
  }

  @Override
  public void record(IndexUpdate update) {
    index.apply(update);
  }
}
