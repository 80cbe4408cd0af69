package dev.overdue.bench;

import dev.overdue.client.Connection;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowClientOptions;
import io.temporal.serviceclient.WorkflowServiceStubs;
import java.io.PrintStream;
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
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Scenario {@code scale}: K approvals, each with three RUNNING timers of which the first {@code
 * expiring} expire in a window that begins after every start and change is done (the others later),
 * on one worker process; the baseline runs the same K workflows that only {@code Workflow.sleep} to
 * the same instants, on a worker process of its own with the same JVM options. The sides run one
 * after the other (alternating which goes first on repeats), or with {@code together} at once on
 * the same schedule (so a large run fits in a session), each on a fresh dev server of its own
 * unless {@code --address} names a server, each after a warm-up that is not measured.
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
  static final Duration WORKER_START = Duration.ofSeconds(60);
  static final int TIMERS = 3;
  /** A SQLite database's files: itself, and its rollback journal or write-ahead log. */
  private static final List<String> DATABASE_FILES = List.of("", "-journal", "-wal", "-shm");

  /**
   * @param address a server to use; null: start a dev server (bin/dev-server) per side
   * @param serverPids with {@code address}: the processes whose CPU time, with their children's, is
   *     the server's (a cluster's services and its database); empty: the server's CPU is not read
   * @param lead from the first start to the window's start; null: from the warm-up's rates
   * @param expiring how many of each approval's three timers expire in the window (1 to 3)
   * @param changes whether each approval gets a change (an Update) after every start
   * @param together both sides at once, on one schedule, instead of one after the other
   * @param serverDbDir where each dev server keeps its database, in a SQLite file; null: in memory,
   *     where it takes about 100 KB per approval (a large run does not fit)
   */
  public record Options(
      int approvals,
      Duration window,
      int expiring,
      boolean changes,
      boolean together,
      Path serverDbDir,
      String address,
      List<Long> serverPids,
      int repeats,
      int warmup,
      int concurrency,
      Duration lead,
      Duration timeout,
      String workerJavaOpts,
      String workflowCacheSize,
      String workflowThreads,
      boolean profile,
      Path root) {
    /** A generous bound on the whole run: per side run, the window plus 20 min plus 20 ms per approval. */
    public static Duration defaultTimeout(int approvals, Duration window, int repeats) {
      Duration side = window.plusMinutes(20).plusMillis(20L * approvals);
      return side.multipliedBy(2L * repeats);
    }
  }

  /**
   * @param profiles with {@code --profile}: where each side's worker spent its CPU (the last run's)
   * @param workers what ran each side's worker, as its start-up line says: the Java and the
   *     workflow threads
   */
  public record Result(
      int approvals, ScaleFigures overdue, ScaleFigures baseline, Map<String, ProfileSummary.Summary> profiles,
      Map<String, String> workers) {
    public Result(int approvals, ScaleFigures overdue, ScaleFigures baseline) {
      this(approvals, overdue, baseline, Map.of(), Map.of());
    }

    public Map<String, Object> json() {
      Map<String, Object> json = new LinkedHashMap<>();
      json.put("scenario", "scale");
      json.put("approvals", approvals);
      if (!workers.isEmpty()) {
        json.put("workers", workers);
      }
      json.put("overdue", overdue.json());
      json.put("baseline", baseline.json());
      json.put("ratio", ScaleFigures.ratio(overdue, baseline));
      json.put("goals", ScaleGoals.json(overdue, baseline));
      if (!profiles.isEmpty()) {
        Map<String, Object> profile = new LinkedHashMap<>();
        profiles.forEach((side, summary) -> profile.put(side, summary.json()));
        json.put("profile", profile);
      }
      return json;
    }
  }

  /** Side name to what ran its worker (both sides' workers start at once with --together). */
  private final Map<String, String> workers = new ConcurrentHashMap<>();
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
    Map<String, ProfileSummary.Summary> profiles = new LinkedHashMap<>();
    for (int r = 0; r < options.repeats(); r++) {
      boolean overdueFirst = r % 2 == 0;
      List<ScaleSide> sides = overdueFirst
          ? List.of(new ScaleSide.Overdue(), new ScaleSide.Baseline())
          : List.of(new ScaleSide.Baseline(), new ScaleSide.Overdue());
      List<ScaleFigures> measured = options.together() ? runTogether(sides, r) : new ArrayList<>();
      for (int s = 0; s < 2; s++) {
        ScaleSide side = sides.get(s);
        String label = label(side, r);
        ScaleFigures figures = options.together() ? measured.get(s) : runSide(side, label, r, progress, null);
        out.printf("%-8s %s%n", label + ":", figures);
        out.printf("%-8s worker: %s%n", "", workers.getOrDefault(side.name, "unknown"));
        if (options.profile()) {
          ProfileSummary.Summary summary = ProfileSummary.of(stacks(side.name + "-" + (r + 1)), 12);
          ProfileSummary.lines(label + " worker's CPU, " + stacks(side.name + "-" + (r + 1)), summary).forEach(out::println);
          profiles.put(side.name, summary);
        }
        out.flush();
        (side instanceof ScaleSide.Overdue ? overdue : baseline).add(figures);
      }
    }
    return new Result(options.approvals(), ScaleFigures.median(overdue), ScaleFigures.median(baseline), profiles,
        new TreeMap<>(workers));
  }

  /**
   * What a worker's start-up log says runs it ("Java 25.0.3+9-LTS (OpenJDK 64-Bit Server VM): sticky
   * cache of 77158 approvals on virtual workflow threads"), both workers log it as they start.
   */
  static String runtime(String log) {
    return log.lines()
        .filter(line -> line.contains(": sticky cache of "))
        .map(line -> line.substring(Math.max(0, line.indexOf("Java "))))
        .findFirst()
        .orElse("unknown (no start-up line)");
  }

  private String label(ScaleSide side, int repeat) {
    return side.name + (options.repeats() > 1 ? " run " + (repeat + 1) + "/" + options.repeats() : "");
  }

  /** Both sides at once, each on a thread of its own; a side that fails stops the other. */
  private List<ScaleFigures> runTogether(List<ScaleSide> sides, int repeat) throws Exception {
    ScaleTogether.SharedWindow window = new ScaleTogether.SharedWindow();
    List<Callable<ScaleFigures>> both = new ArrayList<>();
    for (ScaleSide side : sides) {
      // Two status lines at once cannot share one rewritten line: each side prints its own.
      Progress own = new Progress(err, true);
      both.add(() -> runSide(side, label(side, repeat), repeat, own, window));
    }
    return ScaleTogether.allOrNone(both);
  }

  /** Where the worker of the side run {@code name} writes its profile (with {@code --profile}). */
  private Path stacks(String name) {
    return runDir.resolve("profile-" + name + ".collapsed");
  }

  // ---- one side -----------------------------------------------------------------------------

  /** @param shared with {@code together}: where both sides agree on one window; else null */
  private ScaleFigures runSide(ScaleSide side, String label, int repeat, Progress progress, ScaleTogether.SharedWindow shared)
      throws Exception {
    String name = side.name + "-" + (repeat + 1);
    ChildProcess server = null;
    ChildProcess worker = null;
    WorkflowServiceStubs stubs = null;
    Sampler sampler = null;
    List<Path> databases = new ArrayList<>();
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
          List<String> devServer = new ArrayList<>(List.of(
              "bash", options.root().resolve("bin/dev-server").toString(), "--port", Integer.toString(port), "--headless"));
          if (options.serverDbDir() != null) {
            Path db = options.serverDbDir().resolve("overdue-bench-" + tag + "-" + name + "-" + attempt + ".db");
            devServer.addAll(List.of("--db-filename", db.toString()));
            databases.add(db);
            for (String suffix : DATABASE_FILES) {
              Path.of(db + suffix).toFile().deleteOnExit(); // also when the bench is stopped by a signal
            }
          }
          server =
              ChildProcess.start(
                  "dev server",
                  devServer,
                  options.root(),
                  Map.of(),
                  runDir.resolve("dev-server-" + name + "-" + attempt + ".log"));
          stubs = BenchServer.stubs(address, false);
          try {
            BenchServer.await(stubs, "default", server, this::checkDeadline);
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
        stubs = BenchServer.stubs(address, true);
        BenchServer.await(stubs, Connection.load().namespace(), null, this::checkDeadline);
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
      if (options.profile()) {
        command.add(ScaleProfile.agentOption(runDir, stacks(name)));
      }
      command.addAll(side.workerArgs(options.root(), metricsPort));
      command.addAll(
          List.of("--workflow-cache-size", options.workflowCacheSize(), "--workflow-threads", options.workflowThreads()));
      progress.say("[" + label + "] starting the worker: " + String.join(" ", command));
      worker = ChildProcess.start(side.name + " worker", command, options.root(), env, runDir.resolve("worker-" + name + ".log"));
      worker.awaitLog(side.readyLine(), WORKER_START);
      workers.put(side.name, runtime(worker.log()));
      progress.say("[" + label + "] worker: " + workers.get(side.name));
      sampler =
          new Sampler(
              metricsPort, side.expiriesSeries(), worker.pid(),
              server == null ? options.serverPids() : List.of(server.pid()));
      sampler.start();

      String prefix = "scale-" + tag + "-" + (repeat + 1) + "-";
      // Warm-up: the same calls, a short window; nothing of it is measured.
      ScaleBatch warm = new ScaleBatch(side, prefix + "w", options.warmup(), System.currentTimeMillis() + WARMUP_LEAD.toMillis(),
          WARMUP_WINDOW, options.expiring(), options.changes(), progress, this::checkDeadline);
      double warmBase = sampler.expiries();
      ScaleBatch.Timings warmTimes = warm.startAndChange(pool, label + " warm-up");
      awaitExpiries(sampler, warm, warmBase, label + " warm-up", progress);
      progress.say(
          String.format(
              "[%s] warm-up: %d approvals, %.1f starts/s%s (not measured)",
              label, options.warmup(), warmTimes.startsPerSecond(),
              options.changes() ? String.format(", %.1f changes/s", warmTimes.changesPerSecond()) : ""));

      // Measured.
      Duration lead = options.lead() != null ? options.lead() : lead(warmTimes);
      long windowStart = shared == null ? System.currentTimeMillis() + lead.toMillis() : shared.agree(lead);
      long measuredStart = System.currentTimeMillis();
      ScaleBatch batch = new ScaleBatch(side, prefix, options.approvals(), windowStart, options.window(),
          options.expiring(), options.changes(), progress, this::checkDeadline);
      double base = sampler.expiries();
      long startNanos = System.nanoTime();
      ScaleBatch.Timings times = batch.startAndChange(pool, label);
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
      awaitWindow(sampler, batch, base, label, progress);
      long windowStartNanos = startNanos + (batch.windowStart - measuredStart) * 1_000_000L;
      awaitExpiries(sampler, batch, base, label, progress);
      long endNanos = System.nanoTime();
      sampler.stop();
      double windowSeconds = (endNanos - windowStartNanos) / 1e9;
      double heapPeak = sampler.heapPeakMiB(startNanos, endNanos);
      double cpuSeconds = sampler.cpuSeconds(startNanos, endNanos);
      double cpuWindowCores = sampler.cpuSeconds(windowStartNanos, endNanos) / windowSeconds;
      double serverCpuSeconds = sampler.serverCpuSeconds(startNanos, endNanos);
      double serverWindowCores = sampler.serverCpuSeconds(windowStartNanos, endNanos) / windowSeconds;
      Sampler.PerExpiry perExpiry = sampler.perExpiry(windowStartNanos, endNanos);
      // On record before the lateness is read, which takes long when a side fell far behind.
      progress.say(String.format(
          "[%s] sampled: worker heap peak %.0f MiB, after GC %.0f MiB; worker CPU %.1f s, %.3f cores while expiring,"
              + " %.3f ms per expiry; server CPU %.1f s, %.3f cores while expiring, %.3f ms per expiry",
          label, heapPeak, heapAfterGc, cpuSeconds, cpuWindowCores, perExpiry.workerCpuMs(), serverCpuSeconds,
          serverWindowCores, perExpiry.serverCpuMs()));
      progress.say("[" + label + "] collecting the lateness of " + (options.expiring() * times.started()) + " timers");
      ScaleBatch.Collected collected = batch.collect(pool, label);

      ScaleFigures figures =
          new ScaleFigures(
              times.startsPerSecond(),
              times.changesPerSecond(),
              collected.recorded(),
              collected.missing(),
              times.failures(),
              Lateness.of(collected.lateness()),
              heapPeak,
              heapAfterGc,
              cpuSeconds,
              sampler.cpuPeakCores(startNanos, endNanos),
              cpuWindowCores,
              serverCpuSeconds,
              serverWindowCores,
              perExpiry.workerCpuMs(),
              perExpiry.serverCpuMs());
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
      for (Path db : databases) {
        // A server's database is a run's throwaway: gigabytes, on a tmpfs taken from memory.
        for (String suffix : DATABASE_FILES) {
          Files.deleteIfExists(Path.of(db + suffix));
        }
      }
    }
  }

  /** From the warm-up's rates: 1.5 × the predicted time of K starts and K changes, plus 20 s. */
  private Duration lead(ScaleBatch.Timings warm) {
    double seconds =
        options.approvals() / Math.max(warm.startsPerSecond(), 1)
            + (options.changes() ? options.approvals() / Math.max(warm.changesPerSecond(), 1) : 0);
    return Duration.ofMillis((long) (1000 * (1.5 * seconds + 20)));
  }

  /** Until the window ends, showing the expiries recorded against those due. */
  private void awaitWindow(Sampler sampler, ScaleBatch batch, double base, String label, Progress progress)
      throws InterruptedException {
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
  private void awaitExpiries(Sampler sampler, ScaleBatch batch, double base, String label, Progress progress)
      throws InterruptedException {
    long end = Math.max(System.currentTimeMillis(), batch.windowStart + batch.window.toMillis()) + DRAIN.toMillis();
    long expected = (long) batch.expiring * batch.started();
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
}
