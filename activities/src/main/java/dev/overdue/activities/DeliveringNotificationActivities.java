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

/**
 * The notification activities over {@link Deliveries}: a permanent failure fails without retry
 * (the workflow turns it into a warning), a transient one is retried by the activity's policy.
 */
public final class DeliveringNotificationActivities implements NotificationActivities {
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
    try {
      check(deliveries.deliver(delivery, lease()), delivery.idempotencyKey());
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
    for (Recipient recipient : recipients.resolved()) {
      String key = notification.idempotencyKey() + "/" + recipient.channel().label();
      try {
        check(deliveries.deliverText(key, recipient, context, notification.message(), lease()), key);
      } catch (DeliveryException e) {
        throw failure(e);
      }
    }
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
