package dev.overdue.bench;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Expiry lateness, exact over every timer: from a timer's expiration date to its expiry being
 * recorded, in milliseconds. Percentiles by nearest rank: the p-th percentile of n sorted values is
 * the value at rank ceil(p/100 × n), so it is always one of the measured values.
 */
public record Lateness(long count, double p50, double p95, double p99, double max) {
  public static final Lateness NONE = new Lateness(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN);

  public static Lateness of(long[] millis) {
    if (millis.length == 0) {
      return NONE;
    }
    long[] sorted = millis.clone();
    Arrays.sort(sorted);
    return new Lateness(
        sorted.length,
        percentile(sorted, 50),
        percentile(sorted, 95),
        percentile(sorted, 99),
        sorted[sorted.length - 1]);
  }

  /** Nearest rank: the value at rank ceil(p/100 × n) of {@code sorted} (ascending). */
  static long percentile(long[] sorted, double p) {
    if (sorted.length == 0 || p <= 0 || p > 100) {
      throw new IllegalArgumentException("percentile " + p + " of " + sorted.length + " values");
    }
    int rank = (int) Math.ceil(p / 100 * sorted.length);
    return sorted[Math.max(rank, 1) - 1];
  }

  /** In seconds, three decimals (the milliseconds): {@code {"p50":…,"p95":…,"p99":…,"max":…}}. */
  Map<String, Object> json() {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("p50", ScaleFigures.round(p50 / 1000));
    json.put("p95", ScaleFigures.round(p95 / 1000));
    json.put("p99", ScaleFigures.round(p99 / 1000));
    json.put("max", ScaleFigures.round(max / 1000));
    return json;
  }

  @Override
  public String toString() {
    return String.format(
        "p50 %.3f s, p95 %.3f s, p99 %.3f s, max %.3f s over %d timers",
        p50 / 1000, p95 / 1000, p99 / 1000, max / 1000, count);
  }
}
