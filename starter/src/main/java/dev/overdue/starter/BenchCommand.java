package dev.overdue.starter;

import dev.overdue.bench.HistoryBench;
import dev.overdue.bench.ReplayBench;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.lang.management.ManagementFactory;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** Benchmarks: each prints how it ran and, as its last line, one JSON object of figures. */
@Command(
    name = "bench",
    mixinStandardHelpOptions = true,
    description = "Run a benchmark; results and how they were made: docs/BENCHMARKS.md.",
    subcommands = {BenchCommand.History.class, BenchCommand.Replay.class})
final class BenchCommand {

  @Command(
      name = "history",
      mixinStandardHelpOptions = true,
      description = {
        "History cost per deadline change: one approval whose deadline moves N times (+1 h each,",
        "10 min apart) on the time-skipping test service, against the seed's UpdatableTimer loop.",
        "Figures per change at the margin: (with N changes - with none) / N."
      })
  static final class History implements Callable<Integer> {
    @ParentCommand BenchCommand bench;

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
              + "baseline: %s (seed 004's Workflow.await(Duration, condition) loop)%n",
          result.overdue(), result.overdue().timerEvents(), result.baseline());
      System.out.println(OverdueCli.JSON.copy().disable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(result.json()));
      return ExitCodes.DONE;
    }
  }

  @Command(
      name = "replay",
      mixinStandardHelpOptions = true,
      description = {
        "Replay time after N deadline changes, against the seed's loop; and an approval living",
        "through M changes: its runs stay under the size where Temporal suggests continuing as",
        "new, and nothing is lost. Progress on stderr."
      })
  static final class Replay implements Callable<Integer> {
    @Option(names = "--changes", defaultValue = "1000", description = "Changes before replaying (default ${DEFAULT-VALUE}).")
    int changes;

    @Option(names = "--life", defaultValue = "100000", description = "Changes over the long life (default ${DEFAULT-VALUE}).")
    int life;

    @Option(names = "--repeats", defaultValue = "5", description = "Replays timed; the median is reported (default ${DEFAULT-VALUE}).")
    int repeats;

    @Override
    public Integer call() throws Exception {
      if (changes < 1 || life < 1 || repeats < 1) {
        System.err.println("--changes, --life and --repeats must be at least 1");
        return ExitCodes.USAGE;
      }
      describeMachine(
          "bin/overdue bench replay --changes " + changes + " --life " + life + " --repeats " + repeats);
      java.util.Map<String, Object> result = new ReplayBench(System.err).run(changes, life, repeats);
      System.out.println(OverdueCli.JSON.writeValueAsString(result));
      System.out.println(OverdueCli.JSON.copy().disable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(result));
      return ExitCodes.DONE;
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
