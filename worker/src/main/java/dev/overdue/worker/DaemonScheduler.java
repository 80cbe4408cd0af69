package dev.overdue.worker;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

/** One named daemon thread for a worker's background checks: it never keeps the JVM from exiting. */
final class DaemonScheduler {
  private DaemonScheduler() {}

  static ScheduledExecutorService named(String name) {
    return Executors.newSingleThreadScheduledExecutor(
        task -> {
          Thread thread = new Thread(task, name);
          thread.setDaemon(true);
          return thread;
        });
  }
}
