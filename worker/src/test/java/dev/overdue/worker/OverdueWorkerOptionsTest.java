package dev.overdue.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class OverdueWorkerOptionsTest {
  @Test
  void metricsDefaultToLoopbackPort9464() {
    assumeTrue(
        System.getenv("OVERDUE_METRICS_PORT") == null
            && System.getenv("OVERDUE_METRICS_HOST") == null,
        "OVERDUE_METRICS_* set in this environment");
    OverdueWorker worker = new OverdueWorker();
    new CommandLine(worker).parseArgs();
    assertEquals(9464, worker.metricsPort);
    assertEquals("127.0.0.1", worker.metricsHost);
  }

  @Test
  void metricsPortZeroIsAccepted() {
    OverdueWorker worker = new OverdueWorker();
    new CommandLine(worker).parseArgs("--metrics-port", "0", "--metrics-host", "0.0.0.0");
    assertEquals(0, worker.metricsPort);
    assertEquals("0.0.0.0", worker.metricsHost);
  }

  @Test
  void aMetricsPortOutOfRangeIsAUsageError() {
    CommandLine cli = new CommandLine(new OverdueWorker());
    cli.setErr(new PrintWriter(Writer.nullWriter()));
    assertEquals(2, cli.execute("--metrics-port", "70000"));
    assertEquals(2, cli.execute("--metrics-port", "-1"));
  }

  @Test
  void theStickyCacheAndItsThreadsAreAutomaticUnlessSet() {
    assumeTrue(
        System.getenv("OVERDUE_WORKFLOW_CACHE_SIZE") == null && System.getenv("OVERDUE_WORKFLOW_THREADS") == null,
        "OVERDUE_WORKFLOW_CACHE_SIZE or OVERDUE_WORKFLOW_THREADS set in this environment");
    OverdueWorker worker = new OverdueWorker();
    new CommandLine(worker).parseArgs();
    assertEquals(null, worker.workflowCacheSize);
    assertEquals(WorkflowCache.Threads.AUTO, worker.workflowThreads);
    new CommandLine(worker).parseArgs("--workflow-cache-size", "10000", "--workflow-threads", "platform");
    assertEquals(10_000, worker.workflowCacheSize);
    assertEquals(WorkflowCache.Threads.PLATFORM, worker.workflowThreads);
    CommandLine cli = new CommandLine(new OverdueWorker());
    cli.setErr(new PrintWriter(Writer.nullWriter()));
    assertEquals(2, cli.execute("--workflow-cache-size", "0"));
    assertEquals(2, cli.execute("--workflow-cache-size", "many"));
    assertEquals(2, cli.execute("--workflow-threads", "green"));
  }

  @Test
  void virtualWorkflowThreadsBeforeJava21AreAUsageError() {
    assumeTrue(Runtime.version().feature() < 21, "this JVM has virtual threads");
    CommandLine cli = new CommandLine(new OverdueWorker());
    cli.setErr(new PrintWriter(Writer.nullWriter()));
    assertEquals(2, cli.execute("--workflow-threads", "virtual"));
  }

  @Test
  void theDrainTimeoutAndTheTimerCountIntervalTakeSecondsMinutesOrIso() {
    assumeTrue(
        System.getenv("OVERDUE_DRAIN_TIMEOUT") == null && System.getenv("OVERDUE_TIMER_COUNT_INTERVAL") == null,
        "OVERDUE_DRAIN_TIMEOUT or OVERDUE_TIMER_COUNT_INTERVAL set in this environment");
    OverdueWorker worker = new OverdueWorker();
    new CommandLine(worker).parseArgs();
    assertEquals(Duration.ofSeconds(30), worker.drainTimeout);
    assertEquals(Duration.ofSeconds(15), worker.timerCountInterval);
    new CommandLine(worker).parseArgs("--drain-timeout", "2m", "--timer-count-interval", "0");
    assertEquals(Duration.ofMinutes(2), worker.drainTimeout);
    assertEquals(Duration.ZERO, worker.timerCountInterval);
    assertEquals(Duration.ofSeconds(45), Durations.parse("45"));
    assertEquals(Duration.ofSeconds(45), Durations.parse("PT45S"));
    assertEquals(Duration.ofMillis(500), Durations.parse("500ms"));
    CommandLine cli = new CommandLine(new OverdueWorker());
    cli.setErr(new PrintWriter(Writer.nullWriter()));
    assertEquals(2, cli.execute("--drain-timeout", "soon"));
    assertEquals(2, cli.execute("--drain-timeout", "-PT5S"));
  }

  @Test
  void aBadSettingsFileStopsTheStartWithExitCode2BeforeAnythingConnects(@TempDir Path dir) throws Exception {
    Path config = dir.resolve("overdue.yaml");
    Files.writeString(config, "notifications:\n  emial:\n    host: smtp\n");
    CommandLine cli = new CommandLine(new OverdueWorker());
    cli.setErr(new PrintWriter(Writer.nullWriter()));
    assertEquals(
        2,
        cli.execute("--config", config.toString(), "--metrics-port", "0", "--delivery-store", "memory"));
  }

  @Test
  void anUnreachableDatabaseStoreStopsTheStartWithExitCode2() throws Exception {
    int closed;
    try (java.net.ServerSocket socket = new java.net.ServerSocket(0)) {
      closed = socket.getLocalPort();
    }
    CommandLine cli = new CommandLine(new OverdueWorker());
    cli.setErr(new PrintWriter(Writer.nullWriter()));
    assertEquals(
        2,
        cli.execute(
            "--metrics-port", "0",
            "--delivery-store", "jdbc:postgresql://127.0.0.1:" + closed + "/overdue?user=overdue&password=pw"));
    assertEquals(
        2, cli.execute("--metrics-port", "0", "--delivery-store", "jdbc:mysql://127.0.0.1/overdue"),
        "only PostgreSQL URLs");
  }

  @Test
  void aBadInboxUrlStopsTheStartNamingTheOptionAndItsVariable() {
    IllegalArgumentException refused =
        org.junit.jupiter.api.Assertions.assertThrows(
            IllegalArgumentException.class, () -> OverdueWorker.inbox("https://inbox.example.com/#tasks"));
    assertEquals(
        "--inbox-url (env OVERDUE_INBOX_URL) must have no ?query or #fragment: https://inbox.example.com/#tasks",
        refused.getMessage());
    assertEquals("https://inbox.example.com", OverdueWorker.inbox("https://inbox.example.com/").base());
    CommandLine cli = new CommandLine(new OverdueWorker());
    cli.setErr(new PrintWriter(Writer.nullWriter()));
    assertEquals(
        2, cli.execute("--metrics-port", "0", "--delivery-store", "memory", "--inbox-url", "ftp://inbox.example.com"));
  }

  @Test
  void theExampleSettingsLoad() {
    Map<String, String> environment =
        Map.of("SMTP_PASSWORD", "pw", "OPS_WEBHOOK_SECRET", "secret");
    WorkerSettings settings =
        WorkerSettings.load(Path.of("..", "docs", "examples", "overdue.yaml"), environment::get);
    assertEquals(Set.of("ops", "slack"), settings.notifications().webhooks().keySet());
    assertEquals("frank@example.com", settings.directory().person("frank").email());
    assertEquals(
        List.of("alice", "bob"),
        settings.directory().resolve(List.of("managers"), settings.notifications().webhooks().keySet())
            .resolved().stream().map(r -> r.name()).toList());
    assertEquals(LoggingSettings.Format.TEXT, settings.logging().formatOr(null));
    assertEquals(Map.of("io.temporal", "WARN", "dev.overdue", "INFO"), settings.logging().levels());
  }
}
