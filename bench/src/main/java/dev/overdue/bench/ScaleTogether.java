package dev.overdue.bench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletionService;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;

/** {@code bench scale --together}: both sides run at once, into one window. */
final class ScaleTogether {
  private ScaleTogether() {}

  /**
   * Runs every task on a thread of its own and returns their results in order; the first to fail
   * interrupts the others (one may be waiting for it at the {@link SharedWindow}) and its failure
   * is thrown.
   */
  static <T> List<T> allOrNone(List<Callable<T>> tasks) throws Exception {
    ExecutorService threads = Executors.newFixedThreadPool(tasks.size());
    try {
      CompletionService<T> done = new ExecutorCompletionService<>(threads);
      List<Future<T>> running = new ArrayList<>();
      for (Callable<T> task : tasks) {
        running.add(done.submit(task));
      }
      for (int ended = 0; ended < running.size(); ended++) {
        try {
          done.take().get();
        } catch (ExecutionException e) {
          running.forEach(other -> other.cancel(true));
          throw e.getCause() instanceof Exception cause ? cause : e;
        }
      }
      List<T> results = new ArrayList<>();
      for (Future<T> task : running) {
        results.add(task.get());
      }
      return results;
    } finally {
      threads.shutdownNow();
    }
  }

  /**
   * Both sides start their measured approvals at once, into one window that begins the longer of
   * their two leads after both are ready.
   */
  static final class SharedWindow {
    private final CyclicBarrier both = new CyclicBarrier(2, this::fix);
    private final AtomicLong longestLead = new AtomicLong();
    private volatile long windowStart;

    /** Waits for the other side; returns the window's start (epoch ms). */
    long agree(Duration lead) throws Exception {
      longestLead.accumulateAndGet(lead.toMillis(), Math::max);
      both.await();
      return windowStart;
    }

    private void fix() {
      windowStart = System.currentTimeMillis() + longestLead.get();
    }
  }
}
