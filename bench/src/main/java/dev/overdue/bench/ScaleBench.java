package dev.overdue.bench;

import dev.overdue.client.Connection;
import io.temporal.api.workflowservice.v1.DescribeNamespaceRequest;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowClientOptions;
import io.temporal.serviceclient.WorkflowServiceStubs;
import io.temporal.serviceclient.WorkflowServiceStubsOptions;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * Scenario {@code scale}: K approvals, each with three RUNNING timers whose expiration dates are
 * spread uniformly over a window that begins after every start and change is done, on one worker
 * process; the baseline runs the same K workflows that only {@code Workflow.sleep} to the same
 * instants, on a worker process of its own with the same JVM options. The sides run one after the
 * other (alternating which goes first on repeats), each on a fresh dev server of its own unless
 * {@code --address} names a server, each after a warm-up that is not measured.
 */
public final class ScaleBench {
  /** How often the worker's metrics are sampled. */
  static final Duration SAMPLE_EVERY = Duration.ofSeconds(1);
  /** The span the peak CPU use is averaged over. */
  static final Duration PEAK_SPAN = Duration.ofSeconds(5);
  static final Duration WARMUP_LEAD = Duration.ofSeconds(30);
  static final Duration WARMUP_WINDOW = Duration.ofSeconds(10);
  /** After the window, how long to wait at most for the expiries still due to be recorded. */
  static final Duration DRAIN = Duration.ofMinutes(5);
  static final Duration SERVER_START = Duration.ofSeconds(90);
  static final Duration WORKER_START = Duration.ofSeconds(60);
  static final int TIMERS = 3;

  /**
   * @param address a server to use; null: start a dev server (bin/dev-server) per side
   * @param lead from the first start to the window's start; null: from the warm-up's rates
   */
  public record Options(
      int approvals,
      Duration window,
      String address,
      int repeats,
      int warmup,
      int concurrency,
      Duration lead,
      Duration timeout,
      String workerJavaOpts,
      Path root) {
    /** A generous bound on the whole run: per side run, the window plus 20 min plus 20 ms per approval. */
    public static Duration defaultTimeout(int approvals, Duration window, int repeats) {
      Duration side = window.plusMinutes(20).plusMillis(20L * approvals);
      return side.multipliedBy(2L * repeats);
    }
  }

  public record Result(int approvals, ScaleFigures overdue, ScaleFigures baseline) {
    public Map<String, Object> json() {
      Map<String, Object> json = new LinkedHashMap<>();
      json.put("scenario", "scale");
      json.put("approvals", approvals);
      json.put("overdue", overdue.json());
      json.put("baseline", baseline.json());
      json.put("ratio", ScaleFigures.ratio(overdue, baseline));
      return json;
    }
  }

  private final Options options;
  private final PrintStream out;
  private final PrintStream err;
  private final Path runDir;
  private final String tag;
  private final long deadline;
  private final Progress progress;

  public ScaleBench(Options options, PrintStream out, PrintStream err) {
    this.options = options;
    this.out = out;
    this.err = err;
    String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
    this.runDir = options.root().resolve("target/bench-scale/" + stamp);
    this.tag = stamp.replace("-", "") + Long.toString(System.nanoTime() % 46656, 36);
    this.deadline = System.nanoTime() + options.timeout().toNanos();
    this.progress = new Progress(err);
  }

  public Result run() throws Exception {
    err.println("bench scale: logs in " + runDir);
    // Every wait checks the deadline; should a call hang past it anyway, the JVM exits a minute
    // later and its shutdown hook stops every process the bench started.
    Thread watchdog =
        new Thread(
            () -> {
              try {
                Thread.sleep(options.timeout().plusMinutes(1).toMillis());
                err.println("\nbench scale: still running a minute past --timeout " + options.timeout() + "; stopping");
                System.exit(4);
              } catch (InterruptedException done) {
                // the run ended in time
              }
            },
            "bench-watchdog");
    watchdog.setDaemon(true);
    watchdog.start();
    try {
      return runSides();
    } finally {
      watchdog.interrupt();
    }
  }

  private Result runSides() throws Exception {
    List<ScaleFigures> overdue = new ArrayList<>();
    List<ScaleFigures> baseline = new ArrayList<>();
    for (int r = 0; r < options.repeats(); r++) {
      boolean overdueFirst = r % 2 == 0;
      for (int s = 0; s < 2; s++) {
        ScaleSide side = (s == 0) == overdueFirst ? new ScaleSide.Overdue() : new ScaleSide.Baseline();
        String label = side.name + (options.repeats() > 1 ? " run " + (r + 1) + "/" + options.repeats() : "");
        ScaleFigures figures = runSide(side, label, r);
        out.printf("%-8s %s%n", label + ":", figures);
        out.flush();
        (side instanceof ScaleSide.Overdue ? overdue : baseline).add(figures);
      }
    }
    return new Result(options.approvals(), ScaleFigures.median(overdue), ScaleFigures.median(baseline));
  }

  // ---- one side -----------------------------------------------------------------------------

  private ScaleFigures runSide(ScaleSide side, String label, int repeat) throws Exception {
    String name = side.name + "-" + (repeat + 1);
    ChildProcess server = null;
    ChildProcess worker = null;
    WorkflowServiceStubs stubs = null;
    Sampler sampler = null;
    ExecutorService pool = Executors.newFixedThreadPool(options.concurrency());
    try {
      String address = options.address();
      Map<String, String> env = new HashMap<>();
      if (address == null) {
        // Like the tests' fixture: a port found free may be taken meanwhile, and the dev server
        // picks internal ports of its own; a server that does not come up is retried on others.
        for (int attempt = 1; ; attempt++) {
          int port = ChildProcess.freePort();
          address = "127.0.0.1:" + port;
          progress.say("[" + label + "] starting a dev server on " + address);
          server =
              ChildProcess.start(
                  "dev server",
                  List.of(
                      "bash",
                      options.root().resolve("bin/dev-server").toString(),
                      "--port",
                      Integer.toString(port),
                      "--headless"),
                  options.root(),
                  Map.of(),
                  runDir.resolve("dev-server-" + name + "-" + attempt + ".log"));
          stubs = stubs(address, false);
          try {
            awaitServer(stubs, "default", server);
            Thread.sleep(2000); // its internal services may still fail to bind after it answers
            if (!server.isAlive()) {
              throw new IllegalStateException("the dev server exited:\n" + server.logTail(20));
            }
            break;
          } catch (IllegalStateException e) {
            stubs.shutdownNow();
            stubs = null;
            server.close();
            server = null;
            if (attempt == 3) {
              throw e;
            }
            progress.say("[" + label + "] the dev server did not come up; trying other ports: "
                + e.getMessage().lines().findFirst().orElse(""));
          }
        }
        env.put("TEMPORAL_ADDRESS", address);
        env.put("TEMPORAL_NAMESPACE", "default");
      } else {
        System.getenv().forEach((k, v) -> {
          if (k.startsWith("TEMPORAL_")) {
            env.put(k, v);
          }
        });
        env.put("TEMPORAL_ADDRESS", address);
        stubs = stubs(address, true);
        awaitServer(stubs, Connection.load().namespace(), null);
      }
      String namespace = server == null ? Connection.load().namespace() : "default";
      WorkflowClient client =
          WorkflowClient.newInstance(
              stubs, WorkflowClientOptions.newBuilder().setNamespace(namespace).build());
      side.bind(client, "bench-scale-" + side.name + "-" + tag + "-" + (repeat + 1));

      int metricsPort = ChildProcess.freePort();
      List<String> command = new ArrayList<>();
      command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
      command.addAll(splitOptions(options.workerJavaOpts()));
      command.addAll(side.workerArgs(options.root(), metricsPort));
      progress.say("[" + label + "] starting the worker: " + String.join(" ", command));
      worker = ChildProcess.start(side.name + " worker", command, options.root(), env, runDir.resolve("worker-" + name + ".log"));
      worker.awaitLog(side.readyLine(), WORKER_START);
      sampler = new Sampler(metricsPort, side.expiriesSeries(), worker.pid(), server == null ? -1 : server.pid());
      sampler.start();

      String prefix = "scale-" + tag + "-" + (repeat + 1) + "-";
      // Warm-up: the same calls, a short window; nothing of it is measured.
      Batch warm = new Batch(side, prefix + "w", options.warmup(), System.currentTimeMillis() + WARMUP_LEAD.toMillis(), WARMUP_WINDOW);
      double warmBase = sampler.expiries();
      Batch.Timings warmTimes = warm.startAndChange(pool, label + " warm-up");
      awaitExpiries(sampler, warm, warmBase, label + " warm-up");
      progress.say(
          String.format(
              "[%s] warm-up: %d approvals, %.1f starts/s, %.1f changes/s (not measured)",
              label, options.warmup(), warmTimes.startsPerSecond(), warmTimes.changesPerSecond()));

      // Measured.
      Duration lead = options.lead() != null ? options.lead() : lead(warmTimes);
      long measuredStart = System.currentTimeMillis();
      Batch batch = new Batch(side, prefix, options.approvals(), measuredStart + lead.toMillis(), options.window());
      double base = sampler.expiries();
      long startNanos = System.nanoTime();
      Batch.Timings times = batch.startAndChange(pool, label);
      double heapAfterGc = Double.NaN;
      long beforeWindow = batch.windowStart - System.currentTimeMillis();
      if (beforeWindow > 5_000) {
        heapAfterGc = sampler.heapAfterFullGc();
      } else {
        progress.say(
            String.format(
                "[%s] WARNING: starts and changes ended %.1f s %s the window's start (lead %s): expiries"
                    + " overlapped them; use a longer --lead",
                label, Math.abs(beforeWindow) / 1000.0, beforeWindow < 0 ? "after" : "only before", lead));
      }
      awaitWindow(sampler, batch, base, label);
      long windowStartNanos = startNanos + (batch.windowStart - measuredStart) * 1_000_000L;
      awaitExpiries(sampler, batch, base, label);
      long endNanos = System.nanoTime();
      progress.say("[" + label + "] collecting the lateness of " + (TIMERS * times.started()) + " timers");
      Batch.Collected collected = batch.collect(pool, label);
      sampler.stop();

      ScaleFigures figures =
          new ScaleFigures(
              times.startsPerSecond(),
              times.changesPerSecond(),
              collected.recorded(),
              collected.missing(),
              times.failures(),
              Lateness.of(collected.lateness()),
              sampler.heapPeakMiB(startNanos, endNanos),
              heapAfterGc,
              sampler.cpuSeconds(startNanos, endNanos),
              sampler.cpuPeakCores(startNanos, endNanos),
              sampler.cpuSeconds(windowStartNanos, endNanos) / ((endNanos - windowStartNanos) / 1e9),
              sampler.serverCpuSeconds(startNanos, endNanos));
      if (server == null) {
        progress.say("[" + label + "] cleaning up: ending the bench's workflows on " + address);
        warm.cleanup(pool);
        batch.cleanup(pool);
      }
      return figures;
    } finally {
      progress.clear();
      if (sampler != null) {
        sampler.stop();
      }
      pool.shutdownNow();
      if (worker != null) {
        worker.close();
      }
      if (stubs != null) {
        stubs.shutdownNow();
      }
      if (server != null) {
        server.close();
      }
    }
  }

  /** From the warm-up's rates: 1.5 × the predicted time of K starts and K changes, plus 20 s. */
  private Duration lead(Batch.Timings warm) {
    double seconds =
        options.approvals() / Math.max(warm.startsPerSecond(), 1)
            + options.approvals() / Math.max(warm.changesPerSecond(), 1);
    return Duration.ofMillis((long) (1000 * (1.5 * seconds + 20)));
  }

  private static WorkflowServiceStubs stubs(String address, boolean configured) {
    WorkflowServiceStubsOptions.Builder builder =
        configured
            ? WorkflowServiceStubsOptions.newBuilder(Connection.load().profile().toWorkflowServiceStubsOptions())
            : WorkflowServiceStubsOptions.newBuilder();
    return WorkflowServiceStubs.newServiceStubs(builder.setTarget(address).build());
  }

  private void awaitServer(WorkflowServiceStubs stubs, String namespace, ChildProcess server)
      throws InterruptedException {
    long giveUp = System.nanoTime() + SERVER_START.toNanos();
    RuntimeException last = null;
    while (System.nanoTime() < giveUp) {
      checkDeadline();
      if (server != null && !server.isAlive()) {
        throw new IllegalStateException("the dev server exited:\n" + server.logTail(40));
      }
      try {
        stubs.blockingStub()
            .withDeadlineAfter(3, TimeUnit.SECONDS)
            .describeNamespace(DescribeNamespaceRequest.newBuilder().setNamespace(namespace).build());
        return;
      } catch (RuntimeException e) {
        last = e;
      }
      Thread.sleep(500);
    }
    throw new IllegalStateException(
        "no Temporal server answered within " + SERVER_START.toSeconds() + " s: " + last
            + (server == null ? "" : "\n" + server.logTail(40)));
  }

  /** Until the window ends, showing the expiries recorded against those due. */
  private void awaitWindow(Sampler sampler, Batch batch, double base, String label) throws InterruptedException {
    long end = batch.windowStart + batch.window.toMillis();
    progress.show(
        () -> {
          long now = System.currentTimeMillis();
          String phase = now < batch.windowStart
              ? String.format("window starts in %.0f s", (batch.windowStart - now) / 1000.0)
              : String.format("window %.0f/%d s", (now - batch.windowStart) / 1000.0, batch.window.toSeconds());
          return String.format(
              "[%s] %s | expiries %d recorded / %d due | %s",
              label, phase, (long) (sampler.expiries() - base), batch.dueBy(now), sampler.status());
        });
    while (System.currentTimeMillis() < end) {
      checkDeadline();
      Thread.sleep(Math.min(500, Math.max(1, end - System.currentTimeMillis())));
    }
    progress.stopShowing();
  }

  /** Until the worker has recorded every expiry the batch started, at most {@link #DRAIN} more. */
  private void awaitExpiries(Sampler sampler, Batch batch, double base, String label) throws InterruptedException {
    long end = Math.max(System.currentTimeMillis(), batch.windowStart + batch.window.toMillis()) + DRAIN.toMillis();
    long expected = (long) TIMERS * batch.started();
    progress.show(
        () -> String.format(
            "[%s] waiting for the last expiries: %d / %d recorded | %s",
            label, (long) (sampler.expiries() - base), expected, sampler.status()));
    try {
      while (System.currentTimeMillis() < end) {
        checkDeadline();
        // tally hands counters to the registry every second: one more second to be sure.
        if (sampler.expiries() - base >= expected && System.currentTimeMillis() > batch.windowStart + batch.window.toMillis()) {
          return;
        }
        Thread.sleep(250);
      }
      progress.say("[" + label + "] gave up waiting for " + (expected - (long) (sampler.expiries() - base)) + " expiries");
    } finally {
      progress.stopShowing();
    }
  }

  void checkDeadline() {
    if (System.nanoTime() > deadline) {
      throw new BenchTimeout("the bench ran past --timeout " + options.timeout());
    }
  }

  static final class BenchTimeout extends RuntimeException {
    BenchTimeout(String message) {
      super(message);
    }
  }

  static List<String> splitOptions(String text) {
    return text == null || text.isBlank() ? List.of() : List.of(text.strip().split("\\s+"));
  }

  // ---- a batch of workflows -----------------------------------------------------------------

  /**
   * {@code n} workflows; timer j of workflow i expires at slot j·n + i of 3n slots spread evenly
   * over the window, so each workflow's instants are a third of the window apart and the expiries
   * are uniform over the window.
   */
  final class Batch {
    record Timings(long started, long changed, long failures, double startsPerSecond, double changesPerSecond) {}

    record Collected(long recorded, long missing, long[] lateness) {}

    final ScaleSide side;
    final String prefix;
    final int n;
    final long windowStart;
    final Duration window;
    private final boolean[] startedOk;
    private final boolean[] changedOk;

    Batch(ScaleSide side, String prefix, int n, long windowStart, Duration window) {
      this.side = side;
      this.prefix = prefix;
      this.n = n;
      this.windowStart = windowStart;
      this.window = window;
      this.startedOk = new boolean[n];
      this.changedOk = new boolean[n];
    }

    String id(int i) {
      return prefix + i;
    }

    long[] instants(int i) {
      return ScaleSchedule.instants(windowStart, window.toMillis(), n, i);
    }

    /** The instants (as changed) at or before {@code now}: the expiries due by then. */
    long dueBy(long now) {
      return ScaleSchedule.dueBy(windowStart, window.toMillis(), n, now, started());
    }

    long started() {
      long count = 0;
      for (boolean ok : startedOk) {
        count += ok ? 1 : 0;
      }
      return count;
    }

    Timings startAndChange(ExecutorService pool, String label) throws InterruptedException {
      AtomicLong failures = new AtomicLong();
      long t0 = System.nanoTime();
      long started = runAll(pool, label, "starts", i -> {
        side.start(id(i), instants(i));
        startedOk[i] = true;
        return true;
      }, failures);
      long t1 = System.nanoTime();
      long changed = runAll(pool, label, "changes", i -> {
        if (!startedOk[i]) {
          return false;
        }
        side.change(id(i));
        changedOk[i] = true;
        return true;
      }, failures);
      long t2 = System.nanoTime();
      return new Timings(
          started, changed, failures.get(),
          started / ((t1 - t0) / 1e9), changed / ((t2 - t1) / 1e9));
    }

    /** Runs {@code call} for 0..n-1 on the pool, showing progress; returns how many returned true. */
    private long runAll(ExecutorService pool, String label, String what, Call call, AtomicLong failures)
        throws InterruptedException {
      AtomicLong done = new AtomicLong();
      AtomicLong ok = new AtomicLong();
      AtomicReference<Throwable> firstFailure = new AtomicReference<>();
      long t0 = System.nanoTime();
      for (int i = 0; i < n; i++) {
        int index = i;
        pool.execute(() -> {
          try {
            if (call.run(index)) {
              ok.incrementAndGet();
            }
          } catch (Throwable e) {
            failures.incrementAndGet();
            firstFailure.compareAndSet(null, e);
          } finally {
            done.incrementAndGet();
          }
        });
      }
      progress.show(() -> String.format(
          "[%s] %s %d/%d (%.1f/s)%s",
          label, what, done.get(), n, done.get() / Math.max((System.nanoTime() - t0) / 1e9, 1e-3),
          failures.get() > 0 ? ", " + failures.get() + " failed" : ""));
      try {
        while (done.get() < n) {
          checkDeadline();
          Thread.sleep(20);
        }
      } finally {
        progress.stopShowing();
      }
      if (firstFailure.get() != null) {
        progress.say("[" + label + "] " + failures.get() + " " + what + " failed; the first: " + firstFailure.get());
      }
      return ok.get();
    }

    /** Every started workflow's lateness; timers not recorded count as missing. */
    Collected collect(ExecutorService pool, String label) throws InterruptedException {
      long[][] late = new long[n][];
      AtomicLong failures = new AtomicLong();
      runAll(pool, label, "lateness collected", i -> {
        if (!startedOk[i]) {
          return false;
        }
        Exception last = null;
        for (int attempt = 0; attempt < 3; attempt++) {
          try {
            late[i] = side.lateness(id(i));
            return true;
          } catch (Exception e) {
            last = e;
            Thread.sleep(1000);
          }
        }
        throw last;
      }, failures);
      List<Long> all = new ArrayList<>();
      long missing = 0;
      for (int i = 0; i < n; i++) {
        if (!startedOk[i]) {
          continue;
        }
        long[] values = late[i] == null ? new long[0] : late[i];
        for (long v : values) {
          all.add(v);
        }
        missing += Math.max(0, TIMERS - values.length);
      }
      return new Collected(all.size(), missing, all.stream().mapToLong(Long::longValue).toArray());
    }

    /** Ends the workflows on a server the bench does not own. */
    void cleanup(ExecutorService pool) throws InterruptedException {
      runAll(pool, "cleanup", "ended", i -> {
        if (startedOk[i]) {
          side.cleanup(id(i));
        }
        return true;
      }, new AtomicLong());
    }
  }

  @FunctionalInterface
  interface Call {
    boolean run(int index) throws Exception;
  }

  // ---- the worker's metrics -------------------------------------------------------------------

  /** Samples the worker's /metrics every second: heap in use, CPU time, expiries recorded. */
  final class Sampler {
    record Sample(long nanos, double heapBytes, double cpuNanos, double expiries, double serverCpuNanos) {}

    private final int port;
    private final String expiriesSeries;
    private final long pid;
    private final long serverPid;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private final List<Sample> samples = new ArrayList<>();
    private ScheduledExecutorService timer;

    /** @param serverPid the dev server's process, whose CPU time is read from /proc; -1 for none */
    Sampler(int port, String expiriesSeries, long pid, long serverPid) {
      this.port = port;
      this.expiriesSeries = expiriesSeries;
      this.pid = pid;
      this.serverPid = serverPid;
    }

    void start() throws InterruptedException {
      long giveUp = System.nanoTime() + WORKER_START.toNanos();
      while (sample() == null) {
        if (System.nanoTime() > giveUp) {
          throw new IllegalStateException("the worker's metrics did not answer on port " + port);
        }
        Thread.sleep(250);
      }
      timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "bench-sampler");
        t.setDaemon(true);
        return t;
      });
      timer.scheduleAtFixedRate(this::sample, 0, SAMPLE_EVERY.toMillis(), TimeUnit.MILLISECONDS);
    }

    void stop() {
      if (timer != null) {
        timer.shutdownNow();
      }
    }

    /** One scrape, kept; null when the endpoint did not answer. */
    Sample sample() {
      try {
        HttpResponse<String> response =
            http.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics"))
                    .timeout(Duration.ofSeconds(3))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
          return null;
        }
        long nanos = System.nanoTime();
        PrometheusText text = PrometheusText.parse(response.body());
        Sample sample =
            new Sample(
                nanos,
                text.sum("jvm_memory_used_bytes", labels -> "heap".equals(labels.get("area"))),
                cpuNanos(text),
                orZero(text.sum(expiriesSeries)),
                serverPid < 0 ? Double.NaN : ProcStat.cpuNanos(serverPid));
        synchronized (samples) {
          samples.add(sample);
        }
        return sample;
      } catch (IOException e) {
        return null;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return null;
      }
    }

    /** process_cpu_time from the metrics; /proc/PID/stat when the registry has none. */
    private double cpuNanos(PrometheusText text) {
      double ns = text.sum("process_cpu_time_ns_total");
      if (!Double.isNaN(ns)) {
        return ns;
      }
      double seconds = text.sum("process_cpu_time_seconds_total");
      if (!Double.isNaN(seconds)) {
        return seconds * 1e9;
      }
      return ProcStat.cpuNanos(pid);
    }

    private Sample last() {
      synchronized (samples) {
        return samples.isEmpty() ? null : samples.get(samples.size() - 1);
      }
    }

    double expiries() {
      Sample last = last();
      return last == null ? 0 : last.expiries();
    }

    String status() {
      Sample last = last();
      if (last == null) {
        return "worker: no metrics yet";
      }
      return String.format("worker heap %.0f MiB, CPU %.2f cores", last.heapBytes() / (1 << 20), recentCores());
    }

    private double recentCores() {
      synchronized (samples) {
        if (samples.size() < 2) {
          return Double.NaN;
        }
        Sample a = samples.get(samples.size() - 2);
        Sample b = samples.get(samples.size() - 1);
        return (b.cpuNanos() - a.cpuNanos()) / (double) (b.nanos() - a.nanos());
      }
    }

    private List<Sample> between(long from, long to) {
      synchronized (samples) {
        return samples.stream().filter(s -> s.nanos() >= from && s.nanos() <= to).toList();
      }
    }

    double heapPeakMiB(long from, long to) {
      return between(from, to).stream().mapToDouble(Sample::heapBytes).max().orElse(Double.NaN) / (1 << 20);
    }

    double cpuSeconds(long from, long to) {
      List<Sample> range = between(from, to);
      if (range.size() < 2) {
        return Double.NaN;
      }
      return (range.get(range.size() - 1).cpuNanos() - range.get(0).cpuNanos()) / 1e9;
    }

    double serverCpuSeconds(long from, long to) {
      List<Sample> range = between(from, to);
      if (range.size() < 2) {
        return Double.NaN;
      }
      return (range.get(range.size() - 1).serverCpuNanos() - range.get(0).serverCpuNanos()) / 1e9;
    }

    /**
     * The highest mean CPU use over {@link #PEAK_SPAN} of samples: shorter spans would mostly
     * show when a scrape was answered late (the CPU time is read in the worker, the sample's time
     * here).
     */
    double cpuPeakCores(long from, long to) {
      List<Sample> range = between(from, to);
      double peak = Double.NaN;
      int j = 0;
      for (int i = 0; i < range.size(); i++) {
        while (j < range.size() && range.get(j).nanos() - range.get(i).nanos() < PEAK_SPAN.toNanos()) {
          j++;
        }
        if (j == range.size()) {
          break;
        }
        double cores =
            (range.get(j).cpuNanos() - range.get(i).cpuNanos())
                / (double) (range.get(j).nanos() - range.get(i).nanos());
        peak = Double.isNaN(peak) ? cores : Math.max(peak, cores);
      }
      return peak;
    }

    /**
     * Forces a full GC in the worker ({@code jcmd PID GC.run}, which returns when it is done) and
     * reads the heap in use right after; NaN when jcmd is not available.
     */
    double heapAfterFullGc() {
      Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
      String command = Files.isExecutable(jcmd) ? jcmd.toString() : "jcmd";
      try {
        Process process =
            new ProcessBuilder(command, Long.toString(pid), "GC.run")
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
          process.destroyForcibly();
          return Double.NaN;
        }
        if (process.exitValue() != 0) {
          return Double.NaN;
        }
        Sample after = sample();
        return after == null ? Double.NaN : after.heapBytes() / (1 << 20);
      } catch (IOException e) {
        return Double.NaN;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return Double.NaN;
      }
    }
  }

  private static double orZero(double value) {
    return Double.isNaN(value) ? 0 : value;
  }

  /** CPU time of a process from /proc (Linux): utime + stime, in clock ticks of 10 ms. */
  static final class ProcStat {
    static double cpuNanos(long pid) {
      try {
        String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        long ticks = Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
        return ticks * 10_000_000.0;
      } catch (IOException | RuntimeException e) {
        return Double.NaN;
      }
    }
  }

  // ---- progress on stderr -------------------------------------------------------------------

  /**
   * One status line on stderr, rewritten every second on a terminal; otherwise (a log file)
   * printed every 10 s. {@link #say} prints a line of its own.
   */
  static final class Progress {
    private final PrintStream err;
    private final boolean terminal = System.console() != null;
    private final ScheduledExecutorService timer =
        Executors.newSingleThreadScheduledExecutor(r -> {
          Thread t = new Thread(r, "bench-progress");
          t.setDaemon(true);
          return t;
        });
    private volatile Supplier<String> status;
    private volatile long started;
    private int width;

    Progress(PrintStream err) {
      this.err = err;
      long every = terminal ? 1 : 10;
      timer.scheduleAtFixedRate(this::tick, every, every, TimeUnit.SECONDS);
    }

    void show(Supplier<String> status) {
      this.started = System.nanoTime();
      this.status = status;
    }

    void stopShowing() {
      Supplier<String> last = status;
      status = null;
      if (last != null) {
        print(last.get(), true);
      }
    }

    synchronized void say(String line) {
      clear();
      err.println(line);
      err.flush();
    }

    synchronized void clear() {
      if (terminal && width > 0) {
        err.print("\r" + " ".repeat(width) + "\r");
        width = 0;
      }
    }

    private void tick() {
      Supplier<String> current = status;
      if (current != null) {
        try {
          print(current.get(), false);
        } catch (RuntimeException ignored) {
          // a status that cannot be computed now is shown at the next tick
        }
      }
    }

    private synchronized void print(String line, boolean done) {
      String elapsed = String.format(" | %ds", (System.nanoTime() - started) / 1_000_000_000L);
      if (terminal) {
        String text = line + elapsed;
        err.print("\r" + text + " ".repeat(Math.max(0, width - text.length())));
        width = text.length();
        if (done) {
          err.println();
          width = 0;
        }
      } else {
        err.println(line + elapsed);
      }
      err.flush();
    }
  }
}
