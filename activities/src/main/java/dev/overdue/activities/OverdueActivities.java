package dev.overdue.activities;

import dev.overdue.activities.delivery.Deliveries;
import dev.overdue.index.TaskIndex;
import dev.overdue.index.TaskIndexes;
import java.time.Clock;

/**
 * Every activity an Overdue worker hosts, in one place: warnings, notifications, the directory,
 * the task index.
 */
public final class OverdueActivities {
  private OverdueActivities() {}

  /**
   * The implementations to register, delivering through {@code deliveries} and its directory, and
   * writing the task index {@code index}.
   */
  public static Object[] of(Deliveries deliveries, TaskIndex index) {
    return new Object[] {
      new LogWarningActivities(),
      new DeliveringNotificationActivities(deliveries),
      new DirectoryOwnerActivities(deliveries::directory, Clock.systemUTC()),
      new TaskIndexWriter(index)
    };
  }

  /** The same with a task index of its own that no one else reads (a temporary file). */
  public static Object[] of(Deliveries deliveries) {
    return of(deliveries, TaskIndexes.temporary());
  }
}
