package dev.overdue.bench;

import java.time.Duration;

/**
 * When the timers of {@code bench scale} expire. Of each workflow's three timers the first
 * {@code expiring} fall in the window: {@code expiring}·n instants spread evenly over it, the k-th
 * at {@code windowStart + window × (k + ½) / (expiring·n)}; timer j of workflow i takes slot
 * j·n + i, so a workflow's instants in the window are {@code window / expiring} apart, in order.
 * The others stay RUNNING until {@link #AFTER} past the window's end: held, never reached.
 */
final class ScaleSchedule {
  /** How long after the window the timers that do not expire in it are due. */
  static final Duration AFTER = Duration.ofDays(1);

  private ScaleSchedule() {}

  static long[] instants(long windowStart, long windowMillis, int n, int i, int expiring) {
    long[] instants = new long[ScaleBench.TIMERS];
    for (int j = 0; j < instants.length; j++) {
      instants[j] = j < expiring
          ? slot(windowStart, windowMillis, (long) expiring * n, j * (long) n + i)
          : windowStart + windowMillis + AFTER.toMillis() + j;
    }
    return instants;
  }

  static long slot(long windowStart, long windowMillis, long slots, long k) {
    return windowStart + Math.round(windowMillis * (k + 0.5) / slots);
  }

  /** About how many of the {@code started} workflows' instants are at or before {@code now}. */
  static long dueBy(long windowStart, long windowMillis, int n, long now, long started, int expiring) {
    long slots = (long) expiring * n;
    double passed = (now - windowStart) / (double) windowMillis * slots + 0.5;
    long due = Math.max(0, Math.min(slots, (long) Math.floor(passed)));
    return n == 0 ? 0 : due * started / n;
  }
}
