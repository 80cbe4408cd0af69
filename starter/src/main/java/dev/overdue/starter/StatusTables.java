package dev.overdue.starter;

import dev.overdue.api.CommentInfo;
import dev.overdue.api.StepInfo;
import dev.overdue.api.TimerInfo;
import dev.overdue.api.WarningInfo;
import dev.overdue.model.request.StepForm;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** The tables status, timers and result share: steps, comments, timers, warnings. */
final class StatusTables {
  private StatusTables() {}

  /**
   * The steps, one row a step: its potential owners as the directory resolved them (candidate
   * users, group members, the assignee); the PRIORITY, DELEGATED BY, GROUPS, OUTCOMES, SKIPPABLE and FORM
   * columns only when a step has them (FORM: "amount (number, required), costCentre (string)").
   */
  static Table steps(List<StepInfo> steps) {
    boolean named =
        steps.stream().anyMatch(step -> step.outcomes() != null && !step.outcomes().isEmpty());
    boolean groups =
        steps.stream()
            .anyMatch(step -> step.candidateGroups() != null && !step.candidateGroups().isEmpty());
    boolean priorities = steps.stream().anyMatch(step -> step.priority() != DEFAULT_PRIORITY);
    boolean forms = steps.stream().anyMatch(step -> step.form() != null);
    boolean skippable = steps.stream().anyMatch(step -> Boolean.TRUE.equals(step.skippable()));
    boolean delegated = steps.stream().anyMatch(step -> step.delegatedBy() != null);
    List<String> headers = new ArrayList<>(List.of("STEP", "STATE"));
    if (priorities) {
      headers.add("PRIORITY");
    }
    headers.add("OWNER");
    if (delegated) {
      headers.add("DELEGATED BY");
    }
    headers.add("POTENTIAL OWNERS");
    if (groups) {
      headers.add("GROUPS");
    }
    headers.addAll(List.of("OUTCOME", "DECIDED BY"));
    if (named) {
      headers.add("OUTCOMES");
    }
    if (skippable) {
      headers.add("SKIPPABLE");
    }
    if (forms) {
      headers.add("FORM");
    }
    Table table = Table.of(headers.toArray(String[]::new));
    for (StepInfo step : steps) {
      List<Object> cells = new ArrayList<>(Arrays.asList(step.name(), step.state()));
      if (priorities) {
        cells.add(step.priority());
      }
      cells.add(step.owner());
      if (delegated) {
        cells.add(step.delegatedBy());
      }
      cells.add(step.potentialOwners() != null ? step.potentialOwners() : step.approvers());
      if (groups) {
        cells.add(step.candidateGroups());
      }
      cells.addAll(Arrays.asList(step.outcome(), step.decidedBy()));
      if (named) {
        cells.add(step.outcomes());
      }
      if (skippable) {
        cells.add(Boolean.TRUE.equals(step.skippable()));
      }
      if (forms) {
        cells.add(step.form() == null ? null : StepForm.describe(step.form()));
      }
      table.row(cells.toArray());
    }
    return table;
  }

  /** The latest comments on the steps, oldest first; the full text, which a table cell keeps. */
  static Table comments(List<CommentInfo> comments) {
    Table table = Table.of("AT", "STEP", "BY", "COMMENT");
    for (CommentInfo comment : comments) {
      table.row(Table.instant(comment.at()), comment.step(), comment.user(), comment.text());
    }
    return table;
  }

  /**
   * "Comments", or how many there were when the approval keeps only the latest: each comment
   * command is in the audit trail too, which {@code history} reads.
   */
  static String commentsTitle(int shown, long inAll) {
    return shown == inAll
        ? "Comments"
        : String.format(Locale.ROOT, "Comments: %,d (the latest %d shown; every one in history)", inAll, shown);
  }

  /** WS-HumanTask's default priority, which the status table leaves out. */
  private static final int DEFAULT_PRIORITY = 5;

  static Table timers(List<TimerInfo> timers) {
    Table table = Table.of("TIMER", "KIND", "STATE", "LIMIT", "EXPIRES AT", "FIRINGS");
    for (TimerInfo timer : timers) {
      table.row(
          timer.name(),
          timer.kind(),
          state(timer),
          timer.limit(),
          Table.instant(timer.expiresAt()),
          timer.firings());
    }
    return table;
  }

  /**
   * A timer's state in words a person reads right. The timer rules, and so the queries, keep an
   * expired timer RUNNING with its expired flag (it fires again only with a new limit), and show a
   * cleared one as OFF with its cleared flag: side by side in a table, "RUNNING" and "EXPIRED yes"
   * read as a contradiction. A cycle's flag only says it fired once: it runs on to its next date.
   */
  static String state(TimerInfo timer) {
    if (timer.cleared()) {
      return "CLEARED";
    }
    // Only a cycle has a catch-up policy: a cron cycle's limit does not start with R.
    boolean cycle =
        (timer.limit() != null && timer.limit().startsWith("R"))
            || (timer.derivation() != null && timer.derivation().catchUp() != null);
    return timer.expired() && !cycle ? timer.state() + " (expired, handlers ran)" : timer.state();
  }

  /**
   * "Warnings", or, when the approval keeps only its latest warnings, how many it had and where the
   * rest are: each one is in the audit trail of the run that raised it, which {@code history} reads.
   */
  static String warningsTitle(int shown, long inAll) {
    return shown == inAll
        ? "Warnings"
        : String.format(Locale.ROOT, "Warnings: %,d (the latest %d shown; every one in history)", inAll, shown);
  }

  static Table warnings(List<WarningInfo> warnings) {
    Table table = Table.of("AT", "TIMER", "STEP", "MESSAGE");
    for (WarningInfo warning : warnings) {
      table.row(Table.instant(warning.at()), warning.timer(), warning.step(), warning.message());
    }
    return table;
  }
}
