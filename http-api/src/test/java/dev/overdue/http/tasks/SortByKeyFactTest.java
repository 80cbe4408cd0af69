package dev.overdue.http.tasks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.overdue.api.KeyFact;
import dev.overdue.api.http.TaskSummary;
import dev.overdue.client.Approvals;
import dev.overdue.http.problems.ApiProblem;
import io.temporal.api.common.v1.Memo;
import io.temporal.api.common.v1.WorkflowExecution;
import io.temporal.api.enums.v1.WorkflowExecutionStatus;
import io.temporal.api.workflow.v1.WorkflowExecutionInfo;
import io.temporal.client.WorkflowExecutionMetadata;
import io.temporal.common.converter.DefaultDataConverter;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A list sorted by a key fact ({@code data.amount}): numbers as numbers, text ignoring case, rows
 * without the fact last in both directions, and a cursor that pages on in the same order.
 */
class SortByKeyFactTest {
  private static final Instant NOW = Instant.parse("2026-12-08T09:00:00Z");

  /** A row as the visibility store gives it: its memo holds the key facts and who decided. */
  private static TaskSummary row(String id, Object amount, String supplier) {
    List<KeyFact> facts = new ArrayList<>();
    if (amount != null) {
      facts.add(new KeyFact("amount", "Amount (EUR)", amount));
    }
    facts.add(new KeyFact("supplier", null, supplier));
    var converter = DefaultDataConverter.STANDARD_INSTANCE;
    WorkflowExecutionInfo info =
        WorkflowExecutionInfo.newBuilder()
            .setExecution(WorkflowExecution.newBuilder().setWorkflowId("approval-" + id).setRunId("run"))
            .setStatus(WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_COMPLETED)
            .setMemo(Memo.newBuilder()
                .putFields(Approvals.MEMO_FACTS, converter.toPayload(facts).orElseThrow())
                .putFields(Approvals.MEMO_DECIDED_BY, converter.toPayload("carol").orElseThrow()))
            .build();
    return TaskSearch.summary(new WorkflowExecutionMetadata(info, converter), NOW);
  }

  private static final List<TaskSummary> ROWS = List.of(
      row("A", 900, "acme GmbH"), row("B", 12000, "Zeta AG"), row("C", null, "Beta"), row("D", 1850.5, "ACME Ltd"));

  private static List<String> sorted(String sort) {
    List<TaskSummary> rows = new ArrayList<>(ROWS);
    rows.sort(TaskSort.comparator(sort));
    return rows.stream().map(TaskSummary::id).toList();
  }

  @Test
  void aRowCarriesItsKeyFactsAndWhoDecided() {
    TaskSummary row = ROWS.get(0);
    assertEquals(List.of(new KeyFact("amount", "Amount (EUR)", 900), new KeyFact("supplier", null, "acme GmbH")),
        row.facts());
    assertEquals("carol", row.decidedBy());
  }

  @Test
  void numbersSortAsNumbersTextIgnoringCaseAndRowsWithoutTheFactLast() {
    assertEquals(List.of("A", "D", "B", "C"), sorted("data.amount"), "900 < 1,850.5 < 12,000 (not as text)");
    assertEquals(List.of("B", "D", "A", "C"), sorted("-data.amount"), "highest first, still without it last");
    assertEquals(List.of("A", "D", "C", "B"), sorted("data.supplier"), "acme GmbH, ACME Ltd, Beta, Zeta AG");
  }

  @Test
  void aCursorPagesOnInTheSameOrder() {
    List<TaskSummary> rows = new ArrayList<>(ROWS);
    String sort = "-data.amount";
    rows.sort(TaskSort.comparator(sort));
    TaskSummary last = rows.get(1);
    Cursor cursor = Cursor.decode(new Cursor(sort, TaskSort.key(sort, last), TaskSort.place(last)).encode(), sort);
    List<String> next = rows.stream().filter(row -> TaskSort.after(sort, row, cursor)).map(TaskSummary::id).toList();
    assertEquals(List.of("A", "C"), next);
  }

  @Test
  void aSortOrCursorNoListHasIsRefused() {
    assertThrows(ApiProblem.class, () -> TaskSort.comparator("data."));
    assertThrows(ApiProblem.class, () -> TaskSort.comparator("amount"));
    assertThrows(ApiProblem.class, () -> TaskSort.comparator("data.a\nb"), "no control character");
    String forged = new Cursor("data.amount", "nten", "approval-A run").encode();
    assertThrows(ApiProblem.class, () -> Cursor.decode(forged, "data.amount"));
  }
}
