package dev.overdue.starter;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.overdue.api.ApprovalResult;
import dev.overdue.api.HistoryEntry;
import dev.overdue.api.PlanEntry;
import dev.overdue.api.StatusInfo;
import dev.overdue.api.TimerChange;
import dev.overdue.api.TimerDerivation;
import dev.overdue.api.TimerInfo;
import dev.overdue.client.Approvals;
import io.temporal.client.WorkflowClient;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** Reading an approval: status, timers, plan, history and result, as tables or as raw JSON. */
final class Queries {
  private Queries() {}

  /** The approval and the choice between a table and JSON. */
  abstract static class QueryCommand extends CliCommand {
    @Parameters(
        index = "0",
        paramLabel = "ID",
        description = "The request id (PO-4711) or the workflow id (approval-PO-4711).")
    String id;

    @Mixin JsonFlag jsonFlag = new JsonFlag();

    @Option(
        names = "--run",
        paramLabel = "RUN_ID",
        description =
            "Read this run of the id (`list --all` shows each run's id): a request id started"
                + " again with `start --again` has several. Default: the latest run.")
    String run;

    @Override
    String approvalId() {
      return id;
    }

    /** The approvals, read at {@code --run} when given. */
    Approvals approvals() {
      return session().approvals().inRun(run);
    }

    @Override
    boolean json() {
      return jsonFlag.on || super.json();
    }
  }

  @Command(
      name = "status",
      mixinStandardHelpOptions = true,
      description = "Show an approval at a glance: state, steps, comments, timers and warnings.")
  static final class Status extends QueryCommand {
    @Override
    void execute() throws JsonProcessingException {
      Approvals approvals = approvals();
      StatusInfo status = session().answer(id, false, () -> approvals.status(id));
      if (json()) {
        printJson(status);
        return;
      }
      PrintWriter out = out();
      Table header =
          Table.fields()
              .row("Approval", status.requestId() + " (workflow " + Approvals.workflowId(id) + ")")
              .row("Title", status.title())
              .row("Requester", status.requester());
      if (status.businessAdministrators() != null && !status.businessAdministrators().isEmpty()) {
        header.row("Administrators", status.businessAdministrators());
      }
      header.row("State", status.state()).row("Current step", status.currentStep());
      if (status.data() != null && !status.data().isEmpty()) {
        header.row("Data", Table.shorten(Printer.JSON.writeValueAsString(status.data()), 200));
      }
      if (status.suspendedReason() != null) {
        header.row("Suspended", status.suspendedReason());
      }
      if (status.auth() != null) {
        header.row("Auth", status.auth() + " (signed commands: --token)");
      }
      header.print(out);
      StatusTables.steps(status.steps()).print(out, "Steps");
      if (status.comments() != null && !status.comments().isEmpty()) {
        long inAll = status.commentCount() == null ? status.comments().size() : status.commentCount();
        StatusTables.comments(status.comments())
            .print(out, StatusTables.commentsTitle(status.comments().size(), inAll));
      }
      StatusTables.timers(status.timers()).print(out, "Timers");
      StatusTables.warnings(status.warnings())
          .print(out, StatusTables.warningsTitle(status.warnings().size(), status.warningsInAll()));
    }
  }

  @Command(
      name = "timers",
      mixinStandardHelpOptions = true,
      description = {
        "Show every timer: state, time limit, expiration date and how often it fired.",
        "With --explain, how each date came about: the rule, what it counted from, the calendar,"
            + " a cycle's catch-up policy and every change, by whom."
      })
  static final class Timers extends QueryCommand {
    @Option(
        names = "--explain",
        description = "After the table, how each timer's date came about, and its changes.")
    boolean explain;

    @Override
    void execute() throws JsonProcessingException {
      Approvals approvals = approvals();
      List<TimerInfo> timers = session().answer(id, false, () -> approvals.timers(id));
      if (json()) {
        printJson(timers);
      } else if (timers.isEmpty()) {
        out().println("no timers");
      } else {
        StatusTables.timers(timers).print(out());
        if (explain) {
          timers.forEach(timer -> explain(timer, out()));
        }
      }
    }

    /**
     * One timer's derivation as a titled, indented block:
     *
     * <pre>
     * manager.due
     *   rule      2026-11-23T09:00:00Z + P2D
     *   base      2026-11-23T09:00:00Z
     *   calendar  elapsed time
     *   changes:
     *     2026-11-23T10:00:00Z dora: limit P2D → P3D (date 2026-11-25T09:00:00Z → 2026-11-26T09:00:00Z)
     * </pre>
     */
    static void explain(TimerInfo timer, PrintWriter out) {
      out.println();
      out.println(timer.name());
      TimerDerivation derivation = timer.derivation();
      if (derivation == null) {
        out.println("  not recorded (the approval started before timers kept their derivation)");
        return;
      }
      Table fields =
          Table.fields()
              .row("rule", derivation.rule())
              .row(
                  "base",
                  derivation.base() == null ? "not running yet" : Table.instant(derivation.base()))
              .row(
                  "calendar",
                  derivation.calendar() == null ? "elapsed time" : derivation.calendar());
      if (derivation.catchUp() != null) {
        fields.row("catch-up", derivation.catchUp());
      }
      StringWriter text = new StringWriter();
      fields.print(new PrintWriter(text));
      text.toString().lines().forEach(line -> out.println("  " + line));
      List<TimerChange> changes = derivation.changes() == null ? List.of() : derivation.changes();
      long inAll = derivation.changeCount() == null ? changes.size() : derivation.changeCount();
      if (inAll == 0) {
        out.println("  changes:  none");
      } else if (inAll == changes.size()) {
        out.println("  changes:");
      } else {
        // A long-lived approval carries only the latest changes into a continued run.
        out.println(String.format(Locale.ROOT, "  changes:  %,d (the latest %d shown; every one in history)",
            inAll, changes.size()));
      }
      changes.forEach(change -> out.println("    " + change(change)));
    }

    /** "at by: change old → new (date old → new)"; a change that kept the limit says so once. */
    static String change(TimerChange change) {
      StringBuilder text =
          new StringBuilder(Table.instant(change.at()))
              .append(' ')
              .append(change.by() == null ? "the process" : change.by())
              .append(": ")
              .append(change.change());
      if (!Objects.equals(change.oldLimit(), change.newLimit())) {
        text.append(' ')
            .append(orNone(Table.instant(change.oldLimit())))
            .append(" → ")
            .append(orNone(Table.instant(change.newLimit())));
      }
      text.append(" (date ")
          .append(orNone(Table.instant(change.oldExpiresAt())))
          .append(" → ")
          .append(orNone(Table.instant(change.newExpiresAt())))
          .append(')');
      return text.toString();
    }

    private static String orNone(String value) {
      return value == null ? Table.NONE : value;
    }
  }

  @Command(
      name = "plan",
      mixinStandardHelpOptions = true,
      description = {
        "Show what happens when, if nothing changes: each expiry, reminder and escalation.",
        "In order, with its targets and its condition as it evaluates now.",
        "WHEN is 'at' the date, or 'on resume' for a date that passed while suspended; # is the"
            + " firing; a NOTE says why a line may not happen as listed."
      })
  static final class Plan extends QueryCommand {
    @Override
    void execute() throws JsonProcessingException {
      WorkflowClient client = session().client();
      List<PlanEntry> plan =
          session().answer(
              id,
              false,
              () ->
                  Arrays.asList(
                      client
                          .newUntypedWorkflowStub(Approvals.workflowId(id))
                          .query("plan", PlanEntry[].class)));
      if (json()) {
        printJson(plan);
        return;
      }
      if (plan.isEmpty()) {
        Approvals approvals = approvals();
        StatusInfo status = session().answer(id, false, () -> approvals.status(id));
        out().println(nothingPlanned(status, printer().command()));
        return;
      }
      plan(plan).print(out());
    }

    static String nothingPlanned(StatusInfo status, String overdue) {
      String approval = "approval " + status.requestId();
      return switch (status.state()) {
        case "ACTIVE", "SUSPENDED" ->
            "nothing scheduled: no timer of "
                + approval
                + " is running (user timers start off: `"
                + overdue
                + " enable-timer "
                + status.requestId()
                + " TIMER`)";
        default -> "nothing planned: " + approval + " has ended (" + status.state() + ")";
      };
    }

    /**
     * A suspended approval cannot tell a date passed while nothing happened to it: this clock can.
     * A date that has passed happens on resume.
     */
    static String when(PlanEntry entry) {
      boolean passed = !Instant.parse(entry.at()).isAfter(Instant.now());
      return PlanEntry.AT_IF_RESUMED.equals(entry.when()) && passed
          ? PlanEntry.ON_RESUME
          : entry.when();
    }

    static Table plan(List<PlanEntry> plan) {
      Table table = Table.of("AT", "WHEN", "TIMER", "#", "ACTION", "TARGETS", "CONDITION", "NOTE");
      for (PlanEntry entry : plan) {
        table.row(
            Table.instant(entry.at()),
            when(entry),
            entry.timer(),
            entry.firing(),
            action(entry),
            entry.targets(),
            entry.condition() == null
                ? null
                : entry.condition()
                    + " → "
                    + (entry.conditionNow() == null ? "?" : entry.conditionNow()),
            entry.note());
      }
      return table;
    }

    /** The action, and the handler's own name when it has one (notes name handlers that way). */
    static String action(PlanEntry entry) {
      String name = entry.name();
      boolean generated = name == null || name.matches(Pattern.quote(entry.action()) + "#\\d+");
      return generated ? entry.action() : entry.action() + " (" + name + ")";
    }
  }

  @Command(
      name = "history",
      mixinStandardHelpOptions = true,
      description = {
        "Show the audit trail: every signal, accepted or rejected and why, every accepted update,"
            + " and each event. An update the approval refused is not there: its sender got the"
            + " reason, and the worker logs it.",
        "An event just happened, neither accepted nor rejected: a timer expired, a task listener"
            + " ran, a reassignment, a new run of a long approval.",
        "SIGNED BY (when a command was signed, --token): the subject and issuer of its token as"
            + " the worker verified them; the token itself is never kept. With --json, each such"
            + " entry's subject and issuer."
      })
  static final class History extends QueryCommand {
    /** The kind of the trail's entries that are not commands. */
    static final String EVENT = "event";

    @Override
    void execute() throws JsonProcessingException {
      Approvals approvals = approvals();
      long started = System.nanoTime();
      AtomicReference<String> read = new AtomicReference<>("");
      List<HistoryEntry> history;
      try (ProgressLine progress =
          printer().progressWhenSlow(
              () -> "reading the history of " + Approvals.workflowId(id) + read.get() + ": "
                  + ProgressLine.since(started))) {
        history =
            session().answer(
                id,
                false,
                () -> approvals.history(
                    id, (runs, entries) -> read.set(": " + runs + " runs, " + entries + " entries")));
      }
      if (json()) {
        printJson(history);
        return;
      }
      // SIGNED BY only when a command was signed; the reason last: it is said in full, however
      // long.
      boolean signed = history.stream().anyMatch(entry -> entry.subject() != null);
      List<String> headers = new ArrayList<>(List.of("AT", "KIND", "NAME", "RESULT"));
      if (signed) {
        headers.add("SIGNED BY");
      }
      headers.addAll(List.of("INPUT", "REASON"));
      Table table = Table.of(headers.toArray(String[]::new));
      for (HistoryEntry entry : history) {
        List<Object> cells =
            new ArrayList<>(
                Arrays.asList(Table.instant(entry.at()), entry.kind(), entry.name(), result(entry)));
        if (signed) {
          cells.add(signedBy(entry));
        }
        cells.add(entry.input() == null ? null : Table.shorten(entry.input().toString(), 60));
        cells.add(entry.reason());
        table.row(cells.toArray());
      }
      if (table.isEmpty()) {
        out().println("no history yet");
      } else {
        table.print(out());
      }
    }

    /**
     * Who signed the command, as the worker verified it: {@code alice (https://idp.example)}; null
     * for an unsigned one. Never the token: the trail does not keep it.
     */
    static String signedBy(HistoryEntry entry) {
      if (entry.subject() == null) {
        return null;
      }
      return entry.issuer() == null ? entry.subject() : entry.subject() + " (" + entry.issuer() + ")";
    }

    /**
     * Commands are accepted or rejected; an event (a timer expired, a listener ran, a reassignment,
     * a new run) just happened, though the trail's JSON marks it accepted.
     */
    static String result(HistoryEntry entry) {
      if (EVENT.equals(entry.kind())) {
        return null;
      }
      return entry.accepted() ? "accepted" : "rejected";
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
      long started = System.nanoTime();
      ApprovalResult result;
      try (ProgressLine waiting =
          printer().progressWhenSlow(
              () -> "waiting for " + Approvals.workflowId(id) + " to end: " + ProgressLine.since(started)
                  + " (Ctrl-C stops waiting, not the approval)")) {
        result = approvals().result(id);
      }
      if (json()) {
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
      StatusTables.warnings(result.warnings())
          .print(out, StatusTables.warningsTitle(result.warnings().size(), result.warningsInAll()));
    }
  }
}
