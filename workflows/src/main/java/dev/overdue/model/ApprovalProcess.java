package dev.overdue.model;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.overdue.api.ApprovalRequest;
import dev.overdue.api.ApprovalRequest.StepDefinition;
import dev.overdue.api.ApprovalRequest.TimerDefinition;
import dev.overdue.api.ApprovalResult;
import dev.overdue.api.HistoryEntry;
import dev.overdue.api.StatusInfo;
import dev.overdue.api.StepInfo;
import dev.overdue.api.TimerInfo;
import dev.overdue.api.WarningInfo;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One approval: its steps' user tasks, its timers, warnings and audit trail. Pure Java and
 * deterministic: every method takes the current time as an argument. Commands are checked in full
 * before anything changes, so a refused command leaves the process exactly as it was.
 */
public final class ApprovalProcess {
  public static final String PROCESS_TIMER = "process";
  public static final String ACCEPTANCE_SUFFIX = ".acceptance";
  public static final String COMPLETION_SUFFIX = ".completion";

  /** Deterministic order of simultaneous expiries: expiration date, then name. */
  private static final Comparator<BusinessTimer> EXPIRY_ORDER =
      Comparator.comparing((BusinessTimer t) -> t.expiresAt().orElseThrow())
          .thenComparing(BusinessTimer::name);

  private final String requestId;
  private final String title;
  private final String requester;
  /** The request's data, for message templates. */
  private final Map<String, Object> data;
  private final List<UserTask> steps = new ArrayList<>();
  private final Map<String, BusinessTimer> timers = new LinkedHashMap<>();
  private final List<WarningInfo> warnings = new ArrayList<>();
  private final List<HistoryEntry> history = new ArrayList<>();
  private ProcessState state = ProcessState.ACTIVE;
  private String suspendedReason;
  private int current;
  private String decidedBy;
  private String comment;
  private Instant completedAt;

  /** The first audit-trail entry of a continued run; its input names the previous run. */
  public static final String CONTINUED_AS_NEW = "ContinuedAsNew";

  private ApprovalProcess(ApprovalRequest request) {
    this(request.requestId(), request.title(), request.requester(), request.data());
  }

  private ApprovalProcess(String requestId, String title, String requester, Map<String, Object> data) {
    this.requestId = requestId;
    this.title = title;
    this.requester = requester;
    this.data = data == null ? Map.of() : data;
  }

  /** All state but the audit trail, to continue in a new run. */
  public ProcessSnapshot snapshot() {
    return new ProcessSnapshot(
        requestId,
        title,
        requester,
        state.name(),
        suspendedReason,
        current,
        decidedBy,
        comment,
        Objects.toString(completedAt, null),
        steps.stream().map(UserTask::snapshot).toList(),
        timers.values().stream().map(BusinessTimer::snapshot).toList(),
        List.copyOf(warnings),
        data);
  }

  /** The process as it was snapshotted; its audit trail starts with a {@link #CONTINUED_AS_NEW} entry. */
  public static ApprovalProcess restore(
      ProcessSnapshot snapshot, String previousRunId, Instant now) {
    ApprovalProcess process =
        new ApprovalProcess(
            snapshot.requestId(), snapshot.title(), snapshot.requester(), snapshot.data());
    process.state = ProcessState.valueOf(snapshot.state());
    process.suspendedReason = snapshot.suspendedReason();
    process.current = snapshot.current();
    process.decidedBy = snapshot.decidedBy();
    process.comment = snapshot.comment();
    process.completedAt = snapshot.completedAt() == null ? null : Instant.parse(snapshot.completedAt());
    snapshot.steps().forEach(step -> process.steps.add(UserTask.restore(step)));
    snapshot.timers().forEach(timer -> process.timers.put(timer.name(), BusinessTimer.restore(timer)));
    process.warnings.addAll(snapshot.warnings());
    ObjectNode detail = JsonNodeFactory.instance.objectNode();
    detail.put("previousRunId", previousRunId);
    process.recordEvent(now, CONTINUED_AS_NEW, detail);
    return process;
  }

  /** Validates {@code request}, then starts the process: process timer on, first step offered. */
  public static ApprovalProcess start(ApprovalRequest request, Instant now) {
    List<String> problems = RequestValidator.problems(request, now);
    if (!problems.isEmpty()) {
      throw new RuleViolation("invalid approval request: " + String.join("; ", problems));
    }
    ApprovalProcess process = new ApprovalProcess(request);
    process.addTimer(PROCESS_TIMER, TimerKind.PROCESS, null, request.timeout(), request.onTimeout());
    for (StepDefinition step : request.steps()) {
      process.steps.add(new UserTask(step.name(), step.title(), step.approvers()));
      process.addTimer(
          step.name() + ACCEPTANCE_SUFFIX,
          TimerKind.ACCEPTANCE,
          step.name(),
          step.offerTimeout(),
          step.onOfferTimeout());
      process.addTimer(
          step.name() + COMPLETION_SUFFIX,
          TimerKind.COMPLETION,
          step.name(),
          step.timeout(),
          step.onTimeout());
    }
    for (TimerDefinition timer : request.timers()) {
      process.addTimer(timer.name(), TimerKind.USER, null, timer.limit(), timer.handlers());
    }
    process.timer(PROCESS_TIMER).ifPresent(t -> t.ensureRunning(now));
    process.activate(0, now);
    return process;
  }

  /** Only timers with a limit exist. */
  private void addTimer(
      String name,
      TimerKind kind,
      String step,
      String limit,
      List<ApprovalRequest.HandlerDefinition> handlers) {
    if (limit != null) {
      timers.put(
          name,
          new BusinessTimer(
              name, kind, step, TimeLimit.parse(limit), RequestValidator.handlers(handlers)));
    }
  }

  // ---- commands ----------------------------------------------------------------------------

  /** Why {@code command} would be refused at {@code now}, if it would be. Changes nothing. */
  public Optional<String> refusal(Command command, Instant now) {
    try {
      check(command, now);
      return Optional.empty();
    } catch (RuleViolation violation) {
      return Optional.of(violation.reason());
    }
  }

  /**
   * Applies {@code command}, or throws {@link RuleViolation} having changed nothing.
   *
   * @return a one-line account of what changed
   */
  public String apply(Command command, Instant now) {
    check(command, now);
    if (command instanceof Command.EnableTimer c) {
      timer(c.timer()).orElseThrow().on(TimerEvent.ENABLE, now);
      return "timer " + c.timer() + " enabled" + expiresText(c.timer());
    } else if (command instanceof Command.DisableTimer c) {
      timer(c.timer()).orElseThrow().on(TimerEvent.DISABLE, now);
      return "timer " + c.timer() + " disabled";
    } else if (command instanceof Command.Suspend c) {
      state = ProcessState.SUSPENDED;
      suspendedReason = c.reason();
      liveTimers().forEach(t -> t.on(TimerEvent.SUSPEND, now));
      return "process suspended";
    } else if (command instanceof Command.Resume) {
      state = ProcessState.ACTIVE;
      suspendedReason = null;
      liveTimers().forEach(t -> t.on(TimerEvent.RESUME, now));
      return "process resumed";
    } else if (command instanceof Command.ExtendDeadline c) {
      BusinessTimer timer = timer(c.timer()).orElseThrow();
      timer.setLimit(newLimit(timer, c, now), now);
      return "timer " + c.timer() + " limit " + timer.limit().text() + expiresText(c.timer());
    } else if (command instanceof Command.Claim c) {
      task(c.step()).claim(c.user());
      acceptanceTimer(currentTask()).ifPresent(BusinessTimer::ensureOff);
      return "step " + currentTask().name() + " claimed by " + c.user();
    } else if (command instanceof Command.Release c) {
      task(c.step()).release();
      acceptanceTimer(currentTask()).ifPresent(t -> t.ensureRunning(now));
      return "step " + currentTask().name() + " released by " + c.user();
    } else if (command instanceof Command.Approve c) {
      String step = currentTask().name();
      completeCurrent(Outcome.APPROVED, c.user(), c.comment(), now);
      return "step " + step + " approved by " + c.user() + "; approval is " + state;
    } else if (command instanceof Command.Reject c) {
      String step = currentTask().name();
      completeCurrent(Outcome.REJECTED, c.user(), c.comment(), now);
      return "step " + step + " rejected by " + c.user() + "; approval is " + state;
    } else if (command instanceof Command.Abort c) {
      end(ProcessState.ABORTED, null, c.reason(), now);
      return "approval aborted";
    }
    throw new IllegalArgumentException("unhandled command " + command);
  }

  /** Throws {@link RuleViolation} when {@code command} would be refused at {@code now}. Changes nothing. */
  public void check(Command command, Instant now) {
    requireNotEnded();
    if (command instanceof Command.EnableTimer c) {
      checkSwitchable(c.timer(), TimerEvent.ENABLE);
    } else if (command instanceof Command.DisableTimer c) {
      checkSwitchable(c.timer(), TimerEvent.DISABLE);
    } else if (command instanceof Command.Suspend) {
      if (state == ProcessState.SUSPENDED) {
        throw new RuleViolation("the process is already suspended");
      }
    } else if (command instanceof Command.Resume) {
      if (state != ProcessState.SUSPENDED) {
        throw new RuleViolation("the process is not suspended");
      }
    } else if (command instanceof Command.ExtendDeadline c) {
      BusinessTimer timer = knownTimer(c.timer());
      if (timer.cleared()) {
        throw new RuleViolation("timer " + c.timer() + " was cleared: its task or process has ended");
      }
      newLimit(timer, c, now);
    } else if (command instanceof Command.Claim c) {
      UserTask task = taskActionTarget(c.step(), c.user());
      if (task.state() == TaskState.RESERVED) {
        throw new RuleViolation(
            "step " + task.name() + " is already claimed by " + task.owner().orElseThrow());
      }
      refuse(task.refusal(TaskEvent.CLAIM));
    } else if (command instanceof Command.Release c) {
      UserTask task = taskActionTarget(c.step(), c.user());
      refuse(task.refusal(TaskEvent.RELEASE));
      if (!task.owner().orElseThrow().equals(c.user())) {
        throw new RuleViolation(
            "only the owner " + task.owner().get() + " can release step " + task.name());
      }
    } else if (command instanceof Command.Approve c) {
      checkDecision(c.user());
    } else if (command instanceof Command.Reject c) {
      checkDecision(c.user());
    } else if (command instanceof Command.Abort c) {
      if (c.reason() == null || c.reason().isBlank()) {
        throw new RuleViolation("abort needs a reason");
      }
    }
  }

  private void requireNotEnded() {
    if (state.isEnded()) {
      throw new RuleViolation("the approval has ended: it is " + state);
    }
  }

  private void checkSwitchable(String name, TimerEvent event) {
    BusinessTimer timer = knownTimer(name);
    if (timer.kind().isSystem()) {
      throw new RuleViolation(
          "timer "
              + name
              + " is a system timer: the process switches it itself (extendDeadline can move it)");
    }
    if (state == ProcessState.SUSPENDED) {
      throw new RuleViolation(
          "timers cannot be " + (event == TimerEvent.ENABLE ? "enabled" : "disabled")
              + " while the process is suspended");
    }
    refuse(timer.refusal(event));
  }

  private TimeLimit newLimit(BusinessTimer timer, Command.ExtendDeadline c, Instant now) {
    if ((c.limit() == null) == (c.by() == null)) {
      throw new RuleViolation("extendDeadline needs exactly one of 'limit' and 'by'");
    }
    TimeLimit limit = c.limit();
    if (c.by() != null) {
      if (c.by().isNegative() || c.by().isZero()) {
        throw new RuleViolation("'by' must be a positive duration: it moves the date later");
      }
      // The date the timer has, or — with an absolute limit not yet running — will have.
      Instant from =
          timer
              .expiresAt()
              .or(
                  () ->
                      timer.limit() instanceof TimeLimit.Absolute absolute
                          ? Optional.of(absolute.at().toInstant())
                          : Optional.empty())
              .orElseThrow(
                  () ->
                      new RuleViolation(
                          "timer "
                              + timer.name()
                              + " has no expiration date yet (it has not run since its limit was"
                              + " set): give a new 'limit' instead of 'by'"));
      try {
        limit = new TimeLimit.Absolute(from.plus(c.by()).atOffset(ZoneOffset.UTC));
      } catch (DateTimeException | ArithmeticException e) {
        throw new RuleViolation("the new deadline is too far in the future");
      }
    }
    if (limit instanceof TimeLimit.Absolute absolute && !absolute.at().toInstant().isAfter(now)) {
      throw new RuleViolation(
          "the new deadline " + absolute.text() + " is not in the future (now " + now + ")");
    }
    boolean tooFar;
    try {
      tooFar = TimeLimit.tooFarAhead(limit.expirationFrom(now), now);
    } catch (DateTimeException | ArithmeticException e) {
      tooFar = true;
    }
    if (tooFar) {
      throw new RuleViolation(
          "the new deadline " + limit.text() + " is too far in the future ("
              + TimeLimit.MAX_AHEAD_TEXT + ", until " + now.plus(TimeLimit.MAX_AHEAD) + ")");
    }
    return limit;
  }

  private void checkDecision(String user) {
    UserTask task = taskActionTarget(null, user);
    if (task.state() == TaskState.RESERVED && !task.owner().orElseThrow().equals(user)) {
      throw new RuleViolation(
          "step " + task.name() + " is claimed by " + task.owner().get() + "; only they can decide it");
    }
    refuse(task.refusal(TaskEvent.COMPLETE));
  }

  /** The current task, checked for a task action by {@code user}. */
  private UserTask taskActionTarget(String step, String user) {
    if (state == ProcessState.SUSPENDED) {
      throw new RuleViolation("task actions are not allowed while the process is suspended");
    }
    if (user == null || user.isBlank()) {
      throw new RuleViolation("a user is required");
    }
    UserTask task = task(step);
    if (!task.isApprover(user)) {
      throw new RuleViolation(
          Texts.abbreviate(user, Texts.QUOTED_LENGTH) + " is not an approver of step " + task.name()
              + " (approvers: " + Texts.list(task.approvers()) + ")");
    }
    return task;
  }

  /** The current task; {@code step}, when given, must name it. */
  private UserTask task(String step) {
    UserTask task = currentTask();
    if (step != null && !step.equals(task.name())) {
      boolean known = steps.stream().anyMatch(s -> s.name().equals(step));
      String shown = Texts.abbreviate(step, Texts.QUOTED_LENGTH);
      throw new RuleViolation(
          (known ? "step " + shown + " is not the current step" : "unknown step " + shown)
              + " (current step: " + task.name() + ")");
    }
    return task;
  }

  private static void refuse(Optional<String> refusal) {
    refusal.ifPresent(reason -> {
      throw new RuleViolation(reason);
    });
  }

  private BusinessTimer knownTimer(String name) {
    if (name == null || name.isBlank()) {
      throw new RuleViolation("a timer name is required");
    }
    return timer(name)
        .orElseThrow(
            () ->
                new RuleViolation(
                    "unknown timer " + Texts.abbreviate(name, Texts.QUOTED_LENGTH) + " (timers: "
                        + Texts.list(List.copyOf(timers.keySet())) + ")"));
  }

  // ---- the process moving on ---------------------------------------------------------------

  private void activate(int index, Instant now) {
    current = index;
    UserTask task = steps.get(index);
    task.on(TaskEvent.ACTIVATE);
    acceptanceTimer(task).ifPresent(t -> t.ensureRunning(now));
    timer(task.name() + COMPLETION_SUFFIX).ifPresent(t -> t.ensureRunning(now));
  }

  private void completeCurrent(Outcome outcome, String by, String note, Instant now) {
    UserTask task = currentTask();
    task.complete(outcome, by, note, now);
    clearTimersOf(task);
    if (outcome == Outcome.REJECTED) {
      end(ProcessState.REJECTED, by, note, now);
    } else if (current == steps.size() - 1) {
      end(ProcessState.APPROVED, by, note, now);
    } else {
      activate(current + 1, now);
    }
  }

  private void end(ProcessState outcome, String by, String note, Instant now) {
    state = outcome;
    suspendedReason = null;
    decidedBy = by;
    comment = note;
    completedAt = now;
    for (UserTask task : steps) {
      if (task.state() != TaskState.COMPLETED) {
        task.on(TaskEvent.OBSOLETE);
      }
    }
    timers.values().forEach(BusinessTimer::clear);
  }

  private void clearTimersOf(UserTask task) {
    timers.values().stream()
        .filter(t -> t.step().filter(task.name()::equals).isPresent())
        .forEach(BusinessTimer::clear);
  }

  // ---- timers expiring ---------------------------------------------------------------------

  /**
   * Expires every running timer whose expiration date has been reached, in expiration-date then
   * name order, recording a TimerExpired event for each.
   */
  public List<Expiry> expireDue(Instant now) {
    if (state != ProcessState.ACTIVE) {
      return List.of();
    }
    List<BusinessTimer> due =
        timers.values().stream().filter(t -> t.isDue(now)).sorted(EXPIRY_ORDER).toList();
    List<Expiry> expiries = new ArrayList<>();
    for (BusinessTimer timer : due) {
      timer.expireIfDue(now);
      Instant expiresAt = timer.expiresAt().orElseThrow();
      ObjectNode detail = JsonNodeFactory.instance.objectNode();
      detail.put("timer", timer.name());
      detail.put("expiresAt", expiresAt.toString());
      detail.put("firing", timer.firings());
      recordEvent(now, "TimerExpired", detail);
      expiries.add(
          new Expiry(
              timer.name(), timer.step().orElse(null), expiresAt, timer.firings(), timer.handlers()));
    }
    return expiries;
  }

  /** The running timer that expires first, if any: what the one server timer must wait for. */
  public Optional<BusinessTimer> nextToExpire() {
    return timers.values().stream().filter(BusinessTimer::awaitsExpiry).min(EXPIRY_ORDER);
  }

  /**
   * A {@code decide} handler: ends the current step with {@code outcome}, decided by the timer.
   *
   * @return false when there is nothing left to decide (the process ended meanwhile, or the step
   *     a step timer observes is no longer the current one)
   */
  public boolean decide(Outcome outcome, String timerName, Instant now) {
    if (state != ProcessState.ACTIVE || !currentTask().isOpen()) {
      return false;
    }
    // A step timer decides only its own step, never one offered after that step was decided.
    Optional<String> step = timer(timerName).flatMap(BusinessTimer::step);
    if (step.isPresent() && !step.get().equals(currentTask().name())) {
      return false;
    }
    completeCurrent(outcome, "timer:" + timerName, "decided on expiry of timer " + timerName, now);
    return true;
  }

  public void addWarning(String timerName, String step, String message, Instant now) {
    warnings.add(new WarningInfo(now.toString(), timerName, step, message));
  }

  private void recordEvent(Instant at, String name, JsonNode detail) {
    history.add(new HistoryEntry(at.toString(), "event", name, detail, true, null));
  }

  /**
   * The most of a command's input, as JSON text, the audit trail keeps: every valid input but the
   * longest comments and reasons fits. Longer ones are kept cut short (see {@link #recordable}), so
   * that refused megabytes do not make a run's trail too large to query (Temporal refuses query
   * results over 2 MB; the test service over 4 MB).
   */
  public static final int MAX_RECORDED_INPUT_LENGTH = 1_000;

  /** How much of a longer input the trail keeps. */
  static final int RECORDED_INPUT_START = 200;

  /** The most of a refusal's reason the trail keeps. */
  public static final int MAX_RECORDED_REASON_LENGTH = 1_000;

  /**
   * Records a command in the audit trail: {@code via} is signal or update. An input longer than
   * {@link #MAX_RECORDED_INPUT_LENGTH} is recorded as {@code {"truncated": "<its start>…",
   * "characters": N}}; what an accepted command changed is in {@link #status} in full.
   */
  public void recordCommand(
      Instant at, String via, String name, JsonNode input, Optional<String> refusal) {
    history.add(
        new HistoryEntry(
            at.toString(),
            via,
            Texts.abbreviate(name, Texts.QUOTED_LENGTH),
            recordable(input),
            refusal.isEmpty(),
            refusal.map(r -> Texts.abbreviate(r, MAX_RECORDED_REASON_LENGTH)).orElse(null)));
  }

  static JsonNode recordable(JsonNode input) {
    if (input == null) {
      return null;
    }
    String text = input.toString();
    if (text.length() <= MAX_RECORDED_INPUT_LENGTH) {
      return input;
    }
    ObjectNode cut = JsonNodeFactory.instance.objectNode();
    cut.put("truncated", text.substring(0, RECORDED_INPUT_START) + "…");
    cut.put("characters", text.length());
    return cut;
  }

  // ---- views -------------------------------------------------------------------------------

  public Optional<BusinessTimer> timer(String name) {
    return Optional.ofNullable(timers.get(name));
  }

  private Optional<BusinessTimer> acceptanceTimer(UserTask task) {
    return timer(task.name() + ACCEPTANCE_SUFFIX);
  }

  private List<BusinessTimer> liveTimers() {
    return timers.values().stream().filter(t -> !t.cleared()).toList();
  }

  public UserTask currentTask() {
    return steps.get(current);
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

  /** The title of step {@code name}, if there is such a step. */
  public Optional<String> stepTitle(String name) {
    return steps.stream().filter(s -> s.name().equals(name)).findFirst().map(UserTask::title);
  }

  public List<TimerInfo> timerInfos() {
    return timers.values().stream().map(ApprovalProcess::info).toList();
  }

  private static TimerInfo info(BusinessTimer t) {
    return new TimerInfo(
        t.name(),
        t.kind().name(),
        t.step().orElse(null),
        t.state().name(),
        t.limit().text(),
        t.expiresAt().map(Instant::toString).orElse(null),
        t.expired(),
        t.cleared(),
        t.firings());
  }

  public StatusInfo status() {
    List<StepInfo> stepInfos =
        steps.stream()
            .map(
                s ->
                    new StepInfo(
                        s.name(),
                        s.title(),
                        s.state().name(),
                        s.owner().orElse(null),
                        s.approvers(),
                        s.outcome().map(Enum::name).orElse(null),
                        s.decidedBy().orElse(null),
                        s.comment().orElse(null),
                        s.completedAt().map(Instant::toString).orElse(null)))
            .toList();
    return new StatusInfo(
        requestId,
        title,
        requester,
        state.name(),
        suspendedReason,
        state.isEnded() ? null : currentTask().name(),
        stepInfos,
        timerInfos(),
        List.copyOf(warnings));
  }

  public List<HistoryEntry> history() {
    return List.copyOf(history);
  }

  public List<WarningInfo> warnings() {
    return List.copyOf(warnings);
  }

  /** The workflow result; only meaningful once the process has ended. */
  public ApprovalResult result() {
    return new ApprovalResult(
        requestId,
        state.name(),
        decidedBy,
        comment,
        Objects.toString(completedAt, null),
        List.copyOf(warnings));
  }

  private String expiresText(String timerName) {
    BusinessTimer timer = timers.get(timerName);
    return timer
        .expiresAt()
        .map(at -> ", expires " + at)
        .orElse(", expiration date set when it next runs");
  }

}
