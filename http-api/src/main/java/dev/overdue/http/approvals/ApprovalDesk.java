package dev.overdue.http.approvals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.overdue.api.ApprovalCommand;
import dev.overdue.api.CommandResult;
import dev.overdue.api.StatusInfo;
import dev.overdue.client.Approvals;
import dev.overdue.client.RefusedException;
import dev.overdue.client.RequestIdUsedException;
import dev.overdue.http.ApiSettings;
import dev.overdue.http.problems.ApiProblem;
import dev.overdue.http.security.Caller;
import io.temporal.client.WorkflowException;
import io.temporal.client.WorkflowExecutionAlreadyStarted;
import io.temporal.client.WorkflowNotFoundException;
import io.temporal.client.WorkflowServiceException;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ResponseStatusException;

/**
 * Where the API meets the workflows: reads an approval for a caller who may see it, sends a
 * caller's command as an Update signed with their token, starts a request. The workflow decides
 * every action; this only makes sure a refusal does not tell a stranger that an approval exists.
 */
@Component
class ApprovalDesk {
  /** The client library's JSON (Jackson 2, as the Temporal SDK's): requests go to it as its trees. */
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Approvals approvals;
  private final ApiSettings settings;
  /** Calls wait here for the workflow's answer, at most {@code answerTimeout}. */
  private final ExecutorService waiting = Executors.newCachedThreadPool(runnable -> {
    Thread thread = new Thread(runnable, "overdue-api-answer");
    thread.setDaemon(true);
    return thread;
  });

  private final MeterRegistry meters;

  ApprovalDesk(Approvals approvals, ApiSettings settings, MeterRegistry meters) {
    this.approvals = approvals;
    this.settings = settings;
    this.meters = meters;
  }

  /** The approval's status, when it exists and {@code caller} may see it; 404 otherwise. */
  StatusInfo status(Caller caller, String id) {
    return status(caller, id, null);
  }

  /** The same, of run {@code run} of the id (null: its latest run). */
  /** A run id is Temporal's, a UUID: anything else is a 400 naming run (Temporal would refuse it as an internal error). */
  static final String RUN_ID = "^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})?$";
  private static final java.util.regex.Pattern RUN = java.util.regex.Pattern.compile(RUN_ID);

  private static void checkRun(String run) {
    if (run != null && !RUN.matcher(run).matches()) {
      throw ApiProblem.badInput("run", "a run id (a UUID) as lists and starts give it");
    }
  }

  StatusInfo status(Caller caller, String id, String run) {
    checkRun(run);
    Approvals reading = approvals.inRun(run);
    StatusInfo status = answer(id, () -> reading.status(id));
    if (!ApprovalAccess.maySee(caller, status)) {
      throw ApiProblem.notFound(id);
    }
    return status;
  }

  /**
   * Any other read, answered only once {@link #status} said the caller may see the approval. Both
   * are asked at once (a page's reads then take one query's time, not two); an answer the caller
   * may not see is dropped unread.
   */
  <T> T read(Caller caller, String id, Supplier<T> query) {
    return read(caller, id, null, query);
  }

  /** The same, {@code query} asking run {@code run} of the id (null: its latest run). */
  <T> T read(Caller caller, String id, String run, Supplier<T> query) {
    checkRun(run);
    CompletableFuture<T> future = CompletableFuture.supplyAsync(query, waiting);
    try {
      status(caller, id, run);
    } catch (RuntimeException hidden) {
      future.cancel(true);
      throw hidden;
    }
    return answer(id, future);
  }

  /**
   * {@code command} as an Update from {@code caller}, signed with their token; {@code key} makes a
   * retry answer the first result. A refusal is the workflow's reason (409), unless the caller may
   * not see the approval: then it does not exist for them (404).
   */
  CommandResult act(Caller caller, String id, ApprovalCommand command, String key) {
    String updateId = IdempotencyKeys.id(key, caller.user(), id, command.name() + command.input());
    Approvals signed = approvals.signedBy(caller::token);
    try {
      return answer(id, () -> signed.update(id, command, updateId));
    } catch (RefusedException refused) {
      // overdue_api_refusals_total{action}: what the workflows turn down, beside http_server_requests.
      meters.counter("overdue.api.refusals", "action", command.name()).increment();
      status(caller, id);
      throw ApiProblem.refused(refused.getMessage());
    }
  }

  /**
   * Starts {@code request} for {@code caller}, who is its requester (an administrator may name
   * another). Refused by the workflow's rules: 422 naming every problem. A request id already used
   * (its approval running, or ended while Temporal keeps it): 409, naming that approval, how it
   * ended and who decided when the caller may see it; with {@code again}, an ended one's id starts
   * a new run.
   */
  Approvals.Started start(Caller caller, Map<String, Object> body, String key, boolean again) {
    ObjectNode request = JSON.valueToTree(body);
    JsonNode requester = request.get("requester");
    if (requester == null || requester.isNull()) {
      request.put("requester", caller.user());
    } else if (!requester.isTextual()) {
      throw ApiProblem.badInput("requester", "a user name");
    } else if (!requester.asText().equals(caller.user()) && !caller.admin()) {
      throw ApiProblem.unprocessable(
          "requester: you may request approvals only as yourself (" + caller.user() + ")", "requester");
    }
    StartRequestTypes.check(request);
    String requestId = request.path("requestId").asText("");
    if (again) {
      mayStartAgain(caller, requestId);
    }
    String startId = IdempotencyKeys.id(key, caller.user(), requestId + (again ? " again" : ""), request.toString());
    try {
      return answer(requestId, () -> approvals.startRun(request, settings.taskQueue(), startId, again));
    } catch (RefusedException invalid) {
      throw ApiProblem.unprocessable(invalid.getMessage(), null);
    } catch (RequestIdUsedException used) {
      throw used(caller, used);
    } catch (WorkflowExecutionAlreadyStarted taken) {
      throw new ResponseStatusException(HttpStatus.CONFLICT, "an approval " + requestId + " exists already");
    }
  }

  /**
   * Who may run a used request id again: whoever asked for the approval it names, or an
   * administrator. Anyone else would take the number over, and reads by the id would show theirs.
   */
  private void mayStartAgain(Caller caller, String requestId) {
    if (caller.admin() || requestId.isBlank()) {
      return;
    }
    StatusInfo before;
    try {
      before = answer(requestId, () -> approvals.status(requestId));
    } catch (ApiProblem none) {
      if (none.getStatusCode().value() != HttpStatus.NOT_FOUND.value()) {
        throw none;
      }
      return; // never used: again changes nothing
    }
    if (!caller.user().equals(before.requester())) {
      throw ApiProblem.forbidden(
          "only " + (before.requester() == null ? "who asked for it" : before.requester())
              + " or an administrator may start request " + requestId + " again: choose another request id");
    }
  }

  /**
   * The 409 for a used request id: what the approval is and how it ended for one who may see it;
   * for anyone else only that the id is taken, as the start refused before.
   */
  private ApiProblem used(Caller caller, RequestIdUsedException used) {
    String id = used.requestId();
    boolean visible;
    try {
      visible = ApprovalAccess.maySee(caller, answer(id, () -> approvals.inRun(used.runId()).status(id)));
    } catch (RuntimeException unreadable) {
      visible = caller.admin();
    }
    if (!visible) {
      return ApiProblem.requestIdUsed("request " + id + " was already used: choose another request id", Map.of());
    }
    Map<String, String> facts = new java.util.LinkedHashMap<>();
    facts.put("workflowId", used.workflowId());
    facts.put("runId", used.runId());
    facts.put("executionStatus", used.status()); // "status" is the problem's HTTP status
    facts.put("outcome", used.outcome());
    facts.put("decidedBy", used.decidedBy());
    facts.put("startedAt", used.startedAt());
    facts.put("endedAt", used.endedAt());
    String detail = used.running()
        ? used.getMessage() + "; an approval runs only once at a time"
        : used.getMessage() + "; start it again with ?again=true to run a new approval under the same number";
    return ApiProblem.requestIdUsed(detail, facts);
  }

  /** {@code call}'s answer within the settings' answerTimeout; Temporal's failures as the API's. */
  private <T> T answer(String id, Supplier<T> call) {
    return answer(id, CompletableFuture.supplyAsync(call, waiting));
  }

  /** {@code future}'s answer within the settings' answerTimeout; Temporal's failures as the API's. */
  private <T> T answer(String id, CompletableFuture<T> future) {
    try {
      return future.get(settings.answerTimeout().toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException late) {
      future.cancel(true);
      throw new ResponseStatusException(HttpStatus.GATEWAY_TIMEOUT,
          "no answer from approval " + id + " within " + settings.answerTimeout().toSeconds()
              + " s: its worker may be down; a retry with the same Idempotency-Key is safe");
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", interrupted);
    } catch (ExecutionException failed) {
      throw translated(id, failed.getCause());
    }
  }

  private static RuntimeException translated(String id, Throwable failure) {
    if (failure instanceof WorkflowNotFoundException || notFound(failure)) {
      return ApiProblem.notFound(id);
    }
    if (failure instanceof RuntimeException runtime) {
      return runtime;
    }
    return new IllegalStateException(failure);
  }

  /** A query or Update on an id that names no run (or a run that is no approval). */
  private static boolean notFound(Throwable failure) {
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      if (cause instanceof WorkflowNotFoundException) {
        return true;
      }
      if (cause instanceof StatusRuntimeException grpc && grpc.getStatus().getCode() == Status.Code.NOT_FOUND) {
        return true;
      }
      if (cause instanceof WorkflowServiceException && cause.getCause() == null) {
        return false;
      }
      if (cause instanceof WorkflowException && cause.getMessage() != null
          && cause.getMessage().contains("Unknown query type")) {
        return true;
      }
    }
    return false;
  }
}
