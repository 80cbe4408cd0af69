package dev.overdue.bench;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.overdue.api.ApprovalCommand;
import dev.overdue.client.Approvals;
import io.temporal.client.WorkflowClient;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Scenario {@code bulk}: K approvals on a dev server with the worker jar; one {@code bin/overdue}
 * command steers them all ({@code suspend --query ...}, then {@code resume --query ...}), as
 * Updates from the CLI's bounded pool and as signals by one Temporal batch job. The baselines, in
 * the same run on the same approvals: the same Updates sent one after the other from one client (a
 * loop over {@link Approvals#update}), and one CLI process per approval (a shell loop over {@code
 * bin/overdue suspend ID}), timed on a sample and given per approval.
 */
public final class BulkBench {
  static final Duration VISIBILITY = Duration.ofMinutes(2);
  static final Duration CLI_RUN = Duration.ofMinutes(20);

  /** The step of the measured approvals; the warm-up's is {@link #WARMUP_STEP}. */
  static final String STEP = "manager";

  static final String WARMUP_STEP = "warmup";

  /**
   * @param concurrency the CLI's --concurrency values to measure, the first the one compared
   * @param cliSample how many approvals the one-process-per-approval baseline steers
   * @param address a server to use; null: a dev server of the bench's own ({@link BenchRig})
   */
  public record Options(
      int approvals,
      List<Integer> concurrency,
      int warmup,
      int cliSample,
      String address,
      List<String> serverArgs,
      String workerJavaOpts,
      Duration timeout,
      Path root) {}

  /**
   * Seconds for {@code approvals}, and the rate.
   *
   * @param sendingSeconds of those, what the CLI's summary gives: from its first command sent to
   *     its last answer (JVM start and listing left out); NaN where there is no summary
   */
  public record Timing(int approvals, double seconds, double sendingSeconds) {
    Timing(int approvals, double seconds) {
      this(approvals, seconds, Double.NaN);
    }

    double perSecond() {
      return approvals / seconds;
    }

    Map<String, Object> json() {
      Map<String, Object> json = new LinkedHashMap<>();
      json.put("approvals", approvals);
      json.put("seconds", round(seconds));
      json.put("perSecond", round(perSecond()));
      if (!Double.isNaN(sendingSeconds)) {
        json.put("sendingSeconds", round(sendingSeconds));
      }
      return json;
    }

    @Override
    public String toString() {
      return String.format(Locale.ROOT, "%.1f s (%.1f approvals/s)", seconds, perSecond())
          + (Double.isNaN(sendingSeconds)
              ? ""
              : String.format(Locale.ROOT, " [sending %.1f s]", sendingSeconds));
    }

    /** The {@code in 13.5 s} of a CLI summary line; NaN when there is none. */
    static double sendingSeconds(String summary) {
      Matcher matcher = Pattern.compile(" in ([0-9.]+) s \\(").matcher(summary);
      return matcher.find() ? Double.parseDouble(matcher.group(1)) : Double.NaN;
    }
  }

  /** A suspend and a resume of every approval. */
  public record Pair(Timing suspend, Timing resume) {
    double perSecond() {
      return (suspend.approvals() + resume.approvals()) / (suspend.seconds() + resume.seconds());
    }

    Map<String, Object> json() {
      Map<String, Object> json = new LinkedHashMap<>();
      json.put("suspend", suspend.json());
      json.put("resume", resume.json());
      json.put("perSecond", round(perSecond()));
      return json;
    }

    @Override
    public String toString() {
      return "suspend " + suspend + ", resume " + resume;
    }
  }

  /**
   * @param updates per --concurrency value: the CLI's wall time, JVM start and listing included
   * @param batchSignals the CLI's wall time until its batch job ended, per command
   * @param batchApplied until every approval showed the signal's effect in visibility
   * @param sequential the same Updates one after the other from one client
   * @param cliPerApproval one CLI process per approval, on a sample
   */
  public record Result(
      int approvals,
      Map<Integer, Pair> updates,
      Pair batchSignals,
      Pair batchApplied,
      Pair sequential,
      Pair cliPerApproval) {
    public Map<String, Object> json() {
      Map<String, Object> json = new LinkedHashMap<>();
      json.put("scenario", "bulk");
      json.put("approvals", approvals);
      Map<String, Object> overdue = new LinkedHashMap<>();
      Map<String, Object> byConcurrency = new LinkedHashMap<>();
      updates.forEach((threads, pair) -> byConcurrency.put(Integer.toString(threads), pair.json()));
      overdue.put("updatesByConcurrency", byConcurrency);
      overdue.put("batchSignals", batchSignals.json());
      overdue.put("batchSignalsApplied", batchApplied.json());
      json.put("overdue", overdue);
      Map<String, Object> baseline = new LinkedHashMap<>();
      baseline.put("sequentialUpdates", sequential.json());
      baseline.put("cliProcessPerApproval", cliPerApproval.json());
      json.put("baseline", baseline);
      Pair compared = updates.values().iterator().next();
      Map<String, Object> ratio = new LinkedHashMap<>();
      ratio.put("updatesVsSequential", round(compared.perSecond() / sequential.perSecond()));
      ratio.put(
          "updatesVsCliProcessPerApproval",
          round(compared.perSecond() / cliPerApproval.perSecond()));
      ratio.put(
          "batchSignalsVsSequential", round(batchApplied.perSecond() / sequential.perSecond()));
      json.put("ratio", ratio);
      return json;
    }
  }

  private final Options options;
  private final PrintStream out;
  private final Progress progress;
  private final Path runDir;
  private final String tag;
  private final long deadline;
  private final JsonNodeFactory nodes = JsonNodeFactory.instance;
  private WorkflowClient client;
  private Approvals approvals;
  private Map<String, String> cliEnv;

  public BulkBench(Options options, PrintStream out, PrintStream err) {
    this.options = options;
    this.out = out;
    this.progress = new Progress(err);
    String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
    this.runDir = options.root().resolve("target/bench-bulk/" + stamp);
    this.tag = stamp.replace("-", "") + Long.toString(System.nanoTime() % 46656, 36);
    this.deadline = System.nanoTime() + options.timeout().toNanos();
  }

  public Result run() throws Exception {
    progress.say("bench bulk: logs in " + runDir);
    // Other processes on this machine slow the server, the worker and the CLI alike: say so.
    say("# load average (1, 5, 15 min) at the start: %s", loadAverage());
    try {
      return measure();
    } finally {
      say("# load average (1, 5, 15 min) at the end: %s", loadAverage());
    }
  }

  private static String loadAverage() {
    try {
      String[] fields = Files.readString(Path.of("/proc/loadavg")).strip().split("\\s+");
      return fields[0] + " " + fields[1] + " " + fields[2];
    } catch (Exception e) {
      return "unknown";
    }
  }

  private Result measure() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(16);
    String taskQueue = "bench-bulk-" + tag;
    BenchRig.Options rigOptions =
        new BenchRig.Options(
            options.root(), options.address(), options.serverArgs(), options.workerJavaOpts(), runDir);
    try (BenchRig rig = BenchRig.start(rigOptions, taskQueue, progress, this::checkDeadline)) {
      client = rig.client();
      cliEnv = rig.cliEnv();
      approvals = new Approvals(client);

      String warmFilter = "TaskQueue = '" + taskQueue + "' AND CurrentStep = '" + WARMUP_STEP + "'";
      String filter = "TaskQueue = '" + taskQueue + "' AND CurrentStep = '" + STEP + "'";
      List<String> warm =
          start(pool, "bulk-" + tag + "-w", options.warmup(), WARMUP_STEP, taskQueue);
      List<String> ids = start(pool, "bulk-" + tag + "-", options.approvals(), STEP, taskQueue);
      awaitCount(warmFilter + " AND ApprovalState = 'ACTIVE'", warm.size());
      awaitCount(filter + " AND ApprovalState = 'ACTIVE'", ids.size());

      progress.say("warm-up on " + warm.size() + " approvals (not measured)");
      cliPair(warmFilter, warm.size(), options.concurrency().get(0));
      sequentialPair(warm);
      cliPerApproval(warm.subList(0, Math.min(3, warm.size())));

      Map<Integer, Pair> updates = new LinkedHashMap<>();
      for (int threads : options.concurrency()) {
        Pair pair = cliPair(filter, ids.size(), threads);
        updates.put(threads, pair);
        say("overdue  updates, --concurrency %d: %s", threads, pair);
      }
      Pair sequential = sequentialPair(ids);
      say("baseline sequential updates, one client: %s", sequential);
      List<String> sample = ids.subList(0, Math.min(options.cliSample(), ids.size()));
      Pair perProcess = cliPerApproval(sample);
      say(
          "baseline one CLI process per approval (%d approvals): %s; %d suspends and resumes:"
              + " about %.0f s",
          sample.size(), perProcess, ids.size(), ids.size() / perProcess.perSecond() * 2);
      Pair[] batch = batchPair(filter, ids.size());
      say("overdue  batch signals, CLI until the job ended: %s", batch[0]);
      say("overdue  batch signals, until every approval showed it: %s", batch[1]);
      return new Result(ids.size(), updates, batch[0], batch[1], sequential, perProcess);
    } finally {
      progress.clear();
      pool.shutdownNow();
    }
  }

  private void say(String format, Object... args) {
    out.println(String.format(Locale.ROOT, format, args));
    out.flush();
  }

  // ---- the approvals --------------------------------------------------------------------------

  /** Starts {@code n} approvals with one step named {@code step}; their workflow ids. */
  private List<String> start(
      ExecutorService pool, String prefix, int n, String step, String taskQueue)
      throws InterruptedException {
    List<String> ids = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      ids.add(Approvals.workflowId(prefix + i));
    }
    AtomicInteger done = new AtomicInteger();
    AtomicReference<Exception> failure = new AtomicReference<>();
    for (int i = 0; i < n; i++) {
      String requestId = prefix + i;
      pool.execute(
          () -> {
            try {
              approvals.start(request(requestId, step), taskQueue);
            } catch (Exception e) {
              failure.compareAndSet(null, e);
            } finally {
              done.incrementAndGet();
            }
          });
    }
    progress.show(() -> String.format("starting %d approvals: %d", n, done.get()));
    try {
      while (done.get() < n) {
        checkDeadline();
        Thread.sleep(50);
      }
    } finally {
      progress.stopShowing();
    }
    if (failure.get() != null) {
      throw new IllegalStateException(
          "starting the approvals failed: " + failure.get(), failure.get());
    }
    return ids;
  }

  private ObjectNode request(String requestId, String step) {
    ObjectNode request = nodes.objectNode();
    request.put("requestId", requestId);
    request.put("title", "bench bulk");
    request.put("requester", "bench");
    request.put("timeout", "P5D");
    ObjectNode manager = request.putArray("steps").addObject();
    manager.put("name", step);
    manager.putArray("approvers").add("alice");
    return request;
  }

  // ---- the ways of steering them --------------------------------------------------------------

  /** {@code overdue suspend --query}, then {@code resume --query}, as Updates. */
  private Pair cliPair(String filter, int n, int threads) throws Exception {
    Timing suspend =
        cli(
            n,
            true,
            "suspend",
            "--query",
            filter,
            "--reason",
            "bench",
            "--concurrency",
            "" + threads);
    Timing resume = cli(n, true, "resume", "--query", filter, "--concurrency", "" + threads);
    return new Pair(suspend, resume);
  }

  /** {@code overdue suspend --query --signal}, then resume: the CLI's time, then until applied. */
  private Pair[] batchPair(String filter, int n) throws Exception {
    long t0 = System.nanoTime();
    Timing suspend = cli(n, false, "suspend", "--query", filter, "--reason", "bench", "--signal");
    awaitCount(filter + " AND ApprovalState = 'SUSPENDED'", n);
    Timing suspendApplied = new Timing(n, (System.nanoTime() - t0) / 1e9);
    long t1 = System.nanoTime();
    Timing resume = cli(n, false, "resume", "--query", filter, "--signal");
    awaitCount(filter + " AND ApprovalState = 'ACTIVE'", n);
    Timing resumeApplied = new Timing(n, (System.nanoTime() - t1) / 1e9);
    return new Pair[] {new Pair(suspend, resume), new Pair(suspendApplied, resumeApplied)};
  }

  /** The same Updates, one after the other, from this process's client. */
  private Pair sequentialPair(List<String> ids) {
    return new Pair(
        sequential(ids, "suspend", new ApprovalCommand.Suspend("bench")),
        sequential(ids, "resume", new ApprovalCommand.Resume()));
  }

  private Timing sequential(List<String> ids, String name, ApprovalCommand command) {
    AtomicInteger done = new AtomicInteger();
    progress.show(() -> String.format("sequential %s: %d/%d", name, done.get(), ids.size()));
    long t0 = System.nanoTime();
    try {
      for (String id : ids) {
        checkDeadline();
        approvals.update(id, command);
        done.incrementAndGet();
      }
    } finally {
      progress.stopShowing();
    }
    return new Timing(ids.size(), (System.nanoTime() - t0) / 1e9);
  }

  /** {@code overdue suspend ID} once per approval, then {@code overdue resume ID}. */
  private Pair cliPerApproval(List<String> ids) throws Exception {
    List<Timing> both = new ArrayList<>();
    for (String name : List.of("suspend", "resume")) {
      long t0 = System.nanoTime();
      int done = 0;
      for (String id : ids) {
        int step = done;
        progress.show(
            () -> String.format("one CLI process per approval, %s: %d/%d", name, step, ids.size()));
        runCli(
            name.equals("suspend") ? List.of(name, id, "--reason", "bench") : List.of(name, id), 0);
        progress.stopShowing();
        done++;
      }
      both.add(new Timing(ids.size(), (System.nanoTime() - t0) / 1e9));
    }
    return new Pair(both.get(0), both.get(1));
  }

  /** Runs the CLI jar, checks its summary when {@code updates}; its wall time for {@code n}. */
  private Timing cli(int n, boolean updates, String... args) throws Exception {
    progress.show(() -> "overdue " + String.join(" ", args));
    long t0 = System.nanoTime();
    String output;
    try {
      output = runCli(List.of(args), 0);
    } finally {
      progress.stopShowing();
    }
    double seconds = (System.nanoTime() - t0) / 1e9;
    String expected =
        updates
            ? args[0] + ": " + n + " approvals, " + n + " applied, 0 refused, 0 failed"
            : args[0] + ": " + n + " approvals, " + n + " signalled, 0 failed";
    if (!output.contains(expected)) {
      throw new IllegalStateException(
          "overdue " + String.join(" ", args) + " did not say '" + expected + "':\n" + output);
    }
    return new Timing(n, seconds, Timing.sendingSeconds(output));
  }

  /** {@code java -jar starter/target/overdue.jar ARGS}: its stdout; fails on another exit code. */
  private String runCli(List<String> args, int exit) throws Exception {
    List<String> command =
        new ArrayList<>(
            List.of(
                java(), "-jar", options.root().resolve("starter/target/overdue.jar").toString()));
    command.addAll(args);
    Files.createDirectories(runDir);
    Path stdout = Files.createTempFile(runDir, "cli-", ".out");
    Path stderr = Files.createTempFile(runDir, "cli-", ".err");
    ProcessBuilder builder =
        new ProcessBuilder(command)
            .directory(options.root().toFile())
            .redirectOutput(stdout.toFile())
            .redirectError(stderr.toFile());
    builder
        .environment()
        .keySet()
        .removeIf(k -> k.startsWith("TEMPORAL_") || k.startsWith("OVERDUE_"));
    builder.environment().putAll(cliEnv);
    Process process = builder.start();
    try {
      if (!process.waitFor(CLI_RUN.toMillis(), TimeUnit.MILLISECONDS)) {
        throw new IllegalStateException(
            "overdue " + String.join(" ", args) + " did not end in " + CLI_RUN);
      }
    } finally {
      process.destroyForcibly();
    }
    String output = Files.readString(stdout);
    if (process.exitValue() != exit) {
      throw new IllegalStateException(
          "overdue "
              + String.join(" ", args)
              + " exited "
              + process.exitValue()
              + ":\n"
              + output
              + Files.readString(stderr));
    }
    Files.delete(stdout);
    Files.delete(stderr);
    return output;
  }

  // ---- the server -----------------------------------------------------------------------------

  /** Visibility is eventually consistent: waits until {@code filter} counts {@code n}. */
  private void awaitCount(String filter, int n) throws InterruptedException {
    long giveUp = System.nanoTime() + VISIBILITY.toNanos();
    AtomicReference<Long> counted = new AtomicReference<>(-1L);
    progress.show(
        () -> String.format("waiting for %d approvals where %s: %d", n, filter, counted.get()));
    try {
      while (true) {
        checkDeadline();
        counted.set(client.countWorkflows(filter).getCount());
        if (counted.get() == n) {
          return;
        }
        if (System.nanoTime() > giveUp) {
          throw new IllegalStateException(
              "visibility counted " + counted.get() + " approvals where " + filter + ", not " + n);
        }
        Thread.sleep(200);
      }
    } finally {
      progress.stopShowing();
    }
  }

  private void checkDeadline() {
    if (System.nanoTime() > deadline) {
      throw new ScaleBench.BenchTimeout("the bench ran past --timeout " + options.timeout());
    }
  }

  private static String java() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  private static double round(double value) {
    return Math.round(value * 1000) / 1000.0;
  }
}
