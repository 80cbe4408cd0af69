package dev.overdue.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.net.ConnectException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** An outage's two lines, on a clock the test moves. */
class ServerOutageTest {
  static final StatusRuntimeException REFUSED =
      Status.UNAVAILABLE
          .withDescription("io exception")
          .withCause(new ConnectException("finishConnect(..) failed: Connection refused"))
          .asRuntimeException();
  static final StatusRuntimeException STOPPING =
      Status.UNAVAILABLE
          .withDescription("Connection closed after GOAWAY. HTTP/2 error code: NO_ERROR, debug data: graceful_stop")
          .asRuntimeException();

  final AtomicLong nanos = new AtomicLong(1_000_000_000L);
  final AtomicBoolean up = new AtomicBoolean(false);
  final AtomicInteger asked = new AtomicInteger();
  final AtomicBoolean broken = new AtomicBoolean(false);
  final LogLines lines = new LogLines();
  final ServerOutage outage =
      new ServerOutage("127.0.0.1:7233", () -> {
        asked.incrementAndGet();
        if (broken.get()) {
          throw new IllegalStateException("stubs shut down");
        }
        return up.get();
      }, nanos::get, lines.logger("ServerOutage"));

  @Test
  void anOutageIsOneLineWhenLostAndOneWhenBackWithItsLength() {
    outage.check();
    assertEquals(0, asked.get(), "the server is not asked while it answers the worker");

    outage.lost(STOPPING);
    advance(Duration.ofMillis(300));
    outage.lost(REFUSED);
    outage.check();
    broken.set(true);
    outage.check();
    broken.set(false);
    advance(Duration.ofSeconds(11));
    outage.lost(REFUSED);
    outage.check();
    assertEquals(
        List.of("WARN lost the Temporal server at 127.0.0.1:7233: UNAVAILABLE: Connection closed after GOAWAY;"
            + " retrying"),
        lines.all());

    up.set(true);
    advance(Duration.ofMillis(600));
    outage.check();
    assertEquals("INFO reconnected to the Temporal server at 127.0.0.1:7233 after 12 s", lines.all().get(1));
    outage.check();
    assertEquals(4, asked.get(), "asked while out only");
    assertEquals(2, lines.all().size());
  }

  @Test
  void failuresJustAfterTheReconnectionAreTheOutagesTailAndLaterOnesANewOutage() {
    outage.lost(REFUSED);
    up.set(true);
    outage.check();
    advance(ServerOutage.TAIL.minusMillis(1));
    outage.lost(REFUSED);
    assertEquals(2, lines.all().size(), String.join("\n", lines.all()));

    advance(Duration.ofMillis(1));
    outage.lost(REFUSED);
    assertEquals(
        "WARN lost the Temporal server at 127.0.0.1:7233: UNAVAILABLE: finishConnect(..) failed: Connection refused;"
            + " retrying",
        lines.all().get(2));
  }

  @Test
  void unavailableIsTheServerOutOfReachNotTheWorkersChannelShuttingDown() {
    assertSame(REFUSED, ServerOutage.unavailable(new RuntimeException("reporting failed", REFUSED)));
    assertNull(ServerOutage.unavailable(Status.PERMISSION_DENIED.asRuntimeException()));
    assertNull(ServerOutage.unavailable(new NullPointerException()));
    assertNull(ServerOutage.unavailable(Status.UNAVAILABLE.withDescription("Channel shutdown invoked").asRuntimeException()));
  }

  private void advance(Duration by) {
    nanos.addAndGet(by.toNanos());
  }
}
