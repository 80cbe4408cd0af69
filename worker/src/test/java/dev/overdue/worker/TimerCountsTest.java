package dev.overdue.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.overdue.activities.OverdueActivities;
import dev.overdue.activities.delivery.Deliveries;
import dev.overdue.api.ApprovalSearchAttributes;
import dev.overdue.client.Approvals;
import dev.overdue.client.Connection;
import dev.overdue.workflow.ApprovalWorkflowImpl;
import dev.overdue.workflow.OverdueMetrics;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.MethodDescriptor;
import io.temporal.client.WorkflowClient;
import io.temporal.envconfig.ClientConfigProfile;
import io.temporal.serviceclient.WorkflowServiceStubs;
import io.temporal.serviceclient.WorkflowServiceStubsOptions;
import io.temporal.worker.WorkerFactory;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/** The open-timer gauges, counted from the service rather than from what this JVM ran. */
class TimerCountsTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private final List<AutoCloseable> open = new ArrayList<>();

  @AfterEach
  void tearDown() throws Exception {
    for (int i = open.size() - 1; i >= 0; i--) {
      open.get(i).close();
    }
  }

  @Test
  void aSumIsCountedInLayers() {
    // Four approvals holding 3, 1, 0 and 2 running timers.
    List<Long> values = List.of(3L, 1L, 0L, 2L);
    List<String> queries = new ArrayList<>();
    long sum =
        TimerCounts.layered(
            query -> {
              queries.add(query);
              long k = Long.parseLong(query.substring(query.lastIndexOf(">= ") + 3));
              return values.stream().filter(v -> v >= k).count();
            },
            "TimersRunning");
    assertEquals(6, sum);
    assertEquals(4, queries.size(), "layers 1, 2, 3, and 4 where none is left: " + queries);
    assertEquals(
        "WorkflowType = 'ApprovalWorkflow' AND ExecutionStatus = 'Running' AND TimersRunning >= 1",
        queries.get(0));
  }

  @Test
  void theGaugesFollowTheApprovalsOnTheService() throws Exception {
    String address = "127.0.0.1:" + FreePorts.free();
    open.add(EmbeddedTemporal.start(address));
    Connection connection = new Connection(ClientConfigProfile.newBuilder().setAddress(address).build());
    WorkflowServiceStubs stubs = connection.serviceStubs();
    open.add(stubs::shutdownNow);
    WorkflowClient client = connection.client(stubs);
    SearchAttributeRegistration.ensure(stubs, "default", ApprovalSearchAttributes.DEFINITIONS);
    WorkerFactory factory = WorkerFactory.newInstance(client);
    open.add(factory::shutdownNow);
    var worker = factory.newWorker("counts");
    worker.registerWorkflowImplementationTypes(ApprovalWorkflowImpl.OPTIONS, ApprovalWorkflowImpl.class);
    worker.registerActivitiesImplementations(OverdueActivities.of(Deliveries.logOnly()));
    factory.start();
    Approvals approvals = new Approvals(client, request -> Optional.empty());

    SimpleMeterRegistry registry = new SimpleMeterRegistry();
    TimerCounts counts = TimerCounts.start(client, true, Duration.ofMillis(200), registry);
    open.add(counts);

    // Each approval runs two timers: its own limit and its step's.
    String request =
        "{'requestId':'%s','timeout':'P5D','steps':[{'name':'manager','approvers':['alice'],'timeout':'P2D'}]}";
    String first = approvals.start(json(request.formatted("C-1")), "counts");
    String second = approvals.start(json(request.formatted("C-2")), "counts");
    awaitGauges(registry, 4, 0);

    approvals.update(second, "suspend", json("{}"));
    awaitGauges(registry, 2, 2);

    approvals.update(first, "approve", json("{'user':'alice'}"));
    awaitGauges(registry, 0, 2);

    approvals.update(second, "abort", json("{'reason':'done'}"));
    awaitGauges(registry, 0, 0);
  }

  @Test
  void noGaugesWithoutARegistryOrWithIntervalZero() {
    TimerCounts.start(null, true, Duration.ofSeconds(1), null).close();
    SimpleMeterRegistry registry = new SimpleMeterRegistry();
    TimerCounts.start(null, true, Duration.ZERO, registry).close();
    assertNull(registry.find(OverdueMetrics.TIMERS_RUNNING).gauge());
  }

  @Test
  void aServerOutOfReachIsNotItsWarningTheOutagesLineSaysIt() throws Exception {
    ListAppender<ILoggingEvent> said = new ListAppender<>();
    said.start();
    Logger logger = (Logger) LoggerFactory.getLogger(TimerCounts.class);
    logger.addAppender(said);
    open.add(() -> logger.detachAppender(said));
    AtomicInteger calls = new AtomicInteger();
    ClientInterceptor counting =
        new ClientInterceptor() {
          @Override
          public <Q, A> ClientCall<Q, A> interceptCall(MethodDescriptor<Q, A> method, CallOptions options, Channel next) {
            calls.incrementAndGet();
            return next.newCall(method, options);
          }
        };
    WorkflowServiceStubs stubs =
        WorkflowServiceStubs.newServiceStubs(
            WorkflowServiceStubsOptions.newBuilder()
                .setTarget("127.0.0.1:" + FreePorts.free())
                .setGrpcClientInterceptors(List.of(counting))
                .build());
    open.add(stubs::shutdownNow);
    open.add(TimerCounts.start(WorkflowClient.newInstance(stubs), false, Duration.ofMillis(50), new SimpleMeterRegistry()));

    // A third call is made after the first count failed (counts never overlap).
    long giveUp = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    while (calls.get() < 3 && System.nanoTime() < giveUp) {
      Thread.sleep(20);
    }
    assertTrue(calls.get() >= 3, "calls: " + calls.get());
    assertEquals(List.of(), said.list.stream().map(ILoggingEvent::getFormattedMessage).toList());
  }

  private static void awaitGauges(SimpleMeterRegistry registry, double running, double suspended)
      throws InterruptedException {
    long giveUp = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    double[] seen = {Double.NaN, Double.NaN};
    while (System.nanoTime() < giveUp) {
      Gauge r = registry.find(OverdueMetrics.TIMERS_RUNNING).gauge();
      Gauge s = registry.find(OverdueMetrics.TIMERS_SUSPENDED).gauge();
      if (r != null && s != null) {
        seen[0] = r.value();
        seen[1] = s.value();
        if (seen[0] == running && seen[1] == suspended) {
          return;
        }
      }
      Thread.sleep(100);
    }
    assertEquals(Map.of("running", running, "suspended", suspended), Map.of("running", seen[0], "suspended", seen[1]));
  }

  private static JsonNode json(String text) throws IOException {
    return JSON.readTree(text.replace('\'', '"'));
  }

}
