package dev.overdue.activities;

import dev.overdue.activities.delivery.Deliveries;
import dev.overdue.activities.delivery.DeliveryException;
import dev.overdue.workflow.activities.Delivery;
import dev.overdue.workflow.activities.DeliveryFailure;
import dev.overdue.workflow.activities.MessageContext;
import dev.overdue.workflow.activities.Notification;
import dev.overdue.workflow.activities.NotificationActivities;
import dev.overdue.workflow.activities.Recipient;
import dev.overdue.workflow.activities.Recipients;
import io.temporal.activity.Activity;
import io.temporal.activity.ActivityInfo;
import io.temporal.failure.ApplicationFailure;
import java.time.Duration;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The notification activities over {@link Deliveries}: a permanent failure fails without retry
 * (the workflow turns it into a warning), a transient one is retried by the activity's policy.
 * Each key sent is recorded on the activity ({@link SentMarker}) and in the store; a retry skips
 * the keys either knows.
 */
public final class DeliveringNotificationActivities implements NotificationActivities {
  private static final Logger log = LoggerFactory.getLogger(DeliveringNotificationActivities.class);
  /** How long past an attempt's start-to-close timeout its claim on a key stays live. */
  private static final Duration LEASE_MARGIN = Duration.ofSeconds(30);

  private final Deliveries deliveries;

  public DeliveringNotificationActivities(Deliveries deliveries) {
    this.deliveries = deliveries;
  }

  @Override
  public Recipients resolveRecipients(List<String> to) {
    return deliveries.resolve(to);
  }

  @Override
  public void deliver(Delivery delivery) {
    SentMarker marker = SentMarker.of(Activity.getExecutionContext());
    if (alreadySent(marker, delivery.idempotencyKey())) {
      return;
    }
    try {
      check(deliveries.deliver(delivery, lease(), marker::record), delivery.idempotencyKey());
    } catch (DeliveryException e) {
      throw failure(e);
    }
  }

  @Override
  public void sendNotification(Notification notification) {
    Recipients recipients = deliveries.resolve(List.of(notification.recipient()));
    if (!recipients.problems().isEmpty()) {
      throw ApplicationFailure.newNonRetryableFailure(
          String.join("; ", recipients.problems()), DeliveryFailure.PERMANENT);
    }
    MessageContext context =
        new MessageContext(
            notification.workflowId(), notification.requestId(), null, null, null, null, null,
            notification.timer(), notification.firing(), null, null);
    SentMarker marker = SentMarker.of(Activity.getExecutionContext());
    for (Recipient recipient : recipients.resolved()) {
      String key = notification.idempotencyKey() + "/" + recipient.channel().label();
      if (alreadySent(marker, key)) {
        continue;
      }
      try {
        check(deliveries.deliverText(key, recipient, context, notification.message(), lease(), marker::record), key);
      } catch (DeliveryException e) {
        throw failure(e);
      }
    }
  }

  /**
   * Whether an earlier attempt sent {@code key}, as its heartbeat says; then the key is marked
   * delivered in the store too, since that attempt's own mark may have failed (a store restart).
   * A store still down fails this attempt, and the next one marks it.
   */
  private boolean alreadySent(SentMarker marker, String key) {
    if (marker.sent(key)) {
      log.info("notification {} was sent by an earlier attempt (its heartbeat says so): not sent again", key);
      deliveries.markSentEarlier(key);
      return true;
    }
    return false;
  }

  private static void check(Deliveries.Outcome outcome, String key) {
    if (outcome == Deliveries.Outcome.HELD) {
      throw ApplicationFailure.newFailure(
          "another attempt is delivering " + key + "; retrying after it", DeliveryFailure.IN_PROGRESS);
    }
  }

  private static Duration lease() {
    ActivityInfo info = Activity.getExecutionContext().getInfo();
    Duration startToClose = info.getStartToCloseTimeout();
    return (startToClose == null || startToClose.isZero() ? Duration.ofMinutes(1) : startToClose).plus(LEASE_MARGIN);
  }

  private static ApplicationFailure failure(DeliveryException e) {
    if (e.permanent()) {
      return ApplicationFailure.newNonRetryableFailure(e.getMessage(), DeliveryFailure.PERMANENT);
    }
    return ApplicationFailure.newFailureWithCauseAndDelay(
        e.getMessage(), DeliveryFailure.TRANSIENT, null, e.retryAfter());
  }
}
