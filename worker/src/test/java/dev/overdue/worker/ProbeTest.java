package dev.overdue.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@code overdue-worker probe} against a small HTTP server that answers as told. */
class ProbeTest {
  private HttpServer server;
  private volatile int status = 200;
  private volatile String body = "ready\n";
  private final CountDownLatch never = new CountDownLatch(1);
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  @BeforeEach
  void startServer() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext(
        "/",
        exchange -> {
          try (exchange) {
            if (exchange.getRequestURI().getPath().equals("/slow")) {
              try {
                never.await();
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
              return;
            }
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
            try (OutputStream stream = exchange.getResponseBody()) {
              stream.write(bytes);
            }
          }
        });
    server.setExecutor(java.util.concurrent.Executors.newCachedThreadPool());
    server.start();
  }

  @AfterEach
  void stopServer() {
    never.countDown();
    server.stop(0);
  }

  private String url(String path) {
    return "http://127.0.0.1:" + server.getAddress().getPort() + path;
  }

  private int run(String... args) {
    return Probe.run(
        args, name -> null, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  private String out() {
    return out.toString(StandardCharsets.UTF_8);
  }

  private String err() {
    return err.toString(StandardCharsets.UTF_8);
  }

  @Test
  void http200IsReadyAndTheWorkersAnswerIsShown() {
    body = "ready: polling task queue overdue\n";
    assertEquals(0, run(url("/readyz")));
    assertTrue(out().contains("ready: HTTP 200 from " + url("/readyz")), out());
    assertTrue(out().contains("polling task queue overdue"), out());
    assertEquals("", err());
  }

  @Test
  void http503IsNotReadyWithTheReason() {
    status = 503;
    body = "not ready: no pollers yet";
    assertEquals(1, run(url("/readyz")));
    assertTrue(err().contains("not ready: HTTP 503 from " + url("/readyz")), err());
    assertTrue(err().contains("no pollers yet"), err());
  }

  @Test
  void anyOtherStatusIsNotReadyEither() {
    status = 404;
    body = "";
    assertEquals(1, run(url("/readyz")));
    assertTrue(err().contains("HTTP 404"), err());
    // A redirect is not followed: the worker never sends one, so it is not the worker.
    status = 302;
    assertEquals(1, run(url("/readyz")));
    assertTrue(err().contains("HTTP 302"), err());
  }

  @Test
  void nothingListeningIsNotReady() throws IOException {
    int port;
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = socket.getLocalPort();
    }
    assertEquals(1, run("http://127.0.0.1:" + port + "/readyz"));
    assertTrue(err().contains("not ready: no answer from http://127.0.0.1:" + port + "/readyz"), err());
    assertTrue(err().contains("connection refused: is the worker running"), err());
  }

  @Test
  void aWorkerThatDoesNotAnswerInTimeIsNotReady() {
    long start = System.nanoTime();
    int exit =
        Probe.probe(
            URI.create(url("/slow")),
            Duration.ofMillis(300),
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    assertEquals(1, exit);
    assertTrue(Duration.ofNanos(System.nanoTime() - start).toMillis() < 2_000, "bounded by the timeout");
    assertTrue(err().contains("not ready: no answer from " + url("/slow") + " (nothing within 300 ms)"), err());
  }

  @Test
  void aLongAnswerIsCutShort() {
    body = "x".repeat(10_000);
    assertEquals(0, run(url("/readyz")));
    assertTrue(out().length() < Probe.MAX_BODY_CHARS + 200, "output length " + out().length());
  }

  @Test
  void helpExitsZeroAndAnUnknownOptionOrASecondArgumentIsAFailure() {
    assertEquals(0, run("--help"));
    assertTrue(out().contains("Usage: overdue-worker probe [URL]"), out());
    assertEquals(1, run("--verbose"));
    assertEquals(1, run(url("/a"), url("/b")));
    assertTrue(err().contains("Usage"), err());
  }

  @Test
  void aUrlThatIsNotHttpIsAFailureNotACrash() {
    assertEquals(1, run("ftp://127.0.0.1/readyz"));
    assertTrue(err().contains("cannot ask ftp://127.0.0.1/readyz"), err());
    assertEquals(1, run("http://bad host/"));
    assertFalse(err().isEmpty());
  }

  @Test
  void theDefaultUrlIsReadyzOnTheMetricsPortTheWorkerUses() {
    assertEquals(URI.create("http://127.0.0.1:9464/readyz"), Probe.defaultUrl(Map.<String, String>of()::get));
    assertEquals(
        URI.create("http://127.0.0.1:39464/readyz"),
        Probe.defaultUrl(Map.of("OVERDUE_METRICS_PORT", "39464")::get));
    // In a container the worker binds every interface; the probe runs beside it.
    assertEquals(
        URI.create("http://127.0.0.1:9464/readyz"),
        Probe.defaultUrl(Map.of("OVERDUE_METRICS_HOST", "0.0.0.0")::get));
    assertEquals(
        URI.create("http://127.0.0.1:9464/readyz"), Probe.defaultUrl(Map.of("OVERDUE_METRICS_HOST", "::")::get));
    assertEquals(
        URI.create("http://10.1.2.3:9464/readyz"),
        Probe.defaultUrl(Map.of("OVERDUE_METRICS_HOST", "10.1.2.3")::get));
    assertEquals(
        URI.create("http://[::1]:9464/readyz"), Probe.defaultUrl(Map.of("OVERDUE_METRICS_HOST", "::1")::get));
  }

  @Test
  void withMetricsOffThereIsNothingToProbeAndTheProbeSaysSo() {
    IllegalArgumentException off =
        assertThrows(
            IllegalArgumentException.class, () -> Probe.defaultUrl(Map.of("OVERDUE_METRICS_PORT", "0")::get));
    assertTrue(off.getMessage().contains("nothing to probe"), off.getMessage());
    assertEquals(
        1,
        Probe.run(
            new String[0],
            Map.of("OVERDUE_METRICS_PORT", "0")::get,
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8)));
    assertTrue(err().contains("OVERDUE_METRICS_PORT is 0"), err());
  }

  @Test
  void withoutAUrlItAsksTheDefaultOne() {
    body = "ready";
    int port = server.getAddress().getPort();
    assertEquals(
        0,
        Probe.run(
            new String[0],
            Map.of("OVERDUE_METRICS_PORT", Integer.toString(port))::get,
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8)));
    assertTrue(out().contains("from http://127.0.0.1:" + port + "/readyz"), out());
  }
}
