package dev.overdue.activities.delivery;

/** One way out of the worker: the log, SMTP, a webhook. */
interface Channel {
  void send(OutgoingMessage message) throws DeliveryException;
}
