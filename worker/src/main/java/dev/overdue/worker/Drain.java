package dev.overdue.worker;

import io.temporal.worker.WorkerFactory;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The graceful stop of SIGTERM and SIGINT: readiness fails at once, polling stops, activities
 * already running get up to the drain timeout to finish, then the worker exits — 0 when they all
 * finished, {@link #ABANDONED} when the bound cut some off. An abandoned activity is not lost:
 * Temporal retries it on another worker — at once when the interrupted attempt managed to report
 * its failure, else once its start-to-close timeout has passed.
 */
final class Drain {
  private static final Logger log = LoggerFactory.getLogger(Drain.class);

  static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(30);
  /** Exit code when the drain timeout cut running activities off (a failed unit to systemd). */
  static final int ABANDONED = 3;
  /** After the bound, how long interrupted activities get to notice before the process exits. */
  private static final Duration AFTER_INTERRUPT = Duration.ofSeconds(5);

  /** How a drain ended: its exit code and how long it took. */
  record Outcome(boolean finished, Duration took, int abandoned) {
    int exitCode() {
      return finished ? 0 : ABANDONED;
    }
  }

  private Drain() {}

  static Outcome run(WorkerFactory factory, Duration timeout, RunningActivities running, Health health) {
    long start = System.nanoTime();
    health.draining();
    log.info(
        "shutting down: finishing in-flight tasks (polling stopped; {}; drain timeout {})",
        WorkerHealth.running(running.count()),
        Health.seconds(timeout.toNanos()));
    factory.shutdown();
    factory.awaitTermination(timeout.toMillis(), TimeUnit.MILLISECONDS);
    if (factory.isTerminated()) {
      Duration took = Duration.ofNanos(System.nanoTime() - start);
      log.info("drained in {}: every running activity finished", Health.seconds(took.toNanos()));
      return new Outcome(true, took, 0);
    }
    int abandoned = running.count();
    // Interrupts the activities' threads: a webhook call in progress is cut off.
    factory.shutdownNow();
    factory.awaitTermination(AFTER_INTERRUPT.toMillis(), TimeUnit.MILLISECONDS);
    Duration took = Duration.ofNanos(System.nanoTime() - start);
    log.warn(
        "drain timeout reached: stopped after {}, abandoning {} (exit code {});"
            + " Temporal retries each on another worker, at the latest when its start-to-close"
            + " timeout has passed",
        Health.seconds(took.toNanos()),
        abandoned == 1 ? "1 running activity" : abandoned + " running activities",
        ABANDONED);
    return new Outcome(false, took, abandoned);
  }
}
