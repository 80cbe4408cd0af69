package dev.overdue.starter;

import dev.overdue.client.ConnectionProblems;
import dev.overdue.client.WorkList;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * Work lists over the visibility API (needs a Temporal server with visibility, e.g.
 * bin/dev-server).
 */
@Command(
    name = "list",
    mixinStandardHelpOptions = true,
    description = {
      "List approvals: work lists such as those with warnings, overdue, or claimed by a user.",
      "Needs a Temporal server with a visibility store (bin/dev-server); the in-memory service"
          + " bin/overdue-worker starts has none."
    })
final class ListCommand extends ManyApprovalsCommand {
  @Spec CommandSpec spec;

  @Option(
      names = "--with-warnings",
      description = "Only approvals with a warning (HasWarnings = true).")
  boolean withWarnings;

  @Option(
      names = "--overdue",
      description = "Only approvals with an expired timer (AnyTimerExpired = true).")
  boolean overdue;

  @Option(
      names = "--follow-up-due",
      description = "Only approvals whose current step's follow-up date has come (FollowUpDate <= now).")
  boolean followUpDue;

  @Option(names = "--suspended", description = "Only suspended approvals.")
  boolean suspended;

  @Option(
      names = "--state",
      paramLabel = "STATE",
      description = "Only approvals in STATE (ACTIVE, SUSPENDED, APPROVED, ...).")
  String state;

  @Option(
      names = "--owner",
      paramLabel = "USER",
      description = "Only approvals whose current step USER has claimed.")
  String owner;

  @Option(
      names = "--offered-to",
      paramLabel = "USER",
      description =
          "Only approvals whose current step waits for USER to claim it: offered to them (as a"
              + " candidate user or group member), claimed by no one yet.")
  String offeredTo;

  @Option(
      names = "--priority",
      paramLabel = "RANGE",
      description =
          "Only approvals whose current step has a priority in RANGE: N or FROM..TO, 0 (highest)"
              + " to 10, e.g. 0..2.")
  String priority;

  @Option(
      names = "--unworkable",
      description =
          "Only approvals whose current step no one can act on (Unworkable = true): the requester"
              + " may reassign them.")
  boolean unworkable;

  @Option(
      names = "--query",
      paramLabel = "FILTER",
      description =
          "An extra Temporal list filter, e.g. \"NextDeadline < '2026-12-01T00:00:00Z'\".")
  String query;

  @Option(names = "--all", description = "Include ended approvals (default: running ones only).")
  boolean all;

  @Option(
      names = "--limit",
      paramLabel = "N",
      defaultValue = "100",
      description = "At most N approvals (default: ${DEFAULT-VALUE}).")
  int limit;

  WorkList workList() {
    WorkList list = new WorkList();
    if (withWarnings) {
      list.withWarnings();
    }
    if (overdue) {
      list.overdue();
    }
    if (followUpDue) {
      list.followUpDue(Instant.now());
    }
    if (suspended) {
      list.inState("SUSPENDED");
    }
    if (state != null) {
      list.inState(state.toUpperCase(Locale.ROOT));
    }
    if (owner != null) {
      list.ownedBy(owner);
    }
    if (offeredTo != null) {
      list.offeredTo(offeredTo);
    }
    if (priority != null) {
      int[] range = priorityRange(priority);
      list.withPriority(range[0], range[1]);
    }
    if (unworkable) {
      list.unworkable();
    }
    if (query != null) {
      list.where(query);
    }
    if (all) {
      list.includingClosed();
    }
    return list;
  }

  /** {@code N} or {@code FROM..TO} as {from, to}, both within WS-HumanTask's 0 to 10. */
  private int[] priorityRange(String text) {
    String[] ends = text.trim().split("\\.\\.", -1);
    try {
      int from = Integer.parseInt(ends[0].trim());
      int to = ends.length == 2 ? Integer.parseInt(ends[1].trim()) : from;
      if (ends.length <= 2 && 0 <= from && from <= to && to <= 10) {
        return new int[] {from, to};
      }
    } catch (NumberFormatException e) {
      // said below
    }
    throw new CommandLine.ParameterException(
        spec.commandLine(),
        "--priority takes N or FROM..TO with 0 <= FROM <= TO <= 10 (0 is the highest), got '"
            + text
            + "'");
  }

  /** The approvals the filter selects. */
  private List<WorkList.Entry> list() {
    return list(session(), workList(), limit);
  }

  /**
   * The approvals on {@code list}, at most {@code limit}. A service without a visibility store (the
   * worker's in-memory one) does not implement listing at all: that is said in words, with the way
   * to a server that lists, rather than as gRPC's UNIMPLEMENTED. A filter the server cannot read
   * (INVALID_ARGUMENT: a typo in {@code --query}, an unknown attribute) is the user's to fix: a
   * usage error with the server's reason, not the service being unavailable.
   */
  static List<WorkList.Entry> list(Session session, WorkList list, int limit) {
    return listing(session, list, () -> session.approvals().list(list, limit));
  }

  /** What {@code listing} returns from the approvals on {@code list}, its failures said as above. */
  static <T> T listing(Session session, WorkList list, Supplier<T> listing) {
    try {
      return listing.get();
    } catch (RuntimeException e) {
      StatusRuntimeException rpc = ConnectionProblems.find(e, StatusRuntimeException.class);
      Status.Code code = rpc == null ? null : rpc.getStatus().getCode();
      if (code == Status.Code.INVALID_ARGUMENT) {
        throw new CliError(
            ExitCodes.USAGE,
            "invalid list filter: "
                + Failures.firstLineWithoutClassName(rpc.getStatus().getDescription())
                + " (the whole filter: "
                + list.query()
                + ")");
      }
      if (code != Status.Code.UNIMPLEMENTED) {
        throw e;
      }
      throw new CliError(
          ExitCodes.UNAVAILABLE,
          "cannot list approvals: "
              + session.service()
              + " has no visibility store (the in-memory service of bin/overdue-worker has"
              + " none); lists need a server with one: stop the worker, start bin/dev-server,"
              + " then bin/overdue-worker again");
    }
  }

  @Override
  void execute() throws Exception {
    List<WorkList.Entry> entries = list();
    if (json()) {
      printJson(entries);
      return;
    }
    // With ended approvals, one id may have several runs (start --again): each its own row.
    List<String> headers = new java.util.ArrayList<>(List.of("WORKFLOW"));
    if (all) {
      headers.addAll(List.of("STARTED", "RUN"));
    }
    headers.addAll(
        List.of(
            "STATUS",
            "STATE",
            "STEP",
            "PRIORITY",
            "OWNER",
            "DEADLINE",
            "OVERDUE",
            "WARNINGS"));
    Table table = Table.of(headers.toArray(String[]::new));
    for (WorkList.Entry e : entries) {
      List<String> cells = new java.util.ArrayList<>();
      cells.add(e.workflowId());
      if (all) {
        cells.add(Table.instant(e.startedAt()));
        cells.add(e.runId());
      }
      cells.addAll(java.util.Arrays.asList(
          e.status(),
          e.approvalState(),
          e.currentStep(),
          e.priority() == null ? "-" : String.valueOf(e.priority()),
          e.unworkable() ? "no one can act" : e.currentOwner(),
          Table.instant(e.nextDeadline()),
          e.anyTimerExpired() ? "yes" : "no",
          e.hasWarnings() ? "yes" : "no"));
      table.row(cells.toArray(String[]::new));
    }
    if (table.isEmpty()) {
      out().println("no approvals match " + workList().query());
    } else {
      table.print(out());
    }
  }
}
