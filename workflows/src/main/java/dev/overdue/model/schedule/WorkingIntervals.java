package dev.overdue.model.schedule;

import dev.overdue.model.RuleViolation;
import dev.overdue.model.Texts;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.function.LongPredicate;

/**
 * The arithmetic of a cycle in working time: occurrence k is k intervals of working time after its
 * base, counted at once ({@link BusinessCalendar#plus}) rather than by adding one interval to the
 * previous occurrence, so it never drifts and does not depend on when it is asked. It grows with k,
 * so how many occurrences are due by an instant is found by bisection.
 */
final class WorkingIntervals {
  private WorkingIntervals() {}

  /** Refuses an interval shorter than a minute, or longer than any deadline may lie ahead. */
  static void check(String interval) {
    BusinessCalendar.WorkingDuration one =
        BusinessCalendar.officeHours(ZoneOffset.UTC).parse(interval);
    if (one.days() == 0 && one.time().compareTo(Cycle.MIN_INTERVAL) < 0) {
      throw new RuleViolation("a cycle's interval is at least one minute (PT1M), got " + interval);
    }
    if (beyondMaxAhead(one)) {
      throw new RuleViolation(
          Texts.quote(interval) + " is too long an interval (" + TimeLimit.MAX_AHEAD_TEXT + ")");
    }
  }

  /** {@code times} intervals of working time after {@code base}. */
  static Instant after(BusinessCalendar calendar, Instant base, String interval, long times) {
    if (calendar == null) {
      throw new IllegalStateException("a cycle in working time needs the business calendar");
    }
    BusinessCalendar.WorkingDuration one = calendar.parse(interval);
    BusinessCalendar.WorkingDuration all =
        new BusinessCalendar.WorkingDuration(
            Math.multiplyExact(one.days(), times), one.time().multipliedBy(times));
    // Counting walks day by day: beyond the farthest deadline there is nothing to count.
    if (beyondMaxAhead(all)) {
      throw new ArithmeticException("beyond " + TimeLimit.MAX_AHEAD_TEXT);
    }
    return calendar.plus(base, all);
  }

  /**
   * The largest k ≥ 1 for which {@code dueBy} holds, 0 when it holds for none; {@code dueBy} must
   * hold for every k below one it holds for. Doubling, then halving: O(log k) questions.
   */
  static long count(LongPredicate dueBy) {
    if (!holds(dueBy, 1)) {
      return 0;
    }
    long low = 1;
    long high = 2;
    while (holds(dueBy, high)) {
      low = high;
      high *= 2;
    }
    while (high - low > 1) {
      long middle = low + (high - low) / 2;
      if (holds(dueBy, middle)) {
        low = middle;
      } else {
        high = middle;
      }
    }
    return low;
  }

  /** An occurrence beyond any deadline is due by no instant. */
  private static boolean holds(LongPredicate dueBy, long k) {
    try {
      return dueBy.test(k);
    } catch (ArithmeticException | DateTimeException beyondAnyDeadline) {
      return false;
    }
  }

  private static boolean beyondMaxAhead(BusinessCalendar.WorkingDuration duration) {
    return duration.days() > TimeLimit.MAX_AHEAD.toDays()
        || duration.time().compareTo(TimeLimit.MAX_AHEAD) > 0;
  }
}
