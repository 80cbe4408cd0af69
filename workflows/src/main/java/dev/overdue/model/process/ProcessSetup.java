package dev.overdue.model.process;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.overdue.api.ApprovalRequest;
import dev.overdue.api.ApprovalRequest.DeadlineDefinition;
import dev.overdue.api.ApprovalRequest.HandlerDefinition;
import dev.overdue.api.ApprovalRequest.StepDefinition;
import dev.overdue.api.ApprovalRequest.TimerDefinition;
import dev.overdue.api.HistoryEntry;
import dev.overdue.api.KeyFacts;
import dev.overdue.api.TimerChange;
import dev.overdue.model.ProcessState;
import dev.overdue.model.RuleViolation;
import dev.overdue.model.auth.AuthPolicy;
import dev.overdue.model.request.DeadlineFrom;
import dev.overdue.model.request.HandlerDefinitions;
import dev.overdue.model.request.RequestLimits;
import dev.overdue.model.request.RequestValidator;
import dev.overdue.model.schedule.CalendarSettings;
import dev.overdue.model.schedule.Cycle;
import dev.overdue.model.schedule.TimeLimit;
import dev.overdue.model.task.PotentialOwners;
import dev.overdue.model.task.SeparationOfDuties;
import dev.overdue.model.task.UserTask;
import dev.overdue.model.timer.BusinessTimer;
import dev.overdue.model.timer.ProcessTimers;
import dev.overdue.model.timer.TimerKind;
import dev.overdue.model.timer.TimerSnapshot;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.stream.IntStream;

/**
 * How an approval comes to be: from a request, validated and turned into tasks and timers, when it
 * starts; from a {@link ProcessSnapshot} when it continues in a new run; and the snapshot itself.
 */
final class ProcessSetup {
  private ProcessSetup() {}

  /**
   * Validates {@code request}, then starts the approval: the process timer runs, the first step is
   * offered. {@code calendar} is the worker's business calendar as the workflow recorded it; it is
   * kept ({@link RequestValidator#needsCalendar}), office hours in UTC standing in when the worker
   * has none.
   */
  static ApprovalProcess start(
      ApprovalRequest request, Instant now, CalendarSettings calendar, Edition edition, AuthPolicy workerDefault,
      boolean standIns) {
    List<String> problems = RequestValidator.problems(request, now, calendar);
    if (!problems.isEmpty()) {
      throw new RuleViolation("invalid approval request: " + String.join("; ", problems));
    }
    AuthPolicy auth;
    try {
      auth = AuthPolicy.effective(workerDefault, request.auth());
    } catch (RuleViolation loosened) {
      throw new RuleViolation("invalid approval request: " + loosened.reason());
    }
    CalendarSettings kept =
        !RequestValidator.needsCalendar(request)
            ? null
            : calendar != null ? calendar : CalendarSettings.officeHours();
    ApprovalProcess process =
        new ApprovalProcess(
            edition, request.requestId(), request.title(), request.requester(), request.data(), kept);
    process.choose(new StartChoices(auth, request.notifyOffered(), standIns));
    process.administrators().name(request.businessAdministrators());
    process.keepKeyFields(KeyFacts.columns(request));
    RequestLimits limits = new RequestLimits(request.calendar(), process.calendar());
    addTimer(process, ProcessTimers.PROCESS, TimerKind.PROCESS, null, limits.of(request.timeout(), null),
        request.onTimeout(), null);
    for (StepDefinition step : request.steps()) {
      UserTask task =
          new UserTask(step.name(), step.title(),
              PotentialOwners.candidates(step.approvers(), step.candidateGroups()), step.assignee(),
              step.outcomes(), step.listeners());
      if (step.priority() != null) {
        task.setPriority(step.priority());
      }
      task.setDuties(SeparationOfDuties.of(step));
      task.setForm(step.form());
      task.setSkippable(Boolean.TRUE.equals(step.skippable()));
      task.setFollowUpLimit(limits.of(step.followUp(), null));
      process.steps().add(task);
      addTimer(process, step.name() + ProcessTimers.ACCEPTANCE_SUFFIX, TimerKind.ACCEPTANCE, step.name(),
          limits.of(step.offerTimeout(), null), step.onOfferTimeout(), null);
      addTimer(process, step.name() + ProcessTimers.COMPLETION_SUFFIX, TimerKind.COMPLETION, step.name(),
          limits.of(step.timeout(), null), step.onTimeout(), null);
      for (DeadlineDefinition deadline : step.startDeadlines()) {
        addDeadline(process, step.name(), TimerKind.START_DEADLINE, deadline, limits);
      }
      for (DeadlineDefinition deadline : step.completionDeadlines()) {
        TimerKind kind = DeadlineFrom.CLAIM.equals(deadline.from()) ? TimerKind.CLAIM_DEADLINE : TimerKind.COMPLETION_DEADLINE;
        addDeadline(process, step.name(), kind, deadline, limits);
      }
    }
    for (TimerDefinition timer : request.timers()) {
      TimeLimit limit =
          timer.cycle() != null
              ? new TimeLimit.Repeating(limits.cycle(timer.cycle(), timer.endDate(), timer.calendar()))
              : limits.of(timer.limit(), timer.calendar());
      addTimer(process, timer.name(), TimerKind.USER, null, limit, timer.handlers(), timer.catchUp());
    }
    process.timers().get(ProcessTimers.PROCESS).ifPresent(t -> t.ensureRunning(now));
    if (!request.businessAdministrators().isEmpty() && !request.steps().isEmpty()) {
      // Groups among them stand for their members: the directory says who, as for candidate groups.
      process.ownerLookups().administrators(request.businessAdministrators());
    }
    process.flow().activate(0, now);
    return process;
  }

  /** A WS-HumanTask deadline of {@code step}: a timer named {@code <step>.<deadline>}. */
  private static void addDeadline(
      ApprovalProcess process, String step, TimerKind kind, DeadlineDefinition deadline, RequestLimits limits) {
    String calendar = deadline.calendar();
    TimeLimit limit =
        deadline.cycle() != null
            ? new TimeLimit.Repeating(limits.cycle(deadline.cycle(), deadline.endDate(), calendar))
            : limits.of(deadline.forDuration() != null ? deadline.forDuration() : deadline.until(), calendar);
    addTimer(process, step + "." + deadline.name(), kind, step, limit, deadline.escalations(),
        deadline.catchUp());
  }

  /** Only timers with a limit exist. */
  private static void addTimer(
      ApprovalProcess process, String name, TimerKind kind, String step, TimeLimit limit,
      List<HandlerDefinition> handlers, String catchUp) {
    if (limit != null) {
      BusinessTimer timer =
          new BusinessTimer(
              name, kind, step, limit, HandlerDefinitions.handlers(handlers), Cycle.CatchUp.parse(catchUp));
      timer.useCalendar(process.calendar());
      timer.useEvaluator(process.limitExpressions());
      process.timers().add(timer);
    }
  }

  /** All state but the audit trail, to continue in a new run. */
  static ProcessSnapshot snapshot(ApprovalProcess process) {
    return new ProcessSnapshot(
        process.requestId(),
        process.title(),
        process.requester(),
        process.state().name(),
        process.flow().suspendedReason(),
        process.flow().currentIndex(),
        process.flow().decidedBy(),
        process.flow().comment(),
        Objects.toString(process.flow().completedAt(), null),
        process.steps().stream().map(UserTask::snapshot).toList(),
        timerSnapshots(process),
        process.warnings(),
        process.data(),
        process.calendarSettings(),
        process.warningCount(),
        process.authPolicy().keyUnlessOff(),
        process.choices().notifyOffered(),
        process.businessAdministrators().isEmpty() ? null : process.businessAdministrators(),
        process.commentThread().count() == 0 ? null : process.comments(),
        process.commentThread().count() == 0 ? null : process.commentThread().count(),
        process.choices().keepsStandIns() ? Boolean.TRUE : null,
        process.administrators().resolved(),
        process.keyFields().isEmpty() ? null : process.keyFields());
  }

  /**
   * The changes a continued run carries across all timers: the latest 200.
   * Each timer remembers its latest {@link BusinessTimer#MAX_CHANGES}, but an approval may have
   * 1,201 timers (50 steps of 20 deadlines and 2 system timers, 100 user timers, the process's):
   * 24,020 changes, megabytes. 200 is ten timers' worth, at most a few hundred KB even with the
   * longest names and limits; the others are in the trails of the runs that made them.
   */
  static final int MAX_CARRIED_CHANGES = 200;

  /**
   * Every timer's snapshot, with its count of changes and, of all timers' changes, only the latest {@link #MAX_CARRIED_CHANGES} (by date; among changes made at once,
   * the timer listed first).
   */
  private static List<TimerSnapshot> timerSnapshots(ApprovalProcess process) {
    List<BusinessTimer> timers = List.copyOf(process.timers().all());
    int[] carried = timers.stream().mapToInt(t -> t.changes().size()).toArray();
    if (IntStream.of(carried).sum() > MAX_CARRIED_CHANGES) {
      record Change(int timer, int index, Instant at) {}
      List<Change> all = new ArrayList<>();
      for (int i = 0; i < timers.size(); i++) {
        List<TimerChange> changes = timers.get(i).changes();
        for (int j = 0; j < changes.size(); j++) {
          all.add(new Change(i, j, Instant.parse(changes.get(j).at())));
        }
      }
      all.sort(
          Comparator.comparing(Change::at).reversed()
              .thenComparingInt(Change::timer)
              .thenComparing(Comparator.comparingInt(Change::index).reversed()));
      Arrays.fill(carried, 0);
      // A timer's changes are in date order, so the latest of all are the latest of each.
      all.subList(0, MAX_CARRIED_CHANGES).forEach(change -> carried[change.timer()]++);
    }
    List<TimerSnapshot> snapshots = new ArrayList<>();
    for (int i = 0; i < timers.size(); i++) {
      snapshots.add(timers.get(i).snapshot(carried[i]));
    }
    return snapshots;
  }

  /** The approval as it was snapshotted; its audit trail starts with a continued-as-new entry. */
  static ApprovalProcess restore(
      ProcessSnapshot snapshot, String previousRunId, Instant now, Edition edition) {
    ApprovalProcess process =
        new ApprovalProcess(
            edition, snapshot.requestId(), snapshot.title(), snapshot.requester(), snapshot.data(),
            snapshot.calendar());
    process.restoreState(
        ProcessState.valueOf(snapshot.state()),
        snapshot.suspendedReason(),
        snapshot.current(),
        snapshot.decidedBy(),
        snapshot.comment(),
        snapshot.completedAt() == null ? null : Instant.parse(snapshot.completedAt()),
        snapshot.warnings(),
        snapshot.warningCount());
    process.choose(new StartChoices(AuthPolicy.ofKeyUnlessOff(snapshot.auth()), snapshot.notifyOffered(),
        Boolean.TRUE.equals(snapshot.standIns())));
    process.administrators().name(snapshot.businessAdministrators());
    process.commentThread().restore(snapshot.comments(), snapshot.commentCount());
    process.administrators().resolve(snapshot.administratorUsers());
    process.keepKeyFields(snapshot.keyFields());
    snapshot.steps().forEach(step -> process.steps().add(UserTask.restore(step)));
    snapshot.timers()
        .forEach(saved -> {
          BusinessTimer timer = BusinessTimer.restore(saved, process.calendar());
          timer.useEvaluator(process.limitExpressions());
          process.timers().add(timer);
        });
    process.ownerLookups().restored();
    ObjectNode detail = JsonNodeFactory.instance.objectNode();
    detail.put("previousRunId", previousRunId);
    process.trail().event(now, HistoryEntry.CONTINUED_AS_NEW, detail);
    return process;
  }
}
