package dev.overdue.starter;

import dev.overdue.client.Approvals;
import dev.overdue.client.ConnectionProblems;
import dev.overdue.client.RefusedException;
import dev.overdue.client.RequestIdUsedException;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.temporal.client.WorkflowExecutionAlreadyStarted;
import io.temporal.client.WorkflowFailedException;
import io.temporal.client.WorkflowNotFoundException;
import io.temporal.client.WorkflowQueryException;
import io.temporal.client.WorkflowUpdateException;
import io.temporal.failure.TemporalFailure;
import io.temporal.payload.codec.PayloadCodecException;
import java.io.PrintWriter;

/** Turns what went wrong into one plain message on stderr and the exit code for it. */
final class Failures {
  /**
   * The dev server first: the worker alone falls back to an in-memory service on the same port,
   * which then answers "no approval" for everything started before and keeps bin/dev-server out.
   */
  private static final String SERVER_HINT =
      "is a Temporal server running? start the dev server with bin/dev-server (it keeps"
          + " approvals across worker restarts, with --db-filename across its own too, and has the"
          + " Web UI), then bin/overdue-worker; bin/overdue-worker alone starts an in-memory"
          + " service that forgets every approval when it exits";

  private final Session session;
  private final Printer printer;

  /** The approval as the user named it; null when unknown. */
  private final String id;

  /** The command needed a running approval (not found may then mean already ended). */
  private final boolean needsRunning;

  Failures(Session session, Printer printer, String id, boolean needsRunning) {
    this.session = session;
    this.printer = printer;
    this.id = id;
    this.needsRunning = needsRunning;
  }

  /** Says it on stderr; the exit code. */
  int report(Throwable failure) {
    PrintWriter err = printer.err();
    CliError explained = explain(failure);
    err.println(explained.getMessage());
    if (explained.exitCode() == ExitCodes.UNEXPECTED && System.getenv("OVERDUE_DEBUG") != null) {
      failure.printStackTrace(err);
    }
    err.flush();
    return explained.exitCode();
  }

  /** The one-line message and the exit code for {@code failure}; never a token it may hold. */
  CliError explain(Throwable failure) {
    CliError explained = explainAsIs(failure);
    String message = session.redact(explained.getMessage());
    return message.equals(explained.getMessage())
        ? explained
        : new CliError(explained.exitCode(), message);
  }

  private CliError explainAsIs(Throwable failure) {
    if (failure instanceof CliError known) {
      return known;
    }
    PayloadCodecException codec = ConnectionProblems.find(failure, PayloadCodecException.class);
    if (codec != null) {
      // Encrypted approval data and no (or the wrong) key: a settings problem, said plainly.
      return new CliError(
          ExitCodes.UNAVAILABLE,
          (id == null ? "" : "approval " + requestId() + ": ") + codec.getMessage());
    }
    if (failure instanceof RefusedException refusal) {
      return refused(refusal.reason());
    }
    if (failure instanceof WorkflowUpdateException refusal) {
      return refused(
          "rejected: " + message(refusal.getCause() == null ? refusal : refusal.getCause()));
    }
    if (failure instanceof RequestIdUsedException used && !used.running()) {
      return refused(
          used.getMessage()
              + "; start it again with --again to run a new approval under the same number (`"
              + printer.command()
              + " status "
              + used.requestId()
              + "` shows the one that ended)");
    }
    if (failure instanceof WorkflowExecutionAlreadyStarted
        || failure instanceof RequestIdUsedException) {
      return refused(
          "approval "
              + requestId()
              + " is already running (workflow "
              + workflowId()
              + "): see `"
              + printer.command()
              + " status "
              + requestId()
              + "`");
    }
    if (failure instanceof WorkflowNotFoundException) {
      return refused(
          (needsRunning
                  ? "approval "
                      + id
                      + " is not running: there is no such approval, or it has already"
                      + " ended (`"
                      + printer.command()
                      + " status "
                      + id
                      + "` tells which)"
                  : "no approval " + id + " (workflow " + workflowId() + ")")
              + inMemoryNote());
    }
    if (failure instanceof WorkflowFailedException failed) {
      return refused("approval " + id + " did not complete: " + message(failed.getCause()));
    }
    StatusRuntimeException rpc = ConnectionProblems.find(failure, StatusRuntimeException.class);
    if (failure instanceof WorkflowQueryException query
        && (rpc == null || rpc.getStatus().getCode() == Status.Code.INVALID_ARGUMENT)) {
      // The workflow's query handler threw: the service passes on its exception as text.
      String reason = rpc == null ? message(query.getCause()) : rpc.getStatus().getDescription();
      return refused("approval " + id + " cannot answer: " + firstLineWithoutClassName(reason));
    }
    if (rpc != null) {
      return unavailable(rpc);
    }
    return new CliError(
        ExitCodes.UNEXPECTED,
        "unexpected error: " + message(failure) + " (" + failure.getClass().getSimpleName() + ")");
  }

  private CliError unavailable(StatusRuntimeException rpc) {
    Status status = rpc.getStatus();
    String service = session.service();
    String connection = ConnectionProblems.explain(rpc);
    if (connection != null) {
      // TLS or credentials: the reason and the setting that fixes it, not gRPC's channel dump.
      return new CliError(ExitCodes.UNAVAILABLE, "cannot use " + service + ": " + connection);
    }
    String detail =
        status.getCode() + (status.getDescription() == null ? "" : ": " + status.getDescription());
    String message =
        switch (status.getCode()) {
          case UNAVAILABLE -> "cannot reach " + service + ": " + detail + "; " + SERVER_HINT;
          case DEADLINE_EXCEEDED ->
              service + " did not answer in time: " + detail + "; " + SERVER_HINT;
          default -> service + " refused the call: " + detail;
        };
    return new CliError(ExitCodes.UNAVAILABLE, message);
  }

  /**
   * Said when the service that knows no such approval is the worker's in-memory one: approvals
   * started on the dev server are not lost, they are on a server this one keeps from starting.
   */
  private String inMemoryNote() {
    return InMemoryService.is(session.client().getWorkflowServiceStubs())
        ? "; "
            + session.service()
            + " is the worker's in-memory Temporal service, which keeps nothing across restarts;"
            + " approvals started on bin/dev-server are not here: stop the worker, start"
            + " bin/dev-server (with its --db-filename, if it had one), then bin/overdue-worker"
            + " again"
        : "";
  }

  private static CliError refused(String message) {
    return new CliError(ExitCodes.REFUSED, message);
  }

  private String workflowId() {
    return id == null ? "?" : Approvals.workflowId(id);
  }

  private String requestId() {
    return id == null ? "?" : Approvals.requestId(id);
  }

  /** "pkg.SomeException: reason\n\tat ..." becomes "reason". */
  static String firstLineWithoutClassName(String text) {
    if (text == null || text.isBlank()) {
      return "no details";
    }
    String first = text.strip().lines().findFirst().orElse("");
    return first.replaceFirst(
        "^([a-zA-Z_$][\\w$]*\\.)+[\\w$]*(Exception|Error|Violation|Failure): ", "");
  }

  /**
   * The most telling message in a chain of causes: the original message of the first Temporal
   * failure (the workflow's own words, without Temporal's decoration), else the exception's.
   */
  static String message(Throwable failure) {
    if (failure == null) {
      return "no details";
    }
    TemporalFailure temporal = ConnectionProblems.find(failure, TemporalFailure.class);
    if (temporal != null && temporal.getOriginalMessage() != null) {
      return temporal.getOriginalMessage();
    }
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      if (cause.getMessage() != null && !cause.getMessage().isBlank()) {
        return cause.getMessage();
      }
    }
    return failure.getClass().getSimpleName();
  }
}
