package dev.overdue.bench;

import dev.overdue.starter.ExitCodes;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code bench replay}: replay time after many deadline changes, and a long life across continue-as-new. */
@Command(
    name = "replay",
    mixinStandardHelpOptions = true,
    description = {
      "Replay time after N deadline changes, against that sample's loop; and an approval living",
      "through M changes: its runs stay under the size where Temporal suggests continuing as",
      "new, and nothing is lost. Progress on stderr."
    })
final class ReplayCommand implements Callable<Integer> {
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
    BenchCli.describeMachine(
        "bin/overdue bench replay --changes " + changes + " --life " + life + " --repeats " + repeats);
    Map<String, Object> result = new ReplayBench(System.err).run(changes, life, repeats);
    System.out.println(BenchCli.JSON.writeValueAsString(result));
    System.out.println(BenchCli.oneLine(result));
    return ExitCodes.DONE;
  }
}
