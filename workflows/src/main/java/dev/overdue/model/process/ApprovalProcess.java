package dev.overdue.model.process;

import com.fasterxml.jackson.databind.JsonNode;
import dev.overdue.api.ApprovalCommand;
import dev.overdue.api.ApprovalRequest;
import dev.overdue.api.ApprovalResult;
import dev.overdue.api.CommentInfo;
import dev.overdue.api.HistoryEntry;
import dev.overdue.api.KeyFact;
import dev.overdue.api.KeyFacts;
import dev.overdue.api.PlanEntry;
import dev.overdue.api.StatusInfo;
import dev.overdue.api.TimerInfo;
import dev.overdue.api.WarningInfo;
import dev.overdue.model.ProcessState;
import dev.overdue.model.RuleViolation;
import dev.overdue.model.auth.AuthPolicy;
import dev.overdue.model.auth.TokenCheck;
import dev.overdue.model.command.CommandRules;
import dev.overdue.model.command.TaskData;
import dev.overdue.model.escalation.Escalations;
import dev.overdue.model.escalation.ExpressionScope;
import dev.overdue.model.escalation.Notices;
import dev.overdue.model.escalation.OwnerLookups;
import dev.overdue.model.request.Outcome;
import dev.overdue.model.request.RequestJson;
import dev.overdue.model.schedule.BusinessCalendar;
import dev.overdue.model.schedule.CalendarSettings;
import dev.overdue.model.task.BusinessAdministrators;
import dev.overdue.model.task.Comments;
import dev.overdue.model.task.OwnerLookup;
import dev.overdue.model.task.TaskState;
import dev.overdue.model.task.UserTask;
import dev.overdue.model.timer.BusinessTimer;
import dev.overdue.model.timer.Expiry;
import dev.overdue.model.timer.ProcessTimers;
import dev.overdue.model.timer.TimerState;
import dev.overdue.model.trail.AuditTrail;
import dev.overdue.model.trail.Warnings;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One approval: its steps' user tasks, its timers, warnings and audit trail. It orchestrates; the
 * rules live in rooms of their own. Pure Java and deterministic: every method takes the current
 * time. {@link StepFlow} moves it on; {@link ProcessSetup} starts and continues it; the rules
 * ({@link CommandRules}, {@link Escalations}, {@link Notices}, {@link OwnerLookups}, {@link
 * ExpressionScope}) are given its {@link RuleContext}, never the process; the views show it.
 */
public final class ApprovalProcess {
  private final Edition edition;
  private final String requestId;
  private final String title;
  private final String requester;
  /** The request's data, for conditions, expressions and templates; changed by task data. */
  private Map<String, Object> data;
  /** The request's key fields with their labels, no values: what lists show ({@link #keyFacts}). */
  private List<KeyFact> keyFields = List.of();
  /**
   * The worker's calendar as recorded at the start, or by the last recalculation; null when no
   * limit counts in it.
   */
  private CalendarSettings calendarSettings;
  private BusinessCalendar calendar;
  private final List<UserTask> steps = new ArrayList<>();
  private final ProcessTimers timers = new ProcessTimers();
  private final Warnings warnings;
  private final AuditTrail trail = new AuditTrail();
  private final Comments comments = new Comments();
  /** The request's business administrators (WS-HumanTask); carried over continue-as-new. */
  private final BusinessAdministrators administrators = new BusinessAdministrators();
  private final RuleContext context = new RuleContext(this);
  private final CommandRules commands = new CommandRules(context);
  private final ExpressionScope expressions = new ExpressionScope(context);
  private final Notices notices = new Notices(context, expressions);
  private final OwnerLookups ownerLookups = new OwnerLookups(context, notices);
  private final Escalations escalations = new Escalations(context, notices, ownerLookups);
  private final StepFlow flow = new StepFlow(context, expressions);
  private final LimitExpressions limitExpressions = new LimitExpressions(this);
  private StartChoices choices = StartChoices.NONE;

  ApprovalProcess(
      Edition edition, String requestId, String title, String requester, Map<String, Object> data,
      CalendarSettings calendar) {
    this.edition = edition;
    this.requestId = requestId;
    this.title = title;
    this.requester = requester;
    this.data = data == null ? Map.of() : data;
    this.calendarSettings = calendar;
    this.calendar = calendar == null ? null : BusinessCalendar.of(calendar);
    this.warnings = new Warnings();
  }

  /** Validates {@code request}, then starts the approval: process timer on, first step offered. */
  public static ApprovalProcess start(ApprovalRequest request, Instant now) {
    return start(request, now, null, Edition.CURRENT);
  }

  /**
   * Validates {@code request}, then starts the approval under {@code edition}. {@code calendar} is
   * the worker's business calendar as the workflow recorded it, kept only when a limit of the
   * request needs it.
   */
  public static ApprovalProcess start(
      ApprovalRequest request, Instant now, CalendarSettings calendar, Edition edition) {
    return start(request, now, calendar, edition, AuthPolicy.OFF);
  }

  /**
   * As {@link #start(ApprovalRequest, Instant, CalendarSettings, Edition)}, with the worker's default
   * {@link AuthPolicy}, which the request's {@code auth} may tighten.
   */
  public static ApprovalProcess start(
      ApprovalRequest request, Instant now, CalendarSettings calendar, Edition edition, AuthPolicy workerDefault) {
    return ProcessSetup.start(request, now, calendar, edition, workerDefault, false);
  }

  /**
   * As {@link #start(ApprovalRequest, Instant, CalendarSettings, Edition, AuthPolicy)}; {@code
   * standIns} when the worker's directory keeps absences (recorded at the start).
   */
  public static ApprovalProcess start(
      ApprovalRequest request, Instant now, CalendarSettings calendar, Edition edition, AuthPolicy workerDefault,
      boolean standIns) {
    return ProcessSetup.start(request, now, calendar, edition, workerDefault, standIns);
  }

  /**
   * The approval as it was snapshotted, going on under {@code edition}; its audit trail starts with a
   * continued-as-new entry.
   */
  public static ApprovalProcess restore(
      ProcessSnapshot snapshot, String previousRunId, Instant now, Edition edition) {
    return ProcessSetup.restore(snapshot, previousRunId, now, edition);
  }

  /** All state but the audit trail, to continue in a new run. */
  public ProcessSnapshot snapshot() {
    return ProcessSetup.snapshot(this);
  }

  void restoreState(
      ProcessState state, String suspendedReason, int current, String decidedBy, String comment,
      Instant completedAt, List<WarningInfo> warnings, Long warningCount) {
    flow.restore(state, suspendedReason, current, decidedBy, comment, completedAt);
    this.warnings.restore(warnings, warningCount);
  }

  // ---- commands ----------------------------------------------------------------------------

  /** Why {@code command} would be refused at {@code now}, if it would be. Changes nothing. */
  public Optional<String> refusal(ApprovalCommand command, Instant now) {
    try {
      commands.check(command, now);
      return Optional.empty();
    } catch (RuleViolation violation) {
      return Optional.of(violation.reason());
    }
  }

  /** Throws {@link RuleViolation} when {@code command} would be refused at {@code now}. Changes nothing. */
  public void check(ApprovalCommand command, Instant now) {
    commands.check(command, now);
  }

  /** Applies {@code command}, or throws {@link RuleViolation} having changed nothing; returns what changed. */
  public String apply(ApprovalCommand command, Instant now) {
    return apply(command, now, null);
  }

  /** As {@link #apply(ApprovalCommand, Instant)}; recalculate counts in {@code workerCalendar}, as recorded. */
  public String apply(ApprovalCommand command, Instant now, CalendarSettings workerCalendar) {
    return commands.check(command, now, workerCalendar).apply();
  }

  /** Records a command, received as a {@code signal} or {@code update}, in the audit trail. */
  public void recordCommand(Instant at, String via, String name, JsonNode input, Optional<String> refusal) {
    recordCommand(at, via, name, input, refusal, null);
  }

  /** As {@link #recordCommand(Instant, String, String, JsonNode, Optional)}, signed by {@code signer}. */
  public void recordCommand(Instant at, String via, String name, JsonNode in, Optional<String> refusal, TokenCheck signer) {
    trail.command(at, via, name, in, refusal, signer);
  }

  /** Whether this approval's commands must be signed. */
  public AuthPolicy authPolicy() {
    return choices.auth();
  }

  StartChoices choices() {
    return choices;
  }

  void choose(StartChoices choices) {
    this.choices = choices;
  }

  /** The request's business administrators, as it names them. */
  public List<String> businessAdministrators() {
    return administrators.named();
  }

  BusinessAdministrators administrators() {
    return administrators;
  }

  /** Whether {@code user} is a business administrator of this approval. */
  boolean isBusinessAdministrator(String user) {
    return administrators.include(user);
  }

  /** The latest comments on the approval's tasks, oldest first. */
  public List<CommentInfo> comments() {
    return comments.latest();
  }

  Comments commentThread() {
    return comments;
  }

  // ---- the process moving on: StepFlow ----------------------------------------------------

  /**
   * A {@code decide} handler: ends the current step with {@code outcome}, decided by the timer.
   *
   * @return false when there is nothing left to decide ({@link StepFlow#decide})
   */
  public boolean decide(String outcome, String timerName, Instant now) {
    return flow.decide(outcome, timerName, now);
  }

  /** The data {@code patch} (a JSON Merge Patch) would give, within the limit. Changes nothing. */
  JsonNode patchedData(JsonNode patch) {
    return TaskData.mergedWithinLimit(RequestJson.tree(data), patch);
  }

  /** Replaces the data with {@code merged}; the trail keeps each change. Returns the changed paths. */
  List<String> replaceData(JsonNode merged, String by, Instant now) {
    List<TaskData.Change> changes = TaskData.changes(RequestJson.tree(data), merged);
    data = RequestJson.data(merged);
    if (!changes.isEmpty()) {
      trail.event(now, "DataChanged", TaskData.trailDetail(changes, by));
    }
    return changes.stream().map(TaskData.Change::path).toList();
  }

  /** A warning on the process, or on step {@code step}: kept ({@link Warnings}) and in the trail. */
  public void addWarning(String timerName, String step, String message, Instant now) {
    WarningInfo kept = warnings.add(new WarningInfo(now.toString(), timerName, step, message));
    trail.warning(now, kept, warnings.count());
  }

  // ---- potential owners from the worker's directory -----------------------------------------

  /** Lookups of potential owners the workflow has yet to ask the directory, oldest first. */
  public List<OwnerLookup> drainLookups() {
    return ownerLookups.drain();
  }

  /** The directory's answer to lookup {@code number} ({@link OwnerLookups#answer}). */
  public void answerLookup(int number, OwnerLookup.Answer answer, Instant now) {
    ownerLookups.answer(number, answer, now);
  }

  /** The lookup the command applied last started, if it started one: its answer completes it. */
  public Optional<Integer> lookupOfLastCommand() {
    return Optional.ofNullable(commands.takeAwaited());
  }

  /** Lookup {@code number} is still waiting for its answer. */
  public boolean lookupPending(int number) {
    return ownerLookups.isPending(number);
  }

  /** What became of lookup {@code number}, once answered; taken once. */
  public Optional<OwnerLookup.Outcome> lookupOutcome(int number) {
    return ownerLookups.outcome(number);
  }

  /**
   * The users a {@code claim} of the current step would be accepted from now: its potential owners
   * but those its four-eyes rules refuse, while it is READY and the approval ACTIVE; else none.
   */
  public List<String> claimants() {
    return commands.claimants();
  }

  /** The task actions {@code user} may take now (claim, approve, …), by their commands' own checks. */
  public List<String> actionsOf(String user) {
    return commands.actionsOf(user);
  }

  /**
   * The current step's due date: the expiration date of its completion timer ({@code timeout})
   * while that timer runs — still the date once it passed, so an overdue task has a due date before
   * now; empty when the step has no such timer, it is off or suspended, or the approval ended.
   */
  public Optional<Instant> dueDate() {
    return openTask().flatMap(timers::completionOf)
        .filter(timer -> timer.state() == TimerState.RUNNING)
        .flatMap(BusinessTimer::expiresAt);
  }

  /** The current step's follow-up date while its task is open and the approval has not ended. */
  public Optional<Instant> followUpDate() {
    return openTask().flatMap(UserTask::followUp);
  }

  /** The current task is open and no one can act on it: it waits for a reassignment. */
  public boolean unworkable() {
    return openTask().filter(task -> task.owner().isEmpty() && task.owners().isNobody()).isPresent();
  }

  /** The current step's task while it is open and the approval has not ended. */
  private Optional<UserTask> openTask() {
    if (state().isEnded() || steps.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(currentTask()).filter(UserTask::isOpen);
  }

  // ---- timers expiring ---------------------------------------------------------------------

  /** Expires what is due at {@code now} ({@link Escalations#expireDue}): the handlers to run. */
  public List<Expiry> expireDue(Instant now) {
    return escalations.expireDue(now);
  }

  /** Listener runs and reassignment notices queued since the last call, oldest first. */
  public List<Expiry> drainTriggered() {
    return notices.drainTriggered();
  }

  /** The running timer that expires first, if any: what the one server timer must wait for. */
  public Optional<BusinessTimer> nextToExpire() {
    return timers.nextToExpire();
  }

  /**
   * What lists show as the approval's deadline: the earliest date of a running
   * timer, an expired one's included, so an expiry leaves it as it was.
   */
  public Optional<Instant> listedDeadline() {
    return timers.earliestRunningDate();
  }

  // ---- views -------------------------------------------------------------------------------

  public List<PlanEntry> plan(Instant now) {
    return ProcessPlan.of(this, now);
  }

  public StatusInfo status() {
    return ProcessViews.status(this);
  }

  public List<TimerInfo> timerInfos() {
    return ProcessViews.timers(this);
  }

  public List<HistoryEntry> history() {
    return trail.entries();
  }

  /** The workflow result; only meaningful once the process has ended. */
  public ApprovalResult result() {
    return new ApprovalResult(
        requestId, state().name(), flow.decidedBy(), flow.comment(), Objects.toString(flow.completedAt(), null),
        warnings(), warningCount());
  }

  public Optional<BusinessTimer> timer(String name) {
    return timers.get(name);
  }

  public UserTask currentTask() {
    return steps.get(flow.currentIndex());
  }

  /** The task {@code timer} observes: its step's, else (process and user timers) the current one. */
  UserTask taskObservedBy(BusinessTimer timer) {
    return timer.step().flatMap(this::stepNamed).orElse(currentTask());
  }

  Optional<UserTask> stepNamed(String name) {
    return steps.stream().filter(s -> s.name().equals(name)).findFirst();
  }

  /** The priority of step {@code name}, if there is such a step. */
  public Optional<Integer> stepPriority(String name) {
    return stepNamed(name).map(UserTask::priority);
  }

  /**
   * Whether step {@code name}'s task still waits for {@code user}: the approval has not ended and
   * the task is current and open, offered to them (READY) or held by them. An offer's message is
   * sent only while this holds: "a task waits for you" must not arrive once someone took it.
   */
  public boolean waitsFor(String name, String user) {
    return openTask().filter(task -> task.name().equals(name))
        .map(task -> task.state() == TaskState.READY
            ? claimants().contains(user)
            : task.owner().filter(user::equals).isPresent())
        .orElse(false);
  }

  /** Who holds step {@code name}'s task (claimed, assigned or started), if anyone. */
  public Optional<String> stepOwner(String name) {
    return stepNamed(name).flatMap(UserTask::owner);
  }

  /** The title of step {@code name}, if there is such a step. */
  public Optional<String> stepTitle(String name) {
    return stepNamed(name).map(UserTask::title);
  }

  public ProcessState state() {
    return flow.state();
  }

  public String requestId() {
    return requestId;
  }

  public String title() {
    return title;
  }

  /** The request's key fields, labelled, without values. */
  public List<KeyFact> keyFields() {
    return keyFields;
  }

  void keepKeyFields(List<KeyFact> columns) {
    keyFields = columns == null ? List.of() : List.copyOf(columns);
  }

  /** The key fields with their values in the data now, in the request's order; empty when it names none. */
  public List<KeyFact> keyFacts() {
    return KeyFacts.of(keyFields, data);
  }

  public String requester() {
    return requester;
  }

  public Map<String, Object> data() {
    return data;
  }

  /** The warnings kept: the latest ones. */
  public List<WarningInfo> warnings() {
    return warnings.latest();
  }

  /** How many warnings the approval has had over its life, kept or not. */
  public long warningCount() {
    return warnings.count();
  }

  /** Where the approval stands, and how it moves on. */
  StepFlow flow() {
    return flow;
  }

  List<UserTask> steps() {
    return steps;
  }

  ProcessTimers timers() {
    return timers;
  }

  AuditTrail trail() {
    return trail;
  }

  Notices notices() {
    return notices;
  }

  OwnerLookups ownerLookups() {
    return ownerLookups;
  }

  ExpressionScope expressions() {
    return expressions;
  }

  LimitExpressions limitExpressions() {
    return limitExpressions;
  }

  CalendarSettings calendarSettings() {
    return calendarSettings;
  }

  /** Where a capability of an edition added after 1.0 is asked (docs/design/editions.md). */
  Edition edition() {
    return edition;
  }

  BusinessCalendar calendar() {
    return calendar;
  }

  /** From now on the approval counts in {@code settings} (a recalculation recorded them). */
  void useCalendar(CalendarSettings settings) {
    calendarSettings = settings;
    calendar = BusinessCalendar.of(settings);
  }
}
