package dev.overdue.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.uber.m3.tally.Scope;
import dev.overdue.client.Connection;
import dev.overdue.workflow.OverdueMetrics;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowOptions;
import io.temporal.envconfig.ClientConfigProfile;
import io.temporal.serviceclient.WorkflowServiceStubs;
import io.temporal.worker.WorkerFactory;
import io.temporal.workflow.Workflow;
import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.WorkflowMethod;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The worker's metrics as Prometheus sees them: counters and a timer recorded by workflow code
 * through {@code Workflow.getMetricsScope()} on a worker whose stubs carry the worker's scope and
 * the SDK's own {@code temporal_*} series, all scraped over HTTP; the probes beside them.
 */
class MetricsServerTest {
  private static final HttpClient HTTP = HttpClient.newHttpClient();
  private static final String TASK_QUEUE = "metrics-test";

  private final List<AutoCloseable> open = new ArrayList<>();

  @AfterEach
  void tearDown() throws Exception {
    for (int i = open.size() - 1; i >= 0; i--) {
      open.get(i).close();
    }
  }

  @WorkflowInterface
  public interface EmittingWorkflow {
    @WorkflowMethod
    void emit();
  }

  /** Emits each Overdue metric the way ApprovalWorkflowImpl does, with its documented tags. */
  public static class EmittingWorkflowImpl implements EmittingWorkflow {
    @Override
    public void emit() {
      Scope scope = Workflow.getMetricsScope();
      scope.tagged(Map.of("kind", "USER")).counter(OverdueMetrics.EXPIRIES).inc(2);
      scope.tagged(Map.of("kind", "PROCESS")).counter(OverdueMetrics.EXPIRIES).inc(1);
      scope
          .timer(OverdueMetrics.EXPIRY_LATENESS)
          .record(com.uber.m3.util.Duration.ofMillis(1500));
      scope.counter(OverdueMetrics.WARNINGS_RAISED).inc(3);
      scope.counter(OverdueMetrics.NOTIFICATIONS_SENT).inc(4);
      scope.counter(OverdueMetrics.NOTIFICATIONS_FAILED).inc(5);
      scope
          .tagged(Map.of("command", "approve", "via", "update"))
          .counter(OverdueMetrics.COMMANDS_REJECTED)
          .inc(1);
    }
  }

  @Test
  void scrapeShowsWorkflowCountersAndSdkSeries() throws Exception {
    MetricsServer metrics = MetricsServer.start("127.0.0.1", FreePorts.free());
    open.add(metrics);
    assertTrue(metrics.serving());

    // The worker's wiring: Connection.serviceStubs(scope), a worker on those stubs.
    String address = "127.0.0.1:" + FreePorts.free();
    open.add(EmbeddedTemporal.start(address));
    Connection connection =
        new Connection(ClientConfigProfile.newBuilder().setAddress(address).build());
    WorkflowServiceStubs stubs = connection.serviceStubs(metrics.scope());
    open.add(stubs::shutdownNow);
    WorkflowClient client = connection.client(stubs);
    WorkerFactory factory = WorkerFactory.newInstance(client);
    open.add(() -> factory.shutdownNow());
    factory.newWorker(TASK_QUEUE).registerWorkflowImplementationTypes(EmittingWorkflowImpl.class);
    factory.start();

    client
        .newWorkflowStub(
            EmittingWorkflow.class,
            WorkflowOptions.newBuilder().setTaskQueue(TASK_QUEUE).setWorkflowId("emit-1").build())
        .emit();

    // Counters reach the registry at tally's next report, within a second or so; a loaded machine
    // may split them over two reports, so wait for every series.
    List<String> series =
        List.of("overdue_timer_expiries_total", "overdue_warnings_raised_total",
            "overdue_notifications_sent_total", "overdue_notifications_failed_total",
            "overdue_commands_rejected_total", "overdue_timer_expiry_lateness_seconds_count",
            "temporal_workflow_completed_total");
    Map<String, Double> samples =
        awaitScrape(
            metrics.port(),
            s -> series.stream().allMatch(name -> s.keySet().stream().anyMatch(k -> k.startsWith(name + "{")))
                // The client's call may come in a later report than the poll requests' series.
                && s.keySet().stream().anyMatch(
                    k -> k.startsWith("temporal_request_total{") && k.contains("operation=\"StartWorkflowExecution\"")));
    System.out.println(
        "overdue_* series in the scrape:\n"
            + samples.entrySet().stream()
                .filter(e -> e.getKey().startsWith("overdue_"))
                .map(e -> e.getKey() + " " + e.getValue())
                .collect(Collectors.joining("\n")));

    String type = "workflow_type=\"EmittingWorkflow\"";
    String queue = "task_queue=\"" + TASK_QUEUE + "\"";
    assertEquals(2.0, value(samples, "overdue_timer_expiries_total", "kind=\"USER\"", type, queue));
    assertEquals(1.0, value(samples, "overdue_timer_expiries_total", "kind=\"PROCESS\"", type));
    assertEquals(3.0, value(samples, "overdue_warnings_raised_total", type));
    assertEquals(4.0, value(samples, "overdue_notifications_sent_total", type));
    assertEquals(5.0, value(samples, "overdue_notifications_failed_total", type));
    assertEquals(
        1.0,
        value(samples, "overdue_commands_rejected_total", "command=\"approve\"", "via=\"update\""));
    assertEquals(1.0, value(samples, "overdue_timer_expiry_lateness_seconds_count", type));
    assertEquals(1.5, value(samples, "overdue_timer_expiry_lateness_seconds_sum", type), 1e-9);
    assertEquals(
        1.0, value(samples, "overdue_timer_expiry_lateness_seconds_bucket", type, "le=\"+Inf\""));

    // The SDK's own series: the client's StartWorkflowExecution call, the completed workflow.
    assertTrue(
        value(samples, "temporal_request_total", "operation=\"StartWorkflowExecution\"") >= 1.0);
    assertEquals(1.0, value(samples, "temporal_workflow_completed_total", type));

    int port = metrics.port();
    metrics.close();
    assertThrows(ConnectException.class, () -> get(port, "/metrics"));
  }

  @Test
  void servesOnlyGetAndHeadOnTheMetricsPath() throws Exception {
    MetricsServer metrics = MetricsServer.start("127.0.0.1", FreePorts.free());
    open.add(metrics);
    HttpResponse<String> ok = get(metrics.port(), "/metrics");
    assertEquals(200, ok.statusCode());
    assertEquals(MetricsServer.CONTENT_TYPE, ok.headers().firstValue("Content-Type").orElse(""));
    assertTrue(ok.body().contains("# TYPE jvm_memory_used_bytes gauge"), ok.body());
    assertEquals(404, get(metrics.port(), "/metricsx").statusCode());
    assertEquals(404, get(metrics.port(), "/").statusCode());
    HttpResponse<String> post =
        HTTP.send(
            HttpRequest.newBuilder(uri(metrics.port(), "/metrics"))
                .POST(HttpRequest.BodyPublishers.ofString("x"))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertEquals(405, post.statusCode());
    HttpResponse<String> head =
        HTTP.send(
            HttpRequest.newBuilder(uri(metrics.port(), "/metrics"))
                .method("HEAD", HttpRequest.BodyPublishers.noBody())
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertEquals(200, head.statusCode());
    assertEquals("", head.body());
  }

  @Test
  void probesAnswer200Or503WithEveryCheckNamed() throws Exception {
    MetricsServer metrics = MetricsServer.start("127.0.0.1", FreePorts.free());
    open.add(metrics);
    // Before the worker has connected: alive, not ready.
    assertEquals(200, get(metrics.port(), "/healthz").statusCode());
    HttpResponse<String> starting = get(metrics.port(), "/readyz");
    assertEquals(503, starting.statusCode());
    assertEquals(
        "not ready\nworker: FAIL (starting: not connected to Temporal yet)\ndraining: no\n", starting.body());

    boolean[] storeOk = {true};
    Health health =
        new Health(
            List.of(() -> Health.Check.ok("worker", "running")),
            List.of(
                () -> Health.Check.ok("temporal", "localhost:7233, namespace default, 3 ms"),
                () -> storeOk[0]
                    ? Health.Check.ok("store", "/var/lib/overdue/deliveries.db")
                    : Health.Check.failed("store", "cannot read")),
            System::nanoTime);
    metrics.serve(health);
    HttpResponse<String> ready = get(metrics.port(), "/readyz");
    assertEquals(200, ready.statusCode());
    assertEquals("text/plain; charset=utf-8", ready.headers().firstValue("Content-Type").orElse(""));
    assertEquals(
        "ready\ntemporal: ok (localhost:7233, namespace default, 3 ms)\n"
            + "store: ok (/var/lib/overdue/deliveries.db)\ndraining: no\n",
        ready.body());
    assertEquals("live\nworker: ok (running)\n", get(metrics.port(), "/healthz").body());

    storeOk[0] = false;
    HttpResponse<String> broken = get(metrics.port(), "/readyz");
    assertEquals(503, broken.statusCode());
    assertTrue(broken.body().startsWith("not ready\n"), broken.body());
    assertTrue(broken.body().contains("store: FAIL (cannot read)\n"), broken.body());
    assertEquals(200, get(metrics.port(), "/healthz").statusCode(), "a broken store is no reason to restart");

    storeOk[0] = true;
    health.draining();
    HttpResponse<String> draining = get(metrics.port(), "/readyz");
    assertEquals(503, draining.statusCode());
    assertTrue(draining.body().contains("draining: yes (for "), draining.body());
    assertEquals(200, get(metrics.port(), "/healthz").statusCode(), "a draining worker is alive");
    HttpResponse<String> head =
        HTTP.send(
            HttpRequest.newBuilder(uri(metrics.port(), "/readyz"))
                .method("HEAD", HttpRequest.BodyPublishers.noBody())
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertEquals(503, head.statusCode());
  }

  @Test
  void aCachedCheckAsksAgainOnlyAfterItsTime() {
    long[] now = {0};
    int[] asked = {0};
    java.util.function.Supplier<Health.Check> check =
        Health.cached(
            () -> Health.Check.ok("temporal", "asked " + ++asked[0]), Duration.ofSeconds(2), () -> now[0]);
    assertEquals("asked 1", check.get().detail());
    now[0] = Duration.ofMillis(1999).toNanos();
    assertEquals("asked 1", check.get().detail());
    now[0] = Duration.ofSeconds(2).toNanos();
    assertEquals("asked 2", check.get().detail());
    Health throwing =
        new Health(List.of(), List.of(() -> { throw new IllegalStateException("boom"); }), () -> 1);
    assertFalse(throwing.ready().ok(), "a check that throws fails");
  }

  @Test
  void servesTheJvmsHeapGcAndCpu() throws Exception {
    MetricsServer metrics = MetricsServer.start("127.0.0.1", FreePorts.free());
    open.add(metrics);
    String body = get(metrics.port(), "/metrics").body();
    Map<String, Double> samples = parse(body);
    double heap =
        samples.entrySet().stream()
            .filter(e -> e.getKey().startsWith("jvm_memory_used_bytes{") && e.getKey().contains("area=\"heap\""))
            .mapToDouble(Map.Entry::getValue)
            .sum();
    assertTrue(heap > 0, "jvm_memory_used_bytes{area=\"heap\"}:\n" + body);
    assertTrue(body.contains("# TYPE jvm_memory_max_bytes gauge"), body);
    assertTrue(body.contains("# TYPE process_cpu_usage gauge"), body);
    assertTrue(body.contains("system_cpu_count"), body);
    assertTrue(body.contains("jvm_gc_"), body);
  }

  @Test
  void portZeroServesNothing() throws Exception {
    MetricsServer metrics = MetricsServer.start("127.0.0.1", 0);
    open.add(metrics);
    assertFalse(metrics.serving());
    assertEquals(0, metrics.port());
    assertNull(metrics.scope(), "no scope: the stubs keep the SDK's no-op metrics");
  }

  @Test
  void aBusyPortLeavesMetricsOffWithoutFailing() throws Exception {
    try (ServerSocket busy = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
      MetricsServer metrics = MetricsServer.start("127.0.0.1", busy.getLocalPort());
      open.add(metrics);
      assertFalse(metrics.serving());
      assertNull(metrics.scope());
    }
  }

  // ---- helpers -----------------------------------------------------------------------------

  private static final Pattern SAMPLE =
      Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{.*\\})?\\s+(\\S+)$");

  /** Every sample of a text-format scrape: series (name and labels) to value. */
  static Map<String, Double> parse(String scrape) {
    Map<String, Double> samples = new LinkedHashMap<>();
    for (String line : scrape.split("\n")) {
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      Matcher m = SAMPLE.matcher(line);
      if (!m.matches()) {
        fail("not a sample line: " + line);
      }
      String labels = m.group(2) == null ? "" : m.group(2);
      samples.put(m.group(1) + labels, Double.parseDouble(m.group(3)));
    }
    return samples;
  }

  /** The value of the one series named {@code name} that has all of {@code labels}. */
  static double value(Map<String, Double> samples, String name, String... labels) {
    List<Map.Entry<String, Double>> found =
        samples.entrySet().stream()
            .filter(e -> e.getKey().equals(name) || e.getKey().startsWith(name + "{"))
            .filter(e -> List.of(labels).stream().allMatch(l -> e.getKey().contains(l)))
            .toList();
    if (found.size() != 1) {
      fail(
          found.size()
              + " series "
              + name
              + List.of(labels)
              + " in:\n"
              + String.join("\n", samples.keySet()));
    }
    return found.get(0).getValue();
  }

  private static Map<String, Double> scrape(int port) throws Exception {
    HttpResponse<String> response = get(port, "/metrics");
    assertEquals(200, response.statusCode());
    return parse(response.body());
  }

  private static Map<String, Double> awaitScrape(int port, Predicate<Map<String, Double>> ready)
      throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
    Map<String, Double> samples = scrape(port);
    while (!ready.test(samples)) {
      if (System.nanoTime() > deadline) {
        fail("scrape never got ready:\n" + String.join("\n", samples.keySet()));
      }
      Thread.sleep(200);
      samples = scrape(port);
    }
    return samples;
  }

  private static HttpResponse<String> get(int port, String path) throws Exception {
    return HTTP.send(
        HttpRequest.newBuilder(uri(port, path)).timeout(Duration.ofSeconds(10)).build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private static URI uri(int port, String path) {
    return URI.create("http://127.0.0.1:" + port + path);
  }

}
