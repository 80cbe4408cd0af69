package dev.overdue.activities;

import dev.overdue.activities.delivery.Deliveries;
import java.time.Clock;

/** Every activity an Overdue worker hosts, in one place: warnings, notifications, the directory. */
public final class OverdueActivities {
  private OverdueActivities() {}

  /** The implementations to register, delivering through {@code deliveries} and its directory. */
  public static Object[] of(Deliveries deliveries) {
    return new Object[] {
      new LogWarningActivities(),
      new DeliveringNotificationActivities(deliveries),
      new DirectoryOwnerActivities(deliveries::directory, Clock.systemUTC())
    };
  }
}
