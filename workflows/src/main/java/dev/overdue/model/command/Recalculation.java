package dev.overdue.model.command;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.overdue.api.ApprovalCommand;
import dev.overdue.model.RuleViolation;
import dev.overdue.model.request.TaskListenerEvent;
import dev.overdue.model.schedule.CalendarSettings;
import dev.overdue.model.task.UserTask;
import dev.overdue.model.timer.BusinessTimer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The {@code recalculate} command (Camunda's recalculateJobDuedate, for a whole approval): the
 * approval counts in the worker's calendar as it is now, and every date that depends on the
 * calendar and is still to come is counted again — a working-time limit from its base, a cycle's
 * next occurrence (in working time, or a cron's zone and working days). Fixed dates and elapsed
 * durations do not move; expired and cleared timers neither. A date the new calendar puts in the
 * past expires at once, as after a resume. Allowed while suspended, like {@code extendDeadline}: a
 * suspended timer keeps its new date for the resume.
 */
final class Recalculation {
  private Recalculation() {}

  /** The audit trail's event: the calendar and each timer's old and new date. */
  static final String EVENT = "Recalculated";

  /** {@code workerCalendar}: the worker's, as the workflow recorded it; null while only checked. */
  static Change check(
      CommandContext process, ApprovalCommand.Recalculate command, CalendarSettings workerCalendar, Instant now) {
    boolean anyCounts =
        process.calendar() != null
            && process.timers().all().stream().anyMatch(t -> !t.cleared() && t.countsInCalendar());
    if (!anyCounts) {
      throw new RuleViolation(
          "nothing to recalculate: no timer of this approval counts in the business calendar"
              + " (working time, a cycle in working time, or cron times)");
    }
    return () -> apply(process, command.user(), workerCalendar, now);
  }

  private static String apply(CommandContext process, String user, CalendarSettings calendar, Instant now) {
    if (calendar == null) {
      throw new IllegalStateException("recalculate applies with the worker's calendar as recorded");
    }
    String by = user == null || user.isBlank() ? "anonymous" : user;
    String described = calendar.describe();
    process.useCalendar(calendar);
    List<String> moved = new ArrayList<>();
    ArrayNode timers = JsonNodeFactory.instance.arrayNode();
    Set<UserTask> updated = new LinkedHashSet<>();
    int counted = 0;
    for (BusinessTimer timer : process.timers().all()) {
      boolean counts = !timer.cleared() && timer.countsInCalendar() && timer.hasComingDate();
      Optional<Instant> oldDate = timer.recount(process.calendar(), described, now, by);
      counted += counts ? 1 : 0;
      if (oldDate.isEmpty()) {
        continue;
      }
      String newDate =
          timer.hasComingDate()
              ? timer.expiresAt().orElseThrow().toString()
              : "none (the cycle ran out)";
      moved.add(timer.name() + " " + oldDate.get() + " → " + newDate);
      ObjectNode change = timers.addObject();
      change.put("timer", timer.name());
      change.put("from", oldDate.get().toString());
      change.put("to", newDate);
      timer.step().flatMap(process::stepNamed).filter(UserTask::isOpen).ifPresent(updated::add);
    }
    ObjectNode detail = JsonNodeFactory.instance.objectNode();
    detail.put("calendar", described);
    detail.set("timers", timers);
    process.trail().event(now, EVENT, detail);
    updated.forEach(
        task -> process.notices().fireListeners(task, TaskListenerEvent.UPDATED, now));
    String heading = "recalculated in " + described + ": ";
    if (moved.isEmpty()) {
      return heading
          + "no date moved ("
          + counted
          + (counted == 1 ? " date counts" : " dates count")
          + " in it)";
    }
    int unchanged = counted - moved.size();
    return heading
        + String.join("; ", moved)
        + (unchanged > 0 ? "; " + unchanged + " unchanged" : "");
  }
}
