package dev.overdue.workflow;

import dev.overdue.model.ProcessState;
import dev.overdue.model.process.ApprovalProcess;
import dev.overdue.model.request.TimerHandler;
import dev.overdue.model.timer.Expiry;
import dev.overdue.workflow.activities.Delivery;
import dev.overdue.workflow.activities.MessageContext;
import dev.overdue.workflow.activities.NotificationActivities;
import dev.overdue.workflow.activities.NotificationEvent;
import dev.overdue.workflow.activities.Recipient;
import dev.overdue.workflow.activities.Recipients;
import dev.overdue.workflow.activities.WarningNotice;
import io.temporal.activity.ActivityOptions;
import io.temporal.common.RetryOptions;
import io.temporal.failure.ActivityFailure;
import io.temporal.failure.TemporalFailure;
import io.temporal.workflow.Async;
import io.temporal.workflow.Workflow;
import io.temporal.workflow.WorkflowInfo;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;

/**
 * Runs what fired — a timer's expiry, a task listener, a reassignment notice — as workflow code:
 * each handler in order ({@code warn}, {@code notify}, {@code decide}), each source's chain from its
 * first activity on in a workflow thread of its own, so a slow channel for one timer does not hold
 * up another. A warning is on the approval before it is published; a notification that fails
 * becomes a warning, never a failed approval; every delivery carries a key derived from history
 * alone.
 */
final class HandlerRunner {
  private static final Logger WARNINGS = Workflow.getLogger(WarningNotice.LOGGER);

  private static final ActivityOptions SIDE_EFFECTS =
      ActivityOptions.newBuilder()
          .setStartToCloseTimeout(Duration.ofSeconds(30))
          .setScheduleToCloseTimeout(Duration.ofMinutes(10))
          .setRetryOptions(
              RetryOptions.newBuilder()
                  .setInitialInterval(Duration.ofSeconds(1))
                  .setBackoffCoefficient(2)
                  .setMaximumInterval(Duration.ofMinutes(1))
                  .build())
          .build();

  /**
   * Deliveries: retried for up to an hour while a channel is down (connection refused, 5xx, SMTP
   * 4xx); permanent failures do not retry. Each attempt is bounded by the channels' own timeouts.
   */
  private static final ActivityOptions DELIVERIES =
      SIDE_EFFECTS.toBuilder().setScheduleToCloseTimeout(Duration.ofHours(1)).build();

  private final ApprovalProcess process;
  /** Wakes the workflow's loop: a handler changed the approval, or a chain finished. */
  private final Runnable changed;
  /** Handler chains still running; the workflow finishes only after the last one. */
  private int running;

  HandlerRunner(ApprovalProcess process, Runnable changed) {
    this.process = process;
    this.changed = changed;
  }

  boolean idle() {
    return running == 0;
  }

  /**
   * Runs the handlers of what fired. Firings of one source (a cycle's caught-up reminders) run one
   * after the other, in order; different timers and listeners side by side.
   */
  void runAll(List<Expiry> fired) {
    Map<String, List<Expiry>> bySource = new LinkedHashMap<>();
    for (Expiry expiry : fired) {
      recordExpiry(expiry);
      if (!expiry.handlers().isEmpty()) {
        bySource.computeIfAbsent(expiry.timer(), k -> new ArrayList<>()).add(expiry);
      }
    }
    bySource.values().forEach(this::runChain);
  }

  /** One handler of one firing: a chain is these in order. */
  private record Step(TimerHandler handler, Expiry expiry) {}

  /**
   * The head of the chain that needs neither an activity nor a wait — warnings,
   * and a decision while the approval is not suspended — runs at once, so the workflow task that
   * fired it publishes the approval once, with its result; the rest, from the first handler that
   * calls an activity or waits, in a workflow thread of its own.
   */
  private void runChain(List<Expiry> inOrder) {
    List<Step> steps = new ArrayList<>();
    inOrder.forEach(expiry -> expiry.handlers().forEach(handler -> steps.add(new Step(handler, expiry))));
    int next = 0;
    for (; next < steps.size(); next++) {
      Step step = steps.get(next);
      if (step.handler() instanceof TimerHandler.Warn) {
        warn(step.expiry());
      } else if (step.handler() instanceof TimerHandler.Decide decide && process.state() != ProcessState.SUSPENDED) {
        decide(decide, step.expiry());
      } else {
        break;
      }
    }
    List<Step> rest = steps.subList(next, steps.size());
    if (!rest.isEmpty()) {
      inThreadOfItsOwn(() -> rest.forEach(step -> runHandler(step.handler(), step.expiry())));
    }
  }

  /** Counts a timer's expiry and its lateness; a notice a user's command caused ({@code by}) is none. */
  private void recordExpiry(Expiry expiry) {
    if (expiry.cause() != Expiry.Cause.TASK_EVENT && expiry.cause() != Expiry.Cause.REASSIGNED
        && expiry.cause() != Expiry.Cause.OFFERED && expiry.by() == null) {
      Workflow.getMetricsScope().tagged(Map.of("kind", expiry.kind())).counter(OverdueMetrics.EXPIRIES).inc(1);
      Workflow.getMetricsScope()
          .timer(OverdueMetrics.EXPIRY_LATENESS)
          .record(com.uber.m3.util.Duration.ofMillis(now().toEpochMilli() - expiry.expiresAt().toEpochMilli()));
    }
  }

  /** Runs {@code chain} in a workflow thread of its own; the workflow ends only after it. */
  private void inThreadOfItsOwn(Runnable chain) {
    running++;
    Async.procedure(
        () -> {
          try {
            chain.run();
          } finally {
            running--;
            changed.run();
          }
        });
  }

  private void runHandler(TimerHandler handler, Expiry expiry) {
    if (handler instanceof TimerHandler.Warn) {
      warn(expiry);
    } else if (handler instanceof TimerHandler.Notify notify) {
      notify(notify, expiry);
    } else if (handler instanceof TimerHandler.Decide decide) {
      // Suspended while earlier handlers ran: the decision waits for the resume, it is not dropped.
      Workflow.await(() -> process.state() != ProcessState.SUSPENDED);
      decide(decide, expiry);
    }
  }

  private void decide(TimerHandler.Decide decide, Expiry expiry) {
    process.decide(decide.outcome(), expiry.timer(), now());
    changed.run();
  }

  /**
   * Puts the warning on the approval, then publishes it as a line of the worker's log from the
   * workflow's replay-safe logger (a replay writes nothing).
   */
  private void warn(Expiry expiry) {
    String message = warningText(expiry);
    Instant at = now();
    addWarning(expiry, message, at);
    WarningNotice notice =
        new WarningNotice(
            Workflow.getInfo().getWorkflowId(), process.requestId(), expiry.timer(), expiry.step(), message,
            at.toString());
    WARNINGS.warn(notice.logLine());
  }

  private static String warningText(Expiry expiry) {
    return switch (expiry.cause()) {
      case TASK_EVENT -> "step " + expiry.step() + ": task " + expiry.taskEvent();
      case REMINDER -> "reminder " + expiry.timer() + " #" + expiry.firing() + " (due " + expiry.expiresAt() + ")";
      case DEADLINE_ESCALATED -> "deadline " + expiry.timer() + " passed (due " + expiry.expiresAt() + ")";
      default -> "timer " + expiry.timer() + " expired (due " + expiry.expiresAt() + ")";
    };
  }

  /** Resolves {@code to} worker-side, then delivers to each recipient on its channel, in order. */
  private void notify(TimerHandler.Notify notify, Expiry expiry) {
    if (expiry.cause() == Expiry.Cause.OFFERED
        && notify.to().stream().noneMatch(user -> process.waitsFor(expiry.step(), user))) {
      return;
    }
    Recipients recipients;
    try {
      recipients =
          activities(NotificationActivities.class, "resolve " + String.join(", ", notify.to()), SIDE_EFFECTS)
              .resolveRecipients(notify.to());
    } catch (ActivityFailure failure) {
      notificationFailed(
          expiry, "notification to " + String.join(", ", notify.to()) + " failed: " + rootMessage(failure));
      return;
    }
    // Nobody asked for an offer's message: a potential owner the directory has no address for is
    // no warning on the approval (a directory may list only the people notified of deadlines).
    if (expiry.cause() != Expiry.Cause.OFFERED) {
      for (String problem : recipients.problems()) {
        notificationFailed(expiry, "notification not sent: " + problem);
      }
    }
    WorkflowInfo info = Workflow.getInfo();
    String step = expiry.step();
    MessageContext context =
        new MessageContext(
            info.getWorkflowId(), process.requestId(), process.title(), process.requester(), process.data(),
            step, step == null ? null : process.stepTitle(step).orElse(step), expiry.timerName(), expiry.firing(),
            expiry.expiresAt().toString(), now().toString(), expiry.taskEvent(),
            step == null ? null : process.stepPriority(step).orElse(null),
            expiry.by(), step == null ? null : process.stepOwner(step).orElse(null));
    for (Recipient recipient : recipients.resolved()) {
      if (expiry.cause() == Expiry.Cause.OFFERED && !process.waitsFor(step, recipient.name())) {
        continue; // claimed, decided or ended meanwhile: it no longer waits for them
      }
      try {
        activities(NotificationActivities.class,
                "notify " + recipient.name() + " by " + recipient.channel().label() + ": " + about(expiry),
                DELIVERIES)
            .deliver(new Delivery(deliveryKey(info, expiry, recipient), eventOf(expiry), recipient, context,
                notify.subject(), notify.message()));
        Workflow.getMetricsScope().counter(OverdueMetrics.NOTIFICATIONS_SENT).inc(1);
      } catch (ActivityFailure failure) {
        notificationFailed(expiry, "notification to " + recipient.name() + " by "
            + recipient.channel().label() + " failed: " + rootMessage(failure));
      }
    }
  }

  /**
   * A pure function of history: the first run id keeps it stable across continue-as-new and
   * distinct when a workflow id is reused; the firing makes each reminder its own.
   */
  private static String deliveryKey(WorkflowInfo info, Expiry expiry, Recipient recipient) {
    return String.join("/", info.getWorkflowId(), info.getFirstExecutionRunId(), expiry.timer(),
        String.valueOf(expiry.firing()), recipient.name(), recipient.channel().label());
  }

  /** What a delivery is about, for its activity's summary in the Web UI. */
  private static String about(Expiry expiry) {
    return switch (expiry.cause()) {
      case OFFERED -> "step " + expiry.step() + " offered";
      case REASSIGNED -> expiry.by() != null ? "step " + expiry.step() + " reassigned by " + expiry.by()
          : "timer " + expiry.timer();
      case REMINDER -> expiry.by() != null ? "step " + expiry.step() + ": reminder from " + expiry.by()
          : "timer " + expiry.timer();
      default -> "timer " + expiry.timer();
    };
  }

  private static NotificationEvent eventOf(Expiry expiry) {
    return switch (expiry.cause()) {
      case DEADLINE_ESCALATED -> NotificationEvent.DEADLINE_ESCALATED;
      case REMINDER -> NotificationEvent.REMINDER;
      case REASSIGNED -> NotificationEvent.REASSIGNED;
      case TASK_EVENT -> NotificationEvent.TASK_EVENT;
      case TIMER_EXPIRED -> NotificationEvent.TIMER_EXPIRED;
      case OFFERED -> NotificationEvent.TASK_OFFERED;
    };
  }

  /** A notification failure never fails the approval; it becomes a visible warning. */
  private void notificationFailed(Expiry expiry, String message) {
    Workflow.getMetricsScope().counter(OverdueMetrics.NOTIFICATIONS_FAILED).inc(1);
    addWarning(expiry, message, now());
  }

  private void addWarning(Expiry expiry, String message, Instant at) {
    process.addWarning(expiry.timer(), expiry.step(), message, at);
    Workflow.getMetricsScope().counter(OverdueMetrics.WARNINGS_RAISED).inc(1);
    changed.run();
  }

  /** An activity stub whose calls carry {@code summary} for the Web UI. */
  private <T> T activities(Class<T> type, String summary, ActivityOptions options) {
    return Workflow.newActivityStub(type, options.toBuilder().setSummary(summary).build());
  }

  static String rootMessage(Throwable failure) {
    Throwable cause = failure;
    while (cause.getCause() != null) {
      cause = cause.getCause();
    }
    // The activity's own words, not "message='...', type='...', nonRetryable=true".
    return cause instanceof TemporalFailure temporal ? temporal.getOriginalMessage() : cause.getMessage();
  }

  private static Instant now() {
    return ApprovalWorkflowImpl.now();
  }
}
