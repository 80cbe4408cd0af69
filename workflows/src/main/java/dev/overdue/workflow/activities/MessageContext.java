package dev.overdue.workflow.activities;

import java.util.Map;

/**
 * What a template may refer to, besides the recipient: {@code request.*}, {@code data.*},
 * {@code step.*}, {@code timer.*}, and for a task listener {@code task.event} ({@code created},
 * {@code assigned}, ...). Dates are ISO-8601 instants; {@code step} fields are null for a process
 * timer; {@code stepPriority} is 0 (highest) to 10. {@code by} is the user whose command caused the message (a reassignment, a release),
 * null when a timer did; {@code stepOwner} the user who holds the step's task, if anyone.
 */
public record MessageContext(
    String workflowId,
    String requestId,
    String title,
    String requester,
    Map<String, Object> data,
    String step,
    String stepTitle,
    String timer,
    int firing,
    String expiresAt,
    String expiredAt,
    String taskEvent,
    Integer stepPriority,
    String by,
    String stepOwner) {
  public MessageContext {
    data = data == null ? Map.of() : data;
  }

  public MessageContext(
      String workflowId,
      String requestId,
      String title,
      String requester,
      Map<String, Object> data,
      String step,
      String stepTitle,
      String timer,
      int firing,
      String expiresAt,
      String expiredAt) {
    this(workflowId, requestId, title, requester, data, step, stepTitle, timer, firing, expiresAt,
        expiredAt, null, null, null, null);
  }
}
