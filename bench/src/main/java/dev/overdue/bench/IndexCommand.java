package dev.overdue.bench;

import dev.overdue.starter.ExitCodes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code bench index}: the task API's lists over a task index of N open approvals, against the index alone. */
@Command(
    name = "index",
    mixinStandardHelpOptions = true,
    description = {
      "The task API's lists (http-api/target/overdue-api.jar, development mode) over a task index of N open",
      "approvals as the workflows write them (SQLite in the run's directory, or --index), against the same",
      "queries asked of the index directly in the same run. At each number of concurrent callers: p50/p99/max",
      "of the claimable list, the same filtered by data.amount>=10000, and the counts. Goals at 50 callers:",
      "list p99 <= 50 ms, data-filtered p99 <= 100 ms, counts p99 <= 50 ms. Progress on stderr; figures on",
      "stdout, the last line one JSON object."
    })
final class IndexCommand implements Callable<Integer> {
  @Option(names = "--rows", defaultValue = "100000", paramLabel = "N", description = "Open approvals in the index (default ${DEFAULT-VALUE}).")
  int rows;

  @Option(names = "--users", defaultValue = "200", paramLabel = "N", description = "Users (default ${DEFAULT-VALUE}).")
  int users;

  @Option(names = "--callers", defaultValue = "1,10,50", split = ",", paramLabel = "N",
      description = "Concurrent callers, one level each (default ${DEFAULT-VALUE}).")
  List<Integer> callers;

  @Option(names = "--requests", defaultValue = "1000", paramLabel = "N", description = "Calls per kind, side and level (default ${DEFAULT-VALUE}).")
  int requests;

  @Option(names = "--warmup", defaultValue = "200", paramLabel = "N", description = "Calls of each kind before the first level (default ${DEFAULT-VALUE}).")
  int warmup;

  @Option(names = "--index", paramLabel = "URL", description = "A PostgreSQL task index (jdbc:postgresql://…) to fill instead of an SQLite file; use an empty database.")
  String index;

  @Option(names = "--api-java-opts", defaultValue = "-Xmx512m", paramLabel = "OPTIONS", description = "The API's JVM options (default ${DEFAULT-VALUE}).")
  String apiJavaOpts;

  @Option(names = "--quick", description = "1,000 rows, callers 1,2, 20 calls: the shape only.")
  boolean quick;

  @Override
  public Integer call() throws Exception {
    if (quick) {
      rows = 1_000;
      callers = List.of(1, 2);
      requests = 20;
      warmup = 5;
    }
    if (rows < 1 || users < 2 || requests < 1 || callers.stream().anyMatch(c -> c < 1)) {
      System.err.println("--rows, --requests and every --callers must be at least 1, --users at least 2");
      return ExitCodes.USAGE;
    }
    BenchCli.describeMachine("bin/overdue bench index --rows " + rows + " --users " + users + " --callers "
        + String.join(",", callers.stream().map(String::valueOf).toList()) + " --requests " + requests
        + (index == null ? "" : " --index <PostgreSQL>"));
    Path runDir = Files.createTempDirectory("overdue-bench-index");
    IndexBench.Options options = new IndexBench.Options(rows, users, callers, requests, warmup, index, apiJavaOpts,
        BenchCli.root(), runDir);
    System.out.println(BenchCli.oneLine(new IndexBench(options, System.out, System.err).run()));
    return ExitCodes.DONE;
  }
}
