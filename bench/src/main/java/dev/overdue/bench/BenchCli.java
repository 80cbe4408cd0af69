package dev.overdue.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.overdue.starter.DurationOption;
import dev.overdue.starter.ExitCodes;
import dev.overdue.worker.WorkflowCache;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code bin/overdue bench}: each benchmark prints how it ran and, as its last line, one JSON object
 * of figures. A program of its own (the bench module's jar), so the CLI carries no test server.
 */
@Command(
    name = "overdue bench",
    mixinStandardHelpOptions = true,
    description = "Run a benchmark; results and how they were made: docs/BENCHMARKS.md.",
    subcommands = {
      BenchCli.History.class,
      BenchCli.Replay.class,
      BenchCli.Scale.class,
      BenchCli.Bulk.class,
      BenchCli.Cli.class,
      BenchCli.Cost.class,
      BenchCli.Bill.class,
      BenchCli.Profile.class,
      BenchCli.Api.class,
      BenchCli.Inbox.class
    })
public final class BenchCli {
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  /** The server a bench uses: {@code --address}, else TEMPORAL_ADDRESS, else null (its own dev server). */
  static String server(String address) {
    String environment = System.getenv("TEMPORAL_ADDRESS");
    return address != null ? address : environment != null && !environment.isBlank() ? environment : null;
  }

  public static void main(String[] args) {
    System.exit(new CommandLine(new BenchCli()).execute(args));
  }

  @Command(
      name = "history",
      mixinStandardHelpOptions = true,
      description = {
        "History cost per deadline change: one approval whose deadline moves N times (+1 h each,",
        "10 min apart) on the time-skipping test service, against Temporal's updatable-timer sample loop.",
        "Figures per change at the margin: (with N changes - with none) / N."
      })
  static final class History implements Callable<Integer> {
    @Option(names = "--changes", defaultValue = "20", description = "Changes N (default ${DEFAULT-VALUE}).")
    int changes;

    @Option(names = "--repeats", defaultValue = "3", description = "Runs; the median is reported (default ${DEFAULT-VALUE}).")
    int repeats;

    @Override
    public Integer call() throws Exception {
      if (changes < 1 || repeats < 1) {
        System.err.println("--changes and --repeats must be at least 1");
        return ExitCodes.USAGE;
      }
      describeMachine("bin/overdue bench history --changes " + changes + " --repeats " + repeats);
      HistoryBench.Result result = HistoryBench.run(changes, repeats);
      System.out.printf(
          "overdue : %s%n          (%.3f events per change without the NextDeadline upserts)%n"
              + "baseline: %s (the updatable-timer sample's Workflow.await(Duration, condition) loop)%n",
          result.overdue(), result.overdue().timerEvents(), result.baseline());
      System.out.println(JSON.copy().disable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(result.json()));
      return ExitCodes.DONE;
    }
  }

  @Command(
      name = "replay",
      mixinStandardHelpOptions = true,
      description = {
        "Replay time after N deadline changes, against that sample's loop; and an approval living",
        "through M changes: its runs stay under the size where Temporal suggests continuing as",
        "new, and nothing is lost. Progress on stderr."
      })
  static final class Replay implements Callable<Integer> {
    @Option(names = "--changes", defaultValue = "1000", description = "Changes before replaying (default ${DEFAULT-VALUE}).")
    int changes;

    @Option(names = "--life", defaultValue = "100000", description = "Changes over the long life (default ${DEFAULT-VALUE}).")
    int life;

    @Option(names = "--repeats", defaultValue = "31", description = "Timed rounds, each replaying both sides in turn after 20 warm-up rounds; the medians are reported (default ${DEFAULT-VALUE}).")
    int repeats;

    @Override
    public Integer call() throws Exception {
      if (changes < 1 || life < 1 || repeats < 1) {
        System.err.println("--changes, --life and --repeats must be at least 1");
        return ExitCodes.USAGE;
      }
      describeMachine(
          "bin/overdue bench replay --changes " + changes + " --life " + life + " --repeats " + repeats);
      Map<String, Object> result = new ReplayBench(System.err).run(changes, life, repeats);
      System.out.println(JSON.writeValueAsString(result));
      System.out.println(JSON.copy().disable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(result));
      return ExitCodes.DONE;
    }
  }

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
  static final class Scale implements Callable<Integer> {
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

    @Option(names = "--worker-java-opts", defaultValue = "-Xmx1g", paramLabel = "OPTIONS",
        description = "JVM options of both worker processes (default ${DEFAULT-VALUE}).")
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
      String server = server(address);
      if (serverDbDir != null && (server != null || !Files.isDirectory(serverDbDir))) {
        System.err.println(server != null
            ? "--server-db-dir is for the bench's own dev servers: leave it out with --address or TEMPORAL_ADDRESS"
            : "--server-db-dir " + serverDbDir + ": no such directory");
        return ExitCodes.USAGE;
      }
      Path root = root();
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
      describeMachine(String.join(" ", command));
      System.out.printf("# %s; worker JVMs: %s; server: %s; timeout %s%n",
          cpuModel(), workerJavaOpts,
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
      System.out.println(JSON.copy().disable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(result.json()));
      return ExitCodes.DONE;
    }

    /** As the workers' option reads it. */
    static String cacheSize(Integer size) {
      return size == null ? "auto" : size.toString();
    }

    static String threads(WorkflowCache.Threads threads) {
      return threads.name().toLowerCase(Locale.ROOT);
    }

    /** The repository: where this jar lies (bench/target/overdue-bench.jar), else the working directory's. */
    static Path root() throws URISyntaxException {
      Path here = Path.of(Scale.class.getProtectionDomain().getCodeSource().getLocation().toURI());
      for (Path dir = here; dir != null; dir = dir.getParent()) {
        if (Files.isRegularFile(dir.resolve("bin/dev-server"))) {
          return dir;
        }
      }
      for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
        if (Files.isRegularFile(dir.resolve("bin/dev-server"))) {
          return dir;
        }
      }
      return Path.of("").toAbsolutePath();
    }

    static String cpuModel() {
      try {
        return Files.readAllLines(Path.of("/proc/cpuinfo")).stream()
                .filter(l -> l.startsWith("model name"))
                .findFirst()
                .map(l -> l.substring(l.indexOf(':') + 1).strip())
                .orElse("cpu unknown")
            + ", " + memory();
      } catch (Exception e) {
        return "cpu unknown";
      }
    }

    private static String memory() throws IOException {
      return Files.readAllLines(Path.of("/proc/meminfo")).stream()
          .filter(l -> l.startsWith("MemTotal:"))
          .findFirst()
          .map(l -> Long.parseLong(l.replaceAll("[^0-9]", "")) / 1024 / 1024 + " GiB memory")
          .orElse("memory unknown");
    }
  }

  @Command(
      name = "bulk",
      mixinStandardHelpOptions = true,
      description = {
        "K approvals on a dev server with the worker jar; one bin/overdue command steers them all:",
        "suspend --query, then resume --query, as Updates from the CLI's bounded pool (each",
        "--concurrency given), and as signals by one Temporal batch job (--signal). Baselines in the",
        "same run: the same Updates one after the other from one client, and one CLI process per",
        "approval (a shell loop), on a sample. Wall times include the CLI's JVM start and listing.",
        "Figures to stdout, the last line one JSON object; progress to stderr."
      })
  static final class Bulk implements Callable<Integer> {
    @Option(names = "--approvals", defaultValue = "1000", paramLabel = "K", description = "Approvals steered (default ${DEFAULT-VALUE}).")
    int approvals;

    @Option(names = "--concurrency", defaultValue = "16", split = ",", paramLabel = "N",
        description = "The CLI's --concurrency, one run per value; the first is compared with the baselines (default ${DEFAULT-VALUE}).")
    List<Integer> concurrency;

    @Option(names = "--warmup", defaultValue = "50", paramLabel = "N", description = "Approvals of the warm-up, not measured (default ${DEFAULT-VALUE}).")
    int warmup;

    @Option(names = "--cli-sample", defaultValue = "20", paramLabel = "N",
        description = "Approvals the one-process-per-approval baseline steers (default ${DEFAULT-VALUE}).")
    int cliSample;

    @Option(names = "--address", paramLabel = "HOST:PORT",
        description = "A running Temporal server with a visibility store (default: TEMPORAL_ADDRESS if set, else a dev server of the bench's own).")
    String address;

    @Option(names = "--server-arg", paramLabel = "ARG",
        description = "A flag for the bench's own bin/dev-server, repeatable, e.g. --server-arg=--dynamic-config-value --server-arg=worker.batcherRPS=500.")
    List<String> serverArgs = new ArrayList<>();

    @Option(names = "--worker-java-opts", defaultValue = "-Xmx1g", paramLabel = "OPTIONS",
        description = "JVM options of the worker process (default ${DEFAULT-VALUE}).")
    String workerJavaOpts;

    @Option(names = "--timeout", defaultValue = "PT1H", paramLabel = "DURATION", converter = DurationOption.class,
        description = "Give up (and stop everything started) after this long (default ${DEFAULT-VALUE}).")
    Duration timeout;

    @Override
    public Integer call() throws Exception {
      if (approvals < 1 || warmup < 1 || cliSample < 1 || concurrency.stream().anyMatch(c -> c < 1 || c > 64)) {
        System.err.println("--approvals, --warmup and --cli-sample must be at least 1, --concurrency 1 to 64");
        return ExitCodes.USAGE;
      }
      String server = server(address);
      Path root = Scale.root();
      for (Path needed : List.of(root.resolve("worker/target/overdue-worker.jar"), root.resolve("starter/target/overdue.jar"))) {
        if (!Files.isRegularFile(needed)) {
          System.err.println(needed + " is missing: build with mvn -B -DskipTests -pl bench -am package");
          return ExitCodes.USAGE;
        }
      }
      List<String> command = new ArrayList<>(List.of("bin/overdue bench bulk", "--approvals", Integer.toString(approvals),
          "--concurrency", String.join(",", concurrency.stream().map(String::valueOf).toList()),
          "--warmup", Integer.toString(warmup), "--cli-sample", Integer.toString(cliSample)));
      if (address != null) {
        command.addAll(List.of("--address", address));
      }
      serverArgs.forEach(arg -> command.add("--server-arg=" + arg));
      describeMachine(String.join(" ", command));
      System.out.printf("# %s; worker JVM: %s; server: %s%n", Scale.cpuModel(), workerJavaOpts,
          server == null ? "a fresh dev server (bin/dev-server --headless" + (serverArgs.isEmpty() ? "" : " " + String.join(" ", serverArgs)) + ")" : server);
      System.out.flush();
      BulkBench.Result result;
      try {
        result =
            new BulkBench(
                    new BulkBench.Options(approvals, concurrency, warmup, cliSample, server, serverArgs, workerJavaOpts, timeout, root),
                    System.out, System.err)
                .run();
      } catch (RuntimeException e) {
        System.err.println("bench bulk failed: " + e.getMessage());
        if (System.getenv("OVERDUE_DEBUG") != null) {
          e.printStackTrace();
        }
        return ExitCodes.UNEXPECTED;
      }
      System.out.println(JSON.copy().disable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(result.json()));
      return ExitCodes.DONE;
    }
  }
  @Command(
      name = "cost",
      mixinStandardHelpOptions = true,
      description = {
        "What an approval's life and each expiry cost in Temporal's units, counted from histories on the",
        "time-skipping test service: events, workflow tasks, activity tasks and billable Actions as",
        "Temporal Cloud counts them, against workflows that only Workflow.sleep."
      })
  static final class Cost implements Callable<Integer> {
    @Override
    public Integer call() throws Exception {
      describeMachine("bin/overdue bench cost");
      CostBench.Result result = CostBench.run();
      System.out.printf(
          "life (start, 2 changes, 3 expiries, a decision):%n  overdue : %s%n  baseline: %s (start, 2 changes, 3 sleeps)%n"
              + "per expiry, at the margin:%n  overdue : %s%n  baseline: %s%n"
              + "actions per expiry beyond the baseline's timer: %.2f (goal: at most 1)%n",
          result.overdueLife(), result.baselineLife(), result.overdueExpiry(), result.baselineExpiry(),
          result.extraActionsPerExpiry());
      System.out.println(JSON.copy().disable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(result.json()));
      return ExitCodes.DONE;
    }
  }

  @Command(
      name = "bill",
      mixinStandardHelpOptions = true,
      description = {
        "Temporal Cloud Actions for one life of the README's purchase order (docs/examples/po-4711.json),",
        "by kind, against the same approval written with bare timers, both on the time-skipping test service."
      })
  static final class Bill implements Callable<Integer> {
    @Override
    public Integer call() throws Exception {
      describeMachine("bin/overdue bench bill");
      BillBench.Result bill = BillBench.run(Scale.root());
      System.out.printf("%-36s %8s %8s%n", "ACTIONS", "OVERDUE", "BARE");
      bill.overdue().forEach((kind, count) -> System.out.printf("%-36s %8d %8d%n", kind, count, bill.bare().get(kind)));
      System.out.printf("%-36s %8d %8d%n", "all", BillBench.Result.total(bill.overdue()), BillBench.Result.total(bill.bare()));
      System.out.println(JSON.copy().disable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(bill.json()));
      return ExitCodes.DONE;
    }
  }

  @Command(
      name = "profile",
      mixinStandardHelpOptions = true,
      description = {
        "Where a worker's CPU went, read from async-profiler's collapsed stacks (what bench scale --profile",
        "writes into target/bench-scale/<time>/): JIT, GC, workflow tasks split by what they did, polling."
      })
  static final class Profile implements Callable<Integer> {
    @Parameters(arity = "1..*", paramLabel = "STACKS", description = "Collapsed-stack files, one per worker.")
    List<Path> files;

    @Option(names = "--frames", defaultValue = "12", paramLabel = "N", description = "dev.overdue methods listed (default ${DEFAULT-VALUE}).")
    int frames;

    @Override
    public Integer call() throws Exception {
      Map<String, Object> json = new LinkedHashMap<>();
      json.put("scenario", "profile");
      for (Path file : files) {
        ProfileSummary.Summary summary = ProfileSummary.of(file, frames);
        ProfileSummary.lines(file.toString(), summary).forEach(System.out::println);
        json.put(file.getFileName().toString(), summary.json());
      }
      System.out.println(JSON.copy().disable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(json));
      return ExitCodes.DONE;
    }
  }

  @Command(
      name = "cli",
      mixinStandardHelpOptions = true,
      description = {
        "Wall time of one bin/overdue command against the Temporal CLI doing the same in the same run:",
        "status against `temporal workflow query --type status`, suspend/resume against",
        "`temporal workflow update execute`; and bin/overdue --version (no connection). Medians of N runs."
      })
  static final class Cli implements Callable<Integer> {
    @Option(names = "--samples", defaultValue = "20", paramLabel = "N", description = "Measured runs of each command (default ${DEFAULT-VALUE}).")
    int samples;

    @Option(names = "--warmup", defaultValue = "3", paramLabel = "N", description = "Rounds before, not measured (default ${DEFAULT-VALUE}).")
    int warmup;

    @Option(names = "--address", paramLabel = "HOST:PORT",
        description = "A running Temporal server (default: TEMPORAL_ADDRESS if set, else a dev server of the bench's own).")
    String address;

    @Option(names = "--timeout", defaultValue = "PT30M", paramLabel = "DURATION", converter = DurationOption.class,
        description = "Give up (and stop everything started) after this long (default ${DEFAULT-VALUE}).")
    Duration timeout;

    @Override
    public Integer call() throws Exception {
      if (samples < 1 || warmup < 0) {
        System.err.println("--samples must be at least 1, --warmup at least 0");
        return ExitCodes.USAGE;
      }
      String server = server(address);
      Path root = Scale.root();
      List<String> command = new ArrayList<>(List.of("bin/overdue bench cli", "--samples", Integer.toString(samples),
          "--warmup", Integer.toString(warmup)));
      if (address != null) {
        command.addAll(List.of("--address", address));
      }
      describeMachine(String.join(" ", command));
      System.out.printf("# %s; server: %s; bin/overdue --version: %s%n", Scale.cpuModel(),
          server == null ? "a fresh dev server (bin/dev-server --headless)" : server, CliBench.cliOfBinOverdue(root));
      System.out.flush();
      Path runDir = root.resolve("target/bench-cli/"
          + java.time.LocalDateTime.now().format(java.time.format.DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
      CliBench.Result result;
      try {
        result = new CliBench(
                new CliBench.Options(samples, warmup, new BenchRig.Options(root, server, List.of(), "-Xmx512m", runDir), timeout),
                System.out, System.err)
            .run();
      } catch (RuntimeException e) {
        System.err.println("bench cli failed: " + e.getMessage());
        return ExitCodes.UNEXPECTED;
      }
      System.out.println(JSON.copy().disable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(result.json()));
      return ExitCodes.DONE;
    }
  }


  @Command(
      name = "api",
      mixinStandardHelpOptions = true,
      description = {
        "The HTTP task API (http-api/target/overdue-api.jar, development mode) on a dev server with the",
        "worker jar and K open approvals over a directory of users, against the same calls made directly",
        "through the Temporal client in the same run (the floor). At each number of concurrent callers:",
        "p50/p99/max of 'my claimable tasks' (GET /api/v1/tasks?view=claimable&limit=25) against the same",
        "visibility query, and of an approve (POST .../approve) against the same Update, each side on",
        "approvals of its own; then how stale a list is after an approve (polled every 5 ms). Goals at",
        "10 callers: list p99 <= 150 ms, approve <= 1.2 x the direct Update (p50 and p99). Progress on",
        "stderr; figures on stdout, the last line one JSON object."
      })
  static final class Api implements Callable<Integer> {
    @Option(names = "--callers", defaultValue = "1,10,50", split = ",", paramLabel = "N",
        description = "Concurrent callers, one level each (default ${DEFAULT-VALUE}).")
    List<Integer> callers;

    @Option(names = "--staleness", defaultValue = "50", paramLabel = "N", description = "Staleness samples (default ${DEFAULT-VALUE}).")
    int staleness;

    @CommandLine.Mixin
    HttpBench http;

    @Override
    public Integer call() throws Exception {
      if (http.quick) {
        callers = http.quick();
        staleness = 5;
      }
      if (http.invalid(callers, 0)) {
        return ExitCodes.USAGE;
      }
      if (staleness < 1) {
        System.err.println("--staleness must be at least 1");
        return ExitCodes.USAGE;
      }
      return http.run("api", callers, List.of("--staleness", Integer.toString(staleness)), "API JVM " + http.apiJavaOpts,
          List.of(), runDir -> new ApiBench(
                  new ApiBench.Options(http.approvals, callers, http.requests, http.users, http.approvers, staleness,
                      http.warmup, http.concurrency, http.apiJavaOpts, http.rig(runDir), http.timeout),
                  System.out, System.err)
              .run()
              .json());
    }
  }

  @Command(
      name = "inbox",
      mixinStandardHelpOptions = true,
      description = {
        "The inbox (inbox/target/overdue-inbox.jar, development mode) in front of the HTTP task API",
        "(http-api/target/overdue-api.jar) on a dev server with the worker jar and K open approvals over a",
        "directory of users. C people, each signed in to the inbox with a session of their own, open their",
        "list (GET /tasks?view=claimable) and a task page offered to them (GET /tasks/{id}); the baseline,",
        "measured in the same run: the API calls each page makes, made directly (the list's GET",
        "/api/v1/tasks; the task page's four reads side by side). p50/p95/p99 of both, the inbox's own",
        "server time from its Prometheus histogram, ratios inbox/baseline. Goal at 10 people: p95 <= 200 ms",
        "for both pages. Progress on stderr; figures on stdout, the last line one JSON object."
      })
  static final class Inbox implements Callable<Integer> {
    @Option(names = "--callers", defaultValue = "1,10", split = ",", paramLabel = "N",
        description = "Concurrent people, one level each (default ${DEFAULT-VALUE}).")
    List<Integer> callers;

    @Option(names = "--inbox-java-opts", defaultValue = "-Xmx512m", paramLabel = "OPTIONS",
        description = "JVM options of the inbox process (default ${DEFAULT-VALUE}).")
    String inboxJavaOpts;

    @CommandLine.Mixin
    HttpBench http;

    @Override
    public Integer call() throws Exception {
      if (http.quick) {
        callers = http.quick();
      }
      // A person's task page is an approval offered to them: there must be some.
      if (http.invalid(callers, 1)) {
        return ExitCodes.USAGE;
      }
      return http.run("inbox", callers, List.of(), "API JVM " + http.apiJavaOpts + ", inbox JVM " + inboxJavaOpts,
          List.of("inbox/target/overdue-inbox.jar"), runDir -> new InboxBench(
                  new InboxBench.Options(http.approvals, callers, http.requests, http.users, http.approvers, http.warmup,
                      http.concurrency, http.apiJavaOpts, inboxJavaOpts, http.rig(runDir), http.timeout),
                  System.out, System.err)
              .run()
              .json());
    }
  }

  /** The options and the start of the benches over the HTTP task API (api, inbox). */
  static final class HttpBench {
    @Option(names = "--approvals", defaultValue = "10000", paramLabel = "K",
        description = "Open approvals in the background (default ${DEFAULT-VALUE}).")
    int approvals;

    @Option(names = "--requests", defaultValue = "500", paramLabel = "N",
        description = "Calls per level, kind and side (default ${DEFAULT-VALUE}).")
    int requests;

    @Option(names = "--users", defaultValue = "200", paramLabel = "N", description = "Users in the directory (default ${DEFAULT-VALUE}).")
    int users;

    @Option(names = "--approvers", defaultValue = "2", paramLabel = "N",
        description = "Users each background approval's step is offered to (default ${DEFAULT-VALUE}).")
    int approvers;

    @Option(names = "--warmup", defaultValue = "100", paramLabel = "N",
        description = "Calls of each kind and side before the first level, not measured (default ${DEFAULT-VALUE}).")
    int warmup;

    @Option(names = "--concurrency", defaultValue = "32", paramLabel = "THREADS",
        description = "Client threads that start the approvals (default ${DEFAULT-VALUE}).")
    int concurrency;

    @Option(names = "--quick",
        description = "The smallest run, for tests: 50 approvals, callers 1,2, 10 requests, 10 users, 5 warm-up calls.")
    boolean quick;

    @Option(names = "--address", paramLabel = "HOST:PORT",
        description = "A running Temporal server (default: TEMPORAL_ADDRESS if set, else a dev server of the bench's own).")
    String address;

    @Option(names = "--api-java-opts", defaultValue = "-Xmx512m", paramLabel = "OPTIONS",
        description = "JVM options of the API process (default ${DEFAULT-VALUE}); the worker's are -Xmx1g.")
    String apiJavaOpts;

    @Option(names = "--timeout", defaultValue = "PT1H", paramLabel = "DURATION", converter = DurationOption.class,
        description = "Give up (and stop everything started) after this long (default ${DEFAULT-VALUE}).")
    Duration timeout;

    private String server;
    private Path root;

    interface Bench {
      /** Runs in {@code runDir} (its logs); the figures. */
      Map<String, Object> figures(Path runDir) throws Exception;
    }

    /**
     * Starts the run ({@link #begin}), runs {@code bench} and prints its figures as one JSON line;
     * the exit code.
     */
    int run(String name, List<Integer> callers, List<String> more, String jvms, List<String> jars, Bench bench)
        throws Exception {
      Path runDir = begin(name, callers, more, jvms, jars);
      if (runDir == null) {
        return ExitCodes.USAGE;
      }
      Map<String, Object> figures;
      try {
        figures = bench.figures(runDir);
      } catch (RuntimeException e) {
        System.err.println("bench " + name + " failed: " + e.getMessage() + " (logs: " + runDir + ")");
        if (System.getenv("OVERDUE_DEBUG") != null) {
          e.printStackTrace();
        }
        return ExitCodes.UNEXPECTED;
      }
      System.out.println(JSON.copy().disable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(figures));
      return ExitCodes.DONE;
    }

    /** --quick's sizes; the callers it gives. */
    List<Integer> quick() {
      approvals = 50;
      requests = 10;
      users = 10;
      warmup = 5;
      return List.of(1, 2);
    }

    /** True, with the reason on stderr, when the options cannot make a run. */
    boolean invalid(List<Integer> callers, int leastApprovals) {
      if (approvals < leastApprovals || callers.isEmpty() || callers.stream().anyMatch(c -> c < 1) || requests < 1 || users < 1
          || approvers < 1 || approvers > users || warmup < 0 || concurrency < 1) {
        System.err.println("--callers, --requests, --users, --approvers (at most --users) and --concurrency must be"
            + " at least 1; --warmup at least 0; --approvals at least " + leastApprovals);
        return true;
      }
      return false;
    }

    /**
     * Checks that the jars are built, prints the command and the machine; the run's directory for
     * its logs, or null (the reason on stderr) when a jar is missing.
     */
    Path begin(String name, List<Integer> callers, List<String> more, String jvms, List<String> jars) throws Exception {
      server = server(address);
      root = Scale.root();
      List<String> needed = new ArrayList<>(List.of("worker/target/overdue-worker.jar", "http-api/target/overdue-api.jar"));
      needed.addAll(jars);
      for (String jar : needed) {
        if (!Files.isRegularFile(root.resolve(jar))) {
          System.err.println(root.resolve(jar) + " is missing: build with mvn -B -DskipTests -pl bench -am package");
          return null;
        }
      }
      List<String> command = new ArrayList<>(List.of("bin/overdue bench " + name, "--approvals", Integer.toString(approvals),
          "--callers", callers.stream().map(String::valueOf).collect(java.util.stream.Collectors.joining(",")),
          "--requests", Integer.toString(requests), "--users", Integer.toString(users),
          "--approvers", Integer.toString(approvers)));
      command.addAll(more);
      command.addAll(List.of("--warmup", Integer.toString(warmup)));
      if (address != null) {
        command.addAll(List.of("--address", address));
      }
      describeMachine(String.join(" ", command));
      System.out.printf("# %s; server: %s; %s, worker JVM -Xmx1g; load average %s%n", Scale.cpuModel(),
          server == null ? "a fresh dev server (bin/dev-server --headless)" : server, jvms, ApiBench.load());
      System.out.flush();
      return root.resolve("target/bench-" + name + "/"
          + java.time.LocalDateTime.now().format(java.time.format.DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
    }

    BenchRig.Options rig(Path runDir) {
      return new BenchRig.Options(root, server, List.of(), "-Xmx1g", runDir);
    }

  }

  static void describeMachine(String command) {
    Runtime runtime = Runtime.getRuntime();
    System.out.printf(
        "# %s%n# %s %s, %d cpus, max heap %d MiB, Java %s%n",
        command,
        System.getProperty("os.name"),
        System.getProperty("os.arch"),
        runtime.availableProcessors(),
        runtime.maxMemory() >> 20,
        ManagementFactory.getRuntimeMXBean().getVmVersion());
  }
}
