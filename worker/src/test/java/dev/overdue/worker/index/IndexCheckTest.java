package dev.overdue.worker.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.overdue.activities.OverdueActivities;
import dev.overdue.activities.delivery.Deliveries;
import dev.overdue.api.ApprovalSearchAttributes;
import dev.overdue.api.ApprovalWorkflow;
import dev.overdue.api.index.IndexedApproval;
import dev.overdue.client.ApprovalDataConverter;
import dev.overdue.client.Approvals;
import dev.overdue.client.RequestCheck;
import dev.overdue.index.TaskIndex;
import dev.overdue.index.TaskIndexes;
import dev.overdue.workflow.ApprovalWorkflowImpl;
import io.temporal.client.WorkflowClientOptions;
import io.temporal.testing.TestEnvironmentOptions;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.worker.Worker;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The index drifts — a row lost, a row left behind, a row edited — and {@code verify} names each,
 * {@code rebuild} mends each from the approvals' own {@code indexed} answer, keeping the events,
 * and {@code verify} is clean after it. A worker writes the index as in production: the local
 * activity over SQLite.
 */
class IndexCheckTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private TaskIndex index;
  private TestWorkflowEnvironment env;
  private Approvals approvals;
  private final List<String> ids = new ArrayList<>();

  @BeforeEach
  void start() {
    index = TaskIndexes.temporary();
    env = TestWorkflowEnvironment.newInstance(TestEnvironmentOptions.newBuilder()
        .setWorkflowClientOptions(WorkflowClientOptions.newBuilder().setDataConverter(ApprovalDataConverter.create()).build())
        .build());
    ApprovalSearchAttributes.DEFINITIONS.forEach(env::registerSearchAttribute);
    Worker worker = env.newWorker(ApprovalWorkflow.DEFAULT_TASK_QUEUE);
    worker.registerWorkflowImplementationTypes(ApprovalWorkflowImpl.OPTIONS, ApprovalWorkflowImpl.class);
    worker.registerActivitiesImplementations(OverdueActivities.of(Deliveries.logOnly(), index));
    env.start();
    approvals = new Approvals(env.getWorkflowClient(), RequestCheck.NONE);
  }

  @AfterEach
  void stop() {
    env.close();
    index.close();
  }

  @Test
  void verifyNamesEachDriftAndRebuildMendsItKeepingTheEvents() throws Exception {
    for (String id : List.of("LOST", "BEHIND", "EDITED", "FINE")) {
      ids.add(approvals.start(JSON.readTree(("{'requestId':'" + id + "','requester':'carol','notifyOffered':false,"
          + "'steps':[{'name':'manager','approvers':['alice','bob']},{'name':'finance','approvers':['frank']}]}")
          .replace('\'', '"')), ApprovalWorkflow.DEFAULT_TASK_QUEUE));
    }
    ids.forEach(approvals::status); // each has run its first workflow task, and written its row
    IndexedApproval offered = row("BEHIND");
    for (String id : ids) {
      approvals.update(id, "claim", JSON.readTree("{\"user\":\"alice\"}"));
    }
    assertEquals(List.of(), check(false).drifts(), "as the workflows wrote it");

    // A lost row, a row left at an older change, a row edited at its own number.
    IndexedApproval edited = row("EDITED");
    int editedEvents = index.events(edited.workflowId(), edited.chainId()).size();
    index.delete(row("LOST").workflowId(), row("LOST").chainId());
    index.delete(offered.workflowId(), offered.chainId());
    index.replace(offered);
    index.replace(new IndexedApproval(edited.workflowId(), edited.chainId(), edited.runId(), edited.seq(),
        edited.requestId(), edited.title(), edited.requester(), edited.state(), edited.step(), edited.stepTitle(),
        edited.taskState(), "mallory", edited.priority(), edited.dueDate(), edited.followUp(), edited.nextDeadline(),
        edited.hasWarnings(), edited.unworkable(), edited.claimants(), edited.claimantsCut(), edited.candidateGroups(),
        edited.excludedOwners(), edited.startedAt(), edited.endedAt(), edited.decidedBy(), edited.facts(), edited.data()));

    IndexCheck.Result verified = check(false);
    assertEquals(List.of("approval-BEHIND behind", "approval-EDITED differs", "approval-LOST missing"),
        verified.drifts().stream().map(d -> d.workflowId() + " " + d.kind()).sorted().toList());
    assertTrue(verified.drifts().stream().anyMatch(d -> d.line().equals(
        "approval-EDITED differs: at change " + edited.seq() + ": owner mallory → alice")), verified.drifts().toString());
    assertTrue(verified.drifts().stream().anyMatch(d -> d.line().contains("task READY → RESERVED")), verified.drifts().toString());
    assertEquals(0, verified.written());

    IndexCheck.Result rebuilt = check(true);
    assertEquals(3, rebuilt.written());
    assertEquals(List.of(), check(false).drifts(), "clean after the rebuild");
    assertEquals("alice", row("EDITED").owner());
    assertEquals(editedEvents, index.events(edited.workflowId(), edited.chainId()).size(), "its events kept");

    // The workflows go on writing over what the rebuild wrote.
    approvals.update("LOST", "approve", JSON.readTree("{\"user\":\"alice\"}"));
    assertEquals("finance", row("LOST").step());
    assertEquals(List.of(), check(false).drifts());
  }

  @Test
  void anApprovalThatEndedWhileItsRowStayedOpenIsFoundByTheIndexsOwnRows() throws Exception {
    ids.add(approvals.start(JSON.readTree("{\"requestId\":\"GONE\",\"steps\":[{\"name\":\"manager\",\"approvers\":[\"bob\"]}]}"),
        ApprovalWorkflow.DEFAULT_TASK_QUEUE));
    approvals.status("GONE");
    IndexedApproval open = row("GONE");
    approvals.update("GONE", "approve", JSON.readTree("{\"user\":\"bob\"}"));
    approvals.result("GONE");
    index.delete(open.workflowId(), open.chainId());
    index.replace(open); // as if the end never reached it

    // Not listed as running any more: only the index's open rows lead to it.
    IndexCheck.Result verified = new IndexCheck(this::indexed, index, 2).run(List.of(), false, line -> { });
    assertEquals(List.of("approval-GONE behind"), verified.drifts().stream().map(d -> d.workflowId() + " " + d.kind()).toList());
    new IndexCheck(this::indexed, index, 2).run(List.of(), true, line -> { });
    assertEquals("APPROVED", row("GONE").state());
    assertNotNull(row("GONE").endedAt());
  }

  private IndexCheck.Result check(boolean mend) {
    List<String> workflowIds = ids.stream().map(Approvals::workflowId).toList();
    return new IndexCheck(this::indexed, index, 2).run(workflowIds, mend, line -> { });
  }

  private IndexedApproval indexed(String workflowId) {
    return IndexCommand.indexed(env.getWorkflowClient(), workflowId);
  }

  private IndexedApproval row(String id) {
    IndexedApproval wanted = approvals.indexed(id);
    return index.row(wanted.workflowId(), wanted.chainId()).orElseThrow();
  }
}
