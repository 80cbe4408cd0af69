package dev.overdue.activities.delivery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.activities.DeliverWorkflow;
import dev.overdue.activities.DeliveringNotificationActivities;
import dev.overdue.activities.settings.Directory;
import dev.overdue.activities.settings.NotificationSettings;
import dev.overdue.workflow.activities.Delivery;
import dev.overdue.workflow.activities.NotificationEvent;
import dev.overdue.workflow.activities.Recipient;
import io.temporal.client.WorkflowOptions;
import io.temporal.testing.TestEnvironmentOptions;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.worker.Worker;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Measures the window a duplicate can come from: from the channel accepting a message until the
 * first durable record that it was sent (the activity's heartbeat, answered by the service once it
 * has stored it), and until the store's mark. Real activities through the in-memory service, one
 * delivery at a time; prints p50/p99/max for each store (docs/DESIGN.md quotes a run).
 */
class DeliveryWindowTest {
  private static final int DELIVERIES = 100;

  @TempDir Path dir;

  @Test
  void sqliteFile() {
    measure("sqlite", SqliteDeliveryStore.open(dir.resolve("deliveries.db"), Clock.systemUTC()));
  }

  @Test
  void postgres() {
    TestPostgres server = TestPostgres.get();
    String url = server.newDatabase();
    try {
      measure("postgres", PostgresDeliveryStore.open(url));
    } finally {
      server.dropDatabase(url);
    }
  }

  private void measure(String name, DeliveryStore real) {
    Map<String, Long> accepted = new ConcurrentHashMap<>();
    List<Long> heartbeat = Collections.synchronizedList(new ArrayList<>());
    List<Long> mark = Collections.synchronizedList(new ArrayList<>());
    Channel channel = message -> accepted.put(message.idempotencyKey(), System.nanoTime());
    // The mark starts right after the heartbeat returned, so its start ends the first window.
    DeliveryStore timed =
        new DeliveryStore() {
          @Override
          public Claim claim(String key, String channelName, Duration lease) {
            return real.claim(key, channelName, lease);
          }

          @Override
          public void markDelivered(String key) {
            long start = System.nanoTime();
            heartbeat.add(start - accepted.get(key));
            real.markDelivered(key);
            mark.add(System.nanoTime() - start);
          }

          @Override
          public void release(String key) {
            real.release(key);
          }

          @Override
          public boolean isDelivered(String key) {
            return real.isDelivered(key);
          }

          @Override
          public int purgeDeliveredOlderThan(Duration age) {
            return real.purgeDeliveredOlderThan(age);
          }

          @Override
          public void check() {
            real.check();
          }

          @Override
          public String where() {
            return real.where();
          }

          @Override
          public void close() {
            real.close();
          }
        };
    Deliveries deliveries =
        new Deliveries(NotificationSettings.defaults(), Directory.EMPTY, timed, Map.of(Recipient.Channel.LOG, channel));
    try (TestWorkflowEnvironment env =
        TestWorkflowEnvironment.newInstance(TestEnvironmentOptions.newBuilder().setUseTimeskipping(false).build())) {
      Worker worker = env.newWorker(DeliverWorkflow.TASK_QUEUE);
      worker.registerWorkflowImplementationTypes(DeliverWorkflow.Impl.class);
      worker.registerActivitiesImplementations(new DeliveringNotificationActivities(deliveries));
      env.start();
      for (int i = 0; i < DELIVERIES; i++) {
        env.getWorkflowClient()
            .newWorkflowStub(
                DeliverWorkflow.class,
                WorkflowOptions.newBuilder().setTaskQueue(DeliverWorkflow.TASK_QUEUE).setWorkflowId("window-" + i).build())
            .run(
                new Delivery(
                    name + "-" + i, NotificationEvent.TIMER_EXPIRED, new Recipient("frank", Recipient.Channel.LOG, "frank"),
                    Messages.context(), null, null),
                null);
      }
    } finally {
      deliveries.close();
    }
    assertEquals(DELIVERIES, heartbeat.size());
    System.out.printf(
        "delivery window (%s, %d deliveries): channel accepted -> heartbeat stored %s; -> store marked +%s%n",
        name, DELIVERIES, summary(heartbeat), summary(mark));
    // Loose: a shared CI machine may stall, but a window of seconds would mean a throttled heartbeat.
    assertTrue(percentile(heartbeat, 0.5) < Duration.ofSeconds(1).toNanos(), summary(heartbeat));
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
