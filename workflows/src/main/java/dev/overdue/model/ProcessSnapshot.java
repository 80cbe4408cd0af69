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
 * suspension and the business calendar it counts in. Fields added later are null in snapshots
 * made before them ({@code data} before messages were templates; calendars, cycles, listeners and
 * outcomes before deadlines; candidate groups, assignees and priorities
 * before human tasks; a step's {@code notBy} and {@code distinctFrom} before separation of duties, its {@code form} before forms; {@code warningCount} before bounded state, when every warning was carried; {@code auth}
 * before signed commands, and whenever it is off; {@code notifyOffered} unless the request turned
 * offer notices off; {@code businessAdministrators}, {@code comments} and a step's
 * {@code skippable} and {@code delegatedBy} before task operations).
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

  /** A snapshot made before task operations (business administrators, comments). */
  public ProcessSnapshot(
      String requestId, String title, String requester, String state, String suspendedReason, int current,
      String decidedBy, String comment, String completedAt, List<TaskSnapshot> steps, List<TimerSnapshot> timers,
      List<WarningInfo> warnings, Map<String, Object> data, CalendarSettings calendar, Long warningCount,
      String auth, Boolean notifyOffered) {
    this(requestId, title, requester, state, suspendedReason, current, decidedBy, comment, completedAt, steps,
        timers, warnings, data, calendar, warningCount, auth, notifyOffered, null, null, null, null, null);
  }

  /** A snapshot made before offers were told ({@code notifyOffered}). */
  public ProcessSnapshot(
      String requestId, String title, String requester, String state, String suspendedReason, int current,
      String decidedBy, String comment, String completedAt, List<TaskSnapshot> steps, List<TimerSnapshot> timers,
      List<WarningInfo> warnings, Map<String, Object> data, CalendarSettings calendar, Long warningCount,
      String auth) {
    this(requestId, title, requester, state, suspendedReason, current, decidedBy, comment, completedAt, steps,
        timers, warnings, data, calendar, warningCount, auth, null);
  }

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
