package dev.overdue.starter;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.overdue.api.ApprovalResult;
import dev.overdue.api.HistoryEntry;
import dev.overdue.api.StatusInfo;
import dev.overdue.api.StepInfo;
import dev.overdue.api.TimerInfo;
import dev.overdue.api.WarningInfo;
import dev.overdue.client.Approvals;
import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** Reading an approval: status, timers, history and result, as tables or as raw JSON. */
final class Queries {
  private Queries() {}

  /** The approval and the choice between a table and JSON. */
  abstract static class QueryCommand extends CliCommand {
    @Parameters(
        index = "0",
        paramLabel = "ID",
        description = "The request id (PO-4711) or the workflow id (approval-PO-4711).")
    String id;

    @Option(names = "--json", description = "Print the raw JSON instead of a table.")
    boolean json;

    @Override
    String approvalId() {
      return id;
    }

    void printJson(Object value) throws JsonProcessingException {
      out().println(OverdueCli.JSON.writeValueAsString(value));
    }
  }

  @Command(
      name = "status",
      mixinStandardHelpOptions = true,
      description = "Show an approval at a glance: state, steps, timers and warnings.")
  static final class Status extends QueryCommand {
    @Override
    void execute() throws JsonProcessingException {
      Approvals approvals = cli.approvals();
      StatusInfo status = cli.answer(id, false, () -> approvals.status(id));
      if (json) {
        printJson(status);
        return;
      }
      PrintWriter out = out();
      Table header =
          Table.fields()
              .row("Approval", status.requestId() + " (workflow " + Approvals.workflowId(id) + ")")
              .row("Title", status.title())
              .row("Requester", status.requester())
              .row("State", status.state())
              .row("Current step", status.currentStep());
      if (status.suspendedReason() != null) {
        header.row("Suspended", status.suspendedReason());
      }
      header.print(out);
      steps(status.steps()).print(out, "Steps");
      timers(status.timers()).print(out, "Timers");
      warnings(status.warnings()).print(out, "Warnings");
    }
  }

  @Command(
      name = "timers",
      mixinStandardHelpOptions = true,
      description = "Show every timer: state, time limit, expiration date and flags.")
  static final class Timers extends QueryCommand {
    @Override
    void execute() throws JsonProcessingException {
      Approvals approvals = cli.approvals();
      List<TimerInfo> timers = cli.answer(id, false, () -> approvals.timers(id));
      if (json) {
        printJson(timers);
      } else if (timers.isEmpty()) {
        out().println("no timers");
      } else {
        timers(timers).print(out());
      }
    }
  }

  @Command(
      name = "history",
      mixinStandardHelpOptions = true,
      description =
          "Show the audit trail: each command, accepted or rejected and why, and each expiry.")
  static final class History extends QueryCommand {
    @Override
    void execute() throws JsonProcessingException {
      Approvals approvals = cli.approvals();
      List<HistoryEntry> history = cli.answer(id, false, () -> approvals.history(id));
      if (json) {
        printJson(history);
        return;
      }
      Table table = Table.of("AT", "KIND", "NAME", "RESULT", "REASON", "INPUT");
      for (HistoryEntry entry : history) {
        table.row(
            Table.instant(entry.at()),
            entry.kind(),
            entry.name(),
            entry.accepted() ? "accepted" : "rejected",
            entry.reason(),
            entry.input() == null ? null : Table.shorten(entry.input().toString(), 60));
      }
      if (table.isEmpty()) {
        out().println("no history yet");
      } else {
        table.print(out());
      }
    }
  }

  @Command(
      name = "result",
      mixinStandardHelpOptions = true,
      description = {
        "Wait until the approval ends, then show its outcome: APPROVED, REJECTED or ABORTED.",
        "Exits 0 whatever the outcome; script on the outcome with --json."
      })
  static final class Result extends QueryCommand {
    @Override
    void execute() throws JsonProcessingException {
      ApprovalResult result = cli.approvals().result(id);
      if (json) {
        printJson(result);
        return;
      }
      PrintWriter out = out();
      Table.fields()
          .row("Approval", result.requestId())
          .row("Outcome", result.outcome())
          .row("Decided by", result.decidedBy())
          .row("Comment", result.comment())
          .row("Completed at", Table.instant(result.completedAt()))
          .print(out);
      warnings(result.warnings()).print(out, "Warnings");
    }
  }

  // ---- the tables, shared by status, timers and result -------------------------------------

  static Table steps(List<StepInfo> steps) {
    Table table = Table.of("STEP", "STATE", "OWNER", "APPROVERS", "OUTCOME", "DECIDED BY");
    for (StepInfo step : steps) {
      table.row(
          step.name(),
          step.state(),
          step.owner(),
          step.approvers(),
          step.outcome(),
          step.decidedBy());
    }
    return table;
  }

  static Table timers(List<TimerInfo> timers) {
    Table table =
        Table.of("TIMER", "KIND", "STATE", "LIMIT", "EXPIRES AT", "EXPIRED", "CLEARED", "FIRINGS");
    for (TimerInfo timer : timers) {
      table.row(
          timer.name(),
          timer.kind(),
          timer.state(),
          timer.limit(),
          Table.instant(timer.expiresAt()),
          timer.expired(),
          timer.cleared(),
          timer.firings());
    }
    return table;
  }

  static Table warnings(List<WarningInfo> warnings) {
    Table table = Table.of("AT", "TIMER", "STEP", "MESSAGE");
    for (WarningInfo warning : warnings) {
      table.row(Table.instant(warning.at()), warning.timer(), warning.step(), warning.message());
    }
    return table;
  }
}
