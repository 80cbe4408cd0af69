package dev.overdue.starter;

import dev.overdue.starter.Processes.Result;
import java.nio.file.Files;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** {@code bin/cluster} as the cluster tests run it, and what its {@code status} says. */
final class Cluster {
  private Cluster() {}

  private static final Pattern PROCESS =
      Pattern.compile("(?m)^(postgresql|frontend|history|matching|worker) +running +pid (\\d+)");

  /**
   * Whether the cluster can run here: Temporal's server is built, or Go is there to build it. In
   * CI, where .ci/run has built it, always: a missing server is then a failure, not a skip.
   */
  static boolean canRun() throws Exception {
    String ci = System.getenv("CI");
    return Files.isExecutable(Processes.ROOT.resolve(".tools/temporal-server/temporal-server"))
        || Processes.run(List.of("bash", "-c", "command -v go"), Map.of(), Duration.ofSeconds(10)).exit() == 0
        || (ci != null && !ci.isBlank());
  }

  /** {@code bin/cluster COMMAND} with the OVERDUE_CLUSTER_* settings in {@code env}. */
  static Result run(Map<String, String> env, String command) throws Exception {
    return Processes.run(
        List.of("bash", Processes.ROOT.resolve("bin/cluster").toString(), command), env, Duration.ofMinutes(40));
  }

  /** Each running process of {@code bin/cluster status}, by name, with its pid. */
  static Map<String, Long> pids(Result status) {
    Map<String, Long> pids = new HashMap<>();
    Matcher matcher = PROCESS.matcher(status.out());
    while (matcher.find()) {
      pids.put(matcher.group(1), Long.parseLong(matcher.group(2)));
    }
    return pids;
  }
}
