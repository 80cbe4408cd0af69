package dev.overdue.model;

import com.fasterxml.jackson.databind.JsonNode;
import dev.overdue.api.ApprovalRequest;
import dev.overdue.api.ApprovalRequest.OutcomeDefinition;
import dev.overdue.api.ApprovalResult;
import dev.overdue.api.CommentInfo;
import dev.overdue.api.HistoryEntry;
import dev.overdue.api.PlanEntry;
import dev.overdue.api.StatusInfo;
import dev.overdue.api.TimerInfo;
import dev.overdue.api.WarningInfo;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One approval: its steps' user tasks, its timers, warnings and audit trail, and how it moves on
 * from step to step to its end. Pure Java and deterministic: every method takes the current time
 * as an argument. The rules live in rooms of their own, each named for what it holds: {@link
 * ProcessSetup} (start, continue-as-new), {@link CommandRules} (what each command may do and
 * does), {@link Escalations} (what fires and whom it reaches), {@link OwnerLookups} (potential
 * owners the worker's directory knows), {@link ExpressionScope} (what CEL sees), {@link
 * ProcessPlan} and {@link ProcessViews} (what the queries show), {@link AuditTrail}.
 */
public final class ApprovalProcess {
  private final Edition edition;
  private final String requestId;
  private final String title;
  private final String requester;
  /** The request's data, for conditions, expressions and templates; changed by task data. */
  private Map<String, Object> data;
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
  /** The worker kept absences when the approval started; carried over continue-as-new. */
  private boolean keepsStandIns;
  private final CommandRules commands = new CommandRules(this);
  private final Escalations escalations = new Escalations(this);
  private final OwnerLookups ownerLookups = new OwnerLookups(this);
  private final ExpressionScope expressions = new ExpressionScope(this);
  private final LimitExpressions limitExpressions = new LimitExpressions(this);
  private ProcessState state = ProcessState.ACTIVE;
  private String suspendedReason;
  private int current;
  private String decidedBy;
  private String comment;
  private Instant completedAt;
  /** Whether commands must be signed: fixed at the start, carried over continue-as-new. */
  private AuthPolicy authPolicy = AuthPolicy.OFF;
  /** The request's {@code notifyOffered: false}: offers are not told. Carried over continue-as-new. */
  private boolean offersUntold;

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
    this.state = state;
    this.suspendedReason = suspendedReason;
    this.current = current;
    this.decidedBy = decidedBy;
    this.comment = comment;
    this.completedAt = completedAt;
    this.warnings.restore(warnings, warningCount);
  }

  // ---- commands ----------------------------------------------------------------------------

  /** Why {@code command} would be refused at {@code now}, if it would be. Changes nothing. */
  public Optional<String> refusal(Command command, Instant now) {
    try {
      commands.check(command, now);
      return Optional.empty();
    } catch (RuleViolation violation) {
      return Optional.of(violation.reason());
    }
  }

  /** Throws {@link RuleViolation} when {@code command} would be refused at {@code now}. Changes nothing. */
  public void check(Command command, Instant now) {
    commands.check(command, now);
  }

  /**
   * Applies {@code command}, or throws {@link RuleViolation} having changed nothing.
   *
   * @return a one-line account of what changed
   */
  public String apply(Command command, Instant now) {
    return commands.check(command, now).apply();
  }

  /** Records a command, received as a {@code signal} or {@code update}, in the audit trail. */
  public void recordCommand(Instant at, String via, String name, JsonNode input, Optional<String> refusal) {
    recordCommand(at, via, name, input, refusal, null);
  }

  /** As {@link #recordCommand(Instant, String, String, JsonNode, Optional)}, signed by {@code signer}. */
  public void recordCommand(
      Instant at, String via, String name, JsonNode input, Optional<String> refusal, TokenCheck signer) {
    trail.command(at, via, name, input, refusal, signer);
  }

  /** Whether this approval's commands must be signed. */
  public AuthPolicy authPolicy() {
    return authPolicy;
  }

  void setAuthPolicy(AuthPolicy policy) {
    this.authPolicy = policy;
  }

  /**
   * Whether the worker's directory keeps absences, as recorded when the approval started: then every
   * task's people are looked up when it is created, and a substitute stands in for one away.
   */
  boolean keepsStandIns() {
    return keepsStandIns;
  }

  void setKeepsStandIns(boolean keeps) {
    this.keepsStandIns = keeps;
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

  /** Whether an offered task tells whom it waits for (unless the request says not). */
  boolean tellsOffers() {
    return !offersUntold;
  }

  /** The request's {@code notifyOffered}: {@code false} keeps offers untold; null or true tells them. */
  void setNotifyOffered(Boolean notifyOffered) {
    this.offersUntold = Boolean.FALSE.equals(notifyOffered);
  }

  /** What a snapshot carries of it: {@code false} when offers are untold, else null. */
  Boolean notifyOffered() {
    return offersUntold ? Boolean.FALSE : null;
  }

  // ---- the process moving on ---------------------------------------------------------------

  void suspend(String reason, Instant now) {
    state = ProcessState.SUSPENDED;
    suspendedReason = reason;
    timers.live().forEach(t -> t.on(TimerEvent.SUSPEND, now));
  }

  /** Timers whose date passed meanwhile are due at once: the next {@link #expireDue} expires them. */
  void resume(Instant now) {
    state = ProcessState.ACTIVE;
    suspendedReason = null;
    timers.live().forEach(t -> t.on(TimerEvent.RESUME, now));
  }

  /**
   * Offers step {@code index}: its task is created, its timers and deadlines start running. A step
   * with an assignee is then reserved by them (WS-HumanTask: created, then assigned), and its
   * acceptance timer does not run; its candidate groups are looked up.
   */
  void activate(int index, Instant now) {
    current = index;
    UserTask task = steps.get(index);
    task.on(TaskEvent.ACTIVATE);
    task.countFollowUp(now, calendar);
    Optional<String> assignee = assigneeOf(task, now);
    if (assignee.isEmpty()) {
      timers.acceptanceOf(task).ifPresent(t -> t.ensureRunning(now));
    }
    timers.completionOf(task).ifPresent(t -> t.ensureRunning(now));
    // WS-HumanTask: every deadline's clock starts when the task is created; one counted from the
    // claim when someone owns it.
    timers.liveOfStep(task.name()).stream()
        .filter(t -> t.kind().isDeadline() && t.kind() != TimerKind.CLAIM_DEADLINE)
        .forEach(t -> t.ensureRunning(now));
    escalations.fireListeners(task, TaskListenerEvent.CREATED, now);
    assignee.ifPresent(user -> {
      task.assign(user);
      ownerChanged(task, now);
      escalations.fireListeners(task, TaskListenerEvent.ASSIGNED, now);
    });
    ownerLookups.created(task);
    if (task.owners().isNobody() && task.owner().isEmpty()) {
      ownerLookups.noOneCanAct(task, List.of(), now);
    } else if (task.owner().isPresent() || !(task.owners().awaitsDirectory() || task.duties().awaitsDirectory())) {
      // An offer to groups is told once their members are known, and whom excluded owners stand for.
      escalations.tellOffered(task, null, now);
    }
  }

  /** The user {@code task}'s assignee names now; an expression that fails leaves it unassigned. */
  private Optional<String> assigneeOf(UserTask task, Instant now) {
    Optional<String> rule = task.assigneeRule();
    if (rule.isEmpty() || !DataExpression.isExpression(rule.get())) {
      return rule;
    }
    try {
      String user = expressions.value(rule.get(), DataExpression.Result.USER, task).strip();
      if (user.isEmpty() || user.length() > RequestValidator.MAX_USER_LENGTH) {
        throw new RuleViolation("it gave " + Texts.quote(user) + ", not a user name");
      }
      return Optional.of(user);
    } catch (RuleViolation failed) {
      addWarning(null, task.name(),
          "step " + task.name() + " is not assigned: its assignee " + Texts.quote(rule.get())
              + " could not be evaluated: " + failed.reason(), now);
      return Optional.empty();
    }
  }

  /** Decides the current step; its outcome leads to the next step, a named later one, or the end. */
  void completeCurrent(String outcome, String by, String note, Instant now) {
    UserTask task = currentTask();
    boolean hadOwner = task.owner().isPresent();
    task.complete(outcome, by, note, now);
    clearTimersOf(task, now);
    if (!hadOwner && task.owner().isPresent()) {
      escalations.fireListeners(task, TaskListenerEvent.ASSIGNED, now);
    }
    escalations.fireListeners(task, TaskListenerEvent.COMPLETED, now);
    Optional<OutcomeDefinition> named = task.outcome(outcome);
    if (outcome.equals(Outcome.REJECTED.name())) {
      end(ProcessState.REJECTED, by, note, now);
    } else if (named.isPresent() && named.get().end() != null) {
      end(ProcessState.valueOf(named.get().end().trim().toUpperCase(Locale.ROOT)), by, note, now);
    } else if (named.isPresent()) {
      int next = stepIndex(named.get().next());
      // Steps an outcome jumps over are never offered.
      for (int skipped = current + 1; skipped < next; skipped++) {
        steps.get(skipped).on(TaskEvent.OBSOLETE);
        clearTimersOf(steps.get(skipped), now);
      }
      activate(next, now);
    } else {
      moveOn(by, note, now);
    }
  }

  /** The task's owner changed: its acceptance timer and deadlines from the claim follow ({@link ProcessTimers#followOwner}). */
  void ownerChanged(UserTask task, Instant now) {
    timers.followOwner(task, now);
  }

  /** After the current step: the next one is offered, or the approval ends APPROVED after the last. */
  private void moveOn(String by, String note, Instant now) {
    if (current == steps.size() - 1) {
      end(ProcessState.APPROVED, by, note, now);
    } else {
      activate(current + 1, now);
    }
  }

  /**
   * WS-HumanTask skip: the current step ends undecided (OBSOLETE, outcome SKIPPED) and the approval
   * moves on as after an approval of it; its timers are cleared and its listeners hear it deleted.
   */
  void skipCurrent(String by, String reason, Instant now) {
    UserTask task = currentTask();
    task.skip(by, reason, now);
    clearTimersOf(task, now);
    escalations.fireListeners(task, TaskListenerEvent.DELETED, now);
    moveOn(by, reason, now);
  }

  /** The approval ends: undecided tasks become obsolete, every timer is cleared. */
  void end(ProcessState outcome, String by, String note, Instant now) {
    state = outcome;
    suspendedReason = null;
    decidedBy = by;
    comment = note;
    completedAt = now;
    for (UserTask task : steps) {
      if (task.state() != TaskState.COMPLETED && task.state() != TaskState.OBSOLETE) {
        boolean created = task.isOpen();
        task.on(TaskEvent.OBSOLETE);
        if (created) {
          escalations.fireListeners(task, TaskListenerEvent.DELETED, now);
        }
      }
    }
    timers.live().forEach(t -> t.clear(now));
  }

  private void clearTimersOf(UserTask task, Instant now) {
    timers.liveOfStep(task.name()).forEach(t -> t.clear(now));
  }

  private int stepIndex(String name) {
    for (int i = 0; i < steps.size(); i++) {
      if (steps.get(i).name().equals(name)) {
        return i;
      }
    }
    throw new IllegalStateException("no step " + name + " (the validator checks outcomes)");
  }

  /**
   * A {@code decide} handler: ends the current step with {@code outcome}, decided by the timer.
   *
   * @return false when there is nothing left to decide (the process ended meanwhile, or the step
   *     a step timer observes is no longer the current one, or the step has no such outcome)
   */
  public boolean decide(String outcome, String timerName, Instant now) {
    if (state != ProcessState.ACTIVE || !currentTask().isOpen()) {
      return false;
    }
    // A step timer decides only its own step, never one offered after that step was decided.
    Optional<String> step = timer(timerName).flatMap(BusinessTimer::step);
    if (step.isPresent() && !step.get().equals(currentTask().name())) {
      return false;
    }
    try {
      CommandRules.checkOutcome(currentTask(), outcome);
    } catch (RuleViolation noSuchOutcome) {
      addWarning(timerName, currentTask().name(), "decide on expiry of " + timerName + " not applied: "
          + noSuchOutcome.reason(), now);
      return false;
    }
    completeCurrent(CommandRules.outcomeName(currentTask(), outcome), "timer:" + timerName,
        "decided on expiry of timer " + timerName, now);
    return true;
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
    if (state.isEnded()) {
      return Optional.empty();
    }
    UserTask task = currentTask();
    if (!task.isOpen()) {
      return Optional.empty();
    }
    return timers.completionOf(task)
        .filter(timer -> timer.state() == TimerState.RUNNING)
        .flatMap(BusinessTimer::expiresAt);
  }

  /** The current step's follow-up date while its task is open and the approval has not ended. */
  public Optional<Instant> followUpDate() {
    if (state.isEnded() || !currentTask().isOpen()) {
      return Optional.empty();
    }
    return currentTask().followUp();
  }

  /** The current task is open and no one can act on it: it waits for a reassignment. */
  public boolean unworkable() {
    if (state.isEnded()) {
      return false;
    }
    UserTask task = currentTask();
    return task.isOpen() && task.owner().isEmpty() && task.owners().isNobody();
  }

  // ---- timers expiring ---------------------------------------------------------------------

  /** Expires what is due at {@code now} ({@link Escalations#expireDue}): the handlers to run. */
  public List<Expiry> expireDue(Instant now) {
    return escalations.expireDue(now);
  }

  /** Listener runs and reassignment notices queued since the last call, oldest first. */
  public List<Expiry> drainTriggered() {
    return escalations.drainTriggered();
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
        requestId, state.name(), decidedBy, comment, Objects.toString(completedAt, null), warnings(),
        warningCount());
  }

  public Optional<BusinessTimer> timer(String name) {
    return timers.get(name);
  }

  public UserTask currentTask() {
    return steps.get(current);
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
    if (state.isEnded() || steps.isEmpty()) {
      return false;
    }
    UserTask task = currentTask();
    if (!task.name().equals(name) || !task.isOpen()) {
      return false;
    }
    return task.state() == TaskState.READY
        ? claimants().contains(user)
        : task.owner().filter(user::equals).isPresent();
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
    return state;
  }

  public String requestId() {
    return requestId;
  }

  public String title() {
    return title;
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

  String suspendedReason() {
    return suspendedReason;
  }

  int currentIndex() {
    return current;
  }

  String decidedBy() {
    return decidedBy;
  }

  String comment() {
    return comment;
  }

  Instant completedAt() {
    return completedAt;
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

  Escalations escalations() {
    return escalations;
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
