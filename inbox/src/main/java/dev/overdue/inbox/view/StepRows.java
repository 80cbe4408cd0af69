package dev.overdue.inbox.view;

import dev.overdue.api.StatusInfo;
import dev.overdue.api.StepInfo;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The steps list: each step by its title, who it is for, and where it stands in words —
 * "Approved by carol, Mon 7 Dec, 10:10", "assigned to frank", "not reached yet".
 */
public final class StepRows {
  /**
   * One step: {@code what} where it stands; {@code comment} the decider's (null for none or one
   * the workflow wrote); {@code delegatedBy} who handed it to its owner; {@code who} it is for;
   * for the current step its {@code priority} as a word and {@code priorityScale} for a tooltip.
   */
  public record Row(String title, boolean current, String what, String comment, String delegatedBy, String who,
      String priority, String priorityScale) {}

  private StepRows() {}

  public static List<Row> of(StatusInfo status, Titles titles, Dates dates, String me) {
    List<Row> rows = new ArrayList<>();
    String current = status.currentStep();
    for (StepInfo step : TaskView.listed(status.steps())) {
      String name = TaskView.or(step.name(), "");
      boolean automatic = step.decidedBy() != null && step.decidedBy().startsWith(Titles.BY_TIMER);
      boolean now = name.equals(current);
      rows.add(new Row(Words.stepTitle(step.title(), name), now, what(step, now, titles, dates, me),
          automatic ? null : step.comment(), step.delegatedBy(), who(step),
          now ? Words.priority(step.priority()) : null, now ? Words.priorityScale(step.priority()) : null));
    }
    return rows;
  }

  static String what(StepInfo step, boolean current, Titles titles, Dates dates, String me) {
    if (step.outcome() != null) {
      String by = step.decidedBy();
      String who = by == null ? ""
          : by.startsWith(Titles.BY_TIMER) ? " automatically: " + titles.timer(by.substring(Titles.BY_TIMER.length())) + " passed"
          : " by " + (by.equals(me) ? "you" : by);
      String when = step.completedAt() == null ? "" : ", " + dates.brief(Instant.parse(step.completedAt()));
      return Words.outcome(step.outcome()) + who + when;
    }
    if (current) {
      return Words.taskState(TaskView.or(step.state(), ""), step.owner(), step.assignee(), me);
    }
    return "OBSOLETE".equals(step.state()) ? "not needed any more" : "not reached yet";
  }

  /** "For alice and bob (managers group)"; empty when it names no one. */
  static String who(StepInfo step) {
    List<String> owners = TaskView.listed(step.potentialOwners());
    List<String> groups = TaskView.listed(step.candidateGroups());
    String inGroups = groups.isEmpty() ? "" : Words.list(groups) + (groups.size() == 1 ? " group" : " groups");
    if (owners.isEmpty()) {
      return groups.isEmpty() ? "" : "For the " + inGroups;
    }
    return "For " + Words.list(owners) + (groups.isEmpty() ? "" : " (" + inGroups + ")");
  }
}
