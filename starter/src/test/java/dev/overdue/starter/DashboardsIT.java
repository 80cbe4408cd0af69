package dev.overdue.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import com.sun.net.httpserver.HttpServer;
import dev.overdue.api.ApprovalCommand;
import dev.overdue.client.Approvals;
import dev.overdue.client.RefusedException;
import dev.overdue.model.request.RequestValidator;
import dev.overdue.starter.Processes.Attempt;
import io.temporal.client.WorkflowClient;
import io.temporal.serviceclient.WorkflowServiceStubs;
import io.temporal.serviceclient.WorkflowServiceStubsOptions;
import io.temporal.worker.MetricsType;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * deploy/grafana/overdue.json and deploy/prometheus/alerts.yml name only series a running worker
 * serves, with label values it really uses: a worker process on a dev server runs approvals whose
 * deadlines expire, warn and notify (one webhook answers, one refuses for good), a command is
 * refused, and its /metrics is scraped until every series the dashboard and the alerts name is
 * there. A misspelt series, or a label value the worker never sets, fails here instead of showing
 * an empty panel or an alert that can never fire.
 */
@Timeout(value = 4, unit = TimeUnit.MINUTES)
class DashboardsIT {
  @RegisterExtension
  static final DevServerExtension temporal = DevServerExtension.serverOnly(DevServer.Options.headless());

  static final Path DASHBOARD = Processes.ROOT.resolve("deploy/grafana/overdue.json");
  static final Path ALERTS = Processes.ROOT.resolve("deploy/prometheus/alerts.yml");
  static final String QUEUE = "dashboards";
  static final ObjectMapper JSON = new ObjectMapper();

  /** Made by Prometheus for each target, not served by the worker. */
  static final Set<String> PROMETHEUS_OWN = Set.of("up");

  /**
   * Series the SDK reports only when something goes wrong that this scenario does not cause (a
   * failing workflow task, a task for an approval the worker no longer holds): each must be one of
   * the SDK's own names instead.
   */
  static final Set<String> ONLY_ON_TROUBLE =
      Set.of("temporal_workflow_task_execution_failed_total", "temporal_sticky_cache_miss_total");

  /** A series and its selector's exact-match labels: {@code name{a="b",c=~"$x"}}. */
  static final Pattern SELECTOR =
      Pattern.compile("\\b((?:overdue|temporal|jvm|process|system)_[a-z0-9_]+|up)\\b(\\{[^}]*})?");
  static final Pattern EXACT_LABEL = Pattern.compile("([a-z_]+)=\"([^\"$]*)\"");
  static final Pattern SAMPLE = Pattern.compile("(?m)^([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{[^}]*})? \\S+$");

  record Selector(String series, Map<String, String> labels) {}

  @Test
  void everySeriesTheDashboardAndTheAlertsNameIsServedByARunningWorker() throws Exception {
    List<String> expressions = new ArrayList<>(dashboardExpressions());
    int panelQueries = expressions.size();
    expressions.addAll(alertExpressions());
    Set<Selector> selectors = selectors(expressions);
    assertTrue(panelQueries >= 15, "dashboard queries: " + panelQueries);
    assertTrue(selectors.stream().anyMatch(s -> s.series().startsWith("overdue_")), selectors.toString());

    HttpServer gone = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 8);
    gone.createContext("/", exchange -> {
      exchange.getRequestBody().readAllBytes();
      exchange.sendResponseHeaders(410, -1); // permanent: the notification fails without retries
      exchange.close();
    });
    gone.start();
    WorkflowServiceStubs stubs =
        WorkflowServiceStubs.newServiceStubs(
            WorkflowServiceStubsOptions.newBuilder().setTarget(temporal.server().address()).build());
    try (RecordingWebhook ok = new RecordingWebhook()) {
      Path settings = Files.writeString(temporal.logs().resolve("dashboards.yaml"), """
          notifications:
            webhooks:
              ok: { url: "%s" }
              gone: { url: "http://127.0.0.1:%d/hook" }
          directory:
            users:
              alice: { name: Alice }
              ops-ok: { webhook: ok }
              ops-gone: { webhook: gone }
          """.formatted(ok.url(), gone.getAddress().getPort()));
      int metricsPort = Processes.freePort();
      try (WorkerProcess worker =
          WorkerProcess.start(
              temporal.logs().resolve("dashboards-worker.log"), temporal.server().env(),
              "--task-queue", QUEUE, "--config", settings.toString(), "--metrics-port", Integer.toString(metricsPort),
              "--timer-count-interval", "1s", "--delivery-store", "memory")) {
        Approvals approvals =
            new Approvals(WorkflowClient.newInstance(stubs), request -> RequestValidator.refusal(request, Instant.now()));
        String late = approvals.start(request("DASH-1", "PT2S"), QUEUE);
        String open = approvals.start(request("DASH-2", "P1D"), QUEUE);
        assertThrows(RefusedException.class,
            () -> approvals.update(open, new ApprovalCommand.Approve("mallory", null)));

        Map<String, List<Map<String, String>>> scraped =
            Processes.await(
                Duration.ofSeconds(90),
                "every series of the dashboard and the alerts in the worker's scrape",
                () -> {
                  Map<String, List<Map<String, String>>> samples = scrape(metricsPort);
                  Set<String> missing = missing(selectors, samples);
                  return missing.isEmpty() ? Attempt.done(samples) : Attempt.notYet("missing " + missing);
                });
        System.out.println(
            "DashboardsIT: " + panelQueries + " panel queries and " + (expressions.size() - panelQueries)
                + " alerts name " + selectors.stream().map(Selector::series).distinct().count()
                + " series, all served (" + scraped.size() + " series in the scrape); " + late + " warned and notified");
        assertTrue(worker.log().contains("rejected update approve"), worker.log());
      }
    } finally {
      stubs.shutdownNow();
      gone.stop(0);
    }
  }

  /** The series (with their exact labels) the scrape lacks; the SDK's trouble-only ones checked apart. */
  private static Set<String> missing(Set<Selector> selectors, Map<String, List<Map<String, String>>> samples)
      throws IllegalAccessException {
    Set<String> missing = new TreeSet<>();
    for (Selector selector : selectors) {
      if (PROMETHEUS_OWN.contains(selector.series())) {
        continue;
      }
      if (ONLY_ON_TROUBLE.contains(selector.series())) {
        assertTrue(sdkSeries().contains(selector.series()), selector.series() + " is none of the SDK's series");
        continue;
      }
      List<Map<String, String>> found = samples.getOrDefault(selector.series(), List.of());
      boolean matched =
          found.stream().anyMatch(labels -> labels.entrySet().containsAll(selector.labels().entrySet()));
      if (!matched) {
        missing.add(selector.series() + selector.labels());
      }
    }
    return missing;
  }

  /** The SDK's series names as Prometheus shows them: counters end in _total. */
  private static Set<String> sdkSeries() throws IllegalAccessException {
    Set<String> names = new HashSet<>();
    for (Field field : MetricsType.class.getFields()) {
      if (Modifier.isStatic(field.getModifiers()) && field.getType() == String.class) {
        String name = (String) field.get(null);
        names.add(name);
        names.add(name + "_total");
      }
    }
    return names;
  }

  private static List<String> dashboardExpressions() throws Exception {
    JsonNode dashboard = JSON.readTree(DASHBOARD.toFile());
    assertEquals("overdue", dashboard.get("uid").asText());
    List<String> expressions = new ArrayList<>();
    for (JsonNode panel : dashboard.get("panels")) {
      for (JsonNode target : panel.path("targets")) {
        expressions.add(target.get("expr").asText());
      }
    }
    for (JsonNode variable : dashboard.path("templating").path("list")) {
      if (variable.path("type").asText().equals("query")) {
        expressions.add(variable.get("definition").asText());
      }
    }
    return expressions;
  }

  private static List<String> alertExpressions() throws Exception {
    JsonNode rules = new YAMLMapper().readTree(ALERTS.toFile());
    List<String> expressions = new ArrayList<>();
    for (JsonNode group : rules.get("groups")) {
      for (JsonNode rule : group.get("rules")) {
        assertFalse(rule.path("alert").asText().isEmpty(), rule.toString());
        assertFalse(rule.path("annotations").path("summary").asText().isEmpty(), rule.toString());
        expressions.add(rule.get("expr").asText());
      }
    }
    assertTrue(expressions.size() >= 5, "alerts: " + expressions.size());
    return expressions;
  }

  static Set<Selector> selectors(List<String> expressions) {
    Set<Selector> selectors = new HashSet<>();
    for (String expression : expressions) {
      Matcher series = SELECTOR.matcher(expression);
      while (series.find()) {
        selectors.add(new Selector(series.group(1), labels(series.group(2))));
      }
    }
    return selectors;
  }

  /** Each series of a scrape with the label sets of its samples. */
  static Map<String, List<Map<String, String>>> scrape(int port) throws Exception {
    HttpResponse<String> response =
        HttpClient.newHttpClient().send(
            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics")).build(),
            HttpResponse.BodyHandlers.ofString());
    assertEquals(200, response.statusCode());
    Map<String, List<Map<String, String>>> samples = new TreeMap<>();
    Matcher sample = SAMPLE.matcher(response.body());
    while (sample.find()) {
      samples.computeIfAbsent(sample.group(1), name -> new ArrayList<>()).add(labels(sample.group(2)));
    }
    return samples;
  }

  /** The {@code name="value"} pairs of a selector or a sample's braces (none for null). */
  private static Map<String, String> labels(String braces) {
    Map<String, String> labels = new TreeMap<>();
    if (braces != null) {
      Matcher label = EXACT_LABEL.matcher(braces);
      while (label.find()) {
        labels.put(label.group(1), label.group(2));
      }
    }
    return labels;
  }

  /** One step for alice whose deadline warns and notifies both webhook users when it expires. */
  private static ObjectNode request(String requestId, String deadline) {
    ObjectNode request = JSON.createObjectNode();
    request.put("requestId", requestId);
    request.put("requester", "carol");
    ObjectNode step = request.putArray("steps").addObject();
    step.put("name", "review");
    step.putArray("approvers").add("alice");
    step.put("timeout", deadline);
    var onTimeout = step.putArray("onTimeout");
    onTimeout.addObject().put("action", "warn");
    ObjectNode notify = onTimeout.addObject().put("action", "notify");
    notify.putArray("to").add("ops-ok").add("ops-gone");
    return request;
  }
}
