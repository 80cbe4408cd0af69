package dev.overdue.inbox.view;

import dev.overdue.api.ApprovalCommand;
import dev.overdue.api.HistoryEntry;
import java.time.Instant;
import java.util.List;

/**
 * When a requester may remind the people a step waits for again: an hour after the last reminder
 * anyone asked for on that step, as the history records it. The actions query offers a nudge
 * without weighing the hour; the page does, so it never shows a button the workflow would refuse.
 */
final class NudgeAgain {
  private NudgeAgain() {}

  /** The first moment step {@code step} may be nudged again; null when it never was. */
  static Instant after(List<HistoryEntry> history, String step) {
    Instant last = null;
    for (HistoryEntry entry : TaskView.listed(history)) {
      if (ApprovalCommand.Nudge.EVENT.equals(entry.name()) && entry.input() != null
          && step != null && step.equals(entry.input().path("step").asText(null))) {
        last = Instant.parse(entry.at());
      }
    }
    return last == null ? null : last.plus(ApprovalCommand.Nudge.EVERY);
  }
}
