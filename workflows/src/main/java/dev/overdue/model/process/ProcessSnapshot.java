package dev.overdue.model.process;

import com.fasterxml.jackson.databind.JsonNode;
import dev.overdue.api.CommentInfo;
import dev.overdue.api.KeyFact;
import dev.overdue.api.WarningInfo;
import dev.overdue.model.request.RequestJson;
import dev.overdue.model.schedule.CalendarSettings;
import dev.overdue.model.task.TaskSnapshot;
import dev.overdue.model.timer.TimerSnapshot;
import java.util.List;
import java.util.Map;

/**
 * Everything an approval needs to go on in a new run after continue-as-new: every timer with its
 * state, limit, expiration date, flag, firings and derivation, every task, the warnings, the
 * suspension and the business calendar it counts in. A field with nothing to carry is null
 * ({@code auth} when it is off, {@code notifyOffered} unless the request turned offer notices
 * off, {@code businessAdministrators}, {@code comments} and {@code keyFields} (labelled, without
 * values) when there are none).
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
    List<String> administratorUsers,
    List<KeyFact> keyFields) {

  /** The snapshot {@code json} writes, read as strictly as a request. */
  public static ProcessSnapshot of(JsonNode json) {
    return RequestJson.snapshot(json, ProcessSnapshot.class);
  }
}
