package dev.overdue.bench;

import dev.overdue.starter.ExitCodes;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code bench api}: the HTTP task API's lists and approves against the same calls through the Temporal client. */
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
final class ApiCommand implements Callable<Integer> {
  @Option(names = "--callers", defaultValue = "1,10,50", split = ",", paramLabel = "N",
      description = "Concurrent callers, one level each (default ${DEFAULT-VALUE}).")
  List<Integer> callers;

  @Option(names = "--staleness", defaultValue = "50", paramLabel = "N", description = "Staleness samples (default ${DEFAULT-VALUE}).")
  int staleness;

  @CommandLine.Mixin
  HttpBenchOptions http;

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
