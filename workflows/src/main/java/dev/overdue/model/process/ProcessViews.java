package dev.overdue.model.process;

import dev.overdue.api.KeyFact;
import dev.overdue.api.StatusInfo;
import dev.overdue.api.StepInfo;
import dev.overdue.api.TimerDerivation;
import dev.overdue.api.TimerInfo;
import dev.overdue.model.schedule.CalendarSettings;
import dev.overdue.model.schedule.IsoDuration;
import dev.overdue.model.schedule.TimeLimit;
import dev.overdue.model.task.UserTask;
import dev.overdue.model.timer.BusinessTimer;
import dev.overdue.model.timer.CycleWords;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the {@code status} and {@code timers} queries show of an approval: its steps, its timers
 * with how each date came about (the derivation), its warnings. A cleared timer shows as {@code
 * OFF} with {@code cleared: true}.
 */
final class ProcessViews {
  private ProcessViews() {}

  static StatusInfo status(ApprovalProcess process) {
    List<StepInfo> steps =
        process.steps().stream()
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
                        s.outcomeNames().isEmpty() ? null : s.outcomeNames(),
                        s.owners().groups(),
                        s.owners().names(),
                        s.owners().assignee(),
                        s.priority(),
                        excluded(s, process),
                        s.formDefinition().orElse(null),
                        s.skippable() ? Boolean.TRUE : null,
                        s.delegatedBy().orElse(null),
                        s.isOpen() ? s.followUp().map(Instant::toString).orElse(null) : null))
            .toList();
    return new StatusInfo(
        process.requestId(),
        process.title(),
        process.requester(),
        process.state().name(),
        process.flow().suspendedReason(),
        process.state().isEnded() ? null : process.currentTask().name(),
        steps,
        timers(process),
        process.warnings(),
        process.data(),
        process.warningCount(),
        process.authPolicy().keyUnlessOff(),
        process.administrators().shown(),
        process.commentThread().count() == 0 ? null : process.comments(),
        process.commentThread().count() == 0 ? null : process.commentThread().count(),
        process.keyFields().isEmpty() ? null : process.keyFields().stream().map(KeyFact::key).toList(),
        labels(process.keyFields()));
  }

  /** The data form's titles of the key fields that have one; null when none has. */
  private static Map<String, String> labels(List<KeyFact> keyFields) {
    Map<String, String> labels = new LinkedHashMap<>();
    keyFields.stream().filter(field -> field.label() != null).forEach(field -> labels.put(field.key(), field.label()));
    return labels.isEmpty() ? null : labels;
  }

  /** The potential owners the four-eyes rules keep off {@code step} while it is open; null if none. */
  private static List<String> excluded(UserTask step, ApprovalProcess process) {
    if (!step.isOpen()) {
      return null;
    }
    List<String> excluded =
        step.duties().excluded(step.owners().names(), step.name(), process.requester(), process::stepNamed);
    return excluded.isEmpty() ? null : excluded;
  }

  static List<TimerInfo> timers(ApprovalProcess process) {
    return process.timers().all().stream().map(t -> info(t, process.calendarSettings())).toList();
  }

  private static TimerInfo info(BusinessTimer t, CalendarSettings calendar) {
    return new TimerInfo(
        t.name(),
        t.kind().name(),
        t.step().orElse(null),
        t.state().shown().name(),
        t.limit().text(),
        t.expiresAt().map(Instant::toString).orElse(null),
        t.expired(),
        t.cleared(),
        t.firings(),
        derivation(t, calendar));
  }

  /** How {@code t}'s date came about, in words and values. */
  private static TimerDerivation derivation(BusinessTimer t, CalendarSettings calendar) {
    String base = t.base().map(Instant::toString).orElse(null);
    String from = base != null ? base : "when it starts running";
    String rule;
    TimeLimit limit = t.effectiveLimit();
    if (limit instanceof TimeLimit.FromData) {
      rule = "the expression " + limit.text() + ", evaluated when the timer starts";
    } else if (limit instanceof TimeLimit.Absolute absolute) {
      rule = "fixed date " + absolute.text();
    } else if (limit instanceof TimeLimit.Working working) {
      rule = from + " + " + working.duration() + " of working time";
    } else if (t.isCycle()) {
      rule = CycleWords.rule(t, from, calendar);
    } else {
      rule = from + " + " + limit.text()
          + (limit instanceof TimeLimit.Relative relative ? IsoDuration.inWords(relative.duration(), t.dayZone()) : "");
    }
    if (t.limit() instanceof TimeLimit.FromData && limit != t.limit()) {
      rule = "the expression " + t.limit().text() + " gave " + limit.text() + ": " + rule;
    }
    return new TimerDerivation(
        rule,
        base,
        t.countsInCalendar() && calendar != null ? calendar.describe() : null,
        t.isCycle() ? t.catchUp().text() : null,
        t.changes(),
        t.changeCount());
  }
}
