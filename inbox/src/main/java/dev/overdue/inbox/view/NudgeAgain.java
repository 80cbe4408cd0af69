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

  /**
   * What the page says instead of the button while the hour since the last reminder of {@code
   * step} runs ("They were reminded 10 min ago; you can remind them again in 50 min."); null once a
   * reminder may go.
   */
  static String tooSoon(List<HistoryEntry> history, String step, Instant now) {
    Instant again = after(history, step);
    if (again == null || !again.isAfter(now)) {
      return null;
    }
    return "They were reminded " + Dates.ago(again.minus(ApprovalCommand.Nudge.EVERY), now)
        + "; you can remind them again " + Dates.due(again, now) + ".";
  }

  /** The first moment step {@code step} may be nudged again; null when it never was. */
  private static Instant after(List<HistoryEntry> history, String step) {
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
