package dev.overdue.api;

import java.util.List;
import java.util.Map;

/**
 * The input of an approval, one JSON object. Time limits are ISO-8601 durations ({@code P5D}), a
 * number of seconds, or date-times with offset. Missing lists mean none.
 */
public record ApprovalRequest(
    String requestId,
    String title,
    String requester,
    Map<String, Object> data,
    String timeout,
    List<HandlerDefinition> onTimeout,
    List<StepDefinition> steps,
    List<TimerDefinition> timers) {

  public ApprovalRequest {
    data = data == null ? Map.of() : data;
    onTimeout = onTimeout == null ? List.of() : List.copyOf(onTimeout);
    steps = steps == null ? List.of() : List.copyOf(steps);
    timers = timers == null ? List.of() : List.copyOf(timers);
  }

  /** One step: a user task offered to its approvers, with optional acceptance and completion limits. */
  public record StepDefinition(
      String name,
      String title,
      List<String> approvers,
      String offerTimeout,
      List<HandlerDefinition> onOfferTimeout,
      String timeout,
      List<HandlerDefinition> onTimeout) {
    public StepDefinition {
      approvers = approvers == null ? List.of() : List.copyOf(approvers);
      onOfferTimeout = onOfferTimeout == null ? List.of() : List.copyOf(onOfferTimeout);
      onTimeout = onTimeout == null ? List.of() : List.copyOf(onTimeout);
    }
  }

  /** A user-defined timer: starts OFF, switched by enableTimer and disableTimer. */
  public record TimerDefinition(String name, String limit, List<HandlerDefinition> handlers) {
    public TimerDefinition {
      handlers = handlers == null ? List.of() : List.copyOf(handlers);
    }
  }

  /**
   * {@code warn}, {@code notify} (to, message, subject: Mustache templates; without them the
   * event's default) or {@code decide} (outcome).
   */
  public record HandlerDefinition(
      String action, List<String> to, String message, String outcome, String subject) {
    public HandlerDefinition {
      to = to == null ? List.of() : List.copyOf(to);
    }
  }
}
