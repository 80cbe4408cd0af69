package dev.overdue.model.timer;

import static dev.overdue.model.timer.TimerEvent.CLEAR;
import static dev.overdue.model.timer.TimerEvent.DISABLE;
import static dev.overdue.model.timer.TimerEvent.ENABLE;
import static dev.overdue.model.timer.TimerEvent.EXPIRE;
import static dev.overdue.model.timer.TimerEvent.EXTEND;
import static dev.overdue.model.timer.TimerEvent.RESUME;
import static dev.overdue.model.timer.TimerEvent.SUSPEND;
import static dev.overdue.model.timer.TimerState.CLEARED;
import static dev.overdue.model.timer.TimerState.OFF;
import static dev.overdue.model.timer.TimerState.RUNNING;
import static dev.overdue.model.timer.TimerState.SUSPENDED;

import dev.overdue.model.TransitionTable;

/**
 * The whole timer lifecycle as one table: every (state, event) pair either moves the timer, with
 * the effect {@link BusinessTimer} gives it, or is refused with its reason. The rules are those of
 * a workflow server's business timers: the expiration date is fixed when the timer first runs after
 * a new time limit and kept through disable/enable and suspend/resume; a suspended process's
 * timers cannot be switched; a date that passes while suspended expires on resume.
 */
public final class TimerLifecycle {
  private TimerLifecycle() {}

  private static final String CLEARED_FOR_GOOD = "the timer was cleared: its task or process has ended";

  public static final TransitionTable<TimerState, TimerEvent> TABLE =
      TransitionTable.of(TimerState.class, TimerEvent.class)
          .allow(OFF, ENABLE, RUNNING, "fixes the expiration date unless it has one")
          .reject(OFF, DISABLE, "the timer is already off")
          // "Suspending a timer that is off has no effect on the timer's state."
          .allow(OFF, SUSPEND, OFF)
          .allow(OFF, RESUME, OFF)
          .allow(OFF, EXTEND, OFF, "new limit: the date is fixed when it next runs")
          .reject(OFF, EXPIRE, "the timer is off")
          .allow(OFF, CLEAR, CLEARED)
          .reject(RUNNING, ENABLE, "the timer is already running")
          .allow(RUNNING, DISABLE, OFF, "keeps its expiration date")
          .allow(RUNNING, SUSPEND, SUSPENDED, "keeps its expiration date")
          .reject(RUNNING, RESUME, "the timer is not suspended")
          .allow(RUNNING, EXTEND, RUNNING, "new limit: the date is fixed now, the flag lowered")
          .allow(RUNNING, EXPIRE, RUNNING, "raises the expiration flag, counts the firing")
          .allow(RUNNING, CLEAR, CLEARED)
          // "As long as a process is suspended, its timers cannot be enabled or disabled": while its
          // process is suspended every live timer answers these two by these rows, off ones too.
          .reject(SUSPENDED, ENABLE, "timers cannot be enabled while the process is suspended")
          .reject(SUSPENDED, DISABLE, "timers cannot be disabled while the process is suspended")
          .reject(SUSPENDED, SUSPEND, "the timer is already suspended")
          .allow(SUSPENDED, RESUME, RUNNING, "fixes the date after a new limit; a passed date expires")
          .allow(SUSPENDED, EXTEND, SUSPENDED, "new limit: the date is fixed on resume")
          .reject(SUSPENDED, EXPIRE, "a suspended timer does not expire: a passed date expires on resume")
          .allow(SUSPENDED, CLEAR, CLEARED)
          .reject(CLEARED, ENABLE, CLEARED_FOR_GOOD)
          .reject(CLEARED, DISABLE, CLEARED_FOR_GOOD)
          .reject(CLEARED, SUSPEND, CLEARED_FOR_GOOD)
          .reject(CLEARED, RESUME, CLEARED_FOR_GOOD)
          .reject(CLEARED, EXTEND, CLEARED_FOR_GOOD)
          .reject(CLEARED, EXPIRE, CLEARED_FOR_GOOD)
          .reject(CLEARED, CLEAR, "the timer is already cleared")
          .complete();
}
