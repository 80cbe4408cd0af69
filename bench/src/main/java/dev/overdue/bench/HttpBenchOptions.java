package dev.overdue.bench;

import dev.overdue.starter.DurationOption;
import dev.overdue.starter.ExitCodes;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;

/** The options and the start of the benches over the HTTP task API (api, inbox). */
final class HttpBenchOptions {
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
      return BenchCli.failed(name, e, " (logs: " + runDir + ")");
    }
    System.out.println(BenchCli.oneLine(figures));
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
    server = BenchCli.server(address);
    root = BenchCli.root();
    List<String> needed = new ArrayList<>(List.of("worker/target/overdue-worker.jar", "http-api/target/overdue-api.jar"));
    needed.addAll(jars);
    if (BenchCli.missingJar(root, needed)) {
      return null;
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
    BenchCli.describeMachine(String.join(" ", command));
    System.out.printf("# %s; server: %s; %s, worker JVM -Xmx1g; load average %s%n", BenchCli.cpuModel(),
        server == null ? "a fresh dev server (bin/dev-server --headless)" : server, jvms, ApiBench.load());
    System.out.flush();
    return BenchCli.runDir(root, name);
  }

  BenchRig.Options rig(Path runDir) {
    return new BenchRig.Options(root, server, List.of(), "-Xmx1g", runDir);
  }

}
