package dev.overdue.activities;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.overdue.activities.delivery.Deliveries;
import dev.overdue.activities.delivery.DeliveryException;
import dev.overdue.activities.delivery.WebhookSink;
import dev.overdue.activities.settings.Directory;
import dev.overdue.activities.settings.NotificationSettings;
import dev.overdue.activities.settings.WebhookSettings;
import dev.overdue.workflow.activities.Delivery;
import dev.overdue.workflow.activities.MessageContext;
import dev.overdue.workflow.activities.Notification;
import dev.overdue.workflow.activities.NotificationActivities;
import dev.overdue.workflow.activities.NotificationEvent;
import dev.overdue.workflow.activities.Recipient;
import dev.overdue.workflow.activities.Recipients;
import io.temporal.activity.Activity;
import io.temporal.client.WorkflowOptions;
import io.temporal.testing.TestEnvironmentOptions;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.worker.Worker;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The heartbeat marker, through a real Temporal service (in memory, real time): a delivery's first
 * attempt runs on host A, whose channel accepts the message and which then fails or dies before
 * the attempt completes; the retry runs on host B, which has a store of its own that never heard of
 * the key. The webhook receiver counts the POSTs: one, because B reads the marker.
 */
class SentMarkerTest {
  private static final String KEY = "approval-PO-4711/run-1/finance.completion/1/ops-bot/webhook";
  private static final Recipient OPS = new Recipient("ops-bot", Recipient.Channel.WEBHOOK, "ops");

  @TempDir Path dir;
  private WebhookSink sink;
  private Deliveries hostA;
  private Deliveries hostB;
  private TestWorkflowEnvironment env;
  private final CountDownLatch hung = new CountDownLatch(1);
  private final AtomicInteger attemptsOnB = new AtomicInteger();

  /** What host A does with its attempt. */
  private enum AfterSending {
    FAILS,
    DIES
  }

  @BeforeEach
  void hosts() throws Exception {
    sink = new WebhookSink();
    hostA = host("host-a.db");
    hostB = host("host-b.db");
  }

  @AfterEach
  void stop() {
    hung.countDown();
    if (env != null) {
      env.close();
    }
    hostA.close();
    hostB.close();
    sink.close();
  }

  @Test
  void aRetryOnAnotherHostAfterTheFirstFailedSendsNothing() {
    run(new DeliveringNotificationActivities(hostA), AfterSending.FAILS, false);
    assertEquals(1, postsOf(KEY));
    assertEquals(1, attemptsOnB.get());
  }

  @Test
  void aRetryOnAnotherHostAfterTheFirstDiedSendsNothing() {
    // Host A never reports: B learns of the message only from the heartbeat A's attempt sent.
    run(new DeliveringNotificationActivities(hostA), AfterSending.DIES, false);
    assertEquals(1, postsOf(KEY));
    assertEquals(1, attemptsOnB.get());
  }

  @Test
  void theLegacyActivityIsMarkedToo() {
    run(new DeliveringNotificationActivities(hostA), AfterSending.FAILS, true);
    assertEquals(1, postsOf("legacy-key/webhook"));
  }

  /** The control: per-host stores alone, without the marker, send the message twice. */
  @Test
  void withoutTheMarkerPerHostStoresSendTwice() {
    NotificationActivities unmarked =
        new NotificationActivities() {
          @Override
          public Recipients resolveRecipients(List<String> to) {
            return hostA.resolve(to);
          }

          @Override
          public void deliver(Delivery delivery) {
            try {
              hostA.deliver(delivery, Duration.ofMinutes(1));
            } catch (DeliveryException e) {
              throw new IllegalStateException(e);
            }
          }

          @Override
          public void sendNotification(Notification notification) {
            throw new UnsupportedOperationException();
          }
        };
    run(unmarked, AfterSending.FAILS, false);
    assertEquals(2, postsOf(KEY));
  }

  private void run(NotificationActivities onHostA, AfterSending after, boolean legacy) {
    env = TestWorkflowEnvironment.newInstance(TestEnvironmentOptions.newBuilder().setUseTimeskipping(false).build());
    Worker worker = env.newWorker(DeliverWorkflow.TASK_QUEUE);
    worker.registerWorkflowImplementationTypes(DeliverWorkflow.Impl.class);
    worker.registerActivitiesImplementations(
        new TwoHosts(failingAfterSending(onHostA, after), new DeliveringNotificationActivities(hostB)));
    env.start();
    DeliverWorkflow workflow =
        env.getWorkflowClient()
            .newWorkflowStub(
                DeliverWorkflow.class,
                WorkflowOptions.newBuilder().setTaskQueue(DeliverWorkflow.TASK_QUEUE).setWorkflowId("deliver-1").build());
    if (legacy) {
      workflow.run(null, new Notification("legacy-key", "approval-PO-4711", "PO-4711", "finance.completion", 1, "webhook:ops", "late"));
    } else {
      workflow.run(new Delivery(KEY, NotificationEvent.TIMER_EXPIRED, OPS, context(), null, null), null);
    }
  }

  /** Runs attempt 1 on host A, every later attempt on host B. */
  private final class TwoHosts implements NotificationActivities {
    private final NotificationActivities a;
    private final NotificationActivities b;

    TwoHosts(NotificationActivities a, NotificationActivities b) {
      this.a = a;
      this.b = b;
    }

    private NotificationActivities host() {
      if (Activity.getExecutionContext().getInfo().getAttempt() == 1) {
        return a;
      }
      attemptsOnB.incrementAndGet();
      return b;
    }

    @Override
    public Recipients resolveRecipients(List<String> to) {
      return host().resolveRecipients(to);
    }

    @Override
    public void deliver(Delivery delivery) {
      host().deliver(delivery);
    }

    @Override
    public void sendNotification(Notification notification) {
      host().sendNotification(notification);
    }
  }

  /** {@code real}, which then fails, or hangs until the test ends as a dead host would. */
  private NotificationActivities failingAfterSending(NotificationActivities real, AfterSending after) {
    return new NotificationActivities() {
      @Override
      public Recipients resolveRecipients(List<String> to) {
        return real.resolveRecipients(to);
      }

      @Override
      public void deliver(Delivery delivery) {
        real.deliver(delivery);
        afterwards();
      }

      @Override
      public void sendNotification(Notification notification) {
        real.sendNotification(notification);
        afterwards();
      }

      private void afterwards() {
        if (after == AfterSending.DIES) {
          while (hung.getCount() > 0) {
            try {
              hung.await();
            } catch (InterruptedException ignored) {
              // a dead host does not answer interrupts either
            }
          }
        }
        throw new IllegalStateException("host A fails after its channel accepted the message");
      }
    };
  }

  private Deliveries host(String storeFile) {
    NotificationSettings settings =
        new NotificationSettings(
            dir.resolve(storeFile).toString(), null, null,
            Map.of("ops", new WebhookSettings(sink.url("/hooks/ops"), null, null, null, null)), null);
    return Deliveries.start(settings, Directory.EMPTY, Clock.systemUTC());
  }

  private long postsOf(String key) {
    return sink.received().stream().filter(r -> key.equals(r.header("Idempotency-Key"))).count();
  }

  private static MessageContext context() {
    return new MessageContext(
        "approval-PO-4711", "PO-4711", "Purchase order 4711", "carol", Map.of("amount", 12000),
        "finance", "Finance approval", "finance.completion", 1,
        "2026-11-23T09:00:00Z", "2026-11-23T09:00:01Z");
  }
}
