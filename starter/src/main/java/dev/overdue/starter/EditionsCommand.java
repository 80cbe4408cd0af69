package dev.overdue.starter;

import dev.overdue.client.WorkList;
import dev.overdue.model.Edition;
import dev.overdue.workflow.Versions;
import io.temporal.api.common.v1.WorkflowExecution;
import io.temporal.api.enums.v1.EventType;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.api.workflowservice.v1.GetWorkflowExecutionHistoryRequest;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowExecutionMetadata;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import picocli.CommandLine.Command;

/**
 * How many running approvals run by each {@link Edition}: what retiring one waits for
 * (docs/design/editions.md). An approval's edition is read from its TemporalChangeVersion search
 * attribute, which every run started since the worker upserts it has; an older run has none, and
 * its edition is read from the version markers at the start of its history, one call each.
 */
@Command(
    name = "editions",
    mixinStandardHelpOptions = true,
    description = {
      "Count the running approvals by edition (the way each runs: docs/design/editions.md).",
      "By their TemporalChangeVersion search attribute; those started before it existed by the"
          + " version markers at the start of their history, one call each. Needs a Temporal"
          + " server with a visibility store (bin/dev-server)."
    })
final class EditionsCommand extends ManyApprovalsCommand {
  /** A run records its version markers in its first workflow task: these events hold them. */
  private static final int FIRST_EVENTS = 100;

  /** Running approvals of one edition, and how many of them were read from their history. */
  record Count(Edition edition, long running, long fromHistory) {}

  @Override
  void execute() throws Exception {
    WorkList running = new WorkList();
    List<Count> counts = ListCommand.listing(session(), running, () -> count(session().client(), running.query()));
    if (json()) {
      printJson(counts);
      return;
    }
    Table table = Table.of("EDITION", "RUNNING", "WITHOUT TEMPORALCHANGEVERSION");
    counts.forEach(c -> table.row(c.edition().name(), String.valueOf(c.running()), String.valueOf(c.fromHistory())));
    if (table.isEmpty()) {
      out().println("no approvals match " + running.query());
    } else {
      table.print(out());
    }
  }

  /** The editions of the approvals {@code query} lists, newest first. */
  static List<Count> count(WorkflowClient client, String query) {
    Map<Edition, long[]> counts = new EnumMap<>(Edition.class);
    try (Stream<WorkflowExecutionMetadata> executions = client.listExecutions(query)) {
      executions.forEach(
          execution -> {
            List<String> changes = execution.getTypedSearchAttributes().get(Versions.CHANGE_VERSION);
            boolean fromHistory = changes == null || changes.isEmpty();
            Edition edition =
                fromHistory
                    ? recordedIn(firstEvents(client, execution.getExecution()))
                    : Versions.recordedBy(changes.stream().map(EditionsCommand::changeId).toList());
            long[] count = counts.computeIfAbsent(edition, e -> new long[2]);
            count[0]++;
            count[1] += fromHistory ? 1 : 0;
          });
    }
    List<Count> newestFirst = new ArrayList<>();
    counts.forEach((edition, count) -> newestFirst.add(0, new Count(edition, count[0], count[1])));
    return newestFirst;
  }

  /**
   * The edition the markers of a run's first workflow task make; a run no worker has begun yet
   * (none completed) will run by the current one.
   */
  private static Edition recordedIn(List<HistoryEvent> events) {
    boolean begun = events.stream().anyMatch(e -> e.getEventType() == EventType.EVENT_TYPE_WORKFLOW_TASK_COMPLETED);
    return begun ? Versions.recordedIn(events) : Edition.CURRENT;
  }

  /** "shape-14-1": the change id, without the version the SDK appends. */
  private static String changeId(String changeVersion) {
    return changeVersion.substring(0, changeVersion.lastIndexOf('-'));
  }

  private static List<HistoryEvent> firstEvents(WorkflowClient client, WorkflowExecution execution) {
    GetWorkflowExecutionHistoryRequest request =
        GetWorkflowExecutionHistoryRequest.newBuilder()
            .setNamespace(client.getOptions().getNamespace())
            .setExecution(execution)
            .setMaximumPageSize(FIRST_EVENTS)
            .build();
    return client.getWorkflowServiceStubs().blockingStub().getWorkflowExecutionHistory(request)
        .getHistory()
        .getEventsList();
  }
}
