package dev.overdue.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.PrintWriter;
import java.io.Writer;
import org.junit.jupiter.api.Test;
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
}
