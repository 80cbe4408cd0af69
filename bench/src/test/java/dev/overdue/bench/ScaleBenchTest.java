package dev.overdue.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.overdue.api.HistoryEntry;
import dev.overdue.model.request.RequestJson;
import dev.overdue.model.request.RequestValidator;
import dev.overdue.starter.ExitCodes;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import picocli.CommandLine;

/** The pure parts of {@code bench scale}: statistics, ratios, the JSON line, the schedule. No timing. */
class ScaleBenchTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void percentilesAreNearestRankOverEveryValue() {
    long[] hundred = LongStream.rangeClosed(1, 100).toArray();
    assertEquals(50, Lateness.percentile(hundred, 50));
    assertEquals(95, Lateness.percentile(hundred, 95));
    assertEquals(99, Lateness.percentile(hundred, 99));
    assertEquals(100, Lateness.percentile(hundred, 100));

    long[] five = {10, 20, 30, 40, 50};
    assertEquals(30, Lateness.percentile(five, 50)); // rank ceil(2.5) = 3
    assertEquals(50, Lateness.percentile(five, 95)); // rank ceil(4.75) = 5
    assertEquals(10, Lateness.percentile(new long[] {10}, 99));
  }

  @Test
  void latenessSortsAndKeepsTheMaximum() {
    Lateness lateness = Lateness.of(new long[] {900, -3, 40, 7, 1200, 15, 15, 30, 60, 80});
    assertEquals(10, lateness.count());
    assertEquals(30, lateness.p50()); // rank 5 of -3 7 15 15 30 40 60 80 900 1200
    assertEquals(1200, lateness.p95());
    assertEquals(1200, lateness.p99());
    assertEquals(1200, lateness.max());
    assertEquals(0, Lateness.of(new long[0]).count());
    assertTrue(Double.isNaN(Lateness.of(new long[0]).p99()));
  }

  @Test
  void mediansAreFigureByFigure() {
    ScaleFigures a = figures(100, 50, new Lateness(3, 10, 20, 30, 40), 200);
    ScaleFigures b = figures(300, 10, new Lateness(3, 30, 60, 90, 120), 100);
    ScaleFigures c = figures(200, 30, new Lateness(3, 20, 40, 60, 80), 300);
    ScaleFigures median = ScaleFigures.median(List.of(a, b, c));
    assertEquals(200, median.startsPerSecond());
    assertEquals(30, median.changesPerSecond());
    assertEquals(60, median.lateness().p99());
    assertEquals(200, median.heapPeakMiB());
    assertEquals(250, ScaleFigures.median(List.of(a, b, c, figures(400, 0, Lateness.NONE, 0))).startsPerSecond());
    assertEquals(a, ScaleFigures.median(List.of(a)));
  }

  @Test
  void ratiosAreOverdueOverBaselineAndNullWithoutABaseline() {
    assertEquals(0.8, ScaleFigures.ratio(80, 100));
    assertEquals(1.333, ScaleFigures.ratio(4, 3));
    assertNull(ScaleFigures.ratio(5, 0));
    assertNull(ScaleFigures.ratio(5, Double.NaN));
    assertNull(ScaleFigures.ratio(Double.NaN, 5));
  }

  @Test
  void theLastLineIsOneJsonObjectWithBothSidesAndTheirRatio() throws Exception {
    ScaleFigures overdue = figures(90, 45, new Lateness(30_000, 40, 120, 300, 900), 400);
    ScaleFigures baseline = figures(100, 50, new Lateness(30_000, 30, 100, 250, 800), 200);
    String line = JSON.writeValueAsString(new ScaleBench.Result(10_000, overdue, baseline).json());
    assertEquals(1, line.lines().count());
    JsonNode json = JSON.readTree(line);
    assertEquals(List.of("scenario", "approvals", "overdue", "baseline", "ratio", "goals"), names(json));
    assertEquals("scale", json.get("scenario").asText());
    assertEquals(10_000, json.get("approvals").asInt());
    for (String side : List.of("overdue", "baseline")) {
      assertEquals(
          List.of("startsPerSecond", "changesPerSecond", "expiries", "missing", "failures", "latenessSeconds",
              "heapPeakMiB", "heapAfterGcMiB", "cpuSeconds", "cpuPeakCores", "cpuWindowCores", "serverCpuSeconds",
              "serverCpuWindowCores", "cpuMsPerExpiry", "serverCpuMsPerExpiry"),
          names(json.get(side)));
      assertEquals(List.of("p50", "p95", "p99", "max"), names(json.get(side).get("latenessSeconds")));
    }
    assertEquals(0.3, json.get("overdue").get("latenessSeconds").get("p99").asDouble());
    assertEquals(0.9, json.get("ratio").get("startsPerSecond").asDouble());
    assertEquals(0.9, json.get("ratio").get("changesPerSecond").asDouble());
    assertEquals(1.2, json.get("ratio").get("latenessP99").asDouble());
    assertEquals(2.0, json.get("ratio").get("heapPeak").asDouble());
    assertTrue(json.get("overdue").get("heapAfterGcMiB").isNull(), "NaN is null: " + line);
    assertEquals(1.0, json.get("ratio").get("serverCpuSeconds").asDouble());
  }

  @Test
  void theGoalsSayWhichBoundEachFigureMeets() throws Exception {
    ScaleFigures baseline = withCpu(new Lateness(30_000, 30, 100, 700, 800), 100, 100);
    JsonNode goals = goals(withCpu(new Lateness(30_000, 45, 120, 800, 900), 120, 115), baseline);
    assertEquals(List.of("workerCpuRatio", "serverCpuRatio", "latenessP50Ratio", "latenessP99Seconds"), names(goals));
    assertEquals(1.2, goals.get("workerCpuRatio").get("value").asDouble());
    assertTrue(goals.get("workerCpuRatio").get("met").asBoolean(), goals.toString());
    assertEquals(1.15, goals.get("serverCpuRatio").get("value").asDouble());
    assertTrue(goals.get("serverCpuRatio").get("met").asBoolean(), goals.toString());
    assertTrue(goals.get("latenessP50Ratio").get("met").asBoolean(), "1.5 <= 1.5: " + goals);
    assertEquals(0.8, goals.get("latenessP99Seconds").get("value").asDouble());
    assertTrue(goals.get("latenessP99Seconds").get("met").asBoolean());
    assertTrue(goals.get("latenessP99Seconds").get("applies").asBoolean());
    assertNull(goals.get("workerCpuRatio").get("applies"), "a goal that always applies says nothing of it");

    ScaleFigures slowBaseline = withCpu(new Lateness(30_000, 30, 100, 4_800, 9_000), 100, 100);
    JsonNode missed = goals(withCpu(new Lateness(30_000, 46, 120, 5_000, 9_000), 121, 116), slowBaseline);
    assertFalse(missed.get("workerCpuRatio").get("met").asBoolean(), missed.toString());
    assertFalse(missed.get("serverCpuRatio").get("met").asBoolean(), missed.toString());
    assertFalse(missed.get("latenessP50Ratio").get("met").asBoolean(), "1.533 > 1.5: " + missed);
    assertFalse(missed.get("latenessP99Seconds").get("met").asBoolean());
    assertFalse(missed.get("latenessP99Seconds").get("applies").asBoolean(), "the baseline missed 1 s too");
  }

  @Test
  void theGoalsArePrintedOneALineSayingWhetherEachIsMet() {
    ScaleFigures baseline = withCpu(new Lateness(30_000, 30, 100, 700, 800), 100, 100);
    List<String> lines = ScaleGoals.lines(withCpu(new Lateness(30_000, 45, 120, 800, 900), 130, 110), baseline);
    assertEquals(5, lines.size(), String.join("\n", lines));
    assertTrue(lines.get(1).matches("  worker CPU per expiry +1\\.3 × +at most 1\\.2 ×: NOT met"), lines.get(1));
    assertTrue(lines.get(2).matches("  server CPU per expiry +1\\.1 × +at most 1\\.15 ×: met"), lines.get(2));
    assertTrue(lines.get(4).matches("  expiry lateness p99 +0\\.8 s +at most 1\\.0 s: met"), lines.get(4));
    ScaleFigures slowBaseline = withCpu(new Lateness(30_000, 30, 100, 4_800, 9_000), 100, Double.NaN);
    List<String> slow = ScaleGoals.lines(withCpu(new Lateness(30_000, 45, 120, 5_000, 9_000), 110, 110), slowBaseline);
    assertTrue(slow.get(2).endsWith("n/a        at most 1.15 ×: not measured"), slow.get(2));
    assertTrue(slow.get(4).endsWith("does not apply (the baseline misses it too)"), slow.get(4));
  }

  private static JsonNode goals(ScaleFigures overdue, ScaleFigures baseline) throws Exception {
    return JSON.readTree(JSON.writeValueAsString(new ScaleBench.Result(10_000, overdue, baseline).json())).get("goals");
  }

  private static ScaleFigures withCpu(Lateness lateness, double workerCpu, double serverCpu) {
    return new ScaleFigures(
        100, 50, lateness.count(), 0, 0, lateness, 200, Double.NaN, 2 * workerCpu, 1, 0.5, 2 * serverCpu, 0.5,
        workerCpu, serverCpu);
  }

  /** A schedule's window: 1,000 workflows over 10 minutes from epoch ms 1,000,000. */
  private static final long START = 1_000_000;
  private static final long WINDOW = 600_000;
  private static final int N = 1000;

  @Test
  void theInstantsAreSpreadEvenlyOverTheWindowAThirdApartPerWorkflow() {
    long start = START;
    long window = WINDOW;
    int n = N;
    List<Long> all = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      long[] instants = ScaleSchedule.instants(start, window, n, i, 3);
      assertEquals(3, instants.length);
      assertTrue(instants[0] < instants[1] && instants[1] < instants[2]);
      assertEquals(window / 3.0, instants[1] - instants[0], 1);
      assertEquals(window / 3.0, instants[2] - instants[1], 1);
      for (long instant : instants) {
        assertTrue(instant > start && instant < start + window, "inside the window: " + instant);
        all.add(instant);
      }
    }
    all.sort(null);
    assertEquals(3 * n, all.stream().distinct().count());
    // Uniform: 3n slots of window / 3n each.
    assertEquals(start + 100, all.get(0));
    assertEquals(start + window - 100, all.get(all.size() - 1));
    assertEquals(0, ScaleSchedule.dueBy(start, window, n, start - 1, n, 3));
    assertEquals(1500, ScaleSchedule.dueBy(start, window, n, start + window / 2, n, 3));
    assertEquals(3000, ScaleSchedule.dueBy(start, window, n, start + window, n, 3));
    assertEquals(1500, ScaleSchedule.dueBy(start, window, n, start + window, n / 2, 3));
  }

  @Test
  void withOneExpiringTheWindowHoldsOneInstantPerWorkflowAndTheOthersComeADayAfterIt() {
    List<Long> inWindow = new ArrayList<>();
    long start = START;
    long window = WINDOW;
    int n = N;
    for (int i = 0; i < n; i++) {
      long[] instants = ScaleSchedule.instants(start, window, n, i, 1);
      assertTrue(instants[0] > start && instants[0] < start + window, "the first in the window: " + instants[0]);
      long after = start + window + ScaleSchedule.AFTER.toMillis();
      assertTrue(instants[1] >= after && instants[2] > instants[1], "the others after it, in order: " + instants[1]);
      inWindow.add(instants[0]);
    }
    inWindow.sort(null);
    // n slots of window / n each: the spacing of the three-timer schedule, three times as wide.
    assertEquals(start + 300, inWindow.get(0));
    assertEquals(start + window - 300, inWindow.get(n - 1));
    assertEquals(500, ScaleSchedule.dueBy(start, window, n, start + window / 2, n, 1));
    assertEquals(1000, ScaleSchedule.dueBy(start, window, n, start + window + 60_000, n, 1));

    long[] two = ScaleSchedule.instants(start, window, n, 0, 2);
    assertEquals(window / 2.0, two[1] - two[0], 1);
    assertTrue(two[2] > start + window, "the third after the window");
  }

  @Test
  void bothSidesTogetherShareOneWindowBeginningTheLongerLeadAfterTheLaterIsReady() throws Exception {
    ScaleTogether.SharedWindow shared = new ScaleTogether.SharedWindow();
    var pool = Executors.newFixedThreadPool(2);
    try {
      long before = System.currentTimeMillis();
      var quick = pool.submit(() -> shared.agree(Duration.ofSeconds(60)));
      var slow = pool.submit(() -> shared.agree(Duration.ofSeconds(90)));
      long start = quick.get();
      assertEquals(start, slow.get(), "one window for both");
      assertTrue(start >= before + 90_000, "the longer lead: " + (start - before));
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  @Timeout(60) // left waiting, it would hang
  void aSideThatFailsWhileTheOtherWaitsForItAtTheWindowStopsBoth() {
    ScaleTogether.SharedWindow shared = new ScaleTogether.SharedWindow();
    IllegalStateException failure = assertThrows(IllegalStateException.class, () -> ScaleTogether.allOrNone(List.of(
        () -> shared.agree(Duration.ofSeconds(1)), // waits for a side that never comes
        () -> {
          throw new IllegalStateException("the dev server exited");
        })));
    assertEquals("the dev server exited", failure.getMessage());
  }

  @Test
  void bothSidesResultsComeInTheirOrder() throws Exception {
    assertEquals(List.of("overdue", "baseline"), ScaleTogether.allOrNone(List.of(
        () -> {
          Thread.sleep(200);
          return "overdue";
        },
        () -> "baseline")));
  }

  @Test
  void aRunWithoutChangesSaysSoInsteadOfARate() {
    ScaleFigures figures = figures(100, Double.NaN, new Lateness(3, 1, 2, 3, 4), 200);
    assertTrue(figures.toString().startsWith("100.0 starts/s, no changes, expiry lateness"), figures.toString());
    assertTrue(figures(100, 50, new Lateness(3, 1, 2, 3, 4), 200).toString().contains(", 50.0 changes/s,"));
  }

  @Test
  void impossibleScheduleOptionsAreRefusedBeforeAnythingStarts() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream err = System.err;
    try (PrintStream captured = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
      System.setErr(captured);
      assertEquals(ExitCodes.USAGE, new CommandLine(new BenchCli()).execute("scale", "--expiring", "4"));
      assertEquals(ExitCodes.USAGE, new CommandLine(new BenchCli())
          .execute("scale", "--together", "--address", "127.0.0.1:1", "--server-pid", "1"));
      assertEquals(ExitCodes.USAGE, new CommandLine(new BenchCli()).execute("scale", "--server-db-dir", "/no/such/dir"));
    } finally {
      System.setErr(err);
    }
    String said = bytes.toString(StandardCharsets.UTF_8);
    assertTrue(said.contains("--expiring must be 1, 2 or 3"), said);
    assertTrue(said.contains("--together with --server-pid"), said);
    assertTrue(said.contains("--server-db-dir /no/such/dir: no such directory"), said);
  }

  @Test
  void anOverdueApprovalHasThreeRunningTimersAtTheInstants() {
    Instant now = Instant.parse("2026-11-21T10:00:00Z");
    long[] instants = {
      now.plusSeconds(60).toEpochMilli(), now.plusSeconds(260).toEpochMilli(), now.plusMillis(460_123).toEpochMilli()
    };
    var request = ScaleSide.Overdue.request("scale-1", instants);
    assertEquals(List.of(), RequestValidator.problems(RequestJson.parse(request), now));
    var process = dev.overdue.model.process.ApprovalProcess.start(RequestJson.parse(request), now);
    var timers = process.timerInfos();
    assertEquals(3, timers.size());
    for (int j = 0; j < 3; j++) {
      String name = ScaleSide.Overdue.TIMERS[j];
      var timer = timers.stream().filter(t -> t.name().equals(name)).findFirst().orElseThrow();
      assertEquals("RUNNING", String.valueOf(timer.state()), name);
      assertEquals(Instant.ofEpochMilli(instants[j]).toString(), timer.expiresAt(), name);
    }
  }

  @Test
  void overdueLatenessComesFromTheTimerExpiredEvents() {
    var nodes = JsonNodeFactory.instance;
    List<HistoryEntry> history =
        List.of(
            new HistoryEntry("2026-11-21T10:00:00Z", "update", "extendDeadline", nodes.objectNode(), true, null),
            new HistoryEntry("2026-11-21T10:01:00.250Z", "event", "TimerExpired",
                nodes.objectNode().put("timer", "manager.acceptance").put("expiresAt", "2026-11-21T10:01:00Z"), true, null),
            new HistoryEntry("2026-11-21T10:02:01.005Z", "event", "TimerExpired",
                nodes.objectNode().put("timer", "process").put("expiresAt", "2026-11-21T10:02:00.999Z"), true, null));
    assertArrayEquals(new long[] {250, 6}, ScaleSide.Overdue.lateness(history));
  }

  @Test
  void prometheusSamplesAreSummedByNameAndLabels() {
    PrometheusText text =
        PrometheusText.parse(
            "# HELP jvm_memory_used_bytes The amount of used memory\n"
                + "# TYPE jvm_memory_used_bytes gauge\n"
                + "jvm_memory_used_bytes{area=\"heap\",id=\"G1 Eden Space\"} 1.048576E7\n"
                + "jvm_memory_used_bytes{area=\"heap\",id=\"G1 Old Gen\"} 2097152.0\n"
                + "jvm_memory_used_bytes{area=\"nonheap\",id=\"Metaspace\"} 5.0E7\n"
                + "process_cpu_time_ns_total 1.5E9\n"
                + "overdue_timer_expiries_total{kind=\"USER\",task_queue=\"q\"} 2.0\n"
                + "overdue_timer_expiries_total{kind=\"PROCESS\",task_queue=\"q\"} 3.0\n");
    assertEquals(12_582_912, text.sum("jvm_memory_used_bytes", l -> "heap".equals(l.get("area"))));
    assertEquals(1.5e9, text.sum("process_cpu_time_ns_total"));
    assertEquals(5, text.sum("overdue_timer_expiries_total"));
    assertTrue(Double.isNaN(text.sum("bench_baseline_wakeups_total")));
  }

  private static ScaleFigures figures(double starts, double changes, Lateness lateness, double heap) {
    return new ScaleFigures(starts, changes, lateness.count(), 0, 0, lateness, heap, Double.NaN, 10, 1, 0.5, 20, 0.4, 1.5, 3);
  }

  private static List<String> names(JsonNode node) {
    List<String> names = new ArrayList<>();
    for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
      names.add(it.next());
    }
    return names;
  }

  @Test
  void eachSidesWorkerIsNamedByItsStartUpLineTheJavaAndTheWorkflowThreads() throws Exception {
    String line = dev.overdue.worker.WorkflowCache.choose(null, dev.overdue.worker.WorkflowCache.Threads.AUTO).describe();
    String log = "12:00:00.100 INFO  i.t.s.WorkflowServiceStubsImpl - Created WorkflowServiceStubs\n"
        + "12:00:00.200 INFO  dev.overdue.worker.OverdueWorker - " + line + "\n"
        + "12:00:00.300 INFO  dev.overdue.worker.OverdueWorker - Worker ready\n";
    assertEquals(line, ScaleBench.runtime(log));
    assertTrue(ScaleBench.runtime(log).startsWith("Java " + Runtime.version() + " "), ScaleBench.runtime(log));
    assertEquals("unknown (no start-up line)", ScaleBench.runtime("12:00:00 INFO - Worker ready\n"));

    ScaleFigures figures = new ScaleFigures(10, 0, 30, 0, 0, Lateness.of(new long[] {1, 2}), 100, 50, 1, 1, 0.5, 2, 0.4, 0.1, 0.2);
    JsonNode json = JSON.readTree(JSON.writeValueAsString(new ScaleBench.Result(10, figures, figures, java.util.Map.of(),
        java.util.Map.of("baseline", "Java 17 (VM): platform", "overdue", "Java 25 (VM): virtual")).json()));
    assertEquals("Java 25 (VM): virtual", json.path("workers").path("overdue").asText());
    assertEquals("Java 17 (VM): platform", json.path("workers").path("baseline").asText());
  }
}
