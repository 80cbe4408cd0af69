package dev.overdue.model;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.overdue.activities.settings.CalendarSettings;
import dev.overdue.api.ApprovalRequest;
import dev.overdue.api.ApprovalRequest.DeadlineDefinition;
import dev.overdue.api.ApprovalRequest.HandlerDefinition;
import dev.overdue.api.ApprovalRequest.OutcomeDefinition;
import dev.overdue.api.ApprovalRequest.StepDefinition;
import dev.overdue.api.ApprovalRequest.TimerDefinition;
import dev.overdue.api.ApprovalResult;
import dev.overdue.api.HistoryEntry;
import dev.overdue.api.PlanEntry;
import dev.overdue.api.StatusInfo;
import dev.overdue.api.StepInfo;
import dev.overdue.api.TimerDerivation;
import dev.overdue.api.TimerInfo;
import dev.overdue.api.WarningInfo;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
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
  /** Listener and reassignment runs the workflow has yet to start, in the order they happened. */
  private final List<Expiry> triggered = new ArrayList<>();
  /** The worker's calendar as recorded at the start; null when no limit counts working time. */
  private final CalendarSettings calendarSettings;
  private final BusinessCalendar calendar;
  private ProcessState state = ProcessState.ACTIVE;
  private String suspendedReason;
  private int current;
  private String decidedBy;
  private String comment;
  private Instant completedAt;

  /** The first audit-trail entry of a continued run; its input names the previous run. */
  public static final String CONTINUED_AS_NEW = "ContinuedAsNew";

  private ApprovalProcess(ApprovalRequest request, CalendarSettings calendar) {
    this(request.requestId(), request.title(), request.requester(), request.data(), calendar);
  }

  private ApprovalProcess(
      String requestId, String title, String requester, Map<String, Object> data, CalendarSettings calendar) {
    this.requestId = requestId;
    this.title = title;
    this.requester = requester;
    this.data = data == null ? Map.of() : data;
    this.calendarSettings = calendar;
    this.calendar = calendar == null ? null : BusinessCalendar.of(calendar);
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
        data,
        calendarSettings);
  }

  /** The process as it was snapshotted; its audit trail starts with a {@link #CONTINUED_AS_NEW} entry. */
  public static ApprovalProcess restore(
      ProcessSnapshot snapshot, String previousRunId, Instant now) {
    ApprovalProcess process =
        new ApprovalProcess(
            snapshot.requestId(), snapshot.title(), snapshot.requester(), snapshot.data(),
            snapshot.calendar());
    process.state = ProcessState.valueOf(snapshot.state());
    process.suspendedReason = snapshot.suspendedReason();
    process.current = snapshot.current();
    process.decidedBy = snapshot.decidedBy();
    process.comment = snapshot.comment();
    process.completedAt = snapshot.completedAt() == null ? null : Instant.parse(snapshot.completedAt());
    snapshot.steps().forEach(step -> process.steps.add(UserTask.restore(step)));
    snapshot.timers()
        .forEach(timer -> process.timers.put(timer.name(), BusinessTimer.restore(timer, process.calendar)));
    process.warnings.addAll(snapshot.warnings());
    ObjectNode detail = JsonNodeFactory.instance.objectNode();
    detail.put("previousRunId", previousRunId);
    process.recordEvent(now, CONTINUED_AS_NEW, detail);
    return process;
  }

  /** Validates {@code request}, then starts the process: process timer on, first step offered. */
  public static ApprovalProcess start(ApprovalRequest request, Instant now) {
    return start(request, now, null);
  }

  /**
   * Validates {@code request}, then starts the process: process timer on, first step offered.
   * {@code calendar} is the worker's business calendar, recorded by the workflow; it is needed
   * only when {@link RequestValidator#needsCalendar} says so, and kept only then.
   */
  public static ApprovalProcess start(ApprovalRequest request, Instant now, CalendarSettings calendar) {
    List<String> problems = RequestValidator.problems(request, now, calendar);
    if (!problems.isEmpty()) {
      throw new RuleViolation("invalid approval request: " + String.join("; ", problems));
    }
    ApprovalProcess process =
        new ApprovalProcess(
            request,
            !RequestValidator.needsCalendar(request)
                ? null
                : calendar != null ? calendar : CalendarSettings.officeHours());
    Limits limits = new Limits(request.calendar(), process.calendar);
    process.addTimer(PROCESS_TIMER, TimerKind.PROCESS, null, limits.of(request.timeout(), null), request.onTimeout(), null);
    for (StepDefinition step : request.steps()) {
      process.steps.add(
          new UserTask(step.name(), step.title(), step.approvers(), step.outcomes(), step.listeners()));
      process.addTimer(
          step.name() + ACCEPTANCE_SUFFIX,
          TimerKind.ACCEPTANCE,
          step.name(),
          limits.of(step.offerTimeout(), null),
          step.onOfferTimeout(),
          null);
      process.addTimer(
          step.name() + COMPLETION_SUFFIX,
          TimerKind.COMPLETION,
          step.name(),
          limits.of(step.timeout(), null),
          step.onTimeout(),
          null);
      for (DeadlineDefinition deadline : step.startDeadlines()) {
        process.addDeadline(step.name(), TimerKind.START_DEADLINE, deadline, limits);
      }
      for (DeadlineDefinition deadline : step.completionDeadlines()) {
        process.addDeadline(step.name(), TimerKind.COMPLETION_DEADLINE, deadline, limits);
      }
    }
    for (TimerDefinition timer : request.timers()) {
      process.addTimer(
          timer.name(),
          TimerKind.USER,
          null,
          limits.of(timer.cycle() != null ? timer.cycle() : timer.limit(), timer.calendar()),
          timer.handlers(),
          timer.catchUp());
    }
    process.timer(PROCESS_TIMER).ifPresent(t -> t.ensureRunning(now));
    process.activate(0, now);
    return process;
  }

  /** Reads limits the way a request means them: in its calendar, local date-times in its zone. */
  record Limits(String requestCalendar, BusinessCalendar calendar) {
    TimeLimit of(String text, String ownCalendar) {
      if (text == null) {
        return null;
      }
      TimeLimit limit = TimeLimit.parse(text, calendar == null ? null : calendar.zone());
      String mode = ownCalendar != null ? ownCalendar : requestCalendar;
      if (RequestValidator.BUSINESS.equalsIgnoreCase(String.valueOf(mode))
          && limit instanceof TimeLimit.Relative) {
        return new TimeLimit.Working(text);
      }
      return limit;
    }
  }

  private void addDeadline(String step, TimerKind kind, DeadlineDefinition deadline, Limits limits) {
    String text =
        deadline.forDuration() != null
            ? deadline.forDuration()
            : deadline.until() != null ? deadline.until() : deadline.cycle();
    addTimer(
        step + "." + deadline.name(),
        kind,
        step,
        limits.of(text, deadline.calendar()),
        deadline.escalations(),
        deadline.catchUp());
  }

  /** Only timers with a limit exist. */
  private void addTimer(
      String name,
      TimerKind kind,
      String step,
      TimeLimit limit,
      List<HandlerDefinition> handlers,
      String catchUp) {
    if (limit != null) {
      BusinessTimer timer =
          new BusinessTimer(
              name, kind, step, limit, RequestValidator.handlers(handlers), Cycle.CatchUp.parse(catchUp));
      timer.useCalendar(calendar);
      timers.put(name, timer);
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
      timer(c.timer()).orElseThrow().switchBy(TimerEvent.ENABLE, now, who(c.user()));
      return "timer " + c.timer() + " enabled" + expiresText(c.timer());
    } else if (command instanceof Command.DisableTimer c) {
      timer(c.timer()).orElseThrow().switchBy(TimerEvent.DISABLE, now, who(c.user()));
      return "timer " + c.timer() + " disabled";
    } else if (command instanceof Command.Start c) {
      UserTask task = task(c.step());
      boolean hadOwner = task.owner().isPresent();
      task.start(c.user());
      acceptanceTimer(task).ifPresent(BusinessTimer::ensureOff);
      // Reaching IN_PROGRESS is what a start deadline waits for.
      timers.values().stream()
          .filter(t -> t.kind() == TimerKind.START_DEADLINE && t.step().filter(task.name()::equals).isPresent())
          .forEach(BusinessTimer::clear);
      if (!hadOwner) {
        fireListeners(task, TaskListenerEvent.ASSIGNED, now);
      }
      return "step " + task.name() + " started by " + c.user();
    } else if (command instanceof Command.Complete c) {
      String step = currentTask().name();
      completeCurrent(outcomeName(c.outcome()), c.user(), c.comment(), now);
      return "step " + step + " completed by " + c.user() + " with outcome "
          + outcomeName(c.outcome()) + "; approval is " + state;
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
      if (timer.isCycle() && c.by() != null) {
        timer.postponeCycle(c.by(), now, who(c.user()));
      } else {
        timer.setLimit(newLimit(timer, c, now), now, who(c.user()));
      }
      timer.step().flatMap(this::stepNamed).filter(UserTask::isOpen)
          .ifPresent(task -> fireListeners(task, TaskListenerEvent.UPDATED, now));
      return "timer " + c.timer() + " limit " + timer.limit().text() + expiresText(c.timer());
    } else if (command instanceof Command.Claim c) {
      task(c.step()).claim(c.user());
      acceptanceTimer(currentTask()).ifPresent(BusinessTimer::ensureOff);
      fireListeners(currentTask(), TaskListenerEvent.ASSIGNED, now);
      return "step " + currentTask().name() + " claimed by " + c.user();
    } else if (command instanceof Command.Release c) {
      task(c.step()).release();
      acceptanceTimer(currentTask()).ifPresent(t -> t.ensureRunning(now));
      fireListeners(currentTask(), TaskListenerEvent.UPDATED, now);
      return "step " + currentTask().name() + " released by " + c.user();
    } else if (command instanceof Command.Approve c) {
      String step = currentTask().name();
      completeCurrent(Outcome.APPROVED.name(), c.user(), c.comment(), now);
      return "step " + step + " approved by " + c.user() + "; approval is " + state;
    } else if (command instanceof Command.Reject c) {
      String step = currentTask().name();
      completeCurrent(Outcome.REJECTED.name(), c.user(), c.comment(), now);
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
    } else if (command instanceof Command.Start c) {
      UserTask task = taskActionTarget(c.step(), c.user());
      if (task.state() == TaskState.RESERVED && !task.owner().orElseThrow().equals(c.user())) {
        throw new RuleViolation(
            "step " + task.name() + " is claimed by " + task.owner().get() + "; only they can start it");
      }
      refuse(task.refusal(TaskEvent.START));
    } else if (command instanceof Command.Complete c) {
      checkDecision(c.user());
      checkOutcome(currentTask(), c.outcome());
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
    if (limit instanceof TimeLimit.Working && calendar == null) {
      throw new RuleViolation(
          "this approval counts no working time (it started without a business limit, so it has no"
              + " business calendar): give an elapsed duration or a date-time");
    }
    boolean tooFar;
    try {
      tooFar = TimeLimit.tooFarAhead(limit.expirationFrom(now, calendar), now);
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
    if ((task.state() == TaskState.RESERVED || task.state() == TaskState.IN_PROGRESS)
        && !task.owner().orElseThrow().equals(user)) {
      throw new RuleViolation(
          "step " + task.name() + " is claimed by " + task.owner().get() + "; only they can decide it");
    }
    refuse(task.refusal(TaskEvent.COMPLETE));
  }

  /** APPROVED and REJECTED (any case) as themselves; a named outcome as the step declares it. */
  private String outcomeName(String outcome) {
    String upper = outcome.trim().toUpperCase(Locale.ROOT);
    if (upper.equals(Outcome.APPROVED.name()) || upper.equals(Outcome.REJECTED.name())) {
      return upper;
    }
    return currentTask().outcome(outcome.trim()).map(OutcomeDefinition::name).orElse(outcome);
  }

  private static void checkOutcome(UserTask task, String outcome) {
    if (outcome == null || outcome.isBlank()) {
      throw new RuleViolation("an outcome is required");
    }
    String upper = outcome.trim().toUpperCase(Locale.ROOT);
    if (!upper.equals(Outcome.APPROVED.name())
        && !upper.equals(Outcome.REJECTED.name())
        && task.outcome(outcome.trim()).isEmpty()) {
      List<String> known = new ArrayList<>(List.of("approved", "rejected"));
      known.addAll(task.outcomeNames());
      throw new RuleViolation(
          "step " + task.name() + " has no outcome " + Texts.quote(outcome) + " (outcomes: "
              + Texts.list(known) + ")");
    }
  }

  private static String who(String user) {
    return user == null || user.isBlank() ? "anonymous" : user;
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
    // WS-HumanTask: every deadline's clock starts when the task is created.
    timers.values().stream()
        .filter(t -> t.kind().isDeadline() && t.step().filter(task.name()::equals).isPresent())
        .forEach(t -> t.ensureRunning(now));
    fireListeners(task, TaskListenerEvent.CREATED, now);
  }

  private void completeCurrent(String outcome, String by, String note, Instant now) {
    UserTask task = currentTask();
    boolean hadOwner = task.owner().isPresent();
    task.complete(outcome, by, note, now);
    clearTimersOf(task);
    if (!hadOwner && task.owner().isPresent()) {
      fireListeners(task, TaskListenerEvent.ASSIGNED, now);
    }
    fireListeners(task, TaskListenerEvent.COMPLETED, now);
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
        clearTimersOf(steps.get(skipped));
      }
      activate(next, now);
    } else if (current == steps.size() - 1) {
      end(ProcessState.APPROVED, by, note, now);
    } else {
      activate(current + 1, now);
    }
  }

  private int stepIndex(String name) {
    for (int i = 0; i < steps.size(); i++) {
      if (steps.get(i).name().equals(name)) {
        return i;
      }
    }
    throw new IllegalStateException("no step " + name + " (the validator checks outcomes)");
  }

  private Optional<UserTask> stepNamed(String name) {
    return steps.stream().filter(s -> s.name().equals(name)).findFirst();
  }

  private void end(ProcessState outcome, String by, String note, Instant now) {
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
          fireListeners(task, TaskListenerEvent.DELETED, now);
        }
      }
    }
    timers.values().forEach(BusinessTimer::clear);
  }

  private void clearTimersOf(UserTask task) {
    timers.values().stream()
        .filter(t -> t.step().filter(task.name()::equals).isPresent())
        .forEach(BusinessTimer::clear);
  }

  // ---- listeners, conditions, recipients ----------------------------------------------------

  /** Queues {@code event}'s listeners of {@code task} whose condition holds now. */
  private void fireListeners(UserTask task, TaskListenerEvent event, Instant now) {
    List<TimerHandler> listeners = task.listeners(event);
    if (listeners.isEmpty()) {
      return;
    }
    int firing = task.countListenerFiring(event);
    String source = task.name() + "@" + event.key();
    ObjectNode detail = JsonNodeFactory.instance.objectNode();
    detail.put("step", task.name());
    detail.put("event", event.key());
    detail.put("firing", firing);
    List<TimerHandler> actions =
        applicable(listeners, source, task, now, detail).stream().map(Applicable::handler).toList();
    recordEvent(now, "TaskListener", detail);
    if (!actions.isEmpty()) {
      triggered.add(
          new Expiry(source, task.name(), now, firing, actions, Expiry.Cause.TASK_EVENT, "LISTENER"));
    }
  }

  /**
   * The handlers whose condition holds, with roles in their recipients resolved; what was left
   * out and why goes into {@code detail}. A condition that cannot be evaluated is a warning, and
   * its handler does not run.
   */
  private List<Applicable> applicable(
      List<TimerHandler> handlers, String source, UserTask task, Instant now, ObjectNode detail) {
    List<Applicable> result = new ArrayList<>();
    for (int i = 0; i < handlers.size(); i++) {
      TimerHandler handler = handlers.get(i);
      if (handler.condition() != null) {
        ConditionResult holds = evaluate(handler.condition(), task);
        ObjectNode checked = detail.withArray("conditions").addObject();
        checked.put("handler", handlerName(handler, i));
        checked.put("condition", handler.condition());
        checked.put("result", holds.text());
        if (holds.error() != null) {
          addWarning(source, task == null ? null : task.name(),
              "condition of " + handlerName(handler, i) + " (" + source + ") could not be evaluated: "
                  + holds.error() + "; it did not run", now);
        }
        if (!holds.holds()) {
          continue;
        }
      }
      result.add(new Applicable(handlerName(handler, i), withRoles(handler, task, source, now)));
    }
    return result;
  }

  /** A handler that runs, under the name that orders it. */
  private record Applicable(String name, TimerHandler handler) {}

  /** A condition's value now: true, false, or the error that kept it from being evaluated. */
  record ConditionResult(boolean holds, String error) {
    String text() {
      return error != null ? "error: " + error : String.valueOf(holds);
    }
  }

  private ConditionResult evaluate(String expression, UserTask task) {
    try {
      return new ConditionResult(
          Condition.compile(expression).evaluate(data, stepVariables(task), processVariables()), null);
    } catch (RuleViolation e) {
      return new ConditionResult(false, e.reason());
    }
  }

  private static Map<String, Object> stepVariables(UserTask task) {
    Map<String, Object> step = new HashMap<>();
    if (task != null) {
      step.put("name", task.name());
      step.put("title", task.title());
      step.put("state", task.state().name());
      step.put("owner", task.owner().orElse(null));
      step.put("approvers", task.approvers());
    }
    return step;
  }

  private Map<String, Object> processVariables() {
    Map<String, Object> process = new HashMap<>();
    process.put("requestId", requestId);
    process.put("title", title);
    process.put("requester", requester);
    process.put("state", state.name());
    return process;
  }

  static String handlerName(TimerHandler handler, int index) {
    return handler.name() != null ? handler.name() : handler.action() + "#" + (index + 1);
  }

  /** Recipients of notify and reassign with the roles replaced by the people they stand for now. */
  private TimerHandler withRoles(TimerHandler handler, UserTask task, String source, Instant now) {
    List<String> to =
        handler instanceof TimerHandler.Notify notify
            ? notify.to()
            : handler instanceof TimerHandler.Reassign reassign ? reassign.to() : null;
    if (to == null) {
      return handler;
    }
    People people = people(to, task);
    people.nobody().forEach(role -> addWarning(source, task == null ? null : task.name(),
        "'" + role + "' named by " + source + " is nobody at the moment", now));
    return handler instanceof TimerHandler.Notify notify
        ? new TimerHandler.Notify(people.names(), notify.message(), notify.subject(), notify.name(), notify.condition())
        : new TimerHandler.Reassign(people.names(), handler.name(), handler.condition());
  }

  /** Names with the roles replaced, and the roles that stood for nobody. */
  private record People(List<String> names, List<String> nobody) {}

  private People people(List<String> to, UserTask task) {
    List<String> names = new ArrayList<>();
    List<String> nobody = new ArrayList<>();
    for (String name : to) {
      Optional<String> owner = task == null ? Optional.empty() : task.owner();
      switch (name) {
        case "potentialOwners" -> {
          if (task == null) {
            nobody.add(name);
          } else {
            names.addAll(task.approvers());
          }
        }
        case "owner" -> owner.ifPresentOrElse(names::add, () -> nobody.add(name));
        case "requester" -> {
          if (requester == null) {
            nobody.add(name);
          } else {
            names.add(requester);
          }
        }
        // Managers are in the worker's directory: the notification activity resolves them.
        case "manager" -> {
          if (requester == null) {
            nobody.add(name);
          } else {
            names.add("manager:" + requester);
          }
        }
        default -> names.add(name);
      }
    }
    return new People(names.stream().distinct().toList(), nobody);
  }

  /** Listener runs and reassignment notices queued since the last call, oldest first. */
  public List<Expiry> drainTriggered() {
    List<Expiry> drained = List.copyOf(triggered);
    triggered.clear();
    return drained;
  }

  // ---- timers expiring ---------------------------------------------------------------------

  /**
   * Expires every running timer whose expiration date has been reached, in expiration-date then
   * name order, recording a TimerExpired event for each firing. A deadline's escalations run only
   * when their condition holds; of the reassignments that fire at once, only the first in lexical
   * order (timer, then escalation name) applies. Listener runs this causes are queued ({@link
   * #drainTriggered}).
   */
  public List<Expiry> expireDue(Instant now) {
    if (state != ProcessState.ACTIVE) {
      return List.of();
    }
    List<BusinessTimer> due =
        timers.values().stream().filter(t -> t.isDue(now)).sorted(EXPIRY_ORDER).toList();
    List<Expiry> expiries = new ArrayList<>();
    List<PendingReassignment> reassignments = new ArrayList<>();
    for (BusinessTimer timer : due) {
      UserTask task = timer.step().flatMap(this::stepNamed).orElse(currentTask());
      List<BusinessTimer.Firing> firings = timer.expire(now);
      for (BusinessTimer.Firing firing : firings) {
        ObjectNode detail = JsonNodeFactory.instance.objectNode();
        detail.put("timer", timer.name());
        detail.put("expiresAt", firing.dueAt().toString());
        detail.put("firing", firing.number());
        List<Applicable> handlers = applicable(timer.handlers(), timer.name(), task, now, detail);
        recordEvent(now, "TimerExpired", detail);
        List<TimerHandler> others = new ArrayList<>();
        for (Applicable applicable : handlers) {
          if (applicable.handler() instanceof TimerHandler.Reassign reassign) {
            reassignments.add(
                new PendingReassignment(
                    timer.name() + "." + applicable.name(), timer, firing, reassign, task));
          } else {
            others.add(applicable.handler());
          }
        }
        expiries.add(
            new Expiry(
                timer.name(), timer.step().orElse(null), firing.dueAt(), firing.number(), others,
                causeOf(timer), timer.kind().name()));
      }
      if (!firings.isEmpty() && !timer.isCycle() && task != null && timer.step().isPresent()) {
        fireListeners(task, TaskListenerEvent.TIMEOUT, now);
      }
    }
    reassignFirst(reassignments, now);
    return expiries;
  }

  private static Expiry.Cause causeOf(BusinessTimer timer) {
    if (timer.isCycle()) {
      return Expiry.Cause.REMINDER;
    }
    return timer.kind().isDeadline() ? Expiry.Cause.DEADLINE_ESCALATED : Expiry.Cause.TIMER_EXPIRED;
  }

  private record PendingReassignment(
      String order, BusinessTimer timer, BusinessTimer.Firing firing, TimerHandler.Reassign handler, UserTask task) {}

  /**
   * WS-HumanTask: "In the case where several reassignment escalations are triggered, the first
   * reassignment (lexical order) MUST be considered for execution". The task returns to READY and
   * its new potential owners are told.
   */
  private void reassignFirst(List<PendingReassignment> reassignments, Instant now) {
    if (reassignments.isEmpty()) {
      return;
    }
    List<PendingReassignment> ordered =
        reassignments.stream().sorted(Comparator.comparing(PendingReassignment::order)).toList();
    PendingReassignment first = ordered.get(0);
    ObjectNode detail = JsonNodeFactory.instance.objectNode();
    detail.put("escalation", first.order());
    detail.putPOJO("superseded", ordered.subList(1, ordered.size()).stream().map(PendingReassignment::order).toList());
    UserTask task = first.task();
    if (task == null || !task.isOpen() || state != ProcessState.ACTIVE) {
      detail.put("applied", false);
      recordEvent(now, "Reassignment", detail);
      return;
    }
    task.reassign(first.handler().to());
    detail.put("applied", true);
    detail.putPOJO("potentialOwners", task.approvers());
    recordEvent(now, "Reassignment", detail);
    acceptanceTimer(task).ifPresent(t -> t.ensureRunning(now));
    fireListeners(task, TaskListenerEvent.UPDATED, now);
    triggered.add(
        new Expiry(
            first.timer().name() + Expiry.REASSIGNED_SUFFIX, task.name(), now, first.firing().number(),
            List.of(new TimerHandler.Notify(task.approvers(), null)), Expiry.Cause.REASSIGNED,
            first.timer().kind().name()));
  }

  /** The running timer that expires first, if any: what the one server timer must wait for. */
  public Optional<BusinessTimer> nextToExpire() {
    return timers.values().stream().filter(BusinessTimer::awaitsExpiry).min(EXPIRY_ORDER);
  }

  /**
   * A {@code decide} handler: ends the current step with {@code outcome}, decided by the timer.
   *
   * @return false when there is nothing left to decide (the process ended meanwhile, or the step
   *     a step timer observes is no longer the current one, or the step has no such outcome)
   */
  public boolean decide(Outcome outcome, String timerName, Instant now) {
    return decide(outcome.name(), timerName, now);
  }

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
      checkOutcome(currentTask(), outcome);
    } catch (RuleViolation noSuchOutcome) {
      addWarning(timerName, currentTask().name(), "decide on expiry of " + timerName + " not applied: "
          + noSuchOutcome.reason(), now);
      return false;
    }
    completeCurrent(outcomeName(outcome), "timer:" + timerName, "decided on expiry of timer " + timerName, now);
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
    return timers.values().stream().map(this::info).toList();
  }

  private TimerInfo info(BusinessTimer t) {
    return new TimerInfo(
        t.name(),
        t.kind().name(),
        t.step().orElse(null),
        t.state().name(),
        t.limit().text(),
        t.expiresAt().map(Instant::toString).orElse(null),
        t.expired(),
        t.cleared(),
        t.firings(),
        derivation(t));
  }

  /** How {@code t}'s date came about, in words and values. */
  private TimerDerivation derivation(BusinessTimer t) {
    String base = t.base().map(Instant::toString).orElse(null);
    String from = base != null ? base : "when it starts running";
    String rule;
    if (t.limit() instanceof TimeLimit.Absolute absolute) {
      rule = "fixed date " + absolute.text();
    } else if (t.limit() instanceof TimeLimit.Working working) {
      rule = from + " + " + working.duration() + " of working time";
    } else if (t.limit() instanceof TimeLimit.Repeating repeating) {
      rule = "every " + new TimeLimit.Relative(repeating.cycle().interval()).text() + " from " + from
          + (repeating.cycle().repetitions() == null
              ? ", until cleared"
              : ", " + repeating.cycle().repetitions() + " times")
          + "; " + t.occurrencesDone() + " occurrences dealt with, " + t.firings() + " fired";
    } else {
      rule = from + " + " + t.limit().text();
    }
    return new TimerDerivation(
        rule,
        base,
        t.limit() instanceof TimeLimit.Working && calendarSettings != null ? calendarSettings.describe() : null,
        t.isCycle() ? t.catchUp().text() : null,
        t.changes());
  }

  /**
   * A suspended approval's date that had not passed when it last ran: it happens then if the
   * approval is resumed by then, else on resume. (Workflow code cannot read the clock while
   * nothing happens to a suspended approval; a client compares the date with its own.)
   */
  public static final String AT_IF_RESUMED = "at, if resumed by then";

  /** Occurrences of a cycle the plan lists. */
  static final int PLANNED_OCCURRENCES = 10;

  /**
   * Every future expiry, reminder and escalation with its date and targets, as they would happen
   * if nothing changes: the current step stays undecided, the data stays as it is. A date that
   * passed while the approval is suspended happens on resume (a cycle's as its catch-up policy
   * says). Conditions are evaluated against the data now.
   */
  public List<PlanEntry> plan(Instant now) {
    if (state.isEnded()) {
      return List.of();
    }
    boolean suspended = state == ProcessState.SUSPENDED;
    List<PlanEntry> entries = new ArrayList<>();
    // Sorted below by date and timer; a stable sort keeps each timer's handlers in their order.
    for (BusinessTimer timer : timers.values()) {
      List<Instant> dates = plannedDates(timer, now, suspended);
      if (dates.isEmpty()) {
        continue;
      }
      UserTask task = timer.step().flatMap(this::stepNamed).orElse(currentTask());
      // Conditions and targets are as they stand now: the same for every coming firing.
      List<String> conditionsNow = new ArrayList<>();
      List<List<String>> targets = new ArrayList<>();
      for (TimerHandler handler : timer.handlers()) {
        conditionsNow.add(handler.condition() == null ? null : evaluate(handler.condition(), task).text());
        targets.add(targets(handler, task));
      }
      for (int d = 0; d < dates.size(); d++) {
        Instant at = dates.get(d);
        String when = !suspended ? "at" : at.isAfter(now) ? AT_IF_RESUMED : "on resume";
        int firing = timer.firings() + d + 1;
        for (int i = 0; i < timer.handlers().size(); i++) {
          TimerHandler handler = timer.handlers().get(i);
          entries.add(
              new PlanEntry(at.toString(), when, timer.name(), timer.kind().name(), timer.step().orElse(null),
                  firing, handler.action(), handlerName(handler, i), targets.get(i),
                  handler.condition(), conditionsNow.get(i), null));
        }
      }
    }
    entries.sort(Comparator.comparing(PlanEntry::at).thenComparing(PlanEntry::timer));
    List<PlanEntry> planned = supersededReassignments(entries);
    // A query answer stays far below Temporal's 2 MB: the soonest entries are the ones that matter.
    return planned.size() <= MAX_PLAN_ENTRIES ? planned : planned.subList(0, MAX_PLAN_ENTRIES);
  }

  /** The most entries {@link #plan} lists. */
  public static final int MAX_PLAN_ENTRIES = 500;

  private static List<Instant> plannedDates(BusinessTimer timer, Instant now, boolean suspended) {
    List<Instant> dates = timer.upcoming(PLANNED_OCCURRENCES);
    if (!suspended || !timer.isCycle()) {
      return dates;
    }
    List<Instant> missed = dates.stream().filter(d -> !d.isAfter(now)).toList();
    List<Instant> later = dates.stream().filter(d -> d.isAfter(now)).toList();
    List<Instant> planned = new ArrayList<>(
        switch (timer.catchUp()) {
          case FIRE_ALL -> missed;
          case FIRE_ONCE -> missed.isEmpty() ? List.<Instant>of() : List.of(missed.get(missed.size() - 1));
          case SKIP -> List.<Instant>of();
        });
    planned.addAll(later);
    return planned;
  }

  private List<String> targets(TimerHandler handler, UserTask task) {
    if (handler instanceof TimerHandler.Notify notify) {
      return people(notify.to(), task).names();
    }
    if (handler instanceof TimerHandler.Reassign reassign) {
      return people(reassign.to(), task).names();
    }
    if (handler instanceof TimerHandler.Decide decide) {
      return List.of(decide.outcome());
    }
    return List.of();
  }

  /** Of reassignments planned for the same moment, all but the lexically first are noted. */
  private static List<PlanEntry> supersededReassignments(List<PlanEntry> entries) {
    Map<String, String> firstAt = new HashMap<>();
    for (PlanEntry e : entries) {
      if (e.action().equals("reassign") && !"false".equals(e.conditionNow())) {
        String key = e.timer() + "." + e.name();
        firstAt.merge(e.at(), key, (a, b) -> a.compareTo(b) <= 0 ? a : b);
      }
    }
    return entries.stream()
        .map(e -> {
          String first = firstAt.get(e.at());
          String key = e.timer() + "." + e.name();
          if (!e.action().equals("reassign") || first == null || first.equals(key)
              || "false".equals(e.conditionNow())) {
            return e;
          }
          return new PlanEntry(e.at(), e.when(), e.timer(), e.kind(), e.step(), e.firing(), e.action(),
              e.name(), e.targets(), e.condition(), e.conditionNow(),
              "superseded by " + first + " (the first reassignment in lexical order wins)");
        })
        .toList();
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
                        s.outcome().orElse(null),
                        s.decidedBy().orElse(null),
                        s.comment().orElse(null),
                        s.completedAt().map(Instant::toString).orElse(null),
                        s.outcomeNames().isEmpty() ? null : s.outcomeNames()))
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
