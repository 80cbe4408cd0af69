package dev.overdue.bench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * {@code n} workflows, each with three running timers of which the first {@code expiring} expire
 * in the window, uniformly over it ({@link ScaleSchedule}); then, unless left out, one change each.
 */
final class ScaleBatch {
  private final Progress progress;
  /** Throws once the bench's time is up. */
  private final Runnable checkDeadline;

  record Timings(long started, long changed, long failures, double startsPerSecond, double changesPerSecond) {}

  record Collected(long recorded, long missing, long[] lateness) {}

  final ScaleSide side;
  final String prefix;
  final int n;
  final long windowStart;
  final Duration window;
  /** How many of each workflow's timers expire in the window (1 to {@link ScaleBench#TIMERS}). */
  final int expiring;
  /** Whether each workflow gets its change after every start. */
  final boolean changes;
  private final boolean[] startedOk;
  private final boolean[] changedOk;

  ScaleBatch(ScaleSide side, String prefix, int n, long windowStart, Duration window, int expiring, boolean changes,
      Progress progress, Runnable checkDeadline) {
    this.progress = progress;
    this.checkDeadline = checkDeadline;
    this.side = side;
    this.prefix = prefix;
    this.n = n;
    this.windowStart = windowStart;
    this.window = window;
    this.expiring = expiring;
    this.changes = changes;
    this.startedOk = new boolean[n];
    this.changedOk = new boolean[n];
  }

  String id(int i) {
    return prefix + i;
  }

  long[] instants(int i) {
    return ScaleSchedule.instants(windowStart, window.toMillis(), n, i, expiring);
  }

  /** The instants (as changed) at or before {@code now}: the expiries due by then. */
  long dueBy(long now) {
    return ScaleSchedule.dueBy(windowStart, window.toMillis(), n, now, started(), expiring);
  }

  long started() {
    long count = 0;
    for (boolean ok : startedOk) {
      count += ok ? 1 : 0;
    }
    return count;
  }

  Timings startAndChange(ExecutorService pool, String label) throws InterruptedException {
    AtomicLong failures = new AtomicLong();
    long t0 = System.nanoTime();
    long started = runAll(pool, label, "starts", i -> {
      side.start(id(i), instants(i));
      startedOk[i] = true;
      return true;
    }, failures);
    long t1 = System.nanoTime();
    if (!changes) {
      return new Timings(started, 0, failures.get(), started / ((t1 - t0) / 1e9), Double.NaN);
    }
    long changed = runAll(pool, label, "changes", i -> {
      if (!startedOk[i]) {
        return false;
      }
      side.change(id(i));
      changedOk[i] = true;
      return true;
    }, failures);
    long t2 = System.nanoTime();
    return new Timings(
        started, changed, failures.get(),
        started / ((t1 - t0) / 1e9), changed / ((t2 - t1) / 1e9));
  }

  /** Runs {@code call} for 0..n-1 on the pool, showing progress; returns how many returned true. */
  private long runAll(ExecutorService pool, String label, String what, Call call, AtomicLong failures)
      throws InterruptedException {
    AtomicLong done = new AtomicLong();
    AtomicLong ok = new AtomicLong();
    AtomicReference<Throwable> firstFailure = new AtomicReference<>();
    long t0 = System.nanoTime();
    for (int i = 0; i < n; i++) {
      int index = i;
      pool.execute(() -> {
        try {
          if (call.run(index)) {
            ok.incrementAndGet();
          }
        } catch (Throwable e) {
          failures.incrementAndGet();
          firstFailure.compareAndSet(null, e);
        } finally {
          done.incrementAndGet();
        }
      });
    }
    progress.show(() -> String.format(
        "[%s] %s %d/%d (%.1f/s)%s",
        label, what, done.get(), n, done.get() / Math.max((System.nanoTime() - t0) / 1e9, 1e-3),
        failures.get() > 0 ? ", " + failures.get() + " failed" : ""));
    try {
      while (done.get() < n) {
        checkDeadline.run();
        Thread.sleep(20);
      }
    } finally {
      progress.stopShowing();
    }
    if (firstFailure.get() != null) {
      progress.say("[" + label + "] " + failures.get() + " " + what + " failed; the first: " + firstFailure.get());
    }
    return ok.get();
  }

  /** Every started workflow's lateness; timers not recorded count as missing. */
  Collected collect(ExecutorService pool, String label) throws InterruptedException {
    long[][] late = new long[n][];
    AtomicLong failures = new AtomicLong();
    runAll(pool, label, "lateness collected", i -> {
      if (!startedOk[i]) {
        return false;
      }
      Exception last = null;
      for (int attempt = 0; attempt < 3; attempt++) {
        try {
          late[i] = side.lateness(id(i), expiring);
          return true;
        } catch (Exception e) {
          last = e;
          Thread.sleep(1000);
        }
      }
      throw last;
    }, failures);
    List<Long> all = new ArrayList<>();
    long missing = 0;
    for (int i = 0; i < n; i++) {
      if (!startedOk[i]) {
        continue;
      }
      long[] values = late[i] == null ? new long[0] : late[i];
      for (long v : values) {
        all.add(v);
      }
      missing += Math.max(0, expiring - values.length);
    }
    return new Collected(all.size(), missing, all.stream().mapToLong(Long::longValue).toArray());
  }

  /** Ends the workflows on a server the bench does not own. */
  void cleanup(ExecutorService pool) throws InterruptedException {
    runAll(pool, "cleanup", "ended", i -> {
      if (startedOk[i]) {
        side.cleanup(id(i), expiring);
      }
      return true;
    }, new AtomicLong());
  }

  @FunctionalInterface
  interface Call {
    boolean run(int index) throws Exception;
  }
}
