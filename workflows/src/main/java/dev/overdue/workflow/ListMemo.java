package dev.overdue.workflow;

import dev.overdue.api.JsonBuffers;
import dev.overdue.api.KeyFact;
import dev.overdue.client.Approvals;
import dev.overdue.model.process.ApprovalProcess;
import dev.overdue.model.request.RequestJson;
import io.temporal.workflow.Workflow;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What lists read of an approval beyond its search attributes, in its memo (encrypted like every
 * payload): its key facts ({@link Approvals#MEMO_FACTS}) and, once it ended, who decided ({@link
 * Approvals#MEMO_DECIDED_BY}). Written only when one of them differs from what the memo holds, so
 * a data change outside the key fields costs nothing; the end's write goes with the end's search
 * attributes, in the same workflow task (docs/decisions/0049-lists-read-key-facts-from-the-memo.md).
 */
final class ListMemo {
  /** The memo's facts as JSON text, as the start (or the last write) left them; null until read. */
  private String facts;
  private boolean decidedByWritten;

  void publish(ApprovalProcess process) {
    if (facts == null) {
      facts = text(started());
    }
    Map<String, Object> changed = new LinkedHashMap<>();
    List<KeyFact> now = process.keyFacts();
    String nowText = text(now);
    if (!now.isEmpty() && !nowText.equals(facts)) {
      changed.put(Approvals.MEMO_FACTS, now);
      facts = nowText;
    }
    String decidedBy = process.state().isEnded() ? process.result().decidedBy() : null;
    if (decidedBy != null && !decidedByWritten) {
      changed.put(Approvals.MEMO_DECIDED_BY, decidedBy);
      decidedByWritten = true;
    }
    if (!changed.isEmpty()) {
      Workflow.upsertMemo(changed);
    }
  }

  /** The facts the run started with: the start's, or those a run before it wrote (continue-as-new keeps the memo). */
  private static List<KeyFact> started() {
    try {
      Object given = Workflow.getMemo(Approvals.MEMO_FACTS, KeyFact[].class);
      return given instanceof KeyFact[] facts ? List.of(facts) : List.of();
    } catch (RuntimeException notFacts) {
      return List.of(); // a memo someone else wrote under that key: ours replaces it
    }
  }

  private static String text(List<KeyFact> facts) {
    return JsonBuffers.text(RequestJson.tree(facts));
  }
}
