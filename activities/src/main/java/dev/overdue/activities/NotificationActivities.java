package dev.overdue.activities;

import io.temporal.activity.ActivityInterface;

/** Sending a message to one recipient. */
@ActivityInterface
public interface NotificationActivities {
  void sendNotification(Notification notification);
}
