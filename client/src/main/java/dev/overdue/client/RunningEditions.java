package dev.overdue.client;

import io.temporal.api.common.v1.Payloads;
import io.temporal.api.common.v1.WorkflowExecution;
import io.temporal.api.enums.v1.EventType;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.api.workflowservice.v1.GetWorkflowExecutionHistoryRequest;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowExecutionMetadata;
import io.temporal.common.SearchAttributeKey;
import io.temporal.common.converter.DefaultDataConverter;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The version markers each running approval has recorded, which make its edition: what
 * {@code bin/overdue editions} counts and a worker checks at its start (docs/design/editions.md).
 * They are read from the TemporalChangeVersion search attribute; a run without it (started by a
 * worker that did not upsert it) is read from the markers at the start of its history, one call
 * each.
 */
public final class RunningEditions {
  private RunningEditions() {}

  /**
   * Temporal's search attribute of a run's version markers, one "change-id-version" each, which the
   * SDK upserts for a worker registered with {@code ApprovalWorkflowImpl.OPTIONS}.
   */
  public static final SearchAttributeKey<List<String>> CHANGE_VERSION =
      SearchAttributeKey.forKeywordList("TemporalChangeVersion");

  /** A run records its version markers in its first workflow task: these events hold them. */
  private static final int FIRST_EVENTS = 100;

  /** The SDK's name of a version marker (a {@code MarkerRecorded} event). */
  private static final String MARKER = "Version";

  /**
   * A running approval and the change ids of the markers it recorded ({@code begun} false: no
   * worker has run it yet, so it has recorded none and will record the current ones).
   */
  public record Run(String workflowId, Set<String> changeIds, boolean fromHistory, boolean begun) {}

  /** The approvals {@code query} lists, each with its markers; close the stream. */
  public static Stream<Run> list(WorkflowClient client, String query) {
    return client.listExecutions(query).map(execution -> run(client, execution));
  }

  private static Run run(WorkflowClient client, WorkflowExecutionMetadata execution) {
    String id = execution.getExecution().getWorkflowId();
    List<String> changes = execution.getTypedSearchAttributes().get(CHANGE_VERSION);
    if (changes != null && !changes.isEmpty()) {
      return new Run(id, changes.stream().map(RunningEditions::changeId).collect(Collectors.toSet()), false, true);
    }
    List<HistoryEvent> events = firstEvents(client, execution.getExecution());
    boolean begun = events.stream().anyMatch(e -> e.getEventType() == EventType.EVENT_TYPE_WORKFLOW_TASK_COMPLETED);
    return new Run(id, changeIds(events), true, begun);
  }

  /** The change ids of the version markers among {@code events}. */
  public static Set<String> changeIds(List<HistoryEvent> events) {
    return events.stream()
        .filter(e -> e.getEventType() == EventType.EVENT_TYPE_MARKER_RECORDED)
        .map(HistoryEvent::getMarkerRecordedEventAttributes)
        .filter(marker -> marker.getMarkerName().equals(MARKER))
        .map(marker -> payloadText(marker.getDetailsOrThrow("changeId")))
        .collect(Collectors.toSet());
  }

  /** "shape-18-1": the change id, without the version the SDK appends. */
  private static String changeId(String changeVersion) {
    return changeVersion.substring(0, changeVersion.lastIndexOf('-'));
  }

  private static String payloadText(Payloads payloads) {
    return DefaultDataConverter.STANDARD_INSTANCE.fromPayloads(0, Optional.of(payloads), String.class, String.class);
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
