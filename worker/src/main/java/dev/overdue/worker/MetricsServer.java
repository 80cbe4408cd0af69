package dev.overdue.worker;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import com.uber.m3.tally.RootScopeBuilder;
import com.uber.m3.tally.Scope;
import com.uber.m3.tally.ScopeCloseException;
import dev.overdue.workflow.OverdueMetrics;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.temporal.common.reporter.MicrometerClientStatsReporter;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The worker's Prometheus endpoint, {@code GET http://HOST:PORT/metrics}. The SDK's client and
 * worker metrics, and the counters and timers workflow code emits through {@code
 * Workflow.getMetricsScope()}, flow from a tally scope through the SDK's {@link
 * MicrometerClientStatsReporter} into a {@link PrometheusMeterRegistry}; that registry also holds the
 * gauges of {@link OverdueMetrics}' live timer counts and the JVM's own: heap and other memory
 * ({@code jvm_memory_*}), garbage collection ({@code jvm_gc_*}) and CPU ({@code process_cpu_*},
 * {@code system_cpu_*}).
 *
 * <p>Metrics are optional: port 0, or a port that cannot be bound, leaves them off (the latter with
 * a warning) and the worker runs on.
 */
public final class MetricsServer implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(MetricsServer.class);

  public static final int DEFAULT_PORT = 9464;
  public static final String DEFAULT_HOST = "127.0.0.1";
  public static final String PATH = "/metrics";
  /** How often tally hands its buffered counters and gauges to the registry, in seconds. */
  static final int REPORT_EVERY_SECONDS = 1;
  /** The Prometheus text exposition format. */
  static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

  private final PrometheusMeterRegistry registry;
  private final Scope scope;
  private final HttpServer http;
  /** Listens to the JVM's GC notifications; closed with the server. */
  private final JvmGcMetrics gcMetrics;

  private MetricsServer(
      PrometheusMeterRegistry registry, Scope scope, HttpServer http, JvmGcMetrics gcMetrics) {
    this.registry = registry;
    this.scope = scope;
    this.http = http;
    this.gcMetrics = gcMetrics;
  }

  private static MetricsServer off() {
    return new MetricsServer(null, null, null, null);
  }

  /**
   * Serves the metrics on {@code host:port}. Port 0 disables them; a port or host that cannot be
   * bound disables them with a warning. Never throws for either.
   */
  public static MetricsServer start(String host, int port) {
    if (port == 0) {
      log.info("metrics disabled (metrics port 0)");
      return off();
    }
    PrometheusMeterRegistry registry = newRegistry();
    HttpServer http;
    try {
      http = HttpServer.create(new InetSocketAddress(host, port), 0);
    } catch (IOException | IllegalArgumentException e) {
      log.warn(
          "metrics disabled: cannot serve them on {}:{} ({}); set --metrics-port or"
              + " OVERDUE_METRICS_PORT to a free port, or 0",
          host,
          port,
          e.toString());
      registry.close();
      return off();
    }
    JvmGcMetrics gcMetrics = new JvmGcMetrics();
    gcMetrics.bindTo(registry);
    MetricsServer server = new MetricsServer(registry, newScope(registry), http, gcMetrics);
    http.createContext(PATH, server::handle);
    http.start();
    log.info("Prometheus metrics at http://{}:{}{}", host, port, PATH);
    return server;
  }

  /**
   * A registry holding Overdue's gauges, which read the live counts at every scrape, and the JVM's
   * memory and CPU gauges (garbage collection is bound by {@link #start}, as it needs closing).
   */
  static PrometheusMeterRegistry newRegistry() {
    PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    new JvmMemoryMetrics().bindTo(registry);
    new ProcessorMetrics().bindTo(registry);
    Gauge.builder(OverdueMetrics.TIMERS_RUNNING, OverdueMetrics::timersRunning)
        .description("Timers RUNNING over the approvals this worker has run since it started")
        .register(registry);
    Gauge.builder(OverdueMetrics.TIMERS_SUSPENDED, OverdueMetrics::timersSuspended)
        .description("Timers SUSPENDED over the approvals this worker has run since it started")
        .register(registry);
    return registry;
  }

  /** The scope the SDK reports to, feeding {@code registry}. */
  static Scope newScope(PrometheusMeterRegistry registry) {
    return new RootScopeBuilder()
        .reporter(new MicrometerClientStatsReporter(registry))
        .reportEvery(com.uber.m3.util.Duration.ofSeconds(REPORT_EVERY_SECONDS));
  }

  /** Whether the endpoint is up. */
  public boolean serving() {
    return http != null;
  }

  /** The port served on; 0 when not serving. */
  public int port() {
    return http == null ? 0 : http.getAddress().getPort();
  }

  /** The scope to hand the service stubs; null when metrics are off. */
  public Scope scope() {
    return scope;
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      if (!PATH.equals(exchange.getRequestURI().getPath())) {
        exchange.sendResponseHeaders(404, -1);
        return;
      }
      String method = exchange.getRequestMethod();
      boolean head = "HEAD".equals(method);
      if (!head && !"GET".equals(method)) {
        exchange.getResponseHeaders().set("Allow", "GET, HEAD");
        exchange.sendResponseHeaders(405, -1);
        return;
      }
      byte[] body = registry.scrape().getBytes(StandardCharsets.UTF_8);
      exchange.getResponseHeaders().set("Content-Type", CONTENT_TYPE);
      if (head) {
        exchange.sendResponseHeaders(200, -1);
        return;
      }
      exchange.sendResponseHeaders(200, body.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(body);
      }
    }
  }

  /** Stops serving, hands tally's last buffered values to the registry and closes it. */
  @Override
  public void close() {
    if (http == null) {
      return;
    }
    http.stop(0);
    gcMetrics.close();
    try {
      scope.close();
    } catch (ScopeCloseException e) {
      log.warn("closing the metrics scope: {}", e.toString());
    }
    registry.close();
  }
}
