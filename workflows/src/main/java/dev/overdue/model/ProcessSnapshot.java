package dev.overdue.model;

import dev.overdue.api.ApprovalRequest.HandlerDefinition;
import dev.overdue.api.ApprovalRequest.ListenerDefinition;
import dev.overdue.api.ApprovalRequest.OutcomeDefinition;
import dev.overdue.api.CommentInfo;
import dev.overdue.api.TimerChange;
import dev.overdue.api.WarningInfo;
import java.util.List;
import java.util.Map;

/**
 * Everything an approval needs to go on in a new run after continue-as-new: every timer with its
 * state, limit, expiration date, flag, firings and derivation, every task, the warnings, the
 * suspension and the business calendar it counts in. A field with nothing to carry is null
 * ({@code auth} when it is off, {@code notifyOffered} unless the request turned offer notices
 * off, {@code businessAdministrators} and {@code comments} when there are none).
 * Only the latest warnings are carried, with the count
 * of all: nothing in a snapshot grows with the number of expiries, commands or changes. The audit trail is not carried: it stays in each run's history (see
 * {@link dev.overdue.api.HistoryEntry#CONTINUED_AS_NEW}), so the snapshot's size does not grow with the changes.
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
    Map<String, Object> data,
    CalendarSettings calendar,
    Long warningCount,
    String auth,
    Boolean notifyOffered,
    List<String> businessAdministrators,
    List<CommentInfo> comments,
    Long commentCount,
    Boolean standIns,
    List<String> administratorUsers) {

  public record TaskSnapshot(
      String name,
      String title,
      List<String> approvers,
      String state,
      String owner,
      String outcome,
      String decidedBy,
      String comment,
      String completedAt,
      List<OutcomeDefinition> outcomes,
      List<ListenerDefinition> listeners,
      Map<String, Integer> listenerFirings,
      List<String> candidateGroups,
      List<String> members,
      String assignee,
      String assigneeRule,
      Integer priority,
      List<String> notBy,
      List<String> distinctFrom,
      Map<String, Object> form,
      Boolean skippable,
      String delegatedBy,
      List<String> excludedOwners,
      List<String> excludedUsers,
      String followUp,
      String followUpLimit) {}

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
      int firings,
      String catchUp,
      String base,
      Long occurrencesDone,
      List<TimerChange> changes,
      String limitCalendar,
      String evaluated,
      Long changeCount) {}
}
