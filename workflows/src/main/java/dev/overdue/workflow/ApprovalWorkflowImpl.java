package dev.overdue.workflow;

import dev.overdue.api.ApprovalWorkflow;
import com.fasterxml.jackson.databind.JsonNode;
import dev.overdue.workflow.activities.Delivery;
import dev.overdue.workflow.activities.MessageContext;
import dev.overdue.workflow.activities.Notification;
import dev.overdue.workflow.activities.NotificationEvent;
import dev.overdue.workflow.activities.Recipient;
import dev.overdue.workflow.activities.Recipients;
import dev.overdue.workflow.activities.NotificationActivities;
import dev.overdue.workflow.activities.WarningActivities;
import dev.overdue.workflow.activities.WarningNotice;
import dev.overdue.api.ApprovalResult;
import dev.overdue.api.CommandResult;
import dev.overdue.model.CalendarSettings;
import dev.overdue.api.ApprovalRequest;
import dev.overdue.api.HistoryEntry;
import dev.overdue.api.PlanEntry;
import dev.overdue.api.StatusInfo;
import dev.overdue.api.TimerInfo;
import dev.overdue.model.ApprovalProcess;
import dev.overdue.model.BusinessTimer;
import dev.overdue.model.Command;
import dev.overdue.model.Expiry;
import dev.overdue.model.ProcessState;
import dev.overdue.model.RequestJson;
import dev.overdue.model.RequestValidator;
import dev.overdue.model.RuleViolation;
import dev.overdue.model.TimerHandler;
import io.temporal.activity.ActivityOptions;
import io.temporal.common.RetryOptions;
import io.temporal.common.converter.EncodedValues;
import io.temporal.failure.ActivityFailure;
import io.temporal.failure.ApplicationFailure;
import io.temporal.failure.TemporalFailure;
import io.temporal.workflow.Async;
import io.temporal.workflow.DynamicSignalHandler;
import io.temporal.workflow.DynamicUpdateHandler;
import io.temporal.workflow.Workflow;
import io.temporal.workflow.WorkflowInfo;
import io.temporal.workflow.WorkflowInit;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;

/**
 * The Temporal layer around {@link ApprovalProcess}: commands become model calls, the model's
 * earliest expiration date becomes one cancellable server timer, expiries become activities.
 */
public class ApprovalWorkflowImpl implements ApprovalWorkflow {
  private static final Logger log = Workflow.getLogger(ApprovalWorkflowImpl.class);


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

  /**
   * Version 1 publishes search attributes and names its activities (both add to commands, so
   * histories recorded before it replay without them).
   */
  static final String INSPECTABLE_CHANGE = "inspectable";

  /**
   * Version 1 keeps a server timer that fires earlier than a deadline moved later, and re-arms
   * when it fires, instead of cancelling and restarting it on every change.
   */
  static final String LAZY_REARM_CHANGE = "lazy-rearm";

  /**
   * Version 1 continues as new before the history reaches the size where Temporal suggests it,
   * carrying a {@link dev.overdue.model.ProcessSnapshot} as {@code {"continuation": ...}}.
   */
  static final String CONTINUE_AS_NEW_CHANGE = "continue-as-new";

  /**
   * Version 1 resolves a notification's recipients in an activity first, then delivers each
   * (recipient, channel) with a key derived here from the workflow id, its first run, the timer,
   * the firing, the recipient and the channel; messages are templates. Before it, one activity per
   * name resolved and sent in one go.
   */
  static final String DELIVERY_CHANGE = "delivery";

  /**
   * Version 1 starts a new process at the run's start time, not at its first workflow task: a
   * request validated and started before its absolute deadline must not fail as "in the past"
   * because no worker ran it in time, and relative limits count from the start, not from the
   * first task. Deadlines that passed meanwhile expire at once, late.
   */
  static final String START_AT_RUN_START_CHANGE = "start-at-run-start";

  /**
   * Version 1 knows deadlines, escalations, cycles, listeners, outcomes and business calendars:
   * the {@code start} and {@code complete} commands and the {@code user} field of timer commands
   * are accepted, listener runs and reassignment notices are started, and an approval that
   * counts working time records the worker's calendar as a side effect at its start. Before it,
   * those commands and fields were refused as unknown.
   */
  static final String DEADLINES_CHANGE = "deadlines";

  static final String CONTINUATION = "continuation";
  /** Below Temporal's default suggestion of 4,096 events and 4 MiB, with room to spare. */
  static final long MAX_EVENTS_PER_RUN = 3_000;
  static final long MAX_BYTES_PER_RUN = 3L << 20;

  private final DeadlineTimer deadline = new DeadlineTimer();
  private final Inspection inspection = new Inspection();
  private boolean inspectable;
  private boolean lazyRearm;
  private boolean continuesAsNew;
  private boolean resolvesRecipients;
  private boolean knowsDeadlines;

  private ApprovalProcess process;
  /** Why the request could not start, when it could not. */
  private String invalidRequest;
  /** Bumped by everything that may move a deadline or end the process; the main loop waits on it. */
  private int changes;
  /** Expiry handler chains still running; the workflow finishes only after the last one. */
  private int handlersRunning;

  /**
   * Starts the process and registers the command handlers before the first workflow task handles
   * anything, so an Update sent right after the start is not refused as unknown.
   */
  @WorkflowInit
  public ApprovalWorkflowImpl(JsonNode request) {
    boolean fromRunStart =
        Workflow.getVersion(START_AT_RUN_START_CHANGE, Workflow.DEFAULT_VERSION, 1) >= 1;
    Instant startedAt =
        fromRunStart ? Instant.ofEpochMilli(Workflow.getInfo().getRunStartedTimestampMillis()) : now();
    knowsDeadlines = Workflow.getVersion(DEADLINES_CHANGE, Workflow.DEFAULT_VERSION, 1) >= 1;
    try {
      if (request != null && request.has(CONTINUATION)) {
        process =
            ApprovalProcess.restore(
                RequestJson.snapshot(request.get(CONTINUATION)),
                Workflow.getInfo().getContinuedExecutionRunId().orElse(null),
                now());
      } else {
        ApprovalRequest parsed = RequestJson.parse(request);
        // Recorded once: replays and continued runs count in the calendar the approval began with.
        CalendarSettings calendar =
            knowsDeadlines && RequestValidator.needsCalendar(parsed)
                ? Workflow.sideEffect(CalendarSettings.class, WorkerCalendar::current)
                : null;
        process = ApprovalProcess.start(parsed, startedAt, calendar);
      }
    } catch (RuleViolation invalid) {
      invalidRequest = invalid.reason();
    }
    Workflow.registerListener((DynamicSignalHandler) this::onSignal);
    Workflow.registerListener(new UpdateHandler());
  }

  @Override
  public ApprovalResult run(JsonNode request) {
    if (invalidRequest != null) {
      throw ApplicationFailure.newNonRetryableFailure(invalidRequest, ApprovalWorkflow.INVALID_REQUEST);
    }
    inspectable = Workflow.getVersion(INSPECTABLE_CHANGE, Workflow.DEFAULT_VERSION, 1) >= 1;
    lazyRearm = Workflow.getVersion(LAZY_REARM_CHANGE, Workflow.DEFAULT_VERSION, 1) >= 1;
    continuesAsNew = Workflow.getVersion(CONTINUE_AS_NEW_CHANGE, Workflow.DEFAULT_VERSION, 1) >= 1;
    resolvesRecipients = Workflow.getVersion(DELIVERY_CHANGE, Workflow.DEFAULT_VERSION, 1) >= 1;

    while (!process.state().isEnded()) {
      runAll(process.expireDue(now()));
      runAll(process.drainTriggered());
      if (process.state().isEnded()) {
        break;
      }
      if (continuesAsNew && historyIsLong() && handlersRunning == 0 && Workflow.isEveryHandlerFinished()) {
        ObjectNode continuation = JsonNodeFactory.instance.objectNode();
        continuation.set(CONTINUATION, RequestJson.tree(process.snapshot()));
        Workflow.continueAsNew(continuation);
      }
      Optional<BusinessTimer> next = process.nextToExpire();
      Instant nextDate = next.flatMap(BusinessTimer::expiresAt).orElse(null);
      String summary = next.map(t -> t.name() + " expires " + nextDate).orElse("");
      if (lazyRearm) {
        deadline.waitFor(nextDate, summary, true);
        inspection.publish(process, inspectable, deadline.target());
      } else {
        inspection.publish(process, inspectable, nextDate);
        deadline.waitFor(nextDate, summary, false);
      }
      int seen = changes;
      Workflow.await(() -> changes != seen || deadline.hasFired());
      if (deadline.hasFired()) {
        deadline.consumeFired();
      }
    }
    deadline.cancel();
    // The last command may have ended a task: its completed and deleted listeners still run.
    runAll(process.drainTriggered());
    Workflow.await(() -> handlersRunning == 0 && Workflow.isEveryHandlerFinished());
    inspection.publish(process, inspectable, null);
    return process.result();
  }

  // ---- commands ----------------------------------------------------------------------------

  private void onSignal(String name, EncodedValues args) {
    if (process == null) {
      log.warn("ignored signal {}: the approval did not start", name);
      return;
    }
    Instant now = now();
    JsonNode input = null;
    Optional<String> refusal;
    try {
      input = decode(args);
      Command command = Commands.parse(name, input, knowsDeadlines);
      process.apply(command, now);
      refusal = Optional.empty();
    } catch (RuleViolation violation) {
      refusal = Optional.of(violation.reason());
    } catch (RuntimeException unexpected) {
      // No signal content may fail a workflow task: refuse it and keep going.
      log.error("signal " + name + " failed unexpectedly; refused", unexpected);
      refusal = Optional.of("internal error: " + unexpected);
    }
    refusal.ifPresent(reason -> rejected(name, "signal", reason));
    process.recordCommand(now, "signal", name, input, refusal);
    // Refused ones too: each adds to the history, and the loop decides when to continue as new.
    changes++;
  }

  /** Updates share the signals' names and rules; refused ones never reach the history. */
  private final class UpdateHandler implements DynamicUpdateHandler {
    @Override
    public void handleValidate(String name, EncodedValues args) {
      // Thrown as is: SDK 1.38 reports a validator's plain exception with its message intact.
      try {
        Command command = Commands.parse(name, decode(args), knowsDeadlines);
        started().check(command, now());
      } catch (RuleViolation violation) {
        rejected(name, "update", violation.reason());
        throw violation;
      }
    }

    @Override
    public Object handleExecute(String name, EncodedValues args) {
      Instant now = now();
      JsonNode input = null;
      try {
        input = decode(args);
        String message = process.apply(Commands.parse(name, input, knowsDeadlines), now);
        changes++;
        process.recordCommand(now, "update", name, input, Optional.empty());
        return new CommandResult(name, message);
      } catch (RuleViolation violation) {
        process.recordCommand(now, "update", name, input, Optional.of(violation.reason()));
        changes++;
        throw ApplicationFailure.newNonRetryableFailure(violation.reason(), ApprovalWorkflow.REFUSED);
      }
    }

    @Override
    public String getDescription() {
      return "Approval commands: " + String.join(", ", Commands.NAMES);
    }
  }

  private static void rejected(String command, String via, String reason) {
    log.warn("rejected {} {}: {}", via, command, reason);
    Workflow.getMetricsScope()
        .tagged(Map.of("command", command, "via", via))
        .counter(OverdueMetrics.COMMANDS_REJECTED)
        .inc(1);
  }

  /** A command's single JSON argument; none means an empty object. */
  private static JsonNode decode(EncodedValues args) {
    if (args == null || args.getSize() == 0) {
      return null;
    }
    try {
      return args.get(0, JsonNode.class);
    } catch (RuntimeException notJson) {
      throw new RuleViolation("the input is not JSON: " + notJson.getMessage());
    }
  }

  // ---- expiries ----------------------------------------------------------------------------

  /**
   * Runs the handlers of what fired. Firings of one timer (a cycle's caught-up reminders) run one
   * after the other, in order; different timers and listeners run side by side, so a slow
   * channel for one does not hold up another. Before version "deadlines" each firing ran on its
   * own, as recorded histories expect.
   */
  private void runAll(List<Expiry> fired) {
    if (!knowsDeadlines) {
      fired.forEach(this::runHandlers);
      return;
    }
    Map<String, List<Expiry>> bySource = new java.util.LinkedHashMap<>();
    for (Expiry expiry : fired) {
      recordExpiry(expiry);
      if (!expiry.handlers().isEmpty()) {
        bySource.computeIfAbsent(expiry.timer(), k -> new java.util.ArrayList<>()).add(expiry);
      }
    }
    for (List<Expiry> inOrder : bySource.values()) {
      inThreadOfItsOwn(() -> inOrder.forEach(e -> e.handlers().forEach(h -> runHandler(h, e))));
    }
  }

  private void recordExpiry(Expiry expiry) {
    if (expiry.cause() != Expiry.Cause.TASK_EVENT && expiry.cause() != Expiry.Cause.REASSIGNED) {
      Workflow.getMetricsScope().tagged(Map.of("kind", expiry.kind())).counter(OverdueMetrics.EXPIRIES).inc(1);
      Workflow.getMetricsScope()
          .timer(OverdueMetrics.EXPIRY_LATENESS)
          .record(com.uber.m3.util.Duration.ofMillis(now().toEpochMilli() - expiry.expiresAt().toEpochMilli()));
    }
  }

  /** Runs {@code chain} in a workflow thread of its own; the workflow ends only after it. */
  private void inThreadOfItsOwn(Runnable chain) {
    handlersRunning++;
    Async.procedure(
        () -> {
          try {
            chain.run();
          } finally {
            handlersRunning--;
            changes++;
          }
        });
  }

  /** Runs one expiry's handlers in order, in a workflow thread of its own. */
  private void runHandlers(Expiry expiry) {
    recordExpiry(expiry);
    inThreadOfItsOwn(() -> expiry.handlers().forEach(handler -> runHandler(handler, expiry)));
  }

  private void runHandler(TimerHandler handler, Expiry expiry) {
    String workflowId = Workflow.getInfo().getWorkflowId();
    if (handler instanceof TimerHandler.Warn) {
      String message = warningText(expiry);
      Instant at = now();
      addWarning(expiry, message, at);
      try {
        activities(WarningActivities.class, "warning: " + message).raiseWarning(
            new WarningNotice(
                workflowId, process.requestId(), expiry.timer(), expiry.step(), message,
                at.toString()));
      } catch (ActivityFailure failure) {
        // The warning is already on the process; only its publication failed.
        log.warn("publishing warning of timer {} failed: {}", expiry.timer(), failure.getMessage());
      }
    } else if (handler instanceof TimerHandler.Notify notify && resolvesRecipients) {
      notify(notify, expiry);
    } else if (handler instanceof TimerHandler.Notify notify) {
      String message =
          notify.message() != null
              ? notify.message()
              : "Approval " + process.requestId() + ": timer " + expiry.timer() + " expired";
      for (String recipient : notify.to()) {
        String key = workflowId + "/" + expiry.timer() + "/" + expiry.firing() + "/" + recipient;
        try {
          activities(NotificationActivities.class, "notify " + recipient + ": timer " + expiry.timer())
              .sendNotification(
              new Notification(
                  key, workflowId, process.requestId(), expiry.timer(), expiry.firing(), recipient,
                  message));
          Workflow.getMetricsScope().counter(OverdueMetrics.NOTIFICATIONS_SENT).inc(1);
        } catch (ActivityFailure failure) {
          notificationFailed(expiry, "notification to " + recipient + " failed: " + rootMessage(failure));
        }
      }
    } else if (handler instanceof TimerHandler.Decide decide) {
      // Suspended while earlier handlers ran: the decision waits for the resume, it is not dropped.
      Workflow.await(() -> process.state() != ProcessState.SUSPENDED);
      process.decide(decide.outcome(), expiry.timer(), now());
      changes++;
    }
  }

  private static String warningText(Expiry expiry) {
    return switch (expiry.cause()) {
      case TASK_EVENT -> "step " + expiry.step() + ": task " + expiry.taskEvent();
      case REMINDER -> "reminder " + expiry.timer() + " #" + expiry.firing() + " (due " + expiry.expiresAt() + ")";
      case DEADLINE_ESCALATED -> "deadline " + expiry.timer() + " passed (due " + expiry.expiresAt() + ")";
      default -> "timer " + expiry.timer() + " expired (due " + expiry.expiresAt() + ")";
    };
  }

  private static NotificationEvent eventOf(Expiry expiry) {
    return switch (expiry.cause()) {
      case DEADLINE_ESCALATED -> NotificationEvent.DEADLINE_ESCALATED;
      case REMINDER -> NotificationEvent.REMINDER;
      case REASSIGNED -> NotificationEvent.REASSIGNED;
      case TASK_EVENT -> NotificationEvent.TASK_EVENT;
      case TIMER_EXPIRED -> NotificationEvent.TIMER_EXPIRED;
    };
  }

  /** Resolves {@code to} worker-side, then delivers to each recipient on its channel, in order. */
  private void notify(TimerHandler.Notify notify, Expiry expiry) {
    Recipients recipients;
    try {
      recipients =
          activities(NotificationActivities.class, "resolve " + String.join(", ", notify.to()))
              .resolveRecipients(notify.to());
    } catch (ActivityFailure failure) {
      notificationFailed(
          expiry, "notification to " + String.join(", ", notify.to()) + " failed: " + rootMessage(failure));
      return;
    }
    for (String problem : recipients.problems()) {
      notificationFailed(expiry, "notification not sent: " + problem);
    }
    WorkflowInfo info = Workflow.getInfo();
    String step = expiry.step();
    MessageContext context =
        new MessageContext(
            info.getWorkflowId(), process.requestId(), process.title(), process.requester(), process.data(),
            step, step == null ? null : process.stepTitle(step).orElse(step), expiry.timerName(), expiry.firing(),
            expiry.expiresAt().toString(), now().toString(), expiry.taskEvent());
    for (Recipient recipient : recipients.resolved()) {
      String key =
          String.join("/", info.getWorkflowId(), info.getFirstExecutionRunId(), expiry.timer(),
              String.valueOf(expiry.firing()), recipient.name(), recipient.channel().label());
      try {
        activities(NotificationActivities.class,
                "notify " + recipient.name() + " by " + recipient.channel().label() + ": timer " + expiry.timer(),
                DELIVERIES)
            .deliver(new Delivery(key, eventOf(expiry), recipient, context, notify.subject(), notify.message()));
        Workflow.getMetricsScope().counter(OverdueMetrics.NOTIFICATIONS_SENT).inc(1);
      } catch (ActivityFailure failure) {
        notificationFailed(expiry, "notification to " + recipient.name() + " by "
            + recipient.channel().label() + " failed: " + rootMessage(failure));
      }
    }
  }

  /** A notification failure never fails the approval; it becomes a visible warning. */
  private void notificationFailed(Expiry expiry, String message) {
    Workflow.getMetricsScope().counter(OverdueMetrics.NOTIFICATIONS_FAILED).inc(1);
    addWarning(expiry, message, now());
  }

  private void addWarning(Expiry expiry, String message, Instant at) {
    process.addWarning(expiry.timer(), expiry.step(), message, at);
    Workflow.getMetricsScope().counter(OverdueMetrics.WARNINGS_RAISED).inc(1);
    changes++;
  }

  /** An activity stub whose calls carry {@code summary} for the Web UI (from version 1 on). */
  private <T> T activities(Class<T> type, String summary) {
    return activities(type, summary, SIDE_EFFECTS);
  }

  private <T> T activities(Class<T> type, String summary, ActivityOptions options) {
    return Workflow.newActivityStub(
        type, inspectable ? options.toBuilder().setSummary(summary).build() : options);
  }

  private static String rootMessage(Throwable failure) {
    Throwable cause = failure;
    while (cause.getCause() != null) {
      cause = cause.getCause();
    }
    // The activity's own words, not "message='...', type='...', nonRetryable=true".
    return cause instanceof TemporalFailure temporal ? temporal.getOriginalMessage() : cause.getMessage();
  }

  private static boolean historyIsLong() {
    WorkflowInfo info = Workflow.getInfo();
    return info.isContinueAsNewSuggested()
        || info.getHistoryLength() >= MAX_EVENTS_PER_RUN
        || info.getHistorySize() >= MAX_BYTES_PER_RUN;
  }

  private static Instant now() {
    return Instant.ofEpochMilli(Workflow.currentTimeMillis());
  }

  // ---- queries -----------------------------------------------------------------------------

  @Override
  public List<TimerInfo> timers() {
    return started().timerInfos();
  }

  @Override
  public List<PlanEntry> plan() {
    return started().plan(now());
  }

  @Override
  public StatusInfo status() {
    return started().status();
  }

  @Override
  public List<HistoryEntry> history() {
    return started().history();
  }

  private ApprovalProcess started() {
    if (process == null) {
      throw new RuleViolation("the approval did not start: " + invalidRequest);
    }
    return process;
  }
}
