package dev.overdue.bench;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** Concurrent callers, each making one call at a time, timed call by call. */
final class Callers {
  interface Call {
    /** The {@code n}-th call of {@code caller}. */
    void run(int caller, int n) throws Exception;
  }

  private Callers() {}

  /** {@code total} calls from {@code callers} threads; their latencies in nanoseconds. */
  static List<Long> run(int callers, int total, Call call, Runnable checkDeadline) throws Exception {
    List<Long> latencies = Collections.synchronizedList(new ArrayList<>());
    ExecutorService pool = Executors.newFixedThreadPool(callers);
    try {
      List<Future<?>> futures = new ArrayList<>();
      for (int c = 0; c < callers; c++) {
        int caller = c;
        futures.add(pool.submit(() -> {
          // Calls go to the callers in turn, so each caller's queue of approvals has what it takes.
          for (int n = 0; caller + n * callers < total; n++) {
            checkDeadline.run();
            long began = System.nanoTime();
            call.run(caller, n);
            latencies.add(System.nanoTime() - began);
          }
          return null;
        }));
      }
      for (Future<?> future : futures) {
        future.get();
      }
    } finally {
      pool.shutdownNow();
    }
    return new ArrayList<>(latencies);
  }
}
