package dev.overdue.bench;

import dev.overdue.starter.DurationOption;
import dev.overdue.starter.ExitCodes;
import dev.overdue.worker.WorkflowCache;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code bench scale}: many approvals on one worker against bare timers; expiry lateness, worker and server CPU. */
@Command(
    name = "scale",
    mixinStandardHelpOptions = true,
    description = {
      "K approvals, each with 3 RUNNING timers whose expiration dates (all 3, or the first --expiring)",
      "are spread over a window that begins after every start and change, on ONE worker process",
      "(worker/target/overdue-worker.jar); the baseline: K workflows that only Workflow.sleep to the same",
      "instants, on a worker process of their own with the same JVM options; the sides one after the",
      "other, or with --together at once. Per side: approvals started/s, changes applied/s",
      "(synchronous updates), expiry lateness p50/p95/p99/max over every timer, worker heap and CPU.",
      "A warm-up of each side is run first and not measured. Progress goes to stderr; figures to",
      "stdout, the last line one JSON object. Without --address (or TEMPORAL_ADDRESS) each side",
      "gets a fresh dev server of its own through bin/dev-server on free loopback ports."
    })
final class ScaleCommand implements Callable<Integer> {
  @Option(names = "--approvals", defaultValue = "10000", paramLabel = "K", description = "Approvals per side (default ${DEFAULT-VALUE}).")
  int approvals;

  @Option(names = "--window", defaultValue = "PT10M", paramLabel = "DURATION", converter = DurationOption.class,
      description = "The expiration dates are spread evenly over this window (ISO-8601 or seconds, default ${DEFAULT-VALUE}).")
  Duration window;

  @Option(names = "--expiring", defaultValue = "3", paramLabel = "N",
      description = "How many of each approval's 3 timers expire in the window (1-3, default ${DEFAULT-VALUE});"
          + " the others stay RUNNING until a day after it.")
  int expiring;

  @Option(names = "--no-changes", negatable = false,
      description = "Leave out the changes (one Update per approval after every start).")
  boolean noChanges;

  @Option(names = "--together",
      description = "Run both sides at once, on the same schedule, each with its own dev server and worker"
          + " (default: one after the other); halves the time of a large run, the two share the machine.")
  boolean together;

  @Option(names = "--server-db-dir", paramLabel = "DIR",
      description = "Each dev server keeps its database in a SQLite file in DIR (a tmpfs such as /dev/shm: on a disk"
          + " every commit waits for it), deleted after the run, instead of in memory, where it takes about 100 KB"
          + " per approval: a run of 100,000 needs it.")
  Path serverDbDir;

  @Option(names = "--address", paramLabel = "HOST:PORT",
      description = "A running Temporal server to use (default: TEMPORAL_ADDRESS if set, else a dev server of the bench's own per side).")
  String address;

  @Option(names = "--server-pid", split = ",", paramLabel = "PID",
      description = "With --address: processes whose CPU time, with their children's, is the server's"
          + " (a cluster's services and its PostgreSQL); without, the server's CPU is not read.")
  List<Long> serverPids = new ArrayList<>();

  @Option(names = "--repeats", defaultValue = "1", description = "Runs of each side; medians are reported (default ${DEFAULT-VALUE}).")
  int repeats;

  @Option(names = "--warmup", defaultValue = "300", paramLabel = "N", description = "Approvals of each side's warm-up, not measured (default ${DEFAULT-VALUE}).")
  int warmup;

  @Option(names = "--concurrency", defaultValue = "16", paramLabel = "THREADS", description = "Client threads for starts and changes (default ${DEFAULT-VALUE}).")
  int concurrency;

  @Option(names = "--lead", paramLabel = "DURATION", converter = DurationOption.class,
      description = "From the first start to the window's start (default: 1.5 x the time K starts and K changes take at the warm-up's rates, + 20 s).")
  Duration lead;

  @Option(names = "--timeout", paramLabel = "DURATION", converter = DurationOption.class,
      description = "Give up (and stop everything started) after this long (default: 2 x repeats x (window + 20 min + 20 ms per approval)).")
  Duration timeout;

  // None by default, as bin/overdue-worker starts the worker: the JVM's default heap, a quarter of memory.
  @Option(names = "--worker-java-opts", defaultValue = "", paramLabel = "OPTIONS",
      description = "JVM options of both worker processes (default: none, as bin/overdue-worker starts it; earlier rounds used -Xmx1g).")
  String workerJavaOpts;

  @Option(names = "--profile",
      description = "Profile both workers' CPU with async-profiler (every 5 ms, their whole life) and print where it went.")
  boolean profile;

  @Option(names = "--workflow-cache-size", defaultValue = "auto", paramLabel = "N|auto",
      description = "Both workers' sticky cache (default ${DEFAULT-VALUE}, the worker's: half the heap on virtual threads, else 600).",
      converter = WorkflowCache.SizeOption.class)
  Integer workflowCacheSize;

  @Option(names = "--workflow-threads", defaultValue = "auto", paramLabel = "auto|virtual|platform",
      description = "Both workers' workflow threads (default ${DEFAULT-VALUE}, the worker's: virtual on Java 21+).",
      converter = WorkflowCache.ThreadsOption.class)
  WorkflowCache.Threads workflowThreads;

  @Override
  public Integer call() throws Exception {
    if (approvals < 1 || repeats < 1 || warmup < 1 || concurrency < 1
        || window.compareTo(Duration.ofSeconds(1)) < 0) {
      System.err.println(
          "--approvals, --repeats, --warmup and --concurrency must be at least 1, --window at least 1 s");
      return ExitCodes.USAGE;
    }
    if (expiring < 1 || expiring > ScaleBench.TIMERS) {
      System.err.println("--expiring must be 1, 2 or 3: how many of each approval's 3 timers expire in the window");
      return ExitCodes.USAGE;
    }
    if (together && !serverPids.isEmpty()) {
      System.err.println("--together with --server-pid: both sides would share one server, whose CPU is not either side's;"
          + " leave out --server-pid, or --address for a dev server per side");
      return ExitCodes.USAGE;
    }
    try {
      // The workers run on this JVM's java: what they would refuse is refused here, before any start.
      WorkflowCache.choose(workflowCacheSize, workflowThreads);
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      return ExitCodes.USAGE;
    }
    String server = BenchCli.server(address);
    if (serverDbDir != null && (server != null || !Files.isDirectory(serverDbDir))) {
      System.err.println(server != null
          ? "--server-db-dir is for the bench's own dev servers: leave it out with --address or TEMPORAL_ADDRESS"
          : "--server-db-dir " + serverDbDir + ": no such directory");
      return ExitCodes.USAGE;
    }
    Path root = BenchCli.root();
    for (Path needed : List.of(root.resolve("worker/target/overdue-worker.jar"), root.resolve("bench/target/overdue-bench.jar"))) {
      if (!Files.isRegularFile(needed)) {
        System.err.println(needed + " is missing: build with mvn -B -DskipTests -pl bench -am package");
        return ExitCodes.USAGE;
      }
    }
    Duration bound = timeout != null ? timeout : ScaleBench.Options.defaultTimeout(approvals, window, repeats);
    List<String> command = new ArrayList<>(List.of("bin/overdue bench scale", "--approvals", Integer.toString(approvals),
        "--window", window.toString(), "--expiring", Integer.toString(expiring), "--repeats", Integer.toString(repeats), "--warmup", Integer.toString(warmup),
        "--concurrency", Integer.toString(concurrency), "--worker-java-opts '" + workerJavaOpts + "'",
        "--workflow-cache-size", cacheSize(workflowCacheSize), "--workflow-threads", threads(workflowThreads)));
    if (profile) {
      command.add("--profile");
    }
    if (noChanges) {
      command.add("--no-changes");
    }
    if (together) {
      command.add("--together");
    }
    if (serverDbDir != null) {
      command.addAll(List.of("--server-db-dir", serverDbDir.toString()));
    }
    if (address != null) {
      command.addAll(List.of("--address", address));
    }
    if (!serverPids.isEmpty()) {
      command.addAll(List.of("--server-pid", serverPids.stream().map(String::valueOf).collect(java.util.stream.Collectors.joining(","))));
    }
    if (lead != null) {
      command.addAll(List.of("--lead", lead.toString()));
    }
    BenchCli.describeMachine(String.join(" ", command));
    System.out.printf("# %s; worker JVMs: %s; server: %s; timeout %s%n",
        BenchCli.cpuModel(), workerJavaOpts,
        (server == null
            ? "a fresh dev server per side (bin/dev-server --headless" + (serverDbDir != null ? " --db-filename" : "") + ")"
            : server)
            + (together ? ", both sides at once" : ""),
        bound);
    System.out.flush();
    ScaleBench.Result result;
    try {
      result =
          new ScaleBench(
                  new ScaleBench.Options(approvals, window, expiring, !noChanges, together, serverDbDir, server, serverPids, repeats, warmup, concurrency, lead, bound,
                      workerJavaOpts, cacheSize(workflowCacheSize), threads(workflowThreads), profile, root),
                  System.out, System.err)
              .run();
    } catch (RuntimeException e) {
      System.err.println("bench scale failed: " + e.getMessage());
      if (System.getenv("OVERDUE_DEBUG") != null) {
        e.printStackTrace();
      }
      return ExitCodes.UNEXPECTED;
    }
    System.out.printf("overdue : %s%nbaseline: %s%n", result.overdue(), result.baseline());
    ScaleGoals.lines(result.overdue(), result.baseline()).forEach(System.out::println);
    System.out.println(BenchCli.oneLine(result.json()));
    return ExitCodes.DONE;
  }

  /** As the workers' option reads it. */
  static String cacheSize(Integer size) {
    return size == null ? "auto" : size.toString();
  }

  static String threads(WorkflowCache.Threads threads) {
    return threads.name().toLowerCase(Locale.ROOT);
  }
}
