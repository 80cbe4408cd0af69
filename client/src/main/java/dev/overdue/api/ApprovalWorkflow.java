package dev.overdue.api;

import com.fasterxml.jackson.databind.JsonNode;
import dev.overdue.api.index.IndexedApproval;
import io.temporal.workflow.QueryMethod;
import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.WorkflowMethod;
import java.util.List;

/**
 * One approval process with business timers. Commands arrive as Signals or, with the same names,
 * as Updates that are validated first; both take one JSON object.
 *
 * <p>The input is taken as raw JSON and parsed strictly inside the workflow, so that a typo in a
 * hand-written {@code temporal workflow start --input} fails the approval with a clear message
 * instead of being silently ignored.
 */
@WorkflowInterface
public interface ApprovalWorkflow {
  String TYPE = "ApprovalWorkflow";
  String DEFAULT_TASK_QUEUE = "overdue";
  String WORKFLOW_ID_PREFIX = "approval-";

  /**
   * The failure type of a refused command, from an Update's validator and its handler alike: a
   * business refusal, final (non-retryable); the failure's message is the reason.
   */
  String REFUSED = "CommandRefused";

  /** The failure type of a workflow whose request was invalid: it fails at once, naming every problem. */
  String INVALID_REQUEST = "InvalidApprovalRequest";

  @WorkflowMethod(name = TYPE)
  ApprovalResult run(JsonNode request);

  /** Every timer: {@code name, kind, state, limit, expiresAt, expired, cleared}. */
  @QueryMethod(name = "timers")
  List<TimerInfo> timers();

  /**
   * Every future expiry, reminder and escalation with its date and targets, in order, as they
   * would happen if nothing changes.
   */
  @QueryMethod(name = "plan")
  List<PlanEntry> plan();

  @QueryMethod(name = "status")
  StatusInfo status();

  /**
   * The task actions {@code user} may take now — claim, start, release, approve, reject, complete,
   * reassign, update-data, and on approvals started since task operations stop, delegate,
   * resolve, forward, nominate, skip, set-priority, comment — by the same checks the commands get; for pages that offer only those.
   * A query: it changes nothing, and a signed command's token is still checked when it is sent.
   */
  @QueryMethod(name = "actions")
  List<String> actions(String user);

  /**
   * The latest comments on the approval's tasks ({@code comment}), oldest first: at most the 50
   * latest, as {@code status} shows them.
   */
  @QueryMethod(name = "comments")
  List<CommentInfo> comments();

  /** Every command with time, input, accepted or rejected and why; timer expiries as events. */
  @QueryMethod(name = "history")
  List<HistoryEntry> history();

  /**
   * The approval as the task index should hold it now, with the change number it was last sent
   * under: what {@code bin/overdue index verify} compares and {@code rebuild} writes. An approval
   * of an edition before 1.2 keeps no index and answers as of change 0.
   */
  @QueryMethod(name = "indexed")
  IndexedApproval indexed();
}
