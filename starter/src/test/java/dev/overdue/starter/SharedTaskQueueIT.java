package dev.overdue.starter;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The tutorial's newcomer: the quick start's worker (no settings) still runs when the human-task
 * section's {@code bin/overdue-worker --config docs/examples/team.yaml} starts. Both poll task
 * queue overdue; the second says so at its start, naming the first, on the first one's in-memory
 * service as on a dev server. A third with the second's settings is one fleet with it.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class SharedTaskQueueIT {
  private static final Pattern IDENTITY = Pattern.compile("worker identity (.+ overdue settings=[0-9a-f]{8}) ");
  private static final Duration WARNED_WITHIN = Duration.ofSeconds(30);

  @RegisterExtension
  static final DevServerExtension temporal = DevServerExtension.serverOnly(DevServer.Options.headless());

  @Test
  void onTheQuickStartsInMemoryServiceTheTeamsWorkerWarnsNamingIt() throws Exception {
    Map<String, String> env = Map.of("TEMPORAL_ADDRESS", "127.0.0.1:" + Processes.freePort());
    Path logs = temporal.logs().resolve("in-memory");
    try (WorkerProcess quickStart = worker(logs.resolve("quick-start.log"), env, "--embedded");
        WorkerProcess team = worker(logs.resolve("team.log"), env, "--config", "docs/examples/team.yaml")) {
      assertTrue(quickStart.log().contains("IN-MEMORY"), quickStart.log());
      assertFalse(team.log().contains("IN-MEMORY"), "the team's worker joined the first one's service:\n" + team.log());
      awaitWarning(team, identity(team), identity(quickStart));
    }
  }

  @Test
  void onADevServerTheTeamsWorkerWarnsNamingTheQuickStartsButNotItsTwin() throws Exception {
    Map<String, String> env = temporal.server().env();
    Path logs = temporal.logs().resolve("dev-server");
    try (WorkerProcess quickStart = worker(logs.resolve("quick-start.log"), env);
        WorkerProcess team = worker(logs.resolve("team.log"), env, "--config", "docs/examples/team.yaml");
        WorkerProcess twin = worker(logs.resolve("twin.log"), env, "--config", "docs/examples/team.yaml")) {
      awaitWarning(team, identity(team), identity(quickStart));
      awaitWarning(twin, identity(twin), identity(quickStart));
      assertFalse(twin.log().contains("and " + identity(team)), "same settings, no warning:\n" + twin.log());
    }
  }

  private static WorkerProcess worker(Path log, Map<String, String> env, String... args) throws Exception {
    String[] all = new String[args.length + 4];
    System.arraycopy(new String[] {"--metrics-port", "0", "--delivery-store", "memory"}, 0, all, 0, 4);
    System.arraycopy(args, 0, all, 4, args.length);
    return WorkerProcess.start(log, env, all);
  }

  private static String identity(WorkerProcess worker) throws Exception {
    Matcher found = IDENTITY.matcher(worker.log());
    assertTrue(found.find(), "no identity line:\n" + worker.log());
    return found.group(1);
  }

  private static void awaitWarning(WorkerProcess worker, String self, String other) throws Exception {
    assertNotEquals(self.substring(self.indexOf(" overdue ")), other.substring(other.indexOf(" overdue ")));
    worker.awaitLog(
        "WARN TaskQueuePeerCheck - two workers with different settings poll task queue 'overdue': this one ("
            + self + ") and " + other + "; approvals may run on either",
        WARNED_WITHIN);
  }
}
