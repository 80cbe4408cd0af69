package dev.overdue.activities.delivery;

import dev.overdue.workflow.activities.MessageContext;
import dev.overdue.workflow.activities.NotificationEvent;
import dev.overdue.workflow.activities.Recipient;
import java.util.Map;

/** Messages and contexts the channel tests send, and a port to send to when a channel is down. */
final class Messages {
  private Messages() {}

  static MessageContext context() {
    return new MessageContext(
        "approval-PO-4711", "PO-4711", "Purchase order 4711", "carol", Map.of("amount", 12000),
        "finance", "Finance approval", "finance.completion", 1,
        "2026-11-23T09:00:00Z", "2026-11-23T09:00:01Z");
  }

  /** A loopback port nothing listens on (it was free a moment ago): a channel that is down. */
  static int closedPort() throws java.io.IOException {
    try (java.net.ServerSocket socket = new java.net.ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

  static OutgoingMessage to(Recipient recipient, String key) {
    return new OutgoingMessage(
        key, NotificationEvent.TIMER_EXPIRED, recipient, "PO 4711 is late", "Finance, please decide.\n", context());
  }
}
