package dev.overdue.bench;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * A page's server time as the process itself measured it: percentiles of the requests between two
 * scrapes of its Micrometer histogram ({@code http_server_requests_seconds}, buckets on), read as
 * Prometheus' histogram_quantile reads them (linear within a bucket), in milliseconds.
 *
 * @param count requests between the scrapes
 */
record ServerTime(long count, double p50, double p95, double p99) {
  static final ServerTime NONE = new ServerTime(0, Double.NaN, Double.NaN, Double.NaN);

  /** From the cumulative buckets (upper bound in seconds to count) of two scrapes, before and after. */
  static ServerTime between(NavigableMap<Double, Double> before, NavigableMap<Double, Double> after) {
    NavigableMap<Double, Double> delta = new TreeMap<>();
    after.forEach((le, count) -> delta.put(le, count - before.getOrDefault(le, 0.0)));
    if (delta.isEmpty() || delta.lastEntry().getValue() <= 0) {
      return NONE;
    }
    return new ServerTime(Math.round(delta.lastEntry().getValue()), quantile(0.50, delta), quantile(0.95, delta),
        quantile(0.99, delta));
  }

  /**
   * The {@code q} quantile in ms of cumulative buckets; within the bucket that holds it, by linear
   * interpolation from the bound below (0 for the first). In the +Inf bucket: the highest finite bound.
   */
  static double quantile(double q, NavigableMap<Double, Double> cumulative) {
    double total = cumulative.lastEntry().getValue();
    double rank = q * total;
    double lower = 0;
    double below = 0;
    for (Map.Entry<Double, Double> bucket : cumulative.entrySet()) {
      double le = bucket.getKey();
      double count = bucket.getValue();
      if (count >= rank && count > below) {
        if (Double.isInfinite(le)) {
          return lower * 1000;
        }
        return (lower + (le - lower) * (rank - below) / (count - below)) * 1000;
      }
      if (!Double.isInfinite(le)) {
        lower = le;
      }
      below = count;
    }
    return lower * 1000;
  }

  boolean known() {
    return count > 0;
  }

  Map<String, Object> json() {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("n", count);
    json.put("p50Ms", ApiBench.round(p50));
    json.put("p95Ms", ApiBench.round(p95));
    json.put("p99Ms", ApiBench.round(p99));
    return json;
  }
}
