package dev.overdue.workflow.activities;

/**
 * One message to one recipient on one channel. {@code subject} and {@code body} are Mustache
 * templates from the request; null means the event's default (or the worker's override of it).
 */
public record Delivery(
    String idempotencyKey,
    NotificationEvent event,
    Recipient recipient,
    MessageContext context,
    String subject,
    String body) {}
