package dev.overdue.model.command;

import dev.overdue.api.ApprovalCommand;
import dev.overdue.model.ProcessState;
import dev.overdue.model.RuleViolation;
import dev.overdue.model.request.TaskListenerEvent;
import dev.overdue.model.schedule.IsoDuration;
import dev.overdue.model.schedule.TimeLimit;
import dev.overdue.model.task.UserTask;
import dev.overdue.model.timer.BusinessTimer;
import dev.overdue.model.timer.TimerEvent;
import dev.overdue.model.timer.TimerState;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Optional;

/**
 * The commands on one timer: {@code enableTimer} and {@code disableTimer} (users switch their own
 * timers, never a system timer) and {@code extendDeadline} (a new limit, or {@code by} later).
 * Each checks in full and returns its {@link Change}, as every rule of {@link CommandRules} does.
 */
final class TimerCommands {
  private final CommandContext process;

  TimerCommands(CommandContext process) {
    this.process = process;
  }

  /** Users switch their own timers; the process switches its system timers itself. */
  Change switchTimer(String name, String user, TimerEvent event, Instant now) {
    BusinessTimer timer = process.timers().known(name);
    if (timer.kind().isSystem()) {
      throw new RuleViolation(
          "timer " + name + " is a system timer: the process switches it itself (extendDeadline can move it)");
    }
    RuleChecks.refuse(timer.switchRefusal(event, process.state() == ProcessState.SUSPENDED));
    return () -> {
      timer.switchBy(event, now, RuleChecks.who(user));
      if (event == TimerEvent.ENABLE && timer.state() == TimerState.OFF) {
        return "timer " + name + " stays off: its limit " + timer.limit().text() + " gave no date (see the warnings)";
      }
      return event == TimerEvent.ENABLE
          ? "timer " + name + " enabled" + expiresText(timer)
          : "timer " + name + " disabled";
    };
  }

  Change extend(ApprovalCommand.ExtendDeadline c, Instant now) {
    TimeLimit given = CommandInputs.limit(c.limit());
    IsoDuration by = CommandInputs.duration(c.by());
    BusinessTimer timer = process.timers().known(c.timer());
    RuleChecks.refuse(timer.refusal(TimerEvent.EXTEND));
    CommandInputs.requireOneOf(c);
    TimeLimit limit = newLimit(timer, given, by, now);
    boolean postponedPastItsEnd =
        timer.isCycle() && by != null && timer.nextIfPostponed(by).isEmpty();
    if (postponedPastItsEnd) {
      throw new RuleViolation(
          "timer " + c.timer() + ": postponed by " + by.text()
              + " its cycle has no occurrence left (" + timer.limit().text()
              + "): give a new limit instead");
    }
    return () -> {
      if (timer.isCycle() && by != null) {
        timer.postponeCycle(by, now, RuleChecks.who(c.user()));
      } else {
        timer.setLimit(limit, now, RuleChecks.who(c.user()));
      }
      timer.step().flatMap(process::stepNamed).filter(UserTask::isOpen)
          .ifPresent(task -> process.notices().fireListeners(task, TaskListenerEvent.UPDATED, now));
      return "timer " + c.timer() + " limit " + timer.limit().text() + expiresText(timer);
    };
  }

  /**
   * The limit an extension gives: {@code given}, or {@code by} later than the date the timer has
   * (or, with an absolute limit not yet running, will have). For a cycle, {@code by} moves the
   * remaining occurrences; this checks that the next one lands in the future.
   */
  private TimeLimit newLimit(BusinessTimer timer, TimeLimit given, IsoDuration by, Instant now) {
    TimeLimit limit = given;
    if (by != null) {
      if (by.isZero()) {
        throw new RuleViolation("'by' must be a positive duration: it moves the date later");
      }
      Instant from =
          timer.expiresAt()
              .or(() -> timer.limit() instanceof TimeLimit.Absolute absolute
                  ? Optional.of(absolute.at().toInstant())
                  : Optional.empty())
              .orElseThrow(
                  () ->
                      new RuleViolation(
                          "timer " + timer.name() + " has no expiration date yet (it has not run since"
                              + " its limit was set): give a new 'limit' instead of 'by'"));
      try {
        ZoneId zone = IsoDuration.dayZone(true, process.calendar());
        limit = new TimeLimit.Absolute(by.addTo(from, zone).atOffset(ZoneOffset.UTC));
      } catch (DateTimeException | ArithmeticException e) {
        throw new RuleViolation("the new deadline is too far in the future");
      }
    }
    if (limit instanceof TimeLimit.Absolute absolute && !absolute.at().toInstant().isAfter(now)) {
      throw new RuleViolation(
          "the new deadline " + absolute.text() + " is not in the future (now " + now + ")");
    }
    boolean needsCalendar =
        limit instanceof TimeLimit.Working
            || (limit instanceof TimeLimit.Repeating repeating && repeating.cycle().needsCalendar());
    if (needsCalendar && process.calendar() == null) {
      throw new RuleViolation(
          "this approval counts no working time (it started without a business limit, so it has no"
              + " business calendar): give an elapsed duration or a date-time");
    }
    boolean tooFar;
    try {
      tooFar = TimeLimit.tooFarAhead(limit.expirationFrom(now, process.calendar()), now);
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

  private static String expiresText(BusinessTimer timer) {
    return timer.expiresAt().map(at -> ", expires " + at).orElse(", expiration date set when it next runs");
  }
}
