package dev.overdue.model.timer;

import dev.overdue.model.schedule.CalendarSettings;
import dev.overdue.model.schedule.CronSchedule;
import dev.overdue.model.schedule.Cycle;
import dev.overdue.model.schedule.IsoDuration;

/**
 * A cycle's rule in words, for {@code timers --explain}: what repeats, from when, how often or
 * until when, and how far it has come.
 */
public final class CycleWords {
  private CycleWords() {}

  /**
   * {@code every PT4H from 2026-11-23T09:00:00Z, until cleared; 2 occurrences dealt with, 2 fired},
   * {@code every PT1H counted back from its end, from 2027-01-31T13:00:00Z, 3 times, the last an
   * interval before its end 2027-01-31T16:00:00Z; …},
   * {@code cron 0 0 9 ? * MON-FRI (at 09:00 every day between Monday and Friday) in Europe/Berlin,
   * on working days, none after …; 3 fired, the next after …}. {@code from} is the base as shown.
   */
  public static String rule(BusinessTimer timer, String from, CalendarSettings calendar) {
    Cycle cycle = timer.cycle();
    String ending =
        cycle
            .end()
            .map(end -> (cycle.countsBack() ? ", the last an interval before its end " : ", none after ") + end.toInstant())
            .orElse(cycle.repetitions() == null ? ", until cleared" : "");
    if (cycle.cron().isPresent()) {
      CronSchedule cron = cycle.cron().get();
      return "cron "
          + cron.text()
          + " ("
          + cron.describe()
          + ")"
          + (calendar == null ? "" : " in " + calendar.zone())
          + (cycle.business() ? ", on working days" : "")
          + ending
          + "; "
          + timer.firings()
          + " fired"
          + (timer.base().isPresent() ? ", the next time after " + from : "");
    }
    String every =
        cycle.workingTime() != null
            ? cycle.workingTime() + " of working time"
            : cycle.interval().text()
                + IsoDuration.inWords(cycle.interval(), timer.dayZone());
    return "every "
        + every
        + (cycle.start().isPresent() ? " from its start " : cycle.countsBack() ? " counted back from its end, from " : " from ")
        + from
        + (cycle.repetitions() == null ? "" : ", " + cycle.repetitions() + " times")
        + ending
        + "; "
        + timer.occurrencesDone()
        + " occurrences dealt with, "
        + timer.firings()
        + " fired";
  }
}
