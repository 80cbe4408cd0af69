package dev.overdue.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The goals {@code bench scale} is held to, per expiry and at default settings, each Overdue's
 * figure against the baseline's of the same run (docs/BENCHMARKS.md, "Performance goals"): worker
 * CPU ≤ 1.2 × the baseline's, server CPU ≤ 1.15 ×, expiry lateness p50 ≤ 1.5 ×, and p99 ≤ 1 s
 * where the baseline reaches it (where it does not, that goal does not apply). CPU per expiry is
 * the CPU used from the window's start to the last expiry over the expiries recorded in that span:
 * the starts and changes before it are not expiries (the whole run's ratios are in {@code ratio}),
 * and a side that falls behind spends its CPU over a longer span, which mean cores would hide.
 */
final class ScaleGoals {
  static final double WORKER_CPU = 1.2;
  static final double SERVER_CPU = 1.15;
  static final double LATENESS_P50 = 1.5;
  static final double LATENESS_P99_SECONDS = 1.0;

  /**
   * One goal: {@code value} null when a figure is missing (then neither met nor missed); {@code
   * applies} null for a goal that always applies, else whether the baseline made it one this run.
   */
  record Goal(String key, String label, Double value, String unit, double atMost, Boolean applies) {
    Boolean met() {
      return value == null ? null : value <= atMost;
    }

    Map<String, Object> json() {
      Map<String, Object> json = new LinkedHashMap<>();
      json.put("value", value);
      json.put("atMost", atMost);
      json.put("met", met());
      if (applies != null) {
        json.put("applies", applies);
      }
      return json;
    }

    String line() {
      String verdict =
          Boolean.FALSE.equals(applies) ? "does not apply (the baseline misses it too)"
              : value == null ? "not measured"
              : met() ? "met" : "NOT met";
      return String.format(
          "  %-24s %-10s at most %s%s: %s",
          label, value == null ? "n/a" : value + unit, atMost, unit, verdict);
    }
  }

  private ScaleGoals() {}

  static List<Goal> of(ScaleFigures overdue, ScaleFigures baseline) {
    List<Goal> goals = new ArrayList<>();
    goals.add(new Goal("workerCpuRatio", "worker CPU per expiry",
        ScaleFigures.ratio(overdue.cpuMsPerExpiry(), baseline.cpuMsPerExpiry()), " ×", WORKER_CPU, null));
    goals.add(new Goal("serverCpuRatio", "server CPU per expiry",
        ScaleFigures.ratio(overdue.serverCpuMsPerExpiry(), baseline.serverCpuMsPerExpiry()), " ×", SERVER_CPU, null));
    goals.add(new Goal("latenessP50Ratio", "expiry lateness p50",
        ScaleFigures.ratio(overdue.lateness().p50(), baseline.lateness().p50()), " ×", LATENESS_P50, null));
    goals.add(new Goal("latenessP99Seconds", "expiry lateness p99",
        ScaleFigures.round(overdue.lateness().p99() / 1000), " s", LATENESS_P99_SECONDS,
        !(baseline.lateness().p99() > 1000 * LATENESS_P99_SECONDS)));
    return goals;
  }

  static Map<String, Object> json(ScaleFigures overdue, ScaleFigures baseline) {
    Map<String, Object> json = new LinkedHashMap<>();
    for (Goal goal : of(overdue, baseline)) {
      json.put(goal.key(), goal.json());
    }
    return json;
  }

  /** The block printed before the JSON line: each goal, its figure and whether it is met. */
  static List<String> lines(ScaleFigures overdue, ScaleFigures baseline) {
    List<String> lines = new ArrayList<>();
    lines.add("goals (Overdue against the baseline of this run):");
    for (Goal goal : of(overdue, baseline)) {
      lines.add(goal.line());
    }
    return lines;
  }
}
