package dev.overdue.model.timer;

import dev.overdue.model.RuleViolation;
import dev.overdue.model.schedule.TimeLimit;
import java.time.Instant;

/** Gives a limit computed from data ({@link TimeLimit.FromData}) its value when its timer starts. */
public interface LimitEvaluator {
  /**
   * The limit {@code limit}'s expression gives now.
   *
   * @throws RuleViolation (already made a warning) when it gives none: the timer stays off
   */
  TimeLimit evaluate(BusinessTimer timer, TimeLimit.FromData limit, Instant now);
}
