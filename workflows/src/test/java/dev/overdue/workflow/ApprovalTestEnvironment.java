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
import dev.overdue.model.RequestValidator;
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

/** A time-skipping Temporal test service with the approval worker on it, and small helpers. */
final class ApprovalTestEnvironment implements AutoCloseable {
  static final ObjectMapper JSON = new ObjectMapper();
  static final String QUEUE = ApprovalWorkflow.DEFAULT_TASK_QUEUE;

  final TestWorkflowEnvironment env;
  final RecordingActivities activities = new RecordingActivities();
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
    worker.registerWorkflowImplementationTypes(ApprovalWorkflowImpl.class);
    worker.registerActivitiesImplementations(activities);
    env.start();
  }

  static JsonNode json(String text) {
    try {
      return JSON.readTree(text.replace('\'', '"'));
    } catch (Exception e) {
      throw new IllegalArgumentException(text, e);
    }
  }

  String start(String request) {
    return approvals.start(json(request), QUEUE);
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
    long giveUp = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    while (System.nanoTime() < giveUp) {
      List<HistoryEntry> entries = history(id);
      for (HistoryEntry entry : entries.subList(before, entries.size())) {
        if (entry.name().equals(command) && entry.kind().equals("signal")) {
          return entry;
        }
      }
      Thread.onSpinWait();
    }
    throw new AssertionError("signal " + command + " never reached the audit trail");
  }

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
