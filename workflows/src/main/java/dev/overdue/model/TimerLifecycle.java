package dev.overdue.model;

import static dev.overdue.model.TimerEvent.DISABLE;
import static dev.overdue.model.TimerEvent.ENABLE;
import static dev.overdue.model.TimerEvent.RESUME;
import static dev.overdue.model.TimerEvent.SUSPEND;
import static dev.overdue.model.TimerState.OFF;
import static dev.overdue.model.TimerState.RUNNING;
import static dev.overdue.model.TimerState.SUSPENDED;

/** The timer lifecycle of seed 000, as one table. */
public final class TimerLifecycle {
  private TimerLifecycle() {}

  public static final TransitionTable<TimerState, TimerEvent> TABLE =
      TransitionTable.of(TimerState.class, TimerEvent.class)
          .allow(OFF, ENABLE, RUNNING)
          .reject(OFF, DISABLE, "the timer is already off")
          // "Suspending a timer that is off has no effect on the timer's state."
          .allow(OFF, SUSPEND, OFF)
          .allow(OFF, RESUME, OFF)
          .reject(RUNNING, ENABLE, "the timer is already running")
          .allow(RUNNING, DISABLE, OFF)
          .allow(RUNNING, SUSPEND, SUSPENDED)
          .reject(RUNNING, RESUME, "the timer is not suspended")
          // "As long as a process is suspended, its timers cannot be enabled or disabled."
          .reject(SUSPENDED, ENABLE, "timers cannot be enabled while the process is suspended")
          .reject(SUSPENDED, DISABLE, "timers cannot be disabled while the process is suspended")
          .reject(SUSPENDED, SUSPEND, "the timer is already suspended")
          .allow(SUSPENDED, RESUME, RUNNING)
          .complete();
}
