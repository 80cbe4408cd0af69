package dev.overdue.activities.delivery;

import dev.overdue.activities.MessageContext;
import dev.overdue.activities.NotificationEvent;
import dev.overdue.activities.Recipient;

/** One rendered message, ready for its channel. */
public record OutgoingMessage(
    String idempotencyKey,
    NotificationEvent event,
    Recipient recipient,
    String subject,
    String body,
    MessageContext context) {}
