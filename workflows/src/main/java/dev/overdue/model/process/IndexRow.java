package dev.overdue.model.process;

import com.fasterxml.jackson.databind.JsonNode;
import dev.overdue.api.HistoryEntry;
import dev.overdue.api.StatusInfo;
import dev.overdue.api.StepInfo;
import dev.overdue.api.index.IndexedApproval;
import dev.overdue.api.index.IndexedEvent;
import dev.overdue.model.request.RequestJson;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * An approval as the task index keeps it (its row) and what happened to it (its events): the same
 * facts its search attributes and memo publish, but whole — every claimant up to {@link
 * IndexedApproval#MAX_CLAIMANTS}, the data for searches, the step's title — so lists need no other
 * source (docs/guide/work-lists.md).
 */
public final class IndexRow {
  private static final List<String> OPEN_TASK_STATES = List.of("READY", "RESERVED", "IN_PROGRESS");

  private IndexRow() {}

  /**
   * Which approval chain a row belongs to, and when it began: the workflow id, the first run's id
   * (a request id started again is another chain) and the run now.
   */
  public record Chain(String workflowId, String chainId, String runId, Instant startedAt) {}

  /** The row of {@code process} as of change {@code seq}; {@code endedAt} once it ended, else null. */
  public static IndexedApproval of(
      ApprovalProcess process, Instant nextDeadline, Chain chain, long seq, Instant endedAt) {
    StatusInfo status = process.status();
    StepInfo current = status.steps().stream()
        .filter(step -> step.name().equals(status.currentStep()))
        .findFirst()
        .orElse(null);
    boolean ended = process.state().isEnded();
    boolean open = current != null && !ended && OPEN_TASK_STATES.contains(current.state());
    List<String> claimants = process.claimants();
    boolean cut = claimants.size() > IndexedApproval.MAX_CLAIMANTS;
    return new IndexedApproval(
        chain.workflowId(),
        chain.chainId(),
        chain.runId(),
        seq,
        status.requestId(),
        status.title(),
        status.requester(),
        status.state(),
        ended || current == null ? null : current.name(),
        ended || current == null ? null : current.title(),
        open ? current.state() : null,
        open ? current.owner() : null,
        ended || current == null ? null : current.priority(),
        process.dueDate().map(Instant::toString).orElse(null),
        process.followUpDate().map(Instant::toString).orElse(null),
        nextDeadline == null ? null : nextDeadline.toString(),
        !status.warnings().isEmpty(),
        process.unworkable(),
        cut ? claimants.subList(0, IndexedApproval.MAX_CLAIMANTS) : claimants,
        cut,
        open && current.candidateGroups() != null ? current.candidateGroups() : List.of(),
        open && current.excludedOwners() != null ? current.excludedOwners() : List.of(),
        chain.startedAt() == null ? null : chain.startedAt().toString(),
        endedAt == null ? null : endedAt.toString(),
        ended ? process.result().decidedBy() : null,
        process.keyFacts(),
        status.data() == null || status.data().isEmpty() ? null : RequestJson.tree(status.data()));
  }

  /**
   * The accepted lines of the trail from {@code from} on, as the index's events numbered from
   * {@code firstSeq}: refused commands changed nothing a list shows.
   */
  public static List<IndexedEvent> events(List<HistoryEntry> trail, int from, long firstSeq) {
    List<IndexedEvent> events = new ArrayList<>();
    long seq = firstSeq;
    for (HistoryEntry entry : trail.subList(Math.min(from, trail.size()), trail.size())) {
      if (!entry.accepted()) {
        continue;
      }
      JsonNode input = entry.input();
      events.add(new IndexedEvent(seq++, entry.at(), entry.kind(), entry.name(), text(input, "step"),
          "event".equals(entry.kind()) ? null : text(input, "user"), input));
    }
    return events;
  }

  private static String text(JsonNode input, String field) {
    return input != null && input.hasNonNull(field) && input.get(field).isTextual() ? input.get(field).asText() : null;
  }
}
