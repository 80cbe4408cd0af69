package dev.overdue.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The samples of one scrape in the Prometheus text format, as the worker's /metrics serves it. */
final class PrometheusText {
  record Sample(String name, Map<String, String> labels, double value) {}

  private static final Pattern SAMPLE =
      Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\\{(.*)\\})?\\s+(\\S+)(?:\\s+\\d+)?$");
  private static final Pattern LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\]|\\\\.)*)\"");

  private final List<Sample> samples;

  private PrometheusText(List<Sample> samples) {
    this.samples = samples;
  }

  static PrometheusText parse(String text) {
    List<Sample> samples = new ArrayList<>();
    for (String line : text.split("\n")) {
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      Matcher m = SAMPLE.matcher(line.strip());
      if (!m.matches()) {
        continue;
      }
      Map<String, String> labels = new LinkedHashMap<>();
      if (m.group(2) != null) {
        Matcher l = LABEL.matcher(m.group(2));
        while (l.find()) {
          labels.put(l.group(1), l.group(2));
        }
      }
      double value;
      try {
        value = Double.parseDouble(m.group(3));
      } catch (NumberFormatException e) {
        continue;
      }
      samples.add(new Sample(m.group(1), labels, value));
    }
    return new PrometheusText(samples);
  }

  /** The sum of the series {@code name} whose labels pass {@code labels}; NaN when there is none. */
  double sum(String name, Predicate<Map<String, String>> labels) {
    double sum = 0;
    boolean found = false;
    for (Sample sample : samples) {
      if (sample.name().equals(name) && labels.test(sample.labels())) {
        sum += sample.value();
        found = true;
      }
    }
    return found ? sum : Double.NaN;
  }

  /**
   * A histogram's cumulative buckets: for each upper bound ({@code le}, +Inf included) the summed
   * count of the series {@code name}_bucket whose other labels pass {@code labels}.
   */
  java.util.NavigableMap<Double, Double> buckets(String name, Predicate<Map<String, String>> labels) {
    java.util.NavigableMap<Double, Double> buckets = new java.util.TreeMap<>();
    for (Sample sample : samples) {
      String le = sample.labels().get("le");
      if (sample.name().equals(name + "_bucket") && le != null && labels.test(sample.labels())) {
        double bound = le.equals("+Inf") ? Double.POSITIVE_INFINITY : Double.parseDouble(le);
        buckets.merge(bound, sample.value(), Double::sum);
      }
    }
    return buckets;
  }

  double sum(String name) {
    return sum(name, labels -> true);
  }
}
