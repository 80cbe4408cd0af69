package dev.overdue.worker;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import com.uber.m3.tally.RootScopeBuilder;
import com.uber.m3.tally.Scope;
import com.uber.m3.tally.ScopeCloseException;
import io.micrometer.core.instrument.MeterRegistry;
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
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The worker's Prometheus endpoint, {@code GET http://HOST:PORT/metrics}, beside the probes
 * {@code /healthz} and {@code /readyz} ({@link Health}: 200 when every check passes, 503 when one
 * fails). The SDK's client and
 * worker metrics, and the counters and timers workflow code emits through {@code
 * Workflow.getMetricsScope()}, flow from a tally scope through the SDK's {@link
 * MicrometerClientStatsReporter} into a {@link PrometheusMeterRegistry}; that registry also holds the
 * fleet's open-timer gauges ({@link TimerCounts}) and the JVM's own: heap and other memory
 * ({@code jvm_memory_*}), garbage collection ({@code jvm_gc_*}) and CPU ({@code process_cpu_*},
 * {@code system_cpu_*}).
 *
 * <p>Metrics are optional: port 0, or a port that cannot be bound, leaves them off, and the probes
 * with them (the latter with a warning), and the worker runs on.
 */
public final class MetricsServer implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(MetricsServer.class);

  public static final int DEFAULT_PORT = 9464;
  public static final String DEFAULT_HOST = "127.0.0.1";
  public static final String PATH = "/metrics";
  public static final String LIVENESS = "/healthz";
  public static final String READINESS = "/readyz";
  /** How often tally hands its buffered counters and gauges to the registry, in seconds. */
  static final int REPORT_EVERY_SECONDS = 1;
  /** The Prometheus text exposition format. */
  static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

  private final PrometheusMeterRegistry registry;
  private final Scope scope;
  private final HttpServer http;
  /** Listens to the JVM's GC notifications; closed with the server. */
  private final JvmGcMetrics gcMetrics;
  /** What /healthz and /readyz answer; "starting" until the worker has connected. */
  private volatile Health health = Health.starting();

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
    http.createContext("/", server::handle);
    // Two threads: a readiness probe waiting on an unreachable Temporal does not hold up a scrape.
    http.setExecutor(Executors.newFixedThreadPool(2, daemon()));
    http.start();
    log.info(
        "Prometheus metrics at http://{}:{}{}; liveness {}, readiness {}",
        host,
        port,
        PATH,
        LIVENESS,
        READINESS);
    return server;
  }

  /**
   * A registry holding the JVM's memory and CPU gauges (garbage collection is bound by {@link
   * #start}, as it needs closing); {@link TimerCounts} adds the open-timer gauges.
   */
  static PrometheusMeterRegistry newRegistry() {
    PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    new JvmMemoryMetrics().bindTo(registry);
    new ProcessorMetrics().bindTo(registry);
    return registry;
  }

  /** The scope the SDK reports to, feeding {@code registry}. */
  static Scope newScope(PrometheusMeterRegistry registry) {
    return new RootScopeBuilder()
        .reporter(new MicrometerClientStatsReporter(registry))
        .reportEvery(com.uber.m3.util.Duration.ofSeconds(REPORT_EVERY_SECONDS));
  }

  private static ThreadFactory daemon() {
    return task -> {
      Thread thread = new Thread(task, "overdue-metrics-http");
      thread.setDaemon(true);
      return thread;
    };
  }

  /** Whether the endpoint is up. */
  public boolean serving() {
    return http != null;
  }

  /** The port served on; 0 when not serving. */
  public int port() {
    return http == null ? 0 : http.getAddress().getPort();
  }

  /** From now on /healthz and /readyz answer from {@code health}. */
  public void serve(Health health) {
    this.health = health;
  }

  /** The registry scrapes read; null when metrics are off. */
  public MeterRegistry registry() {
    return registry;
  }

  /** The scope to hand the service stubs; null when metrics are off. */
  public Scope scope() {
    return scope;
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      String path = exchange.getRequestURI().getPath();
      if (!PATH.equals(path) && !LIVENESS.equals(path) && !READINESS.equals(path)) {
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
      int status = 200;
      String text;
      if (PATH.equals(path)) {
        text = registry.scrape();
        exchange.getResponseHeaders().set("Content-Type", CONTENT_TYPE);
      } else {
        boolean live = LIVENESS.equals(path);
        Health.Report report = live ? health.live() : health.ready();
        status = report.ok() ? 200 : 503;
        text = report.body(live ? "live" : "ready");
        exchange.getResponseHeaders().set("Content-Type", "text/plain; charset=utf-8");
        exchange.getResponseHeaders().set("Cache-Control", "no-store");
      }
      byte[] body = text.getBytes(StandardCharsets.UTF_8);
      if (head) {
        exchange.sendResponseHeaders(status, -1);
        return;
      }
      exchange.sendResponseHeaders(status, body.length);
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
    ((ExecutorService) http.getExecutor()).shutdownNow();
    gcMetrics.close();
    try {
      scope.close();
    } catch (ScopeCloseException e) {
      log.warn("closing the metrics scope: {}", e.toString());
    }
    registry.close();
  }
}
