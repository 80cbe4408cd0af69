package dev.overdue.activities.delivery;

import dev.overdue.activities.MessageContext;
import dev.overdue.activities.NotificationEvent;
import dev.overdue.activities.Recipient;
import java.util.Map;

/** Messages and contexts the channel tests send. */
final class Messages {
  private Messages() {}

  static MessageContext context() {
    return new MessageContext(
        "approval-PO-4711", "PO-4711", "Purchase order 4711", "carol", Map.of("amount", 12000),
        "finance", "Finance approval", "finance.completion", 1,
        "2026-11-23T09:00:00Z", "2026-11-23T09:00:01Z");
  }

  static OutgoingMessage to(Recipient recipient, String key) {
    return new OutgoingMessage(
        key, NotificationEvent.TIMER_EXPIRED, recipient, "PO 4711 is late", "Finance, please decide.\n", context());
  }
}
