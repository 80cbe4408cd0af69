package dev.overdue.workflow.activities;

import java.util.Locale;

/**
 * Where one message goes. {@code address} is an e-mail address, a webhook endpoint's name from the
 * worker's configuration (never its URL, which may hold a token), or the name itself for the log.
 */
public record Recipient(String name, Channel channel, String address) {
  /** The ways a message leaves the worker. */
  public enum Channel {
    LOG,
    EMAIL,
    WEBHOOK;

    public String label() {
      return name().toLowerCase(Locale.ROOT);
    }
  }
}
