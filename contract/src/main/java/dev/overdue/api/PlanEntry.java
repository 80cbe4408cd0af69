package dev.overdue.api;

import java.util.List;

/**
 * One thing the {@code plan} query expects to happen if nothing changes: a timer expiring, a
 * reminder or an escalation, in the order they would happen.
 *
 * @param at when, ISO-8601; for a suspended approval the date as it stands
 * @param when {@code at} the date; for a suspended approval {@code on resume} (the date passed
 *     while suspended) or {@code at, if resumed by then}
 * @param timer the timer, e.g. {@code finance.remind}
 * @param firing the firing number it would be
 * @param action warn, notify, reassign, decide
 * @param targets recipients or new potential owners, roles resolved to names where the approval
 *     knows them ({@code manager:carol} stays for the worker's directory); the outcome for decide
 * @param condition the CEL condition, if any
 * @param conditionNow the condition evaluated against the data as it is now: "true", "false" or
 *     the error
 * @param note why it may not happen as listed (superseded reassignment, …), else null
 */
public record PlanEntry(
    String at,
    String when,
    String timer,
    String kind,
    String step,
    int firing,
    String action,
    String name,
    List<String> targets,
    String condition,
    String conditionNow,
    String note) {

  /** {@code when} of an approval that runs: it happens {@code at} the date. */
  public static final String AT = "at";

  /**
   * {@code when} of a suspended approval's date that had not passed when it last ran: it happens
   * then if the approval is resumed by then, else on resume. (Workflow code cannot read the clock
   * while nothing happens to a suspended approval; a client compares the date with its own.)
   */
  public static final String AT_IF_RESUMED = "at, if resumed by then";

  /** {@code when} of a suspended approval's date that has passed: it happens on resume. */
  public static final String ON_RESUME = "on resume";
}
