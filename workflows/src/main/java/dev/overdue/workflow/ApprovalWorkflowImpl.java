package dev.overdue.workflow;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.overdue.api.ApprovalRequest;
import dev.overdue.api.ApprovalResult;
import dev.overdue.api.ApprovalWorkflow;
import dev.overdue.api.CommandResult;
import dev.overdue.api.CommentInfo;
import dev.overdue.api.HistoryEntry;
import dev.overdue.api.PlanEntry;
import dev.overdue.api.StatusInfo;
import dev.overdue.api.TimerInfo;
import dev.overdue.api.index.IndexedApproval;
import dev.overdue.model.RuleViolation;
import dev.overdue.model.auth.AuthPolicy;
import dev.overdue.model.process.ApprovalProcess;
import dev.overdue.model.process.IndexRow;
import dev.overdue.model.process.ProcessSnapshot;
import dev.overdue.model.request.RequestJson;
import dev.overdue.model.request.RequestValidator;
import dev.overdue.model.schedule.CalendarSettings;
import dev.overdue.model.timer.BusinessTimer;
import io.temporal.common.converter.EncodedValues;
import io.temporal.failure.ApplicationFailure;
import io.temporal.worker.WorkflowImplementationOptions;
import io.temporal.workflow.DynamicSignalHandler;
import io.temporal.workflow.DynamicUpdateHandler;
import io.temporal.workflow.Workflow;
import io.temporal.workflow.WorkflowInfo;
import io.temporal.workflow.WorkflowInit;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The Temporal layer around {@link ApprovalProcess}: commands become model calls, the model's
 * earliest expiration date becomes one cancellable server timer ({@link DeadlineTimer}), what
 * fires becomes activities ({@link HandlerRunner}), and the approval shows itself outside after
 * every change ({@link Inspection}). Versioned changes: {@link Versions}.
 */
public class ApprovalWorkflowImpl implements ApprovalWorkflow {

  /**
   * How every worker and test registers this workflow: each version marker a new run records is
   * also added to its TemporalChangeVersion search attribute ("shape-18-1"), so a list query finds
   * the approvals of an edition (docs/design/editions.md). A replay expects that upsert only after a
   * marker that says it was written, so histories recorded without the option replay as before.
   */
  public static final WorkflowImplementationOptions OPTIONS =
      WorkflowImplementationOptions.newBuilder().setEnableUpsertVersionSearchAttributes(true).build();

  static final String CONTINUATION = "continuation";
  /** Below Temporal's default suggestion of 4,096 events and 4 MiB, with room to spare. */
  static final long MAX_EVENTS_PER_RUN = 3_000;
  static final long MAX_BYTES_PER_RUN = 3L << 20;

  private final DeadlineTimer deadline = new DeadlineTimer();
  private final Inspection inspection;
  /** Null on an edition that keeps no task index. */
  private final TaskIndexFeed feed;
  private final Versions versions;
  private final CommandPipeline commands;
  /** When the approval started: its limits count from here. */
  private final Instant startedAt;
  private ApprovalProcess process;
  /**
   * A request that starts once {@link #run} has recorded what it needs of the worker's settings:
   * its calendar and its default policy for signed commands.
   */
  private ApprovalRequest waitingToStart;
  private HandlerRunner handlers;
  private OwnerLookupRunner lookups;
  /** Why the request could not start, when it could not. */
  private String invalidRequest;
  /** Bumped by everything that may move a deadline or end the process; the main loop waits on it. */
  private int changes;

  /**
   * Registers the command handlers before the first workflow task handles anything, so an Update
   * sent right after the start is not refused as unknown; the process starts when the workflow
   * method has recorded the worker's settings (a blocking call has no place in a constructor).
   */
  @WorkflowInit
  public ApprovalWorkflowImpl(JsonNode request) {
    versions = Versions.atInit();
    inspection = new Inspection(versions.edition());
    commands = new CommandPipeline(this::starting, this::started, () -> changes++);
    startedAt = Instant.ofEpochMilli(Workflow.getInfo().getRunStartedTimestampMillis());
    feed = versions.edition().feedsTaskIndex() ? TaskIndexFeed.of(request, startedAt) : null;
    registerHandlers();
    begin(request);
  }

  private void registerHandlers() {
    Workflow.registerListener((DynamicSignalHandler) this::onSignal);
    Workflow.registerListener(new UpdateHandler());
  }

  /**
   * Continues the process from a snapshot, or keeps {@code request} for {@link #run} to start; an
   * invalid request is kept to fail the workflow with.
   */
  private void begin(JsonNode request) {
    try {
      if (request != null && request.has(CONTINUATION)) {
        started(
            ApprovalProcess.restore(
                ProcessSnapshot.of(request.get(CONTINUATION)),
                Workflow.getInfo().getContinuedExecutionRunId().orElse(null),
                now(),
                versions.edition()));
        return;
      }
      waitingToStart = RequestJson.parse(request);
    } catch (RuleViolation invalid) {
      invalidRequest = invalid.reason();
    }
  }

  /**
   * The request waiting in {@link #begin}, started with the worker's calendar when it needs it, its
   * auth policy and whether its directory keeps absences, each recorded once: replays and continued runs use what the approval began
   * with.
   */
  private void startWaiting() {
    ApprovalRequest request = waitingToStart;
    waitingToStart = null;
    try {
      AuthPolicy auth = Workflow.sideEffect(AuthPolicy.class, WorkerAuthentication::defaultPolicy);
      boolean standIns = Workflow.sideEffect(Boolean.class, WorkerDirectory::keepsAbsences);
      CalendarSettings calendar = RequestValidator.needsCalendar(request) ? recordedCalendar() : null;
      started(ApprovalProcess.start(request, startedAt, calendar, versions.edition(), auth, standIns));
    } catch (RuleViolation invalid) {
      invalidRequest = invalid.reason();
    }
  }

  /** Recorded once: replays and continued runs count in the calendar the approval began with. */
  static CalendarSettings recordedCalendar() {
    return Workflow.sideEffect(CalendarSettings.class, WorkerCalendar::current);
  }

  private void started(ApprovalProcess started) {
    process = started;
    handlers = new HandlerRunner(process, () -> changes++);
    lookups = new OwnerLookupRunner(process, () -> changes++);
  }

  @Override
  public ApprovalResult run(JsonNode request) {
    if (waitingToStart != null) {
      startWaiting();
    }
    if (invalidRequest != null) {
      throw ApplicationFailure.newNonRetryableFailure(invalidRequest, ApprovalWorkflow.INVALID_REQUEST);
    }
    while (!process.state().isEnded()) {
      handlers.runAll(process.expireDue(now()));
      handlers.runAll(process.drainTriggered());
      lookups.runAll(process.drainLookups());
      if (process.state().isEnded()) {
        break;
      }
      if (historyIsLong() && idle() && Workflow.isEveryHandlerFinished()) {
        ObjectNode continuation = JsonNodeFactory.instance.objectNode();
        continuation.set(CONTINUATION, RequestJson.tree(process.snapshot()));
        if (feed != null) {
          // This run's trail ends here: its last lines go out now, or travel as undelivered events.
          feed.publish(process, process.listedDeadline().orElse(null));
          continuation.set(TaskIndexFeed.CONTINUATION, feed.continuation());
        }
        Workflow.continueAsNew(continuation);
      }
      waitForTheNextChange();
    }
    deadline.cancel();
    // The last command may have ended a task: its completed and deleted listeners still run.
    handlers.runAll(process.drainTriggered());
    Workflow.await(() -> idle() && Workflow.isEveryHandlerFinished());
    inspection.publish(process, null);
    finalIndexUpdate();
    return process.result();
  }

  /**
   * The ended approval's last row: an index that cannot be reached is tried again, for up to
   * {@link #FINAL_INDEX_RETRIES} retries, before the workflow ends anyway (then {@code bin/overdue
   * index verify} names the row and {@code rebuild} mends it).
   */
  private void finalIndexUpdate() {
    if (feed == null) {
      return;
    }
    feed.publish(process, null);
    for (int retry = 0; feed.behind() && retry < FINAL_INDEX_RETRIES; retry++) {
      Workflow.await(feed::retryDue);
      feed.publish(process, null);
    }
  }

  /** At 5 minutes apart once the backoff has grown: about a day. */
  static final int FINAL_INDEX_RETRIES = 300;

  /** No handler chain and no lookup of the directory is under way. */
  private boolean idle() {
    return handlers.idle() && lookups.idle();
  }

  /** Still recording the worker's calendar: neither started nor refused yet. */
  private boolean starting() {
    return process == null && invalidRequest == null;
  }

  /**
   * Arms the one server timer for the earliest expiration date, publishes the approval's state,
   * and sleeps until a command, a handler or that timer changes something.
   */
  private void waitForTheNextChange() {
    Optional<BusinessTimer> next = process.nextToExpire();
    Instant nextDate = next.flatMap(BusinessTimer::expiresAt).orElse(null);
    String summary = next.map(t -> t.name() + " expires " + nextDate).orElse("");
    deadline.waitFor(nextDate, summary);
    Instant listed = process.listedDeadline().orElse(null);
    inspection.publish(process, listed);
    if (feed != null) {
      feed.publish(process, listed);
    }
    int seen = changes;
    Workflow.await(() -> changes != seen || deadline.hasFired() || (feed != null && feed.retryDue()));
    if (deadline.hasFired()) {
      deadline.consumeFired();
    }
  }

  // ---- commands: adapters over the one pipeline --------------------------------------------

  /** A refusal is logged, counted and in the trail; a Signal has no caller to tell. */
  private void onSignal(String name, EncodedValues args) {
    try {
      commands.apply(name, CommandPipeline.Via.SIGNAL, args);
    } catch (RuleViolation refused) {
      // dropped
    }
  }

  /** Updates share the signals' names and rules; refused ones never reach the history. */
  private final class UpdateHandler implements DynamicUpdateHandler {
    @Override
    public void handleValidate(String name, EncodedValues args) {
      // A validator's ApplicationFailure comes out mangled: ApprovalDataConverter makes its
      // RuleViolation final.
      commands.check(name, args);
    }

    @Override
    public Object handleExecute(String name, EncodedValues args) {
      try {
        return new CommandResult(name, commands.apply(name, CommandPipeline.Via.UPDATE, args));
      } catch (RuleViolation refused) {
        // Accepted by a validator that could not check it (the approval was starting) or that
        // checked an earlier state. A refusal is final: retrying the same command cannot make it
        // acceptable.
        throw ApplicationFailure.newNonRetryableFailure(refused.reason(), ApprovalWorkflow.REFUSED);
      }
    }

    @Override
    public String getDescription() {
      return "Approval commands: " + String.join(", ", Commands.NAMES);
    }
  }

  private static boolean historyIsLong() {
    WorkflowInfo info = Workflow.getInfo();
    return info.isContinueAsNewSuggested()
        || info.getHistoryLength() >= MAX_EVENTS_PER_RUN
        || info.getHistorySize() >= MAX_BYTES_PER_RUN;
  }

  /** Workflow time: the same on every replay. */
  static Instant now() {
    return Instant.ofEpochMilli(Workflow.currentTimeMillis());
  }

  // ---- queries -----------------------------------------------------------------------------

  @Override
  public List<TimerInfo> timers() {
    return started().timerInfos();
  }

  @Override
  public List<PlanEntry> plan() {
    return started().plan(now());
  }

  @Override
  public StatusInfo status() {
    return started().status();
  }

  @Override
  public List<String> actions(String user) {
    return started().actionsOf(user);
  }

  @Override
  public List<CommentInfo> comments() {
    return started().comments();
  }

  @Override
  public List<HistoryEntry> history() {
    return started().history();
  }

  @Override
  public IndexedApproval indexed() {
    ApprovalProcess approval = started();
    Instant listed = approval.state().isEnded() ? null : approval.listedDeadline().orElse(null);
    if (feed != null) {
      return feed.current(approval, listed);
    }
    WorkflowInfo info = Workflow.getInfo();
    return IndexRow.of(approval, listed,
        new IndexRow.Chain(info.getWorkflowId(), info.getFirstExecutionRunId(), info.getRunId(), startedAt), 0, null);
  }

  private ApprovalProcess started() {
    if (starting()) {
      throw new RuleViolation("the approval is starting: ask again in a moment");
    }
    if (process == null) {
      throw new RuleViolation("the approval did not start: " + invalidRequest);
    }
    return process;
  }
}
