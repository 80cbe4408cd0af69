package dev.overdue.workflow;

import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.overdue.client.Approvals;
import io.temporal.common.WorkflowExecutionHistory;
import io.temporal.testing.WorkflowReplayer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Replays every recorded history under src/test/resources/histories against today's workflow
 * code. A change that breaks replay of an approval already running in production fails here;
 * such a change must be guarded with Workflow.getVersion.
 */
class ReplayTest {
  static final Path HISTORIES = Path.of("src/test/resources/histories");

  @TestFactory
  Stream<DynamicTest> everyRecordedHistoryReplays() throws IOException {
    List<Path> files;
    try (Stream<Path> listing = Files.list(HISTORIES)) {
      files = listing.filter(p -> p.toString().endsWith(".json")).sorted().toList();
    }
    assertFalse(files.isEmpty(), "no recorded histories in " + HISTORIES.toAbsolutePath());
    return files.stream()
        .map(
            file ->
                DynamicTest.dynamicTest(
                    file.getFileName().toString(),
                    () ->
                        WorkflowReplayer.replayWorkflowExecution(
                            WorkflowExecutionHistory.fromJson(Files.readString(file)),
                            ApprovalWorkflowImpl.class)));
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
