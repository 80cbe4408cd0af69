package dev.overdue.workflow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.client.Approvals;
import dev.overdue.client.RunningEditions;
import dev.overdue.model.process.Edition;
import io.temporal.api.enums.v1.EventType;
import io.temporal.common.WorkflowExecutionHistory;
import io.temporal.internal.common.SearchAttributesUtil;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.testing.WorkflowReplayer;
import io.temporal.worker.Worker;
import io.temporal.worker.WorkerOptions;
import io.temporal.worker.WorkflowImplementationOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Replays every recorded history under src/test/resources/histories against today's workflow
 * code. A change that breaks replay of an approval already running in production fails here;
 * such a change must be guarded with Workflow.getVersion. Each history replays as every worker
 * registers the workflow ({@link ApprovalWorkflowImpl#OPTIONS}: version markers also upsert
 * TemporalChangeVersion) and without that option (a worker rolled back), and each test's name says
 * the edition its markers make: every {@link Edition} has a history, and a retired one's go. A
 * history of an edition retired at 1.0 fails its workflow task, saying so.
 */
class ReplayTest {
  static final Path HISTORIES = Path.of("src/test/resources/histories");
  /** The last history recorded before 1.0 (edition "shape-17"), kept to show how a retired one fails. */
  static final Path RETIRED = Path.of("src/test/resources/retired/approval-v19-full-lifecycle.json");

  @TestFactory
  Stream<DynamicTest> everyRecordedHistoryReplays() throws IOException {
    return replays(ApprovalWorkflowImpl.OPTIONS);
  }

  @TestFactory
  Stream<DynamicTest> everyRecordedHistoryReplaysWithoutTheChangeVersionAttribute() throws IOException {
    return replays(WorkflowImplementationOptions.getDefaultInstance());
  }

  @Test
  void everyEditionHasARecordedHistory() throws IOException {
    Set<Edition> recorded = EnumSet.noneOf(Edition.class);
    for (Path file : histories()) {
      recorded.add(Versions.recordedIn(history(file).getEvents()).orElseThrow(() -> new AssertionError(file + " is retired")));
    }
    assertEquals(EnumSet.allOf(Edition.class), recorded);
  }

  @Test
  void aHistoryOfARetiredEditionFailsItsWorkflowTaskNamingTheWayOut() {
    WorkflowExecutionHistory retired = history(RETIRED);
    assertEquals(Optional.empty(), Versions.recordedIn(retired.getEvents()));
    Exception failed = assertThrows(Exception.class, () -> replay(retired, ApprovalWorkflowImpl.OPTIONS));
    StringBuilder causes = new StringBuilder();
    for (Throwable cause = failed; cause != null; cause = cause.getCause()) {
      causes.append(cause).append('\n');
    }
    String message = causes.toString();
    assertTrue(message.contains("was started by an edition retired at 1.0"), message);
    assertTrue(message.contains("let it finish on a worker from before 1.0"), message);
  }

  /** A history recorded with the option replays without it: the SDK goes by the marker's flag. */
  @Test
  void aNewApprovalsMarkerIsItsChangeVersionAndReplaysWithOrWithoutTheOption() throws Exception {
    try (ApprovalTestEnvironment t = new ApprovalTestEnvironment()) {
      String id = RecordedScenarios.fullLifecycle(t);
      WorkflowExecutionHistory history = t.fetchHistory(id);
      assertEquals(Optional.of(Edition.CURRENT), Versions.recordedIn(history.getEvents()));
      List<List<String>> changeVersions =
          history.getEvents().stream()
              .filter(e -> e.getEventType() == EventType.EVENT_TYPE_UPSERT_WORKFLOW_SEARCH_ATTRIBUTES)
              .map(e -> e.getUpsertWorkflowSearchAttributesEventAttributes().getSearchAttributes())
              .filter(sa -> sa.containsIndexedFields(RunningEditions.CHANGE_VERSION.getName()))
              .map(sa -> SearchAttributesUtil.decodeTyped(sa).get(RunningEditions.CHANGE_VERSION))
              .toList();
      assertEquals(List.of(List.of(Versions.V1_2 + "-1")), changeVersions);
      replay(history, ApprovalWorkflowImpl.OPTIONS);
      replay(history, WorkflowImplementationOptions.getDefaultInstance());
    }
  }

  private static Stream<DynamicTest> replays(WorkflowImplementationOptions options) throws IOException {
    return histories().stream()
        .map(
            file -> {
              WorkflowExecutionHistory history = history(file);
              return DynamicTest.dynamicTest(
                  file.getFileName() + " (" + Versions.recordedIn(history.getEvents()).map(Edition::label).orElse("retired") + ")",
                  () -> replay(history, options));
            });
  }

  static void replay(WorkflowExecutionHistory history, WorkflowImplementationOptions options) throws Exception {
    // A replay thread the loaded machine leaves unscheduled for a second is no deadlock.
    replay(history, options, 10_000);
  }

  /** {@code history} replayed on a worker registered with {@code options}. */
  static void replay(WorkflowExecutionHistory history, WorkflowImplementationOptions options, long deadlockMillis)
      throws Exception {
    try (TestWorkflowEnvironment env = TestWorkflowEnvironment.newInstance()) {
      String queue = history.getEvents().get(0).getWorkflowExecutionStartedEventAttributes().getTaskQueue().getName();
      Worker worker = env.newWorker(queue, WorkerOptions.newBuilder().setDefaultDeadlockDetectionTimeout(deadlockMillis).build());
      worker.registerWorkflowImplementationTypes(options, ApprovalWorkflowImpl.class);
      WorkflowReplayer.replayWorkflowExecution(history, worker);
    }
  }

  private static List<Path> histories() throws IOException {
    List<Path> files;
    try (Stream<Path> listing = Files.list(HISTORIES)) {
      files = listing.filter(p -> p.toString().endsWith(".json")).sorted().toList();
    }
    assertFalse(files.isEmpty(), "no recorded histories in " + HISTORIES.toAbsolutePath());
    return files;
  }

  static WorkflowExecutionHistory history(Path file) {
    try {
      return WorkflowExecutionHistory.fromJson(Files.readString(file));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Records the scenarios' histories for the current workflow shape. Run when a new shape is
   * released: mvn -pl workflows test -Dtest=ReplayTest#recordHistories -Doverdue.recordHistories=v1
   * (add -Doverdue.recordScenarios=schedules,deadlines to record only those).
   */
  @Test
  @EnabledIfSystemProperty(named = "overdue.recordHistories", matches = "v\\d+")
  void recordHistories() throws IOException {
    String version = System.getProperty("overdue.recordHistories");
    record("full-lifecycle", version, RecordedScenarios::fullLifecycle);
    record("decide-on-timeout", version, RecordedScenarios::decideOnTimeout);
    record("abort-while-suspended", version, RecordedScenarios::abortWhileSuspended);
    record("continued-run", version, RecordedScenarios::continuedRun);
    record("deadlines", version, RecordedScenarios::deadlines);
    record("schedules", version, RecordedScenarios::schedules);
    record("human-tasks", version, RecordedScenarios::humanTasks);
    record("bounded-warnings", version, RecordedScenarios::boundedWarnings);
    record("signed-commands", version, RecordedScenarios::signedCommands);
    record("task-lists", version, RecordedScenarios::taskLists);
    record("forms", version, RecordedScenarios::forms);
    record("task-operations", version, RecordedScenarios::taskOperations);
    record("cycle-end", version, RecordedScenarios::cycleEnd);
    record("daylight-saving", version, RecordedScenarios::daylightSaving);
  }

  private static void record(
      String name, String version, java.util.function.Function<ApprovalTestEnvironment, String> scenario)
      throws IOException {
    record(name, version, scenario, 0);
  }

  /** Records the last run of the scenario's approval, or the run {@code runsBack} before it. */
  private static void record(
      String name, String version, java.util.function.Function<ApprovalTestEnvironment, String> scenario,
      int runsBack)
      throws IOException {
    String only = System.getProperty("overdue.recordScenarios");
    if (only != null && !List.of(only.split(",")).contains(name)) {
      return;
    }
    try (ApprovalTestEnvironment t = new ApprovalTestEnvironment()) {
      String id = scenario.apply(t);
      WorkflowExecutionHistory history = t.fetchHistory(id);
      for (int run = 0; run < runsBack; run++) {
        String previous =
            history.getEvents().get(0).getWorkflowExecutionStartedEventAttributes().getContinuedExecutionRunId();
        history = t.env.getWorkflowClient().fetchHistory(Approvals.workflowId(id), previous);
      }
      Files.createDirectories(HISTORIES);
      Files.writeString(
          HISTORIES.resolve("approval-" + version + "-" + name + ".json"), history.toJson(true));
    }
  }
}
