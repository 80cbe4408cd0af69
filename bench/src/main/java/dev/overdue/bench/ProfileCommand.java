package dev.overdue.bench;

import dev.overdue.starter.ExitCodes;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code bench profile}: where a worker's CPU went, from the collapsed stacks bench scale --profile writes. */
@Command(
    name = "profile",
    mixinStandardHelpOptions = true,
    description = {
      "Where a worker's CPU went, read from async-profiler's collapsed stacks (what bench scale --profile",
      "writes into target/bench-scale/<time>/): JIT, GC, workflow tasks split by what they did, polling."
    })
final class ProfileCommand implements Callable<Integer> {
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
    System.out.println(BenchCli.oneLine(json));
    return ExitCodes.DONE;
  }
}
