package dev.overdue.bench;

import dev.overdue.starter.DurationOption;
import dev.overdue.starter.ExitCodes;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code bench bulk}: one CLI command steering many approvals, against one Update at a time and a CLI per approval. */
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
final class BulkCommand implements Callable<Integer> {
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
    String server = BenchCli.server(address);
    Path root = BenchCli.root();
    if (BenchCli.missingJar(root, List.of("worker/target/overdue-worker.jar", "starter/target/overdue.jar"))) {
      return ExitCodes.USAGE;
    }
    List<String> command = new ArrayList<>(List.of("bin/overdue bench bulk", "--approvals", Integer.toString(approvals),
        "--concurrency", String.join(",", concurrency.stream().map(String::valueOf).toList()),
        "--warmup", Integer.toString(warmup), "--cli-sample", Integer.toString(cliSample)));
    if (address != null) {
      command.addAll(List.of("--address", address));
    }
    serverArgs.forEach(arg -> command.add("--server-arg=" + arg));
    BenchCli.describeMachine(String.join(" ", command));
    System.out.printf("# %s; worker JVM: %s; server: %s%n", BenchCli.cpuModel(), workerJavaOpts,
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
      return BenchCli.failed("bulk", e, "");
    }
    System.out.println(BenchCli.oneLine(result.json()));
    return ExitCodes.DONE;
  }
}
