package dev.overdue.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import dev.overdue.activities.DeliveringNotificationActivities;
import dev.overdue.activities.LogWarningActivities;
import dev.overdue.activities.TaskIndexWriter;
import dev.overdue.activities.delivery.Deliveries;
import dev.overdue.activities.settings.Directory;
import dev.overdue.activities.settings.NotificationSettings;
import dev.overdue.activities.settings.WebhookSettings;
import dev.overdue.api.ApprovalSearchAttributes;
import dev.overdue.api.ApprovalWorkflow;
import dev.overdue.client.ApprovalDataConverter;
import dev.overdue.client.Approvals;
import dev.overdue.index.TaskIndexes;
import dev.overdue.model.request.RequestValidator;
import dev.overdue.tracing.Tracing;
import dev.overdue.workflow.ApprovalWorkflowImpl;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.temporal.client.WorkflowClientOptions;
import io.temporal.testing.TestEnvironmentOptions;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.worker.Worker;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * One approval, started by a traced client, whose timer expires and notifies a webhook: the
 * start, the workflow, the notify activity and the webhook's POST are one trace, and the POST
 * carries it to the receiver as {@code traceparent}. The spans are received in memory; the
 * interceptors are the worker's own (OverdueWorker.factoryOptions, Tracing).
 */
class TraceAcrossExpiryTest {
  static final ObjectMapper JSON = new ObjectMapper();

  final InMemorySpanExporter spans = InMemorySpanExporter.create();
  final OpenTelemetrySdk openTelemetry =
      OpenTelemetrySdk.builder()
          .setTracerProvider(
              SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(spans)).build())
          .setPropagators(ContextPropagators.create(W3CTraceContextPropagator.getInstance()))
          .build();
  final List<String> traceparents = new CopyOnWriteArrayList<>();
  HttpServer webhook;
  TestWorkflowEnvironment env;
  Deliveries deliveries;

  @AfterEach
  void stop() {
    if (env != null) {
      env.close();
    }
    if (deliveries != null) {
      deliveries.close();
    }
    if (webhook != null) {
      webhook.stop(0);
    }
    openTelemetry.close();
  }

  @Test
  void anExpiryAndItsWebhookNotificationShareTheStartsTrace() throws Exception {
    Approvals approvals = startWorker(Tracing.with(openTelemetry));
    String id = startAndExpire(approvals);
    approvals.update(id, "approve", json("{'user':'alice'}")); // ends RunWorkflow's span
    awaitClosed(id);

    assertEquals(1, traceparents.size(), "one POST: " + traceparents);
    SpanData start = only("StartWorkflow:ApprovalWorkflow");
    SpanData run = only("RunWorkflow:ApprovalWorkflow");
    SpanData post = only("POST");
    String trace = start.getTraceId();
    assertEquals(trace, run.getTraceId(), "the workflow continues the start's trace");
    assertEquals(trace, post.getTraceId(), "the notification is in the start's trace");
    assertEquals(SpanKind.CLIENT, post.getKind());
    SpanData activity = byId(post.getParentSpanId());
    assertTrue(activity.getName().startsWith("RunActivity:"), "the POST's parent: " + activity.getName());
    assertEquals(trace, activity.getTraceId());
    assertEquals("127.0.0.1", post.getAttributes().asMap().entrySet().stream()
        .filter(e -> e.getKey().getKey().equals("server.address")).findFirst().orElseThrow().getValue());
    assertFalse(post.getAttributes().asMap().toString().contains("/hooks/"), "no webhook path in the span");

    // W3C: version-traceid-spanid-flags; the receiver can continue the POST's own span.
    String[] parts = traceparents.get(0).split("-");
    assertEquals(trace, parts[1], "the receiver gets the trace id: " + traceparents.get(0));
    assertEquals(post.getSpanId(), parts[2]);
  }

  @Test
  void withTracingOffNoSpanIsMadeAndNoTraceparentSent() throws Exception {
    Tracing off = Tracing.fromEnvironment(Map.of(), OverdueWorker.SERVICE_NAME);
    assertEquals(0, off.workerInterceptors().length);
    assertEquals(0, off.clientInterceptors().length);
    Approvals approvals = startWorker(off);
    startAndExpire(approvals);

    assertEquals(1, traceparents.size());
    assertEquals("(none)", traceparents.get(0));
    assertEquals(List.of(), spans.getFinishedSpanItems());
  }

  /** The test service with the worker's interceptors, a webhook channel whose receiver records traceparent. */
  Approvals startWorker(Tracing tracing) throws IOException {
    webhook = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    webhook.createContext("/", exchange -> {
      String header = exchange.getRequestHeaders().getFirst("traceparent");
      traceparents.add(header == null ? "(none)" : header);
      exchange.getRequestBody().readAllBytes();
      exchange.sendResponseHeaders(200, -1);
      exchange.close();
    });
    webhook.start();
    String url = "http://127.0.0.1:" + webhook.getAddress().getPort() + "/hooks/t0k3n";
    NotificationSettings notifications =
        new NotificationSettings(
            NotificationSettings.MEMORY_STORE, null, null,
            Map.of("ops", new WebhookSettings(url, null, null, null, "PT5S")), null);
    deliveries =
        Deliveries.start(notifications, Directory.EMPTY, Clock.systemUTC(), tracing.openTelemetry());

    env = TestWorkflowEnvironment.newInstance(
        TestEnvironmentOptions.newBuilder()
            .setWorkflowClientOptions(
                WorkflowClientOptions.newBuilder()
                    .setDataConverter(ApprovalDataConverter.create())
                    .setInterceptors(tracing.clientInterceptors())
                    .build())
            .setWorkerFactoryOptions(OverdueWorker.factoryOptions(new RunningActivities(), tracing, new WorkflowCache(600, false)))
            .build());
    ApprovalSearchAttributes.DEFINITIONS.forEach(env::registerSearchAttribute);
    Worker worker = env.newWorker(ApprovalWorkflow.DEFAULT_TASK_QUEUE);
    worker.registerWorkflowImplementationTypes(ApprovalWorkflowImpl.OPTIONS, ApprovalWorkflowImpl.class);
    worker.registerActivitiesImplementations(
        new LogWarningActivities(), new DeliveringNotificationActivities(deliveries),
        new TaskIndexWriter(TaskIndexes.temporary()));
    env.start();
    return new Approvals(env.getWorkflowClient(), request -> RequestValidator.refusal(request, Instant.now()));
  }

  /** PO-4711's timer "nag" notifies the webhook one minute after it is enabled; two minutes pass. */
  String startAndExpire(Approvals approvals) {
    String id =
        approvals.start(
            json("{'requestId':'PO-4711','title':'Purchase order 4711','requester':'carol',"
                + "'steps':[{'name':'manager','approvers':['alice']}],"
                + "'timers':[{'name':'nag','limit':'PT1M','handlers':[{'action':'notify','to':['webhook:ops']}]}]}"),
            ApprovalWorkflow.DEFAULT_TASK_QUEUE);
    approvals.update(id, "enableTimer", json("{'timer':'nag'}"));
    env.sleep(Duration.ofMinutes(2));
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (traceparents.isEmpty() && System.nanoTime() < deadline) {
      env.sleep(Duration.ofSeconds(1));
    }
    return id;
  }

  void awaitClosed(String id) throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (System.nanoTime() < deadline) {
      if (spans.getFinishedSpanItems().stream().anyMatch(s -> s.getName().startsWith("RunWorkflow:"))) {
        return;
      }
      Thread.sleep(50);
    }
    throw new AssertionError("the workflow's span did not end: " + names());
  }

  SpanData only(String name) {
    List<SpanData> found =
        spans.getFinishedSpanItems().stream().filter(s -> s.getName().equals(name)).toList();
    assertEquals(1, found.size(), name + " among " + names());
    return found.get(0);
  }

  SpanData byId(String spanId) {
    SpanData found =
        spans.getFinishedSpanItems().stream().filter(s -> s.getSpanId().equals(spanId)).findFirst().orElse(null);
    assertNotNull(found, "no finished span " + spanId + " among " + names());
    return found;
  }

  Set<String> names() {
    return spans.getFinishedSpanItems().stream().map(SpanData::getName).collect(Collectors.toSet());
  }

  static JsonNode json(String text) {
    try {
      return JSON.readTree(text.replace('\'', '"'));
    } catch (IOException e) {
      throw new IllegalArgumentException(text, e);
    }
  }
}
