package dev.overdue.workflow;

import dev.overdue.activities.Notification;
import dev.overdue.activities.NotificationActivities;
import dev.overdue.activities.WarningActivities;
import dev.overdue.activities.WarningNotice;
import io.temporal.failure.ApplicationFailure;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Activities that remember what they were asked to do; recipient "nobody" fails for good. */
final class RecordingActivities implements WarningActivities, NotificationActivities {
  static final String UNDELIVERABLE = "nobody";

  final List<WarningNotice> warnings = new CopyOnWriteArrayList<>();
  final List<Notification> notifications = new CopyOnWriteArrayList<>();

  @Override
  public void raiseWarning(WarningNotice warning) {
    warnings.add(warning);
  }

  @Override
  public void sendNotification(Notification notification) {
    if (UNDELIVERABLE.equals(notification.recipient())) {
      throw ApplicationFailure.newNonRetryableFailure(
          "no such mailbox: " + notification.recipient(), "PermanentDeliveryFailure");
    }
    notifications.add(notification);
  }
}
