package dev.overdue.worker;

import static dev.overdue.worker.ServerOutageTest.REFUSED;
import static org.junit.jupiter.api.Assertions.assertEquals;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import io.grpc.Status;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** Which lines the filter takes for the outage's, fed as the SDK, gRPC and the worker log them. */
class OutageLoggedOnceTest {
  final LogLines lines = new LogLines();
  final ServerOutage outage =
      new ServerOutage("127.0.0.1:7233", () -> false, new AtomicLong(1)::get, lines.logger("ServerOutage"));
  final Logger poller = lines.with(new OutageLoggedOnce(outage)).logger("io.temporal.internal.worker.BasePoller");

  @Test
  void thePollersUnavailableWarningsAreTheOutagesOneLine() {
    for (int thread = 1; thread <= 5; thread++) {
      poller.warn("Failure in poller thread {}", "Workflow Poller: " + thread, REFUSED);
    }
    lines.logger("io.temporal.internal.worker.WorkflowWorker")
        .warn("Failure while reporting workflow progress to the server. WorkflowId={}", "approval-PO-1", REFUSED);
    lines.logger("io.grpc.internal.ManagedChannelImpl").error("from java.util.logging", REFUSED);

    assertEquals(
        List.of("WARN lost the Temporal server at 127.0.0.1:7233: UNAVAILABLE: finishConnect(..) failed:"
            + " Connection refused; retrying"),
        lines.all());
  }

  @Test
  void everyOtherLinePassesTheSdksOtherFailuresAndTheWorkersOwnToo() {
    poller.warn("Failure in poller thread {}", "Workflow Poller: 1", Status.PERMISSION_DENIED.asRuntimeException());
    poller.warn("Failure in poller thread {}", "Workflow Poller: 2", new NullPointerException("a bug"));
    poller.warn("Failure in poller thread {}", "Workflow Poller: 3",
        Status.UNAVAILABLE.withDescription("Channel shutdown invoked").asRuntimeException());
    poller.warn("no exception at all");
    lines.logger("dev.overdue.worker.OverdueWorker").warn("the worker's own", REFUSED);

    assertEquals(5, lines.all().size(), String.join("\n", lines.all()));
    assertEquals(4, lines.withStackTrace());
  }

  @Test
  void atDebugTheSdksLinesShowBesideTheOutagesLine() {
    lines.logger("io.temporal").setLevel(Level.DEBUG);
    poller.warn("Failure in poller thread {}", "Workflow Poller: 1", REFUSED);
    poller.debug("poll task suspending");

    assertEquals(
        List.of(
            "WARN lost the Temporal server at 127.0.0.1:7233: UNAVAILABLE: finishConnect(..) failed: Connection"
                + " refused; retrying",
            "WARN Failure in poller thread Workflow Poller: 1",
            "DEBUG poll task suspending"),
        lines.all());
  }
}
