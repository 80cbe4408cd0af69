package dev.overdue.worker;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Temporal server out of reach, said twice: one line when the worker loses it and one when it
 * answers again, whatever the SDK's pollers meanwhile meet ({@link OutageLoggedOnce} hands their
 * failures here). While it is out, {@link #check} asks the server once (the readiness probe's
 * call) to learn when it is back.
 */
final class ServerOutage implements AutoCloseable {
  /** How often the server is asked while it is out. */
  static final Duration CHECK_EVERY = Duration.ofSeconds(1);
  /** Failures this soon after the server answered again are the outage's last, not a new one. */
  static final Duration TAIL = Duration.ofSeconds(2);

  private final String address;
  private final BooleanSupplier answers;
  private final LongSupplier nanos;
  private final Logger log;
  private ScheduledExecutorService checks;
  /** nanos() when the outage began; guarded by this. */
  private long since;
  private boolean out;
  /** nanos() when the last outage ended; guarded by this. */
  private Long endedAt;

  ServerOutage(String address, BooleanSupplier answers, LongSupplier nanos, Logger log) {
    this.address = address;
    this.answers = answers;
    this.nanos = nanos;
    this.log = log;
  }

  /** Watches the server at {@code address}: {@code answers} asks it, as the readiness probe does. */
  static ServerOutage watch(String address, BooleanSupplier answers) {
    ServerOutage outage =
        new ServerOutage(address, answers, System::nanoTime, LoggerFactory.getLogger(ServerOutage.class));
    outage.checks =
        DaemonScheduler.named("overdue-outage-check");
    outage.checks.scheduleWithFixedDelay(
        outage::check, CHECK_EVERY.toMillis(), CHECK_EVERY.toMillis(), TimeUnit.MILLISECONDS);
    return outage;
  }

  /**
   * The server did not answer a call ({@link #unavailable} of what it threw): the first such failure
   * of an outage says so.
   */
  synchronized void lost(StatusRuntimeException failure) {
    long now = nanos.getAsLong();
    if (out || endedAt != null && now - endedAt < TAIL.toNanos()) {
      return;
    }
    out = true;
    since = now;
    log.warn("lost the Temporal server at {}: {}; retrying", address, reason(failure));
  }

  /** While the server is out: asks it once, and says when it answers again. */
  void check() {
    synchronized (this) {
      if (!out) {
        return;
      }
    }
    // Outside the lock: the call may take seconds, and the SDK's threads call lost() meanwhile.
    if (!answersSafely()) {
      return;
    }
    synchronized (this) {
      long now = nanos.getAsLong();
      out = false;
      endedAt = now;
      log.info(
          "reconnected to the Temporal server at {} after {} s",
          address,
          Math.round((now - since) / 1e9));
    }
  }

  /** A call that throws has not reached the server (and would end the schedule of checks). */
  private boolean answersSafely() {
    try {
      return answers.getAsBoolean();
    } catch (RuntimeException e) {
      return false;
    }
  }

  /**
   * The gRPC failure in {@code thrown}'s causes that says the server is out of reach (UNAVAILABLE),
   * or null; not the worker's own channel being shut down, as it is when the worker stops.
   */
  static StatusRuntimeException unavailable(Throwable thrown) {
    for (Throwable cause = thrown; cause != null; cause = cause.getCause()) {
      if (cause instanceof StatusRuntimeException failure
          && failure.getStatus().getCode() == Status.Code.UNAVAILABLE) {
        String description = failure.getStatus().getDescription();
        boolean shutdown =
            description != null
                && (description.startsWith("Channel shutdown") || description.startsWith("Subchannel shutdown"));
        return shutdown ? null : failure;
      }
    }
    return null;
  }

  /**
   * "UNAVAILABLE: " and the first sentence of the innermost cause's message ("...: Connection
   * refused"), else of the status's ("Connection closed after GOAWAY").
   */
  static String reason(StatusRuntimeException failure) {
    Throwable root = failure;
    while (root.getCause() != null) {
      root = root.getCause();
    }
    String why = root != failure && root.getMessage() != null ? root.getMessage() : failure.getStatus().getDescription();
    return failure.getStatus().getCode() + (why == null ? "" : ": " + why.strip().split("\\. ", 2)[0]);
  }

  @Override
  public void close() {
    if (checks != null) {
      checks.shutdownNow();
    }
  }
}
