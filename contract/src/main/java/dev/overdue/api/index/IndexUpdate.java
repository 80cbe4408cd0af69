package dev.overdue.api.index;

import java.util.List;

/**
 * What the workflow sends the task index after a change: the approval's row as of {@code
 * approval.seq()}, and the events since its last update, each with a lower or equal number. Sent
 * again as a whole when a delivery failed: applying it twice, or after a newer one, changes nothing.
 */
public record IndexUpdate(IndexedApproval approval, List<IndexedEvent> events) {
  public IndexUpdate {
    events = events == null ? List.of() : List.copyOf(events);
  }
}
