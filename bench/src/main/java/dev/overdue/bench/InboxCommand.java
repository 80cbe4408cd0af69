package dev.overdue.bench;

import dev.overdue.starter.ExitCodes;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code bench inbox}: the inbox's pages against the API calls they make. */
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
final class InboxCommand implements Callable<Integer> {
  @Option(names = "--callers", defaultValue = "1,10", split = ",", paramLabel = "N",
      description = "Concurrent people, one level each (default ${DEFAULT-VALUE}).")
  List<Integer> callers;

  @Option(names = "--inbox-java-opts", defaultValue = "-Xmx512m", paramLabel = "OPTIONS",
      description = "JVM options of the inbox process (default ${DEFAULT-VALUE}).")
  String inboxJavaOpts;

  @CommandLine.Mixin
  HttpBenchOptions http;

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
