package dev.overdue.workflow.activities;

import io.temporal.activity.ActivityInterface;
import java.util.List;

/**
 * Sending messages. The workflow resolves recipients first, derives one idempotency key per
 * (recipient, channel), then delivers each; a key is delivered at most once by this worker's store.
 */
@ActivityInterface
public interface NotificationActivities {
  /** Expands groups and looks each name up in the directory; the addresses stay worker-side. */
  Recipients resolveRecipients(List<String> to);

  /**
   * Renders and sends one message unless its key was delivered before. Permanent failures (bad
   * address, HTTP 4xx) fail without retry, type {@link DeliveryFailure#PERMANENT}.
   */
  void deliver(Delivery delivery);

  /**
   * Resolves and delivers in one go, keyed by the notification's key and channel, once per name in
   * {@code to}. Only approvals of an edition retired at 1.0 called it; no 1.0 approval does.
   */
  void sendNotification(Notification notification);
}
