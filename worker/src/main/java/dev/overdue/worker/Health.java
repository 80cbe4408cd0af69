package dev.overdue.worker;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * What {@code /healthz} and {@code /readyz} answer. Liveness: the process runs and its worker has
 * not been shut down — a failing liveness probe means "restart me". Readiness: connected to
 * Temporal, polling, the delivery store reachable and not draining — a failing readiness probe
 * means "send me nothing new", which is what a draining worker wants.
 *
 * <p>Each answer names every check with its state, one per line, after a first line {@code live} /
 * {@code ready} or {@code not live} / {@code not ready}: plain text that a person reading {@code
 * curl -i} and a Docker HEALTHCHECK log both understand.
 */
public final class Health {
  /** One check's outcome: {@code name: state (detail)}. */
  public record Check(String name, boolean ok, String state, String detail) {
    public static Check ok(String name, String detail) {
      return new Check(name, true, "ok", detail);
    }

    public static Check failed(String name, String detail) {
      return new Check(name, false, "FAIL", detail);
    }

    String line() {
      return name + ": " + state + (detail == null || detail.isEmpty() ? "" : " (" + detail + ")");
    }
  }

  /** The checks of one answer and whether all passed. */
  public record Report(boolean ok, List<Check> checks) {
    String body(String what) {
      StringBuilder text = new StringBuilder(ok ? what : "not " + what).append('\n');
      checks.forEach(check -> text.append(check.line()).append('\n'));
      return text.toString();
    }
  }

  private final List<Supplier<Check>> liveness;
  private final List<Supplier<Check>> readiness;
  private final LongSupplier nanos;
  /** System.nanoTime() when draining began; 0 while not draining. */
  private volatile long drainingSince;

  Health(List<Supplier<Check>> liveness, List<Supplier<Check>> readiness, LongSupplier nanos) {
    this.liveness = List.copyOf(liveness);
    this.readiness = List.copyOf(readiness);
    this.nanos = nanos;
  }

  /** Before the worker has connected: alive, not ready. */
  static Health starting() {
    return new Health(
        List.of(() -> Check.ok("worker", "starting")),
        List.of(() -> Check.failed("worker", "starting: not connected to Temporal yet")),
        System::nanoTime);
  }

  public Report live() {
    return run(liveness, false);
  }

  public Report ready() {
    return run(readiness, true);
  }

  /** From now on readiness fails: the worker stops taking new work and finishes what it has. */
  void draining() {
    drainingSince = nanos.getAsLong();
  }

  boolean isDraining() {
    return drainingSince != 0;
  }

  private Report run(List<Supplier<Check>> probes, boolean withDrain) {
    List<Check> checks = new ArrayList<>();
    for (Supplier<Check> probe : probes) {
      checks.add(safely(probe));
    }
    if (withDrain) {
      long since = drainingSince;
      checks.add(
          since == 0
              ? new Check("draining", true, "no", "")
              : new Check(
                  "draining",
                  false,
                  "yes",
                  "for " + seconds(nanos.getAsLong() - since) + ": finishing running activities, polling stopped"));
    }
    return new Report(checks.stream().allMatch(Check::ok), checks);
  }

  /** A probe that throws fails its check instead of the whole answer. */
  private static Check safely(Supplier<Check> probe) {
    try {
      return probe.get();
    } catch (RuntimeException e) {
      return Check.failed("check", e.toString());
    }
  }

  /**
   * {@code probe}, answered from its last result for {@code ttl}: orchestrators probe every few
   * seconds, each worker of a fleet does, and a Temporal round trip per probe would be waste.
   */
  static Supplier<Check> cached(Supplier<Check> probe, Duration ttl, LongSupplier nanos) {
    return new Supplier<>() {
      private Check last;
      private long at;

      @Override
      public synchronized Check get() {
        long now = nanos.getAsLong();
        if (last == null || now - at >= ttl.toNanos()) {
          last = safely(probe);
          at = nanos.getAsLong();
        }
        return last;
      }
    };
  }

  static String seconds(long nanos) {
    return String.format(java.util.Locale.ROOT, "%.1f s", nanos / 1e9);
  }
}
