package dev.overdue.worker.index;

import dev.overdue.api.index.IndexedApproval;
import dev.overdue.index.TaskIndex;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The index against the approvals, in batches: the open approvals Temporal lists, each asked what
 * its row should be ({@code indexed}), and the index's own open rows, whose approval may have ended
 * without the index hearing of it. {@code verify} reports each drift; {@code rebuild} writes the
 * approval's row where it drifted, so running it again after an interruption redoes only what is
 * still wrong. The index stays a projection: nothing here changes an approval.
 */
final class IndexCheck {
  /** What the approvals say, by workflow id: null when the approval cannot be asked (gone). */
  private final Function<String, IndexedApproval> approvals;
  private final TaskIndex index;
  private final int batch;

  IndexCheck(Function<String, IndexedApproval> approvals, TaskIndex index, int batch) {
    this.approvals = approvals;
    this.index = index;
    this.batch = batch;
  }

  /** The outcome: how many approvals were compared, the drifts found, how many rows were written. */
  record Result(int checked, List<Drift> drifts, int written) {}

  /**
   * Compares every approval of {@code running} (workflow ids, in batches) and every open row of the
   * index with what its approval says; with {@code mend}, writes the approval's row over each drift.
   */
  Result run(Iterable<String> running, boolean mend, Consumer<String> progress) {
    Set<String> seen = new LinkedHashSet<>();
    List<Drift> drifts = new ArrayList<>();
    int written = 0;
    List<String> chunk = new ArrayList<>();
    for (String workflowId : running) {
      chunk.add(workflowId);
      if (chunk.size() == batch) {
        written += check(chunk, seen, drifts, mend);
        progress.accept(seen.size() + " approvals checked, " + drifts.size() + " drifts");
        chunk.clear();
      }
    }
    written += check(chunk, seen, drifts, mend);
    // Rows the index still holds open whose approval is no longer listed as running.
    chunk.clear();
    String afterWorkflow = null;
    String afterChain = null;
    while (true) {
      List<IndexedApproval> rows = index.scan(afterWorkflow, afterChain, batch);
      if (rows.isEmpty()) {
        break;
      }
      for (IndexedApproval row : rows) {
        if (row.open() && !seen.contains(row.workflowId())) {
          chunk.add(row.workflowId());
        }
      }
      IndexedApproval last = rows.get(rows.size() - 1);
      afterWorkflow = last.workflowId();
      afterChain = last.chainId();
    }
    written += check(chunk, seen, drifts, mend);
    if (mend && written > batch) {
      index.analyze(); // many rows written at once: the planner's statistics follow
    }
    return new Result(seen.size(), drifts, written);
  }

  private int check(List<String> workflowIds, Set<String> seen, List<Drift> drifts, boolean mend) {
    int written = 0;
    for (String workflowId : workflowIds) {
      if (!seen.add(workflowId)) {
        continue;
      }
      IndexedApproval wanted = approvals.apply(workflowId);
      if (wanted == null) {
        continue;
      }
      Drift drift = Drift.of(index.row(wanted.workflowId(), wanted.chainId()).orElse(null), wanted);
      if (drift != null) {
        // A change may have reached the index between the two reads: ask again before reporting.
        IndexedApproval again = approvals.apply(workflowId);
        drift = again == null ? null : Drift.of(index.row(again.workflowId(), again.chainId()).orElse(null), again);
        wanted = again;
      }
      if (drift == null) {
        continue;
      }
      drifts.add(drift);
      // A row of the same number but other content is written over too; the chain's events stay.
      if (mend && index.replace(wanted)) {
        written++;
      }
    }
    return written;
  }
}
