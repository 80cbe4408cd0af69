package dev.overdue.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The jars a user runs, traced as docs/guide/traces.md says: {@code bin/overdue start} and
 * the worker both with OTEL_TRACES_EXPORTER=console (spans printed to stderr). The CLI's start,
 * the worker's notify activity and webhook POST, and the receiver's {@code traceparent} carry one
 * trace id, across two processes and the Temporal service between them.
 */
class TracesIT {
  /** The console exporter's line: 'NAME' : TRACE_ID SPAN_ID KIND ... */
  private static final Pattern SPAN = Pattern.compile("'([^']+)' : ([0-9a-f]{32}) ([0-9a-f]{16}) ");

  @TempDir Path dir;

  @Test
  void aStartFromTheCliAndItsTimersWebhookNotificationAreOneTrace() throws Exception {
    List<String> traceparents = new CopyOnWriteArrayList<>();
    HttpServer receiver = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    receiver.createContext("/", exchange -> {
      String header = exchange.getRequestHeaders().getFirst("traceparent");
      traceparents.add(header == null ? "(none)" : header);
      exchange.getRequestBody().readAllBytes();
      exchange.sendResponseHeaders(200, -1);
      exchange.close();
    });
    receiver.start();
    Path settings = dir.resolve("overdue.yaml");
    Files.writeString(settings, """
        notifications:
          store: memory
          webhooks:
            ops:
              url: http://127.0.0.1:%d/hooks/t0k3n
        """.formatted(receiver.getAddress().getPort()));
    Path request = dir.resolve("request.json");
    Files.writeString(request, """
        {"requestId": "TR-1", "title": "Traced", "requester": "carol",
         "steps": [{"name": "manager", "approvers": ["alice"]}],
         "timers": [{"name": "nag", "limit": "PT2S",
                     "handlers": [{"action": "notify", "to": ["webhook:ops"]}]}]}
        """);
    String address = "127.0.0.1:" + Processes.freePort();
    Map<String, String> traced = Map.of("TEMPORAL_ADDRESS", address, "OTEL_TRACES_EXPORTER", "console");
    Path log = Processes.logsOf("TracesIT").resolve("worker.log");
    try (WorkerProcess worker =
        WorkerProcess.start(log, traced, "--embedded", "--metrics-port", "0", "--config", settings.toString())) {
      worker.awaitLog("traces: on, service overdue-worker, exporter console", Duration.ofSeconds(5));

      Processes.Result started = Processes.overdue(traced, "start", "--file", request.toString());
      assertEquals(0, started.exit(), started.toString());
      String trace = traceOf("StartWorkflow:ApprovalWorkflow", started.err());
      Processes.Result enabled = Processes.overdue(Map.of("TEMPORAL_ADDRESS", address), "enable-timer", "TR-1", "nag");
      assertEquals(0, enabled.exit(), enabled.toString());
      assertTrue(enabled.err().isEmpty(), "untraced without OTEL_*: " + enabled.err());

      // The webhook's POST, not just a Deliver: the step's offer to alice is delivered (to the log) first.
      worker.awaitLog("'POST' : " + trace, Duration.ofSeconds(30));
      String workerLog = Files.readString(log);
      assertEquals(trace, traceOf("POST", workerLog), "the webhook's POST is in the start's trace");
      assertEquals(1, traceparents.size(), traceparents.toString());
      assertEquals(trace, traceparents.get(0).split("-")[1], "the receiver gets the trace: " + traceparents);
    } finally {
      receiver.stop(0);
    }
  }

  private static String traceOf(String span, String output) {
    Matcher matcher = SPAN.matcher(output);
    while (matcher.find()) {
      if (matcher.group(1).equals(span)) {
        return matcher.group(2);
      }
    }
    throw new AssertionError("no span " + span + " in:\n" + output);
  }
}
