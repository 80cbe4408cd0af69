package dev.overdue.workflow;

import dev.overdue.model.schedule.CalendarSettings;
import java.util.Objects;

/**
 * The business calendar of the worker's settings. Workflow code never reads it directly: an
 * approval that counts working time records it once, at its start, as a side-effect value, so a
 * replay — or a worker restarted with new holidays — computes the same dates, and a changed
 * calendar applies to approvals started after the change.
 */
public final class WorkerCalendar {
  private static volatile CalendarSettings configured = CalendarSettings.officeHours();

  private WorkerCalendar() {}

  /** Set by the worker from its settings before it starts polling. */
  public static void use(CalendarSettings calendar) {
    configured = Objects.requireNonNull(calendar);
  }

  static CalendarSettings current() {
    return configured;
  }
}
