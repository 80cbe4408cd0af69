package dev.overdue.workflow.activities;

import dev.overdue.model.task.OwnerLookup;
import io.temporal.activity.ActivityInterface;

/**
 * The worker's directory of users and groups, asked who a task's potential owners are: the members
 * of candidate groups, and whether each name a reassignment gives is a user or a group. Read-only;
 * its answer is recorded in the history, so a replay sees the owners the task was given.
 */
@ActivityInterface
public interface DirectoryActivities {
  OwnerLookup.Answer lookUpOwners(OwnerLookup lookup);
}
