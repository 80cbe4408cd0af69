package dev.overdue.model;

import dev.overdue.api.ApprovalRequest.HandlerDefinition;
import dev.overdue.api.WarningInfo;
import java.util.List;
import java.util.Map;

/**
 * Everything an approval needs to go on in a new run after continue-as-new: every timer with its
 * state, limit, expiration date, flag and firings, every task, the warnings and the suspension.
 * ({@code data}, the request's, is absent from snapshots made before messages were templates.)
 * The audit trail is not carried: it stays in each run's history (see {@link
 * ApprovalProcess#CONTINUED_AS_NEW}), so the snapshot's size does not grow with the changes.
 */
public record ProcessSnapshot(
    String requestId,
    String title,
    String requester,
    String state,
    String suspendedReason,
    int current,
    String decidedBy,
    String comment,
    String completedAt,
    List<TaskSnapshot> steps,
    List<TimerSnapshot> timers,
    List<WarningInfo> warnings,
    Map<String, Object> data) {

  public record TaskSnapshot(
      String name,
      String title,
      List<String> approvers,
      String state,
      String owner,
      String outcome,
      String decidedBy,
      String comment,
      String completedAt) {}

  public record TimerSnapshot(
      String name,
      String kind,
      String step,
      String limit,
      List<HandlerDefinition> handlers,
      String state,
      String expiresAt,
      boolean expired,
      boolean cleared,
      int firings) {}
}
