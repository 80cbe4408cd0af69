package dev.overdue.workflow;

import dev.overdue.model.process.TestDirectory;
import dev.overdue.model.task.OwnerLookup;
import dev.overdue.workflow.activities.Delivery;
import dev.overdue.workflow.activities.DirectoryActivities;
import dev.overdue.workflow.activities.Notification;
import dev.overdue.workflow.activities.NotificationActivities;
import dev.overdue.workflow.activities.Recipient;
import dev.overdue.workflow.activities.Recipients;
import dev.overdue.workflow.activities.WarningActivities;
import dev.overdue.workflow.activities.WarningNotice;
import io.temporal.failure.ApplicationFailure;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Activities that remember what they were asked to do. Every name resolves to the log channel but
 * "stranger", which the directory does not know; recipient "nobody" fails for good at delivery.
 * The directory is {@link TestDirectory}'s: finance (carol, dave), legal (erin), nobody.
 */
final class RecordingActivities implements WarningActivities, NotificationActivities, DirectoryActivities {
  static final String UNDELIVERABLE = "nobody";
  static final String UNKNOWN = "stranger";
  /**
   * Deliveries to this recipient wait (in real time, at most 30 s) until {@link #releaseHeld}
   * opens: an expiry's handler chain that is still running keeps an ended approval's workflow open.
   */
  static final String HELD = "held";

  private final CountDownLatch heldStarted = new CountDownLatch(1);
  private final CountDownLatch releaseHeld = new CountDownLatch(1);

  final List<WarningNotice> warnings = new CopyOnWriteArrayList<>();
  final List<OwnerLookup> lookups = new CopyOnWriteArrayList<>();
  final List<Delivery> deliveries = new CopyOnWriteArrayList<>();
  /** Calls of the activity workflows made before recipients were resolved first. */
  final List<Notification> notifications = new CopyOnWriteArrayList<>();

  @Override
  public void raiseWarning(WarningNotice warning) {
    warnings.add(warning);
  }

  @Override
  public Recipients resolveRecipients(List<String> to) {
    List<Recipient> resolved = new ArrayList<>();
    List<String> problems = new ArrayList<>();
    for (String name : to) {
      if (UNKNOWN.equals(name)) {
        problems.add("'" + name + "' is not a user or group in the directory");
      } else {
        resolved.add(new Recipient(name, Recipient.Channel.LOG, name));
      }
    }
    return new Recipients(resolved, problems);
  }

  @Override
  public OwnerLookup.Answer lookUpOwners(OwnerLookup lookup) {
    lookups.add(lookup);
    return TestDirectory.answer(lookup);
  }

  /** Waits until a delivery to {@link #HELD} is being held. */
  void awaitHeldDelivery() {
    try {
      if (!heldStarted.await(30, TimeUnit.SECONDS)) {
        throw new AssertionError("no delivery to " + HELD + " started");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }

  void releaseHeldDeliveries() {
    releaseHeld.countDown();
  }

  @Override
  public void deliver(Delivery delivery) {
    if (HELD.equals(delivery.recipient().name())) {
      heldStarted.countDown();
      try {
        releaseHeld.await(30, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    if (UNDELIVERABLE.equals(delivery.recipient().name())) {
      throw ApplicationFailure.newNonRetryableFailure(
          "no such mailbox: " + delivery.recipient().name(), "PermanentDeliveryFailure");
    }
    deliveries.add(delivery);
  }

  @Override
  public void sendNotification(Notification notification) {
    notifications.add(notification);
  }
}
