package dev.overdue.bench;

/**
 * When the timers of {@code bench scale} expire: 3n instants spread evenly over the window, the
 * k-th at {@code windowStart + window × (k + ½) / 3n}; timer j of workflow i takes slot j·n + i, so
 * a workflow's three instants are a third of the window apart, in order.
 */
final class ScaleSchedule {
  private ScaleSchedule() {}

  static long[] instants(long windowStart, long windowMillis, int n, int i) {
    long[] instants = new long[ScaleBench.TIMERS];
    for (int j = 0; j < instants.length; j++) {
      instants[j] = slot(windowStart, windowMillis, n, j * (long) n + i);
    }
    return instants;
  }

  static long slot(long windowStart, long windowMillis, int n, long k) {
    long slots = (long) ScaleBench.TIMERS * n;
    return windowStart + Math.round(windowMillis * (k + 0.5) / slots);
  }

  /** About how many of the {@code started} workflows' instants are at or before {@code now}. */
  static long dueBy(long windowStart, long windowMillis, int n, long now, long started) {
    long slots = (long) ScaleBench.TIMERS * n;
    double passed = (now - windowStart) / (double) windowMillis * slots + 0.5;
    long due = Math.max(0, Math.min(slots, (long) Math.floor(passed)));
    return n == 0 ? 0 : due * started / n;
  }
}
