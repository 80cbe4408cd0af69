package dev.overdue.bench;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * What one side of {@code bench scale} measured in one run (or, from {@link #median}, the median of
 * several runs, figure by figure).
 *
 * @param startsPerSecond approvals started per second by the client's bounded thread pool
 * @param changesPerSecond synchronous updates applied per second, same pool (NaN: none made)
 * @param expiries timers whose expiry was recorded
 * @param missing timers whose expiry was not recorded when the bench gave up waiting
 * @param failures starts and changes that failed
 * @param lateness expiry lateness over every recorded timer, in milliseconds
 * @param heapPeakMiB highest heap in use sampled (each second) in the worker JVM, garbage included
 * @param heapAfterGcMiB heap in use right after a full GC forced when every approval was open and
 *     changed, before the first expiry: what the open approvals keep alive
 * @param cpuSeconds worker CPU time from the first start to the last expiry
 * @param cpuPeakCores highest worker CPU use over 5 s, in cores
 * @param cpuWindowCores mean worker CPU use while the timers expire (the window), in cores
 * @param serverCpuSeconds the dev server's CPU time over the same span as {@code cpuSeconds}
 *     (NaN on a server the bench did not start): the two share the machine
 * @param serverCpuWindowCores the server's mean CPU use while the timers expire, in cores
 * @param cpuMsPerExpiry worker CPU from the window's start to the last expiry over the expiries
 *     recorded in that span, in ms: what an expiry costs, without the starts and changes before
 *     them, and fair to a side that fell behind (its span is longer)
 * @param serverCpuMsPerExpiry the server's likewise (NaN where its CPU is not read)
 */
public record ScaleFigures(
    double startsPerSecond,
    double changesPerSecond,
    long expiries,
    long missing,
    long failures,
    Lateness lateness,
    double heapPeakMiB,
    double heapAfterGcMiB,
    double cpuSeconds,
    double cpuPeakCores,
    double cpuWindowCores,
    double serverCpuSeconds,
    double serverCpuWindowCores,
    double cpuMsPerExpiry,
    double serverCpuMsPerExpiry) {

  /** The median of each figure over the runs (the median of each lateness percentile likewise). */
  public static ScaleFigures median(List<ScaleFigures> runs) {
    if (runs.size() == 1) {
      return runs.get(0);
    }
    return new ScaleFigures(
        median(runs, ScaleFigures::startsPerSecond),
        median(runs, ScaleFigures::changesPerSecond),
        Math.round(median(runs, f -> f.expiries)),
        Math.round(median(runs, f -> f.missing)),
        Math.round(median(runs, f -> f.failures)),
        new Lateness(
            Math.round(median(runs, f -> f.lateness.count())),
            median(runs, f -> f.lateness.p50()),
            median(runs, f -> f.lateness.p95()),
            median(runs, f -> f.lateness.p99()),
            median(runs, f -> f.lateness.max())),
        median(runs, ScaleFigures::heapPeakMiB),
        median(runs, ScaleFigures::heapAfterGcMiB),
        median(runs, ScaleFigures::cpuSeconds),
        median(runs, ScaleFigures::cpuPeakCores),
        median(runs, ScaleFigures::cpuWindowCores),
        median(runs, ScaleFigures::serverCpuSeconds),
        median(runs, ScaleFigures::serverCpuWindowCores),
        median(runs, ScaleFigures::cpuMsPerExpiry),
        median(runs, ScaleFigures::serverCpuMsPerExpiry));
  }

  static double median(List<ScaleFigures> runs, ToDoubleFunction<ScaleFigures> figure) {
    double[] sorted = runs.stream().mapToDouble(figure).toArray();
    Arrays.sort(sorted);
    int mid = sorted.length / 2;
    return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  }

  Map<String, Object> json() {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("startsPerSecond", round(startsPerSecond));
    json.put("changesPerSecond", round(changesPerSecond));
    json.put("expiries", expiries);
    json.put("missing", missing);
    json.put("failures", failures);
    json.put("latenessSeconds", lateness.json());
    json.put("heapPeakMiB", round(heapPeakMiB));
    json.put("heapAfterGcMiB", round(heapAfterGcMiB));
    json.put("cpuSeconds", round(cpuSeconds));
    json.put("cpuPeakCores", round(cpuPeakCores));
    json.put("cpuWindowCores", round(cpuWindowCores));
    json.put("serverCpuSeconds", round(serverCpuSeconds));
    json.put("serverCpuWindowCores", round(serverCpuWindowCores));
    json.put("cpuMsPerExpiry", round(cpuMsPerExpiry));
    json.put("serverCpuMsPerExpiry", round(serverCpuMsPerExpiry));
    return json;
  }

  /** Overdue / baseline, figure by figure; null where the baseline's figure is 0 or unknown. */
  static Map<String, Object> ratio(ScaleFigures overdue, ScaleFigures baseline) {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("startsPerSecond", ratio(overdue.startsPerSecond, baseline.startsPerSecond));
    json.put("changesPerSecond", ratio(overdue.changesPerSecond, baseline.changesPerSecond));
    json.put("latenessP50", ratio(overdue.lateness.p50(), baseline.lateness.p50()));
    json.put("latenessP95", ratio(overdue.lateness.p95(), baseline.lateness.p95()));
    json.put("latenessP99", ratio(overdue.lateness.p99(), baseline.lateness.p99()));
    json.put("latenessMax", ratio(overdue.lateness.max(), baseline.lateness.max()));
    json.put("heapPeak", ratio(overdue.heapPeakMiB, baseline.heapPeakMiB));
    json.put("heapAfterGc", ratio(overdue.heapAfterGcMiB, baseline.heapAfterGcMiB));
    json.put("cpuSeconds", ratio(overdue.cpuSeconds, baseline.cpuSeconds));
    json.put("cpuWindowCores", ratio(overdue.cpuWindowCores, baseline.cpuWindowCores));
    json.put("serverCpuSeconds", ratio(overdue.serverCpuSeconds, baseline.serverCpuSeconds));
    json.put("serverCpuWindowCores", ratio(overdue.serverCpuWindowCores, baseline.serverCpuWindowCores));
    json.put("cpuPerExpiry", ratio(overdue.cpuMsPerExpiry, baseline.cpuMsPerExpiry));
    json.put("serverCpuPerExpiry", ratio(overdue.serverCpuMsPerExpiry, baseline.serverCpuMsPerExpiry));
    return json;
  }

  static Double ratio(double value, double baseline) {
    return baseline == 0 || Double.isNaN(baseline) || Double.isNaN(value)
        ? null
        : Math.round(value / baseline * 1000) / 1000.0;
  }

  /** Three decimals; NaN (not measured) becomes JSON null. */
  static Double round(double value) {
    return Double.isNaN(value) || Double.isInfinite(value) ? null : Math.round(value * 1000) / 1000.0;
  }

  @Override
  public String toString() {
    return String.format(
        "%.1f starts/s, %s, expiry lateness %s%s%s; worker heap peak %.0f MiB,"
            + " after GC %s; worker CPU %.1f s, peak %.2f cores, %.2f cores while expiring, %s per expiry;"
            + " server CPU %s, %s while expiring, %s per expiry",
        startsPerSecond,
        Double.isNaN(changesPerSecond) ? "no changes" : String.format("%.1f changes/s", changesPerSecond),
        lateness,
        missing > 0 ? ", " + missing + " MISSING" : "",
        failures > 0 ? ", " + failures + " FAILED calls" : "",
        heapPeakMiB,
        Double.isNaN(heapAfterGcMiB) ? "n/a" : String.format("%.0f MiB", heapAfterGcMiB),
        cpuSeconds,
        cpuPeakCores,
        cpuWindowCores,
        ms(cpuMsPerExpiry),
        Double.isNaN(serverCpuSeconds) ? "n/a" : String.format("%.1f s", serverCpuSeconds),
        Double.isNaN(serverCpuWindowCores) ? "n/a" : String.format("%.2f cores", serverCpuWindowCores),
        ms(serverCpuMsPerExpiry));
  }

  private static String ms(double value) {
    return Double.isNaN(value) ? "n/a" : String.format("%.2f ms", value);
  }
}
