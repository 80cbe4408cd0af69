package dev.overdue.model.request;

import dev.overdue.api.ApprovalRequest.HandlerDefinition;
import java.util.List;

/**
 * What runs, in order, when a timer expires (for a deadline: its escalations) or a task listener
 * fires. Each may have a {@code name} and a CEL {@code condition}: it runs only when the
 * condition holds at that moment.
 */
public sealed interface TimerHandler
    permits TimerHandler.Warn, TimerHandler.Notify, TimerHandler.Decide, TimerHandler.Reassign,
        TimerHandler.SetPriority, TimerHandler.Release {

  /** The handler's name; null when the request gave none. */
  String name();

  /** A CEL expression over data, step and process; null means always. */
  String condition();

  /** Adds a warning to the task the timer observes, or to the process (the default handler). */
  record Warn(String name, String condition) implements TimerHandler {
    public Warn() {
      this(null, null);
    }
  }

  /**
   * Sends a message to each recipient in {@code to}: users, groups, addresses, or the roles
   * {@code potentialOwners}, {@code owner}, {@code requester} and {@code manager} (the
   * requester's). {@code message} and {@code subject} are Mustache templates; null means the
   * event's default.
   */
  record Notify(List<String> to, String message, String subject, String name, String condition)
      implements TimerHandler {
    public Notify {
      to = List.copyOf(to);
    }

    public Notify(List<String> to, String message, String subject) {
      this(to, message, subject, null, null);
    }

    public Notify(List<String> to, String message) {
      this(to, message, null);
    }
  }

  /** Ends the current step with {@code outcome}: APPROVED, REJECTED or one of the step's outcomes. */
  record Decide(String outcome, String name, String condition) implements TimerHandler {
    public Decide(Outcome outcome) {
      this(outcome.name(), null, null);
    }
  }

  /**
   * Replaces the step's potential owners with {@code to}; the task returns to READY. When several
   * fire at once, only the first in lexical order of their timer and name applies (WS-HumanTask).
   */
  record Reassign(List<String> to, String name, String condition) implements TimerHandler {
    public Reassign {
      to = List.copyOf(to);
    }
  }

  /** Sets the priority of the task the timer observes: 0 (highest) to 10 (WS-HumanTask's setPriority). */
  record SetPriority(int priority, String name, String condition) implements TimerHandler {}

  /**
   * Gives a claimed task back to its potential owners, offered again (what Camunda users script as a
   * "force unassign" of a task claimed and left); a task nobody holds is left as it is.
   */
  record Release(String name, String condition) implements TimerHandler {}

  List<TimerHandler> DEFAULT = List.of(new Warn());

  /** The action's name as requests write it. */
  default String action() {
    if (this instanceof Notify) {
      return "notify";
    }
    if (this instanceof Decide) {
      return "decide";
    }
    if (this instanceof Reassign) {
      return "reassign";
    }
    if (this instanceof SetPriority) {
      return "setPriority";
    }
    if (this instanceof Release) {
      return "release";
    }
    return "warn";
  }

  /** The handler as the request writes it; {@code RequestValidator.handler} reads it back. */
  default HandlerDefinition definition() {
    if (this instanceof Notify notify) {
      return new HandlerDefinition(
          "notify", notify.to(), notify.message(), null, notify.subject(), name(), condition());
    }
    if (this instanceof Decide decide) {
      return new HandlerDefinition("decide", List.of(), null, decide.outcome(), null, name(), condition());
    }
    if (this instanceof Reassign reassign) {
      return new HandlerDefinition("reassign", reassign.to(), null, null, null, name(), condition());
    }
    if (this instanceof SetPriority set) {
      return new HandlerDefinition(
          "setPriority", List.of(), null, null, null, name(), condition(), set.priority());
    }
    if (this instanceof Release) {
      return new HandlerDefinition("release", List.of(), null, null, null, name(), condition());
    }
    return new HandlerDefinition("warn", List.of(), null, null, null, name(), condition());
  }
}
