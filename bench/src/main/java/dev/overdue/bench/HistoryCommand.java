package dev.overdue.bench;

import dev.overdue.starter.ExitCodes;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code bench history}: what moving a deadline costs in history events, against the updatable-timer sample. */
@Command(
    name = "history",
    mixinStandardHelpOptions = true,
    description = {
      "History cost per deadline change: one approval whose deadline moves N times (+1 h each,",
      "10 min apart) on the time-skipping test service, against Temporal's updatable-timer sample loop.",
      "Figures per change at the margin: (with N changes - with none) / N."
    })
final class HistoryCommand implements Callable<Integer> {
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
    BenchCli.describeMachine("bin/overdue bench history --changes " + changes + " --repeats " + repeats);
    HistoryBench.Result result = HistoryBench.run(changes, repeats);
    System.out.printf(
        "overdue : %s%n          (%.3f events per change without the NextDeadline upserts)%n"
            + "baseline: %s (the updatable-timer sample's Workflow.await(Duration, condition) loop)%n",
        result.overdue(), result.overdue().timerEvents(), result.baseline());
    System.out.println(BenchCli.oneLine(result.json()));
    return ExitCodes.DONE;
  }
}
