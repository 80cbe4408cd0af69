package dev.overdue.http.tasks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import com.google.protobuf.Timestamp;
import dev.overdue.api.ApprovalSearchAttributes;
import dev.overdue.api.http.TaskSummary;
import io.temporal.api.common.v1.WorkflowExecution;
import io.temporal.api.enums.v1.WorkflowExecutionStatus;
import io.temporal.api.workflow.v1.WorkflowExecutionInfo;
import io.temporal.client.WorkflowExecutionMetadata;
import io.temporal.common.SearchAttributes;
import io.temporal.common.converter.DefaultDataConverter;
import io.temporal.internal.common.SearchAttributesUtil;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A request id started again ({@code again=true}) has two runs under one workflow id: each is a row
 * of its own, told apart by its run id and start, and paging keeps both.
 */
class RunsOfOneIdTest {
  private static final Instant NOW = Instant.parse("2026-12-08T09:00:00Z");

  private static TaskSummary run(String runId, String started, String state) {
    WorkflowExecutionInfo info =
        WorkflowExecutionInfo.newBuilder()
            .setExecution(WorkflowExecution.newBuilder().setWorkflowId("approval-PO-4711").setRunId(runId))
            .setStatus(WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_COMPLETED)
            .setStartTime(Timestamp.newBuilder().setSeconds(Instant.parse(started).getEpochSecond()))
            .setSearchAttributes(SearchAttributesUtil.encodeTyped(SearchAttributes.newBuilder()
                .set(ApprovalSearchAttributes.APPROVAL_STATE, state)
                .set(ApprovalSearchAttributes.REQUESTER, "carol")
                .build()))
            .build();
    return TaskSearch.summary(new WorkflowExecutionMetadata(info, DefaultDataConverter.STANDARD_INSTANCE), NOW);
  }

  @Test
  void twoRunsOfOneIdAreTwoRowsEachNamingItsRun() {
    TaskSummary first = run("run-1", "2026-12-01T09:00:00Z", "REJECTED");
    TaskSummary second = run("run-2", "2026-12-07T09:00:00Z", "ACTIVE");

    assertEquals(first.id(), second.id());
    assertEquals("run-1", first.runId());
    assertEquals("run-2", second.runId());
    assertEquals("2026-12-01T09:00:00Z", first.startedAt());
    assertNotEquals(first, second);
  }

  @Test
  void pagingOneRowAtATimeKeepsBothRunsOfAnIdWithTheSameSortKey() {
    // Neither has a due date: the same key under "due", so only the run tells them apart.
    List<TaskSummary> rows = new ArrayList<>(List.of(
        run("run-2", "2026-12-07T09:00:00Z", "ACTIVE"), run("run-1", "2026-12-01T09:00:00Z", "REJECTED")));
    rows.sort(TaskSort.comparator("due"));
    TaskSummary last = rows.get(0);
    Cursor cursor = Cursor.decode(new Cursor("due", TaskSort.key("due", last), TaskSort.place(last)).encode(), "due");

    List<TaskSummary> next = rows.stream().filter(row -> TaskSort.after("due", row, cursor)).toList();

    assertEquals(List.of(rows.get(1)), next, "the other run is on the next page");
  }
}
