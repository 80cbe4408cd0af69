package dev.overdue.starter;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The answers of many approvals to one command: how many applied it, refused it (and why, grouped
 * by reason) and could not be asked (failed, each explained as {@link Failures} explains it), and
 * the exit code of the worst: failed (3 or 4) over refused (1) over applied (0). Thread-safe: the
 * answers arrive from a pool.
 */
final class BulkSummary {
  /** At most this many reasons of refused or failed approvals are listed; the rest are counted. */
  static final int GROUPS_SHOWN = 10;

  /** More different answers of applied approvals than this are not listed, but counted. */
  static final int APPLIED_GROUPS_SHOWN = 3;

  enum Result {
    APPLIED,
    REFUSED,
    FAILED;

    String word() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** One approval's answer: the command's result message, the refusal's reason, or the failure. */
  record Outcome(String workflowId, Result result, String message, int exitCode) {}

  /** One message and how many approvals answered with it. */
  record Group(String message, int count) {}

  private final String command;
  private final int total;
  private final List<Outcome> outcomes = new ArrayList<>();
  private final Map<Result, Integer> counts = new EnumMap<>(Result.class);

  BulkSummary(String command, int total) {
    this.command = command;
    this.total = total;
    for (Result result : Result.values()) {
      counts.put(result, 0);
    }
  }

  Outcome applied(String workflowId, String message) {
    return add(new Outcome(workflowId, Result.APPLIED, message, ExitCodes.DONE));
  }

  Outcome refused(String workflowId, String reason) {
    return add(new Outcome(workflowId, Result.REFUSED, reason, ExitCodes.REFUSED));
  }

  Outcome failed(String workflowId, String explanation, int exitCode) {
    return add(new Outcome(workflowId, Result.FAILED, explanation, exitCode));
  }

  private synchronized Outcome add(Outcome outcome) {
    outcomes.add(outcome);
    counts.merge(outcome.result(), 1, Integer::sum);
    return outcome;
  }

  String command() {
    return command;
  }

  int total() {
    return total;
  }

  synchronized int done() {
    return outcomes.size();
  }

  synchronized int count(Result result) {
    return counts.get(result);
  }

  synchronized List<Outcome> outcomes() {
    return List.copyOf(outcomes);
  }

  /** The worst answer's code: a failure's own (3 or 4), else 1 if any refused, else 0. */
  synchronized int exitCode() {
    int worst = ExitCodes.DONE;
    for (Outcome outcome : outcomes) {
      worst = Math.max(worst, outcome.exitCode());
    }
    return worst;
  }

  /** The messages of {@code result}, most frequent first, then in alphabetical order. */
  synchronized List<Group> groups(Result result) {
    Map<String, Integer> byMessage = new LinkedHashMap<>();
    for (Outcome outcome : outcomes) {
      if (outcome.result() == result) {
        byMessage.merge(String.valueOf(outcome.message()), 1, Integer::sum);
      }
    }
    return byMessage.entrySet().stream()
        .map(e -> new Group(e.getKey(), e.getValue()))
        .sorted(Comparator.comparingInt(Group::count).reversed().thenComparing(Group::message))
        .toList();
  }

  /** What {@code -o json} prints: the counts and every approval's answer. */
  record Document(
      String command, int total, int applied, int refused, int failed, double seconds, List<Outcome> outcomes) {}

  synchronized Document document(Duration took) {
    return new Document(
        command, total, count(Result.APPLIED), count(Result.REFUSED), count(Result.FAILED),
        took.toMillis() / 1000.0, outcomes());
  }

  /** One line for an approval that did not apply the command, as its answer arrives. */
  static String line(Outcome outcome) {
    return String.format(
        "%-7s  %s: %s", outcome.result().word(), outcome.workflowId(), outcome.message());
  }

  /**
   * The summary: the counts on one line, then each result's messages with how many approvals gave
   * each, e.g.
   *
   * <pre>
   * suspend: 20 approvals, 15 applied, 5 refused, 0 failed in 1.4 s (14.3 approvals/s)
   *   applied  15  process suspended
   *   refused   5  the process is already suspended
   * </pre>
   */
  synchronized List<String> lines(Duration took) {
    List<String> lines = new ArrayList<>();
    double seconds = took.toMillis() / 1000.0;
    StringBuilder head =
        new StringBuilder(
            String.format(
                Locale.ROOT,
                "%s: %d approval%s, %d applied, %d refused, %d failed",
                command,
                total,
                total == 1 ? "" : "s",
                count(Result.APPLIED),
                count(Result.REFUSED),
                count(Result.FAILED)));
    if (done() > 0) {
      head.append(
          String.format(
              Locale.ROOT,
              " in %.1f s (%.1f approvals/s)",
              seconds,
              done() / Math.max(seconds, 0.001)));
    }
    lines.add(head.toString());
    int width = Integer.toString(total).length();
    String row = "  %-7s  %" + width + "d  %s";
    for (Result result : Result.values()) {
      List<Group> groups = groups(result);
      if (result == Result.APPLIED && groups.size() > APPLIED_GROUPS_SHOWN) {
        // Answers that differ in a date each (extend-deadline) say nothing more when listed.
        int applied = count(Result.APPLIED);
        lines.add(
            String.format(
                row,
                result.word(),
                applied,
                "(" + groups.size() + " different answers, e.g. " + groups.get(0).message() + ")"));
        continue;
      }
      int shown = Math.min(groups.size(), GROUPS_SHOWN);
      for (Group group : groups.subList(0, shown)) {
        lines.add(String.format(row, result.word(), group.count(), group.message()));
      }
      if (groups.size() > shown) {
        int rest = groups.subList(shown, groups.size()).stream().mapToInt(Group::count).sum();
        lines.add(
            String.format(
                row,
                result.word(),
                rest,
                "(" + (groups.size() - shown) + " other messages: each approval's line is above)"));
      }
    }
    return lines;
  }
}
