package dev.overdue.activities.delivery;

import dev.overdue.workflow.activities.MessageContext;
import dev.overdue.workflow.activities.NotificationEvent;
import dev.overdue.workflow.activities.Recipient;

/** One rendered message, ready for its channel. */
public record OutgoingMessage(
    String idempotencyKey,
    NotificationEvent event,
    Recipient recipient,
    String subject,
    String body,
    MessageContext context) {}
