package dev.overdue.workflow;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.uber.m3.tally.Scope;
import dev.overdue.api.ApprovalSearchAttributes;
import dev.overdue.api.ApprovalWorkflow;
import dev.overdue.api.HistoryEntry;
import dev.overdue.api.StatusInfo;
import dev.overdue.api.TimerInfo;
import dev.overdue.client.ApprovalDataConverter;
import dev.overdue.client.Approvals;
import dev.overdue.model.request.RequestValidator;
import io.temporal.api.enums.v1.EventType;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.client.WorkflowClientOptions;
import io.temporal.common.WorkflowExecutionHistory;
import io.temporal.testing.TestEnvironmentOptions;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.worker.Worker;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.Predicate;
import java.util.function.Supplier;

/** A time-skipping Temporal test service with the approval worker on it, and small helpers. */
final class ApprovalTestEnvironment implements AutoCloseable {
  static final ObjectMapper JSON = new ObjectMapper();
  static final String QUEUE = ApprovalWorkflow.DEFAULT_TASK_QUEUE;

  final TestWorkflowEnvironment env;
  final RecordingActivities activities = new RecordingActivities();
  final RecordingTaskIndex index = new RecordingTaskIndex();
  final Approvals approvals;

  ApprovalTestEnvironment() {
    this(null);
  }

  /** A test service whose clock starts at {@code initialTime} (null: now). */
  ApprovalTestEnvironment(Instant initialTime) {
    this(initialTime, null);
  }

  /** ... and whose worker reports its metrics to {@code metrics} (null: none), as the worker's do. */
  ApprovalTestEnvironment(Instant initialTime, Scope metrics) {
    TestEnvironmentOptions.Builder options =
        TestEnvironmentOptions.newBuilder()
            .setWorkflowClientOptions(
                WorkflowClientOptions.newBuilder().setDataConverter(ApprovalDataConverter.create()).build());
    if (initialTime != null) {
      options.setInitialTime(initialTime);
    }
    if (metrics != null) {
      options.setMetricsScope(metrics);
    }
    env = TestWorkflowEnvironment.newInstance(options.build());
    // Checked at the test service's time, which a test may set to any day.
    approvals = new Approvals(env.getWorkflowClient(), request -> RequestValidator.refusal(request, now()));
    ApprovalSearchAttributes.DEFINITIONS.forEach(env::registerSearchAttribute);
    Worker worker = env.newWorker(QUEUE);
    worker.registerWorkflowImplementationTypes(ApprovalWorkflowImpl.OPTIONS, ApprovalWorkflowImpl.class);
    worker.registerActivitiesImplementations(activities, index);
    env.start();
  }

  static JsonNode json(String text) {
    try {
      return JSON.readTree(text.replace('\'', '"'));
    } catch (Exception e) {
      throw new IllegalArgumentException(text, e);
    }
  }

  /**
   * Starts an approval and returns once it has started (or failed to). An Update sent while it
   * starts is checked by its handler, not its validator, so a refusal of it lands in the trail; a
   * test that counts the trail must not depend on how fast the first workflow task ran.
   */
  String start(String request) {
    String id = approvals.start(json(request), QUEUE);
    awaitStarted(id);
    return id;
  }

  /** Asks the approval until it no longer answers that it is starting (real time: no timer runs). */
  void awaitStarted(String id) {
    long deadline = System.nanoTime() + Duration.ofMinutes(1).toNanos();
    while (true) {
      try {
        approvals.history(id);
        return;
      } catch (RuntimeException answer) {
        if (!describe(answer).contains("is starting") || System.nanoTime() > deadline) {
          return;
        }
      }
      try {
        Thread.sleep(5);
      } catch (InterruptedException interrupted) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  private static String describe(Throwable failure) {
    StringBuilder text = new StringBuilder();
    for (Throwable t = failure; t != null; t = t.getCause()) {
      text.append(t.getMessage()).append('\n');
    }
    return text.toString();
  }

  Instant now() {
    return Instant.ofEpochMilli(env.currentTimeMillis());
  }

  void sleep(Duration duration) {
    env.sleep(duration);
  }

  StatusInfo status(String id) {
    return approvals.status(id);
  }

  TimerInfo timer(String id, String name) {
    return approvals.timers(id).stream()
        .filter(t -> t.name().equals(name))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no timer " + name));
  }

  List<HistoryEntry> history(String id) {
    return approvals.history(id);
  }

  /** Signals are asynchronous: wait (in real time, briefly) until the audit trail shows it. */
  HistoryEntry signalAndAwait(String id, String command, String input) {
    int before = history(id).size();
    approvals.signal(id, command, json(input));
    return awaitReal("signal " + command + " to reach the audit trail", () -> {
      List<HistoryEntry> entries = history(id);
      return entries.subList(before, entries.size()).stream()
          .filter(entry -> entry.name().equals(command) && entry.kind().equals("signal"))
          .findFirst()
          .orElse(null);
    });
  }

  /**
   * Polls {@code poll} in real time until it answers (non-null): what a worker does after the
   * test's call returned (a signal applied, a woken workflow task completed) takes a moment, longer
   * on a loaded machine. Sleeps between polls, so that the worker's threads get the CPU.
   */
  static <T> T awaitReal(String what, Supplier<T> poll) {
    long giveUp = System.nanoTime() + REAL_TIME_BOUND.toNanos();
    for (T answer = poll.get(); ; answer = poll.get()) {
      if (answer != null) {
        return answer;
      }
      if (System.nanoTime() > giveUp) {
        throw new AssertionError(what + " did not happen within " + REAL_TIME_BOUND.toSeconds() + " s");
      }
      try {
        Thread.sleep(20);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError(e);
      }
    }
  }

  /** How long {@link #awaitReal} waits: far more than any in-process worker needs, loaded or not. */
  static final Duration REAL_TIME_BOUND = Duration.ofSeconds(60);

  List<HistoryEvent> events(String id, Predicate<HistoryEvent> filter) {
    WorkflowExecutionHistory history =
        env.getWorkflowClient().fetchHistory(Approvals.workflowId(id));
    return history.getEvents().stream().filter(filter).toList();
  }

  /**
   * The worker's calendars the approval recorded (side effects holding a calendar; the auth policy
   * and token verifications are side effects too).
   */
  List<HistoryEvent> recordedCalendars(String id) {
    return events(
        id,
        e -> e.getEventType() == EventType.EVENT_TYPE_MARKER_RECORDED
            && e.getMarkerRecordedEventAttributes().getMarkerName().equals("SideEffect")
            && e.getMarkerRecordedEventAttributes().getDetailsMap().get("data").getPayloads(0).getData()
                .toStringUtf8().contains("\"zone\""));
  }

  WorkflowExecutionHistory fetchHistory(String id) {
    return env.getWorkflowClient().fetchHistory(Approvals.workflowId(id));
  }

  @Override
  public void close() {
    env.close();
  }
}
