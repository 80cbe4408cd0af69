package dev.overdue.model.command;

import com.fasterxml.jackson.databind.JsonNode;
import dev.overdue.model.ProcessState;
import dev.overdue.model.escalation.EscalationContext;
import dev.overdue.model.escalation.Notices;
import dev.overdue.model.escalation.OwnerLookups;
import dev.overdue.model.schedule.BusinessCalendar;
import dev.overdue.model.schedule.CalendarSettings;
import dev.overdue.model.task.Comments;
import dev.overdue.model.task.UserTask;
import java.time.Instant;
import java.util.List;

/**
 * What the command rules are given of an approval: what escalations see, and the moves a command
 * may make (suspend, resume, end, decide or skip the current step, change the data or the
 * calendar). Owned here, so the rules need nothing of the process that applies them.
 */
public interface CommandContext extends EscalationContext {
  /** Where a task's listener runs and notices are queued. */
  Notices notices();

  OwnerLookups ownerLookups();

  UserTask currentTask();

  /** The business calendar the approval counts in; null when no limit counts in one. */
  BusinessCalendar calendar();

  /** From now on the approval counts in {@code settings}. */
  void useCalendar(CalendarSettings settings);

  List<String> businessAdministrators();

  boolean isBusinessAdministrator(String user);

  Comments commentThread();

  /** The data {@code patch} (a JSON Merge Patch) would give, within the limit. Changes nothing. */
  JsonNode patchedData(JsonNode patch);

  /** Replaces the data with {@code merged}; returns the changed paths. */
  List<String> replaceData(JsonNode merged, String by, Instant now);

  void suspend(String reason, Instant now);

  void resume(Instant now);

  void end(ProcessState outcome, String by, String note, Instant now);

  void completeCurrent(String outcome, String by, String note, Instant now);

  void skipCurrent(String by, String reason, Instant now);
}
