package dev.overdue.activities.delivery;

import dev.overdue.activities.DeliverWorkflow;
import dev.overdue.activities.DeliveringNotificationActivities;
import dev.overdue.activities.settings.Directory;
import dev.overdue.activities.settings.NotificationSettings;
import dev.overdue.index.TestPostgres;
import dev.overdue.workflow.activities.Delivery;
import dev.overdue.workflow.activities.Notification;
import dev.overdue.workflow.activities.NotificationActivities;
import dev.overdue.workflow.activities.NotificationEvent;
import dev.overdue.workflow.activities.Recipient;
import dev.overdue.workflow.activities.Recipients;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowOptions;
import io.temporal.serviceclient.WorkflowServiceStubs;
import io.temporal.serviceclient.WorkflowServiceStubsOptions;
import io.temporal.testing.TestEnvironmentOptions;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.worker.Worker;
import io.temporal.worker.WorkerFactory;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Measures the windows a duplicate can come from: from the channel accepting a message until the
 * store's mark (what a retry reads with a shared store), and until the activity's heartbeat is
 * stored by the service (what a retry on another host with a store of its own reads). Real activities through the in-memory service, one
 * delivery at a time; prints p50/p99/max for each store (docs/design/delivery.md quotes runs). With
 * {@code OVERDUE_TEST_TEMPORAL_ADDRESS} set it measures against that server instead.
 */
class DeliveryWindowTest {
  private static final int DELIVERIES = 100;

  @TempDir Path dir;

  @Test
  void sqliteFile() throws Exception {
    measure("sqlite", SqliteDeliveryStore.open(dir.resolve("deliveries.db"), Clock.systemUTC()));
  }

  @Test
  void postgres() throws Exception {
    TestPostgres server = TestPostgres.get();
    String url = server.newDatabase();
    try {
      measure("postgres", PostgresDeliveryStore.open(url));
    } finally {
      server.dropDatabase(url);
    }
  }

  private void measure(String name, DeliveryStore real) throws Exception {
    Map<String, Long> accepted = new ConcurrentHashMap<>();
    List<Long> marked = Collections.synchronizedList(new ArrayList<>());
    List<Long> recorded = Collections.synchronizedList(new ArrayList<>());
    Channel channel = message -> accepted.put(message.idempotencyKey(), System.nanoTime());
    DeliveryStore timed =
        (DeliveryStore)
            Proxy.newProxyInstance(
                DeliveryStore.class.getClassLoader(),
                new Class<?>[] {DeliveryStore.class},
                (proxy, method, args) -> {
                  try {
                    return method.invoke(real, args);
                  } catch (InvocationTargetException e) {
                    throw e.getCause();
                  } finally {
                    if (method.getName().equals("markDelivered")) {
                      marked.add(System.nanoTime() - accepted.get((String) args[0]));
                    }
                  }
                });
    Deliveries deliveries =
        new Deliveries(NotificationSettings.defaults(), () -> Directory.EMPTY, timed, Map.of(Recipient.Channel.LOG, channel));
    // The activity's heartbeat is the last thing it does: its return ends the second window.
    NotificationActivities activities = new DeliveringNotificationActivities(deliveries);
    NotificationActivities timedActivities =
        new NotificationActivities() {
          @Override
          public Recipients resolveRecipients(List<String> to) {
            return activities.resolveRecipients(to);
          }

          @Override
          public void deliver(Delivery delivery) {
            activities.deliver(delivery);
            recorded.add(System.nanoTime() - accepted.get(delivery.idempotencyKey()));
          }

          @Override
          public void sendNotification(Notification notification) {
            activities.sendNotification(notification);
          }
        };
    try (Service service = Service.start()) {
      Worker worker = service.factory().newWorker(service.taskQueue());
      worker.registerWorkflowImplementationTypes(DeliverWorkflow.Impl.class);
      worker.registerActivitiesImplementations(timedActivities);
      service.factory().start();
      for (int i = 0; i < DELIVERIES; i++) {
        service
            .client()
            .newWorkflowStub(
                DeliverWorkflow.class,
                WorkflowOptions.newBuilder().setTaskQueue(service.taskQueue()).setWorkflowId(service.taskQueue() + "-" + i).build())
            .run(
                new Delivery(
                    service.taskQueue() + "-" + name + "-" + i, NotificationEvent.TIMER_EXPIRED,
                    new Recipient("frank", Recipient.Channel.LOG, "frank"), Messages.context(), null, null),
                null);
      }
    } finally {
      deliveries.close();
    }
    assertEquals(DELIVERIES, recorded.size());
    System.out.printf(
        "delivery window (%s store, %s, %d deliveries): channel accepted -> store marked %s; -> heartbeat stored %s%n",
        name, Service.where(), DELIVERIES, summary(marked), summary(recorded));
    // Loose: a shared CI machine may stall, but a window of seconds would mean a throttled heartbeat.
    assertTrue(percentile(recorded, 0.5) < Duration.ofSeconds(1).toNanos(), summary(recorded));
  }

  /**
   * The in-memory service, or the Temporal server {@code OVERDUE_TEST_TEMPORAL_ADDRESS} names (a
   * dev server or a cluster: its heartbeat answers come after its database stored them).
   */
  private record Service(WorkflowClient client, WorkerFactory factory, String taskQueue, AutoCloseable resources)
      implements AutoCloseable {
    static String where() {
      String address = System.getenv("OVERDUE_TEST_TEMPORAL_ADDRESS");
      return address == null || address.isBlank() ? "in-memory service" : "Temporal at " + address;
    }

    static Service start() {
      String address = System.getenv("OVERDUE_TEST_TEMPORAL_ADDRESS");
      if (address == null || address.isBlank()) {
        TestWorkflowEnvironment env =
            TestWorkflowEnvironment.newInstance(TestEnvironmentOptions.newBuilder().setUseTimeskipping(false).build());
        return new Service(env.getWorkflowClient(), env.getWorkerFactory(), DeliverWorkflow.TASK_QUEUE, env);
      }
      WorkflowServiceStubs stubs =
          WorkflowServiceStubs.newServiceStubs(WorkflowServiceStubsOptions.newBuilder().setTarget(address).build());
      WorkflowClient client = WorkflowClient.newInstance(stubs);
      WorkerFactory factory = WorkerFactory.newInstance(client);
      return new Service(
          client, factory, "window-" + System.currentTimeMillis(),
          () -> {
            factory.shutdown();
            factory.awaitTermination(10, TimeUnit.SECONDS);
            stubs.shutdown();
          });
    }

    @Override
    public void close() throws Exception {
      resources.close();
    }
  }

  private static String summary(List<Long> nanos) {
    return String.format(
        "p50 %.2f ms, p99 %.2f ms, max %.2f ms",
        percentile(nanos, 0.5) / 1e6, percentile(nanos, 0.99) / 1e6, percentile(nanos, 1.0) / 1e6);
  }

  private static long percentile(List<Long> nanos, double p) {
    List<Long> sorted = new ArrayList<>(nanos);
    Collections.sort(sorted);
    return sorted.get(Math.max(0, (int) Math.ceil(p * sorted.size()) - 1));
  }
}
