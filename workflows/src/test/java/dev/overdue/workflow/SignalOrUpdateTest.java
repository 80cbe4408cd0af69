package dev.overdue.workflow;

import static dev.overdue.workflow.ApprovalTestEnvironment.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.overdue.api.HistoryEntry;
import io.temporal.client.WorkflowUpdateException;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A command takes one way whether it comes as a Signal or as an Update ({@link CommandPipeline}):
 * the same commands leave the same audit trail, accepted or refused by the directory's answer, but
 * for how each came; one an Update's validator refuses never reaches the trail, as Temporal keeps
 * it out of the history.
 */
class SignalOrUpdateTest {
  static final String REQUEST =
      "{'requestId':'%s','requester':'carol','notifyOffered':false,"
          + "'steps':[{'name':'manager','approvers':['alice','bob']}]}";
  /** Each reaches the handler by either way: an Update's validator accepts it. */
  static final List<String[]> COMMANDS =
      List.of(
          new String[] {"claim", "{'user':'alice'}"},
          new String[] {"reassign", "{'user':'carol','to':['legal']}"},
          new String[] {"reassign", "{'user':'erin','to':['stranger']}"},
          new String[] {"updateData", "{'user':'erin','data':{'note':'checked','n':12345678901234567890}}"},
          new String[] {"approve", "{'user':'erin','comment':'ok','output':{'total':1.5,'gone':null}}"});

  final ApprovalTestEnvironment t = new ApprovalTestEnvironment();

  @AfterEach
  void close() {
    t.close();
  }

  @Test
  void theSameCommandsLeaveTheSameTrailBySignalAndByUpdate() {
    String bySignal = t.start(REQUEST.formatted("PO-S"));
    for (String[] command : COMMANDS) {
      t.signalAndAwait(bySignal, command[0], command[1]);
    }
    String byUpdate = t.start(REQUEST.formatted("PO-U"));
    for (String[] command : COMMANDS) {
      try {
        t.approvals.update(byUpdate, command[0], json(command[1]));
      } catch (WorkflowUpdateException refused) {
        // the directory's answer: in the trail as for the signal
      }
    }

    List<HistoryEntry> signals = t.history(bySignal);
    List<HistoryEntry> updates = t.history(byUpdate);
    assertEquals(
        List.of("claim true", "reassign true", "reassign false", "updateData true", "approve true"),
        signals.stream().filter(e -> e.kind().equals("signal")).map(e -> e.name() + " " + e.accepted()).toList());
    assertEquals(comparable(signals, "signal"), comparable(updates, "update"));
    assertEquals(t.status(bySignal).state(), t.status(byUpdate).state());
  }

  @Test
  void aCommandRefusedBeforeItStartsIsInTheTrailOnlyAsASignal() {
    String id = t.start(REQUEST.formatted("PO-1"));
    // Started first: while an approval starts its validator cannot check, and the handler's refusal
    // is in the trail (a busy machine can run the Update in the approval's first workflow task).
    ApprovalTestEnvironment.awaitReal("the approval to start", () -> {
      try {
        return t.status(id);
      } catch (RuntimeException starting) {
        return null;
      }
    });
    assertThrows(WorkflowUpdateException.class, () -> t.approvals.update(id, "approve", json("{'user':'mallory'}")));
    t.signalAndAwait(id, "approve", "{'user':'mallory'}");
    // An Update's validator refuses before the history: only the Signal has an entry.
    assertEquals(
        List.of("signal"),
        t.history(id).stream().filter(e -> e.name().equals("approve")).map(HistoryEntry::kind).toList());
  }

  /** The entries but their times, the commands' named for the way they came. */
  private static List<String> comparable(List<HistoryEntry> trail, String via) {
    return trail.stream()
        .map(e -> (e.kind().equals(via) ? "command" : e.kind()) + " " + e.name() + " " + e.input() + " "
            + e.accepted() + " " + e.reason())
        .toList();
  }
}
