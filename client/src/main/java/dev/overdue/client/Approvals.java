package dev.overdue.client;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.overdue.api.ApprovalCommand;
import dev.overdue.api.ApprovalRequest;
import dev.overdue.api.ApprovalResult;
import dev.overdue.api.ApprovalWorkflow;
import dev.overdue.api.CommandResult;
import dev.overdue.api.CommentInfo;
import dev.overdue.api.HistoryEntry;
import dev.overdue.api.KeyFacts;
import dev.overdue.api.PlanEntry;
import dev.overdue.api.StatusInfo;
import dev.overdue.api.TimerInfo;
import dev.overdue.api.index.IndexedApproval;
import io.temporal.api.common.v1.WorkflowExecution;
import io.temporal.api.enums.v1.WorkflowIdReusePolicy;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowExecutionAlreadyStarted;
import io.temporal.client.WorkflowOptions;
import io.temporal.client.WorkflowStub;
import io.temporal.client.UpdateOptions;
import io.temporal.client.WorkflowUpdateException;
import io.temporal.client.WorkflowUpdateStage;
import io.temporal.failure.ApplicationFailure;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/** Starting and steering approvals from a client: the contract as Java calls. */
public final class Approvals {
  /** Reads a checked request's fields for the Web UI's summary; unknown fields are the check's business. */
  static final ObjectMapper JSON =
      new ObjectMapper().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

  /**
   * The field of a command's input that carries its signed token (a JWT), beside the command's own
   * fields. The workflow takes it out before it parses or records the command, verifies it under
   * the approval's auth policy and records only its subject and issuer.
   */
  public static final String TOKEN = "token";

  /**
   * The memo key of the request's title, which lists show: a memo, not a search attribute, so the
   * payload codec encrypts it (search attributes are stored as they are, for every reader).
   */
  public static final String MEMO_TITLE = "title";

  /**
   * The memo key of the request's key facts ({@link KeyFacts}): a list of {@code {key, label,
   * value}}, set at the start and written again by the workflow when the data changes one.
   */
  public static final String MEMO_FACTS = "facts";

  /**
   * The memo key of who decided an ended approval (a user, or {@code timer:<name>} when a timer
   * did), written by the workflow as it ends; absent when nobody did (aborted).
   */
  public static final String MEMO_DECIDED_BY = "decidedBy";

  /** Never signs: every command goes as its fields alone. */
  private static final Supplier<String> UNSIGNED = () -> null;

  private final WorkflowClient client;
  private final RequestCheck check;
  private final Supplier<String> token;
  /** The run every read and command goes to; null: the latest run of the id. */
  private final String runId;

  /** Requests are checked only by the workflow, when it starts. */
  public Approvals(WorkflowClient client) {
    this(client, RequestCheck.NONE);
  }

  /** Requests are checked by {@code check} before they are started. */
  public Approvals(WorkflowClient client, RequestCheck check) {
    this(client, check, UNSIGNED);
  }

  private Approvals(WorkflowClient client, RequestCheck check, Supplier<String> token) {
    this(client, check, token, null);
  }

  private Approvals(WorkflowClient client, RequestCheck check, Supplier<String> token, String runId) {
    this.client = client;
    this.check = check;
    this.token = token;
    this.runId = runId;
  }

  /**
   * These approvals read at run {@code runId} of an id (null or blank: its latest run, as
   * without): a request id started again ({@code again}) has several runs, each an approval of its
   * own; an ended one still answers its queries. Commands sent to an ended run fail as for an
   * approval that is not running.
   */
  public Approvals inRun(String runId) {
    return new Approvals(client, check, token, runId == null || runId.isBlank() ? null : runId);
  }

  /**
   * These approvals with every command they send signed: {@code token} is asked before each
   * Update and Signal (and {@link #signed}) for the sender's token, a JWT, which goes as the
   * command's {@link #TOKEN} field; null or blank sends the command unsigned. Starts and queries
   * carry no token. A supplier that caches and refreshes the token (an OIDC client's) keeps a
   * long-lived application signing with a valid one.
   */
  public Approvals signedBy(Supplier<String> token) {
    return new Approvals(client, check, Objects.requireNonNull(token, "token"), runId);
  }

  /**
   * {@code input} as a command is sent: with the token of {@link #signedBy} as its {@link #TOKEN}
   * field, when there is one; otherwise (and for an input that is not a JSON object, or that
   * carries a token of its own) as it is. {@code input} itself is left unchanged. For callers that
   * send commands by other means (a Temporal batch job); the result holds the token: do not log or
   * print it.
   */
  public JsonNode signed(JsonNode input) {
    JsonNode command = orEmpty(input);
    if (!(command instanceof ObjectNode object) || object.has(TOKEN)) {
      return command;
    }
    String signature = token.get();
    if (signature == null || signature.isBlank()) {
      return command;
    }
    ObjectNode withToken = object.deepCopy();
    withToken.put(TOKEN, signature);
    return withToken;
  }

  /** {@code PO-4711} and {@code approval-PO-4711} both name the same approval. */
  public static String workflowId(String requestOrWorkflowId) {
    return requestOrWorkflowId.startsWith(ApprovalWorkflow.WORKFLOW_ID_PREFIX)
        ? requestOrWorkflowId
        : ApprovalWorkflow.WORKFLOW_ID_PREFIX + requestOrWorkflowId;
  }

  /** {@code approval-PO-4711} and {@code PO-4711} both give {@code PO-4711}. */
  public static String requestId(String requestOrWorkflowId) {
    return requestOrWorkflowId.startsWith(ApprovalWorkflow.WORKFLOW_ID_PREFIX)
        ? requestOrWorkflowId.substring(ApprovalWorkflow.WORKFLOW_ID_PREFIX.length())
        : requestOrWorkflowId;
  }

  /**
   * Checks {@code request} and starts it.
   *
   * @return the approval's workflow id
   * @throws RefusedException listing every problem the check found, before anything is started
   */
  public String start(JsonNode request, String taskQueue) {
    return start(request, taskQueue, null);
  }

  /**
   * The same, as the start request {@code requestId} (null: a new one): Temporal answers a start
   * repeated with the same id, while the approval runs, with the approval it started, so a retry
   * after a lost answer starts nothing twice. A request id already used, by an approval running or
   * ended (while Temporal keeps it, for the namespace's retention), is refused: see {@link
   * #start(JsonNode, String, String, boolean)}.
   */
  public String start(JsonNode request, String taskQueue, String requestId) {
    return startRun(request, taskQueue, requestId, false).workflowId();
  }

  /**
   * The same; with {@code again}, a request id whose approval ended is started anew: a new run
   * under the same workflow id, the earlier run kept (read it with {@link #inRun}). Without it,
   * such a start is refused.
   *
   * @throws RequestIdUsedException when the id is in use (running: even with {@code again}) or was
   *     used and {@code again} is false; it names the approval, its state and its outcome, and
   *     nothing was started
   */
  public String start(JsonNode request, String taskQueue, String requestId, boolean again) {
    return startRun(request, taskQueue, requestId, again).workflowId();
  }

  /** A started approval: its workflow id and the run the start began. */
  public record Started(String workflowId, String runId) {}

  /** {@link #start(JsonNode, String, String, boolean)}, answering the run it started too. */
  public Started startRun(JsonNode request, String taskQueue, String requestId, boolean again) {
    Optional<String> refusal = check.refusal(request);
    if (refusal.isPresent()) {
      throw new RefusedException(refusal.get(), null);
    }
    ApprovalRequest parsed;
    try {
      parsed = JSON.convertValue(request, ApprovalRequest.class);
    } catch (IllegalArgumentException notARequest) {
      throw new RefusedException("invalid approval request: " + notARequest.getMessage(), notARequest);
    }
    String workflowId = workflowId(parsed.requestId());
    ApprovalWorkflow workflow =
        client.newWorkflowStub(
            ApprovalWorkflow.class,
            WorkflowOptions.newBuilder()
                .setWorkflowId(workflowId)
                .setTaskQueue(taskQueue)
                // Temporal's own check, so no two starts race past it: an id that ran once is
                // refused unless the caller asked for a new run of it.
                .setWorkflowIdReusePolicy(
                    again
                        ? WorkflowIdReusePolicy.WORKFLOW_ID_REUSE_POLICY_ALLOW_DUPLICATE
                        : WorkflowIdReusePolicy.WORKFLOW_ID_REUSE_POLICY_REJECT_DUPLICATE)
                .setStaticSummary(StartSummary.summary(parsed))
                .setStaticDetails(StartSummary.details(parsed))
                .setRequestId(requestId)
                .setMemo(memo(parsed))
                .build());
    try {
      WorkflowExecution started = WorkflowClient.start(workflow::run, request);
      return new Started(workflowId, started.getRunId());
    } catch (WorkflowExecutionAlreadyStarted taken) {
      throw RequestIdUsedException.describing(client, workflowId, taken);
    }
  }

  /** What lists show of a new approval without asking it: its title and key facts. */
  private static Map<String, Object> memo(ApprovalRequest request) {
    Map<String, Object> memo = new java.util.LinkedHashMap<>();
    if (request.title() != null) {
      memo.put(MEMO_TITLE, request.title());
    }
    if (!request.keyFields().isEmpty()) {
      memo.put(MEMO_FACTS, KeyFacts.of(KeyFacts.columns(request), request.data()));
    }
    return memo.isEmpty() ? null : memo;
  }

  /**
   * Starts {@code request} (checked first, see {@link #start(JsonNode, String)}).
   *
   * @return the approval's workflow id
   */
  public String start(ApprovalRequest request, String taskQueue) {
    return start((JsonNode) JSON.valueToTree(request), taskQueue);
  }

  /**
   * Sends {@code command} as an Update: the workflow checks it first, and answers with what it
   * changed.
   *
   * @throws RefusedException when the workflow refused it; nothing changed
   */
  public CommandResult update(String id, ApprovalCommand command) {
    return update(id, command, null);
  }

  /**
   * The same, as the Update {@code updateId} (null: a new one). Temporal runs an Update id once per
   * run: sending it again, after a lost answer or a timeout, answers what the first one did and
   * changes nothing, so a caller retrying with the same id never acts twice. A refused Update left
   * nothing to remember and is checked again.
   *
   * @throws RefusedException when the workflow refused it; nothing changed
   */
  public CommandResult update(String id, ApprovalCommand command, String updateId) {
    try {
      if (updateId == null) {
        return update(id, command.name(), command.input());
      }
      UpdateOptions<CommandResult> options =
          UpdateOptions.newBuilder(CommandResult.class)
              .setUpdateName(command.name())
              .setUpdateId(updateId)
              .setWaitForStage(WorkflowUpdateStage.COMPLETED)
              .build();
      return stub(id).startUpdate(options, signed(command.input())).getResult();
    } catch (WorkflowUpdateException e) {
      if (e.getCause() instanceof ApplicationFailure failure
          && ApprovalWorkflow.REFUSED.equals(failure.getType())) {
        throw new RefusedException(failure.getOriginalMessage(), e);
      }
      throw e;
    }
  }

  /**
   * Sends {@code command} as a Signal: fire and forget; the workflow checks it on arrival, and a
   * refusal shows only in {@link #history}.
   */
  public void signal(String id, ApprovalCommand command) {
    signal(id, command.name(), command.input());
  }

  /**
   * Sends a command as an Update, by name with its JSON input (signed, see {@link #signedBy}): the
   * workflow checks it first and answers. A refusal is Temporal's {@link
   * io.temporal.client.WorkflowUpdateException}, whose cause is an {@link ApplicationFailure} of
   * type {@link ApprovalWorkflow#REFUSED}.
   */
  public CommandResult update(String id, String command, JsonNode input) {
    return stub(id).update(command, CommandResult.class, signed(input));
  }

  /**
   * Sends a command as a Signal (signed, see {@link #signedBy}): fire and forget; a refusal shows
   * only in {@link #history}.
   */
  public void signal(String id, String command, JsonNode input) {
    stub(id).signal(command, signed(input));
  }

  public StatusInfo status(String id) {
    return stub(id).query("status", StatusInfo.class);
  }

  /**
   * Approval {@code id} as the task index should hold it now, with the change number it was last
   * sent under ({@code bin/overdue index verify} and {@code rebuild}).
   */
  public IndexedApproval indexed(String id) {
    return stub(id).query("indexed", IndexedApproval.class);
  }

  /** What will happen if nothing changes: each expiry, reminder and escalation, in order. */
  public List<PlanEntry> plan(String id) {
    return Arrays.asList(stub(id).query("plan", PlanEntry[].class));
  }

  /** The task actions {@code user} may take on approval {@code id} now (claim, approve, …). */
  public List<String> actions(String id, String user) {
    return Arrays.asList(stub(id).query("actions", String[].class, user));
  }

  /** The latest comments on approval {@code id}'s tasks, oldest first. */
  public List<CommentInfo> comments(String id) {
    return Arrays.asList(stub(id).query("comments", CommentInfo[].class));
  }

  public List<TimerInfo> timers(String id) {
    return Arrays.asList(stub(id).query("timers", TimerInfo[].class));
  }

  /**
   * The whole audit trail, across continue-as-new: each run's trail starts with a ContinuedAsNew
   * entry naming the previous run, whose own trail is read from it (queries work on closed runs).
   */
  public List<HistoryEntry> history(String id) {
    return history(id, (runs, entries) -> {});
  }

  /** What {@link #history(String, Progress)} has read so far, after each run's trail. */
  @FunctionalInterface
  public interface Progress {
    void read(int runs, int entries);
  }

  /** The same, telling {@code progress} after each run: a long approval has thousands of runs. */
  public List<HistoryEntry> history(String id, Progress progress) {
    List<HistoryEntry> all = new ArrayList<>();
    Optional<String> runId = Optional.ofNullable(this.runId);
    for (int runs = 0; runs < MAX_RUNS_WALKED; runs++) {
      List<HistoryEntry> run =
          Arrays.asList(
              client
                  .newUntypedWorkflowStub(workflowId(id), runId, Optional.empty())
                  .query("history", HistoryEntry[].class));
      all.addAll(0, run);
      progress.read(runs + 1, all.size());
      if (run.isEmpty() || !HistoryEntry.CONTINUED_AS_NEW.equals(run.get(0).name())) {
        return all;
      }
      runId = Optional.of(run.get(0).input().get("previousRunId").asText());
    }
    return all;
  }

  /** A bound on the walk: 10,000 runs are tens of millions of changes. */
  private static final int MAX_RUNS_WALKED = 10_000;

  /** The approvals on {@code list}, newest first, at most {@code limit}. */
  public List<WorkList.Entry> list(WorkList list, int limit) {
    try (var executions = client.listExecutions(list.query())) {
      return executions.limit(limit).map(WorkList.Entry::of).toList();
    }
  }

  public ApprovalResult result(String id) {
    return stub(id).getResult(ApprovalResult.class);
  }

  private WorkflowStub stub(String id) {
    return client.newUntypedWorkflowStub(workflowId(id), Optional.ofNullable(runId), Optional.empty());
  }

  private static JsonNode orEmpty(JsonNode input) {
    return input == null ? JsonNodeFactory.instance.objectNode() : input;
  }
}
