package dev.overdue.activities;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The default notification channel: one structured INFO line per message in the worker's log. */
public final class LogNotificationActivities implements NotificationActivities {
  private static final Logger log = LoggerFactory.getLogger("overdue.notifications");

  @Override
  public void sendNotification(Notification notification) {
    log.info(
        "notify to={} requestId={} timer={} firing={} key={} message=\"{}\"",
        notification.recipient(),
        notification.requestId(),
        notification.timer(),
        notification.firing(),
        notification.idempotencyKey(),
        notification.message());
  }
}
