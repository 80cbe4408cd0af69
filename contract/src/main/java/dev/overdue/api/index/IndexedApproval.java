package dev.overdue.api.index;

import com.fasterxml.jackson.databind.JsonNode;
import dev.overdue.api.KeyFact;
import java.util.List;

/**
 * One approval as the task index keeps it: what the work lists show, filter and sort by, as of the
 * approval's change number {@code seq}. The workflow sends it after every change it makes (the
 * index applies a row only when its {@code seq} is newer than the one it holds), and answers it to
 * the {@code indexed} query, which {@code bin/overdue index rebuild} and {@code verify} read.
 * Dates are ISO-8601 instants (UTC); null when unset.
 *
 * @param workflowId the approval's workflow id ({@code approval-PO-4711})
 * @param chainId the first run id of the approval's chain of runs: a request id started again is
 *     another approval, with another chain; continue-as-new keeps it
 * @param runId the run now
 * @param seq the approval's change number: it only grows, across continue-as-new too
 * @param state ACTIVE, SUSPENDED, APPROVED, REJECTED or ABORTED
 * @param step the current step, null once ended
 * @param stepTitle the current step's title, null when it has none
 * @param taskState READY, RESERVED or IN_PROGRESS while the step waits on a person; null otherwise
 * @param claimants who a claim would be taken from now (READY, the approval ACTIVE): every named
 *     potential owner its four-eyes rules do not refuse; cut to {@link #MAX_CLAIMANTS}
 * @param claimantsCut whether {@code claimants} was cut: then a member of a candidate group (by the
 *     caller's own groups) not refused by {@code excludedOwners} may claim too
 * @param candidateGroups the current step's candidate groups while it is open
 * @param excludedOwners the potential owners its four-eyes rules keep off the step now
 * @param facts the request's key fields with their labels and values
 * @param data the request's data now (an object; null when it has none), for searches over it
 * @param decidedBy who decided the ended approval (a user, or {@code timer:<name>})
 */
public record IndexedApproval(
    String workflowId,
    String chainId,
    String runId,
    long seq,
    String requestId,
    String title,
    String requester,
    String state,
    String step,
    String stepTitle,
    String taskState,
    String owner,
    Integer priority,
    String dueDate,
    String followUp,
    String nextDeadline,
    boolean hasWarnings,
    boolean unworkable,
    List<String> claimants,
    boolean claimantsCut,
    List<String> candidateGroups,
    List<String> excludedOwners,
    String startedAt,
    String endedAt,
    String decidedBy,
    List<KeyFact> facts,
    JsonNode data) {

  /**
   * The most claimants a row names: a group of thousands is one row with its group (and the
   * caller's groups join it), not thousands of names.
   */
  public static final int MAX_CLAIMANTS = 100;

  public IndexedApproval {
    claimants = claimants == null ? List.of() : List.copyOf(claimants);
    candidateGroups = candidateGroups == null ? List.of() : List.copyOf(candidateGroups);
    excludedOwners = excludedOwners == null ? List.of() : List.copyOf(excludedOwners);
    facts = facts == null ? List.of() : List.copyOf(facts);
    // JSON's null read into a JsonNode is a NullNode: one "no data", whichever way it came.
    data = data == null || data.isNull() ? null : data;
  }

  /** This row as of change {@code seq}, ended at {@code endedAt} (null while the approval runs). */
  public IndexedApproval numbered(long seq, String endedAt) {
    return new IndexedApproval(workflowId, chainId, runId, seq, requestId, title, requester, state, step, stepTitle,
        taskState, owner, priority, dueDate, followUp, nextDeadline, hasWarnings, unworkable, claimants, claimantsCut,
        candidateGroups, excludedOwners, startedAt, endedAt, decidedBy, facts, data);
  }

  /** Whether the approval still runs (its task may be listed as open). */
  public boolean open() {
    return "ACTIVE".equals(state) || "SUSPENDED".equals(state);
  }
}
