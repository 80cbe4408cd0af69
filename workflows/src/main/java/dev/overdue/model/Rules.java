package dev.overdue.model;

/**
 * Which edition of the rules an approval runs by. An approval keeps the edition it started under
 * (or continued under): its recorded history replays by the rules it was written with, while new
 * approvals get the current ones.
 */
public enum Rules {
  /** As before human tasks: a reassignment to nobody empties the potential owners, unnamed
   * reassignments compare by their text name, a cycle in working time counts elapsed time. */
  BEFORE_TASKS,
  /** Human tasks: candidate groups, assignees, priorities, expressions, task data, schedules. */
  TASKS,
  /**
   * Human tasks, and bounded state: a run carries the count of warnings and only the latest ones
   * ({@link Warnings}), each cut to a bounded length, and only the latest timer changes of all
   * timers, each timer's with its count ({@link ProcessSetup#MAX_CARRIED_CHANGES}), so
   * continue-as-new never meets the payload limit however often timers expire or change.
   */
  BOUNDED,
  /**
   * Bounded state, and offers told: when a step's task is offered to its potential owners (created
   * with someone to act, its groups looked up, released) they are told it waits for them, unless
   * the request says {@code notifyOffered: false}.
   */
  OFFERS;

  /** What a new approval runs by. */
  public static final Rules CURRENT = OFFERS;

  public boolean tasks() {
    return this != BEFORE_TASKS;
  }

  /** Whether the warnings an approval keeps are bounded ({@link Warnings}). */
  public boolean boundsState() {
    return this == BOUNDED || this == OFFERS;
  }

  /** Whether the potential owners of an offered task are told it waits for them. */
  public boolean tellsOffers() {
    return this == OFFERS;
  }
}
