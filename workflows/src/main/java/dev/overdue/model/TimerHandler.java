package dev.overdue.model;

import dev.overdue.api.ApprovalRequest.HandlerDefinition;
import java.util.List;

/** What runs, in order, when a timer expires. */
public sealed interface TimerHandler
    permits TimerHandler.Warn, TimerHandler.Notify, TimerHandler.Decide {

  /** Adds a warning to the task the timer observes, or to the process (the default handler). */
  record Warn() implements TimerHandler {}

  /**
   * Sends a message to each recipient in {@code to}. {@code message} and {@code subject} are
   * Mustache templates; null means the event's default.
   */
  record Notify(List<String> to, String message, String subject) implements TimerHandler {
    public Notify {
      to = List.copyOf(to);
    }

    public Notify(List<String> to, String message) {
      this(to, message, null);
    }
  }

  /** Ends the current step with {@code outcome}. */
  record Decide(Outcome outcome) implements TimerHandler {}

  List<TimerHandler> DEFAULT = List.of(new Warn());

  /** The handler as the request writes it; {@code RequestValidator.handler} reads it back. */
  default HandlerDefinition definition() {
    if (this instanceof Notify notify) {
      return new HandlerDefinition("notify", notify.to(), notify.message(), null, notify.subject());
    }
    if (this instanceof Decide decide) {
      return new HandlerDefinition("decide", List.of(), null, decide.outcome().name(), null);
    }
    return new HandlerDefinition("warn", List.of(), null, null, null);
  }
}
