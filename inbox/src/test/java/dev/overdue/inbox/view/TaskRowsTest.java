package dev.overdue.inbox.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.overdue.api.http.TaskSummary;
import dev.overdue.inbox.InboxSettings;
import dev.overdue.inbox.api.Answers;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * My requests with a request id started again ({@code again=true}): two runs of one id are two
 * rows that say when each started and link to their own run, not twice to the latest.
 */
class TaskRowsTest {
  private static final TaskRows ROWS =
      new TaskRows(new InboxSettings(null, null, null, null, null, ZoneId.of("UTC"), List.of(), null, null));
  private static final Instant NOW = Instant.parse("2026-12-08T09:00:00Z");

  /** Two runs of PO-4711 as GET /api/v1/requests lists them: the latest first. */
  private static final List<TaskSummary> TWO_RUNS = Answers.list("""
      [ {"id": "PO-4711", "workflowId": "approval-PO-4711", "title": "Purchase order 4711", "requester": "carol",
         "state": "ACTIVE", "step": "manager", "taskState": "READY", "startedAt": "2026-12-07T10:30:00Z", "runId": "run-2"},
        {"id": "PO-4711", "workflowId": "approval-PO-4711", "title": "Purchase order 4711", "requester": "carol",
         "state": "REJECTED", "startedAt": "2026-12-01T09:00:00Z", "runId": "run-1"} ]
      """.getBytes(StandardCharsets.UTF_8), TaskSummary.class);

  @Test
  void twoRunsOfOneIdAreTwoRowsLinkingToTheirOwnRun() {
    List<TaskRows.Row> rows = ROWS.of(TWO_RUNS, "carol", NOW, true);

    assertEquals(2, rows.size());
    assertEquals("/tasks/PO-4711?run=run-2", rows.get(0).href());
    assertEquals("/tasks/PO-4711?run=run-1", rows.get(1).href());
    assertNotEquals(rows.get(0).started(), rows.get(1).started(), "each says when it started");
    assertNotEquals(rows.get(0).state(), rows.get(1).state());
  }

  @Test
  void listsOfOpenTasksLinkToTheApprovalAsBefore() {
    TaskRows.Row row = ROWS.of(TWO_RUNS, "carol", NOW).get(0);

    assertEquals("/tasks/PO-4711", row.href());
    assertNull(row.started());
  }

  /** My requests: one open with its key facts, three ended (by a person, by a deadline, stopped). */
  private static final List<TaskSummary> MINE = Answers.list("""
      [ {"id": "INV-2026-AAAAA", "workflowId": "approval-INV-2026-AAAAA", "title": "Invoice 2027-031", "requester": "carol",
         "state": "ACTIVE", "step": "Manager approval", "taskState": "READY",
         "facts": [{"key": "amount", "label": "Amount (EUR)", "value": 1850}, {"key": "supplier", "label": null, "value": "ACME GmbH"}]},
        {"id": "INV-2026-BBBBB", "workflowId": "approval-INV-2026-BBBBB", "state": "APPROVED", "decidedBy": "alice",
         "facts": [{"key": "amount", "label": "Amount (EUR)", "value": null}]},
        {"id": "INV-2026-CCCCC", "workflowId": "approval-INV-2026-CCCCC", "state": "REJECTED", "decidedBy": "timer:process"},
        {"id": "INV-2026-DDDDD", "workflowId": "approval-INV-2026-DDDDD", "state": "ABORTED"} ]
      """.getBytes(StandardCharsets.UTF_8), TaskSummary.class);

  @Test
  void aRowShowsTheRequestsKeyFactsLabelledAndGrouped() {
    List<TaskRows.Row> rows = ROWS.of(MINE, "carol", NOW, true);

    assertEquals(List.of(new TaskRows.Detail("Amount (EUR)", "1,850"), new TaskRows.Detail("Supplier", "ACME GmbH")),
        rows.get(0).details(), "the form's title, else the key as a label");
    assertEquals(List.of(new TaskRows.Detail("Amount (EUR)", "—")), rows.get(1).details(), "a fact without a value");
    assertEquals(List.of(), rows.get(2).details());
  }

  @Test
  void aStepByItsTitleElseByItsNameInWordsAndAPriorityAsAWord() {
    List<TaskSummary> items = Answers.list("""
        [ {"id": "INV-2026-K3QXA", "workflowId": "approval-INV-2026-K3QXA", "state": "ACTIVE", "step": "approve-manager",
           "taskState": "READY", "priority": 3},
          {"id": "PO-1", "workflowId": "approval-PO-1", "state": "ACTIVE", "step": "approve-manager", "taskState": "READY"} ]
        """.getBytes(StandardCharsets.UTF_8), TaskSummary.class);
    var invoice = new dev.overdue.inbox.requests.RequestType("invoice-approval", "INV", (tools.jackson.databind.node.ObjectNode)
        tools.jackson.databind.json.JsonMapper.builder().build().readTree(
            "{\"title\":\"Invoice\",\"steps\":[{\"name\":\"approve-manager\",\"title\":\"Approve invoice (manager)\"}]}"));
    TaskRows rows = new TaskRows(new InboxSettings(null, null, null, null, null, ZoneId.of("UTC"), List.of(), null, null),
        (id, step) -> invoice.madeIt(id) ? invoice.stepTitle(step) : null);
    List<TaskRows.Row> listed = rows.of(items, "alice", NOW);
    assertEquals("Approve invoice (manager)", listed.get(0).step(), "as the inbox's request type titles it");
    assertEquals("Approve manager", listed.get(1).step(), "a request the inbox did not number: its name in words");
    assertEquals("high", listed.get(0).priority());
    assertEquals("Priority 3 on a scale from 0 (highest) to 10 (lowest)", listed.get(0).priorityScale());
  }

  @Test
  void anEndedRequestSaysHowItEndedAndWhoDecidedAnOpenOneWhereItWaits() {
    List<TaskRows.Row> rows = ROWS.of(MINE, "carol", NOW, true);

    assertNull(rows.get(0).outcome(), "open: its step, state and due date instead");
    assertEquals("Manager approval", rows.get(0).step());
    assertEquals("waiting for someone to take it", rows.get(0).state());
    assertEquals(new Outcome("approved", "Approved", "Approved by alice"), rows.get(1).outcome());
    assertEquals(new Outcome("rejected", "Rejected", "Rejected automatically — a deadline passed"), rows.get(2).outcome());
    assertEquals(new Outcome("stopped", "Stopped", "Stopped before anyone decided"), rows.get(3).outcome());
    assertEquals("Approved by you", Outcome.of("APPROVED", "carol", "carol").decided());
  }
}
