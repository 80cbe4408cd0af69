package dev.overdue.model.request;

import dev.overdue.model.RuleViolation;
import dev.overdue.model.Texts;
import dev.overdue.model.schedule.TimeLimit;

/**
 * A follow-up date (Camunda's followUpDate) is a reminder to look at a task again, not a deadline:
 * nothing runs when it comes, the task shows in follow-up lists. It is an elapsed duration from
 * when it is set (the task's creation, for a step's {@code followUp}) or a date-time; working time,
 * cycles and expressions, which need a calendar or data at a moment nothing observes, are refused.
 */
public final class FollowUps {
  private FollowUps() {}

  /** Refuses {@code limit} unless it is an elapsed duration or a date-time; {@code field} names it. */
  public static void check(TimeLimit limit, String field) {
    if (limit != null && !(limit instanceof TimeLimit.Relative) && !(limit instanceof TimeLimit.Absolute)) {
      throw new RuleViolation(field + ": a follow-up is an elapsed duration (P2D) or a date-time, got "
          + Texts.quote(limit.text()));
    }
  }
}
