package dev.overdue.activities.delivery;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The default channel: one structured INFO line per message in the worker's log. */
final class LogChannel implements Channel {
  private static final Logger log = LoggerFactory.getLogger("overdue.notifications");

  @Override
  public void send(OutgoingMessage message) {
    log.info(
        "notify to={} event={} requestId={} timer={} firing={} key={} subject=\"{}\" body=\"{}\"",
        message.recipient().address(),
        message.event().key(),
        message.context().requestId(),
        // An offer, a listener or a person's command has no timer.
        message.context().timer() == null ? "-" : message.context().timer(),
        message.context().firing(),
        message.idempotencyKey(),
        message.subject(),
        message.body().strip().replace("\n", "\\n"));
  }
}
