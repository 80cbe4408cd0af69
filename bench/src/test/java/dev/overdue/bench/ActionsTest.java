package dev.overdue.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.temporal.api.enums.v1.EventType;
import io.temporal.api.history.v1.ActivityTaskStartedEventAttributes;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.api.history.v1.MarkerRecordedEventAttributes;
import io.temporal.api.history.v1.UpsertWorkflowSearchAttributesEventAttributes;
import io.temporal.api.common.v1.Payload;
import io.temporal.api.common.v1.SearchAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ActionsTest {
  private final List<HistoryEvent> history = new ArrayList<>();

  private void add(EventType type) {
    history.add(HistoryEvent.newBuilder().setEventType(type).build());
  }

  private void marker(String name) {
    history.add(
        HistoryEvent.newBuilder()
            .setEventType(EventType.EVENT_TYPE_MARKER_RECORDED)
            .setMarkerRecordedEventAttributes(MarkerRecordedEventAttributes.newBuilder().setMarkerName(name))
            .build());
  }

  private void upsert(String attribute) {
    history.add(
        HistoryEvent.newBuilder()
            .setEventType(EventType.EVENT_TYPE_UPSERT_WORKFLOW_SEARCH_ATTRIBUTES)
            .setUpsertWorkflowSearchAttributesEventAttributes(
                UpsertWorkflowSearchAttributesEventAttributes.newBuilder()
                    .setSearchAttributes(SearchAttributes.newBuilder().putIndexedFields(attribute, Payload.getDefaultInstance())))
            .build());
  }

  private void workflowTask() {
    add(EventType.EVENT_TYPE_WORKFLOW_TASK_SCHEDULED);
    add(EventType.EVENT_TYPE_WORKFLOW_TASK_STARTED);
    add(EventType.EVENT_TYPE_WORKFLOW_TASK_COMPLETED);
  }

  @Test
  void countsWhatTemporalCloudBillsFromAHistory() {
    add(EventType.EVENT_TYPE_WORKFLOW_EXECUTION_STARTED); // 1
    workflowTask();
    marker("Version"); // versioning: not billed
    upsert("TemporalChangeVersion"); // the SDK's, with the version marker: exempt
    marker("SideEffect"); // a side effect recorded: 1
    marker("LocalActivity");
    marker("LocalActivity"); // two local activities of one task: 1
    add(EventType.EVENT_TYPE_TIMER_STARTED); // 1
    upsert("ApprovalState"); // 1
    add(EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED); // 1
    history.add(
        HistoryEvent.newBuilder()
            .setEventType(EventType.EVENT_TYPE_ACTIVITY_TASK_STARTED)
            .setActivityTaskStartedEventAttributes(ActivityTaskStartedEventAttributes.newBuilder().setAttempt(3))
            .build()); // two retries: 2
    add(EventType.EVENT_TYPE_ACTIVITY_TASK_COMPLETED);
    add(EventType.EVENT_TYPE_WORKFLOW_EXECUTION_SIGNALED); // 1
    workflowTask();
    marker("LocalActivity"); // another task's: 1
    add(EventType.EVENT_TYPE_WORKFLOW_EXECUTION_UPDATE_ACCEPTED); // 1
    add(EventType.EVENT_TYPE_WORKFLOW_EXECUTION_UPDATE_COMPLETED);
    add(EventType.EVENT_TYPE_TIMER_FIRED); // not billed

    Actions actions = Actions.of(history);
    assertEquals(history.size(), actions.events());
    assertEquals(2, actions.workflowTasks());
    assertEquals(3, actions.activityTasks(), "one scheduled, two retries");
    assertEquals(11, actions.actions());
    Map<Actions.Kind, Long> kinds = Actions.byKind(history);
    assertEquals(2L, kinds.get(Actions.Kind.LOCAL_ACTIVITIES), "one per workflow task with local activities");
    assertEquals(1L, kinds.get(Actions.Kind.SIDE_EFFECT));
    assertEquals(1L, kinds.get(Actions.Kind.SEARCH_ATTRIBUTE_UPSERT), "TemporalChangeVersion alone is exempt");
    assertEquals(2L, kinds.get(Actions.Kind.ACTIVITY_RETRY));
    assertEquals(1L, kinds.get(Actions.Kind.SIGNAL));
  }

  @Test
  void perUnitIsTheMarginOverTheUnits() {
    Actions with = new Actions(20, 5, 3, 11);
    Actions without = new Actions(8, 2, 0, 2);
    assertEquals(new Actions(4, 1, 1, 3), Actions.per(with, without, 3));
  }
}
