package dev.overdue.activities;

import dev.overdue.workflow.activities.Delivery;
import dev.overdue.workflow.activities.Notification;
import dev.overdue.workflow.activities.NotificationActivities;
import io.temporal.activity.ActivityOptions;
import io.temporal.common.RetryOptions;
import io.temporal.workflow.Workflow;
import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.WorkflowMethod;
import java.time.Duration;

/**
 * The smallest workflow that runs the notification activities through a real Temporal service,
 * retries included: what the approval workflow does for one delivery, with short timeouts.
 */
@WorkflowInterface
public interface DeliverWorkflow {
  String TASK_QUEUE = "deliveries";

  /** Delivers {@code delivery}, or with {@code notification} set the legacy SendNotification. */
  @WorkflowMethod
  void run(Delivery delivery, Notification notification);

  final class Impl implements DeliverWorkflow {
    /** An attempt that hangs is given up after 2 s; four attempts, 200 ms apart. */
    private final NotificationActivities activities =
        Workflow.newActivityStub(
            NotificationActivities.class,
            ActivityOptions.newBuilder()
                .setStartToCloseTimeout(Duration.ofSeconds(2))
                .setRetryOptions(
                    RetryOptions.newBuilder()
                        .setInitialInterval(Duration.ofMillis(200))
                        .setBackoffCoefficient(1)
                        .setMaximumAttempts(4)
                        .build())
                .build());

    @Override
    public void run(Delivery delivery, Notification notification) {
      if (notification != null) {
        activities.sendNotification(notification);
      } else {
        activities.deliver(delivery);
      }
    }
  }
}
