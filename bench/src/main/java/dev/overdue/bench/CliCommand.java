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

/** {@code bench cli}: one bin/overdue command's wall time against the Temporal CLI doing the same. */
@Command(
    name = "cli",
    mixinStandardHelpOptions = true,
    description = {
      "Wall time of one bin/overdue command against the Temporal CLI doing the same in the same run:",
      "status against `temporal workflow query --type status`, suspend/resume against",
      "`temporal workflow update execute`; and bin/overdue --version (no connection). Medians of N runs."
    })
final class CliCommand implements Callable<Integer> {
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
    String server = BenchCli.server(address);
    Path root = BenchCli.root();
    List<String> command = new ArrayList<>(List.of("bin/overdue bench cli", "--samples", Integer.toString(samples),
        "--warmup", Integer.toString(warmup)));
    if (address != null) {
      command.addAll(List.of("--address", address));
    }
    BenchCli.describeMachine(String.join(" ", command));
    System.out.printf("# %s; server: %s; bin/overdue --version: %s%n", BenchCli.cpuModel(),
        server == null ? "a fresh dev server (bin/dev-server --headless)" : server, CliBench.cliOfBinOverdue(root));
    System.out.flush();
    Path runDir = BenchCli.runDir(root, "cli");
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
    System.out.println(BenchCli.oneLine(result.json()));
    return ExitCodes.DONE;
  }
}
