package dev.overdue.model.schedule;

import dev.overdue.model.RuleViolation;
import dev.overdue.model.Texts;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * A repeating timer, in one of the forms requests write ({@link CycleText} reads them):
 *
 * <ul>
 *   <li>{@code R3/PT4H}: three times, four hours apart; {@code R/P1D} every day until cleared.
 *       Occurrence k (from 1) is due at {@code base + k × interval}, the base being when the timer
 *       started running.
 *   <li>{@code R5/2027-01-04T09:00/P1D}: from a fixed start, as Camunda 7's DurationHelperTest
 *       reads it: the first occurrence is the start, occurrence k is due at {@code start + (k − 1)
 *       × interval}. Those due before the timer started running are behind it, neither fired nor
 *       missed.
 *   <li>{@code R3/PT1H/2027-01-31T17:00}: counted back from the end, as ISO 8601 reads it: its intervals end there, each fires at its beginning (14:00, 15:00, 16:00).
 *   <li>{@code … until <date-time>} or a request's {@code endDate}: counted forward, none after the
 *       end, which is inclusive.
 *   <li>{@code 0 0 9 ? * MON-FRI}: a Quartz cron expression ({@link CronSchedule}), in the business
 *       calendar's zone.
 *   <li>{@code … business}: in working time. Occurrence k is {@code k × interval} of working time
 *       after the base ({@link BusinessCalendar#plus}), so it never drifts as repeated rounding
 *       would; a cron cycle fires on working days only.
 * </ul>
 *
 * <p>When occurrences were missed (the approval was suspended, or no worker ran it), the {@link
 * CatchUp} policy decides what fires now, so a resume never brings a burst of duplicates unless
 * {@code fire-all} asks for every one, in order. Every method is pure: given the base, the count
 * dealt with and the instants, it finds occurrences by arithmetic or bisection, never one by one.
 */
public final class Cycle {
  /** What happens to occurrences that fell due while nothing could fire them. */
  public enum CatchUp {
    /** The missed occurrences fire once, together, now (the default). */
    FIRE_ONCE,
    /** Every missed occurrence fires, oldest first. */
    FIRE_ALL,
    /** Missed occurrences are dropped; the cycle goes on with the next one. */
    SKIP;

    /** {@code fire-once}, {@code fire-all}, {@code skip}: as requests write it. */
    public String text() {
      return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    public static CatchUp parse(String text) {
      if (text == null) {
        return FIRE_ONCE;
      }
      try {
        return valueOf(text.trim().toUpperCase(Locale.ROOT).replace('-', '_'));
      } catch (IllegalArgumentException e) {
        throw new RuleViolation(
            "catchUp must be fire-once, fire-all or skip, got " + Texts.quote(text));
      }
    }
  }

  private final Long repetitions;

  /** The interval between occurrences ({@link IsoDuration}); null for working time and cron. */
  private final IsoDuration interval;

  /** Working time between occurrences ({@code PT4H}, {@code P1W}); null otherwise. */
  private final String workingTime;

  private final CronSchedule cron;
  /** As written: a zone in brackets is kept, and the cycle's days count in it. */
  private final ZonedDateTime start;
  private final ZonedDateTime end;

  /**
   * Counts back from its end, as ISO 8601 reads {@code R3/PT1H/<end>}: the intervals end at the
   * end, and each fires at its beginning.
   */
  private final boolean countsBack;

  /**
   * Counts in the business calendar: working time between occurrences, or a cron's working days.
   */
  private final boolean business;

  /**
   * Its days are calendar days in its zone; else (a cron or working-time cycle, which has no
   * days to count) UTC.
   */
  private final boolean calendarDays;

  /** {@code R<repetitions>/<interval>}: counted from when the timer runs, in elapsed time only. */
  public Cycle(Long repetitions, Duration interval) {
    this(repetitions, IsoDuration.elapsed(interval), true);
  }

  /** {@code R<repetitions>/<interval>}: counted from when the timer runs. */
  Cycle(Long repetitions, IsoDuration interval, boolean calendarDays) {
    this(repetitions, interval, null, null, null, null, false, false, calendarDays);
  }

  Cycle(
      Long repetitions,
      IsoDuration interval,
      String workingTime,
      CronSchedule cron,
      ZonedDateTime start,
      ZonedDateTime end,
      boolean business,
      boolean countsBack,
      boolean calendarDays) {
    if (repetitions != null && repetitions < 1) {
      throw new RuleViolation("a cycle repeats at least once");
    }
    if (cron == null && workingTime == null) {
      if (interval == null || interval.isZero()) {
        throw new RuleViolation("a cycle needs a positive interval");
      }
      if (interval.nominal().compareTo(MIN_INTERVAL) < 0) {
        throw new RuleViolation(
            "a cycle's interval is at least one minute (PT1M), got " + interval);
      }
    }
    if (workingTime != null) {
      WorkingIntervals.check(workingTime);
    }
    if (countsBack) {
      try {
        end.toInstant().minus(interval.nominal().multipliedBy(repetitions == null ? 1 : repetitions));
      } catch (ArithmeticException | DateTimeException beforeAnyDate) {
        throw new RuleViolation("a cycle counted back from " + end + " repeats too often");
      }
    }
    if (start != null && end != null && !start.toInstant().isBefore(end.toInstant())) {
      throw new RuleViolation("a cycle's start " + start + " is not before its end " + end);
    }
    this.repetitions = repetitions;
    this.interval = interval;
    this.workingTime = workingTime;
    this.cron = cron;
    this.start = start;
    this.end = end;
    this.business = business;
    this.countsBack = countsBack;
    this.calendarDays = calendarDays;
  }

  /** Any form ({@link CycleText}); a date-time without offset is read in {@code zone}. */
  public static Cycle parse(String text, ZoneId zone) {
    return CycleText.parse(text, zone);
  }

  public static Cycle parse(String text) {
    return parse(text, null);
  }

  /** This cycle ending at {@code at} (inclusive). */
  public Cycle endingAt(ZonedDateTime at) {
    return new Cycle(repetitions, interval, workingTime, cron, start, at, business, false, calendarDays);
  }

  /**
   * The cycle as {@link #parse} reads it: {@code R5/2027-01-04T09:00+01:00/P1D until … business}.
   */
  public String text() {
    String times =
        cron != null
            ? cron.text()
            : "R"
                + (repetitions == null ? "" : repetitions)
                + "/"
                + (start == null ? "" : start + "/")
                + (workingTime != null ? workingTime : interval.text());
    if (countsBack) {
      return times + "/" + end;
    }
    return times
        + (end == null ? "" : CycleText.UNTIL + end)
        + (business ? TimeLimit.BUSINESS_SUFFIX : "");
  }

  // ---- where a cycle stands ----------------------------------------------------------------

  /** A cycle's count: from {@code base}, {@code done} occurrences dealt with, the next one due. */
  public record Position(Instant base, long done, Optional<Instant> next) {}

  /**
   * Where the cycle stands when its timer starts running at {@code now}: a cycle with a start
   * counts from it, with the occurrences before {@code now} behind it; one counted back from its
   * end counts from its first interval's beginning, or without a count from the first beginning
   * at or after {@code now}; a cron cycle's cursor is {@code now}; any other counts from {@code
   * now}.
   */
  public Position begin(Instant now, BusinessCalendar calendar) {
    if (cron != null) {
      return new Position(now, 0, cron.in(calendar, business, endInstant()).next(now));
    }
    Instant base = start != null ? start.toInstant() : countsBack ? firstBeginning(now, calendar) : now;
    long done = onFixedDates() ? dueCount(base, now.minusNanos(1), calendar) : 0;
    return new Position(base, done, next(base, done, calendar));
  }

  /**
   * The first interval's beginning of a cycle counted back from its end: {@code end − n ×
   * interval}, or without a count the first {@code end − k × interval} at or after {@code now}.
   */
  private Instant firstBeginning(Instant now, BusinessCalendar calendar) {
    Instant last = end.toInstant();
    ZoneId zone = dayZone(calendar);
    if (repetitions != null) {
      return interval.times(repetitions).subtractFrom(last, zone);
    }
    if (!now.isBefore(last)) {
      return last;
    }
    // The most whole intervals back from the end that stay at or after now: estimated with 24-hour
    // days, then set right in the zone, where a day may be an hour shorter or longer.
    long back = Duration.between(now, last).dividedBy(interval.nominal());
    while (back > 0 && interval.times(back).subtractFrom(last, zone).isBefore(now)) {
      back--;
    }
    while (!interval.times(back + 1).subtractFrom(last, zone).isBefore(now)) {
      back++;
    }
    return interval.times(back).subtractFrom(last, zone);
  }

  /**
   * Where its days count: the zone its start or end names in brackets, else the approval's, or UTC
   * where every day has 24 hours ({@link IsoDuration#dayZone}).
   */
  public ZoneId dayZone(BusinessCalendar calendar) {
    if (calendarDays) {
      for (ZonedDateTime written : new ZonedDateTime[] {start, end}) {
        if (written != null && !(written.getZone() instanceof ZoneOffset)) {
          return written.getZone();
        }
      }
    }
    return IsoDuration.dayZone(calendarDays, calendar);
  }

  /** Its occurrences are dates of its own (a start, or back from its end), not from the timer. */
  private boolean onFixedDates() {
    return start != null || countsBack;
  }

  /** The occurrence after the {@code done} ones, empty when the cycle has run out. */
  public Optional<Instant> next(Instant base, long done, BusinessCalendar calendar) {
    if (cron != null) {
      return cron.in(calendar, business, endInstant()).next(base);
    }
    if (repetitions != null && done >= repetitions) {
      return Optional.empty();
    }
    Instant next;
    try {
      next = due(base, done + 1, calendar);
    } catch (ArithmeticException | DateTimeException beyondAnyDeadline) {
      return Optional.empty();
    }
    return end != null && next.isAfter(lastDate()) ? Optional.empty() : Optional.of(next);
  }

  /** The next {@code max} occurrences after the {@code done} ones, for the plan. */
  public List<Instant> upcoming(Instant base, long done, int max, BusinessCalendar calendar) {
    if (cron != null) {
      return cron.in(calendar, business, endInstant()).upcoming(base, max);
    }
    List<Instant> dates = new ArrayList<>();
    for (long k = done; dates.size() < max; k++) {
      Optional<Instant> next = next(base, k, calendar);
      if (next.isEmpty()) {
        break;
      }
      dates.add(next.get());
    }
    return dates;
  }

  /**
   * The base after {@code extendDeadline by}: an interval cycle counts from a base {@code by}
   * later, so its remaining occurrences move by it; a cron cycle skips to its first time at or
   * after {@code next + by}.
   */
  public Instant postponed(Instant base, Instant next, IsoDuration by, BusinessCalendar calendar) {
    ZoneId zone = dayZone(calendar);
    return cron != null ? by.addTo(next, zone).minusNanos(1) : by.addTo(base, zone);
  }

  /** When occurrence {@code k} (from 1) of an interval cycle is due. */
  Instant due(Instant base, long k, BusinessCalendar calendar) {
    long intervals = onFixedDates() ? k - 1 : k;
    if (workingTime == null) {
      return interval.times(intervals).addTo(base, dayZone(calendar));
    }
    return WorkingIntervals.after(calendar, base, workingTime, intervals);
  }

  // ---- what fires --------------------------------------------------------------------------

  /**
   * An occurrence due more than this before it is handled was missed (Quartz's misfire threshold);
   * one due within it fires on time, whatever the policy.
   */
  public static final Duration MISFIRE_THRESHOLD = Duration.ofSeconds(60);

  /** As {@link #step(Instant, long, Instant, CatchUp, BusinessCalendar)}, in elapsed time. */
  public Step step(Instant base, long done, Instant now, CatchUp policy) {
    return step(base, done, now, policy, null);
  }

  /**
   * What fires at {@code now}, given that {@code done} occurrences were dealt with (fired or
   * dropped): the due dates of the firings to record, oldest first, how many occurrences are dealt
   * with afterwards, and when the next one is due (empty once the cycle has run out).
   */
  public Step step(
      Instant base, long done, Instant now, CatchUp policy, BusinessCalendar calendar) {
    if (cron != null) {
      return cron.in(calendar, business, endInstant()).step(base, now, policy);
    }
    long due = dueCount(base, now, calendar);
    // Occurrences done+1..due are due; those due before the misfire threshold were missed. Only
    // the ones that fire are materialized: a long suspension of a short cycle must stay cheap.
    long lastMissed =
        Math.min(due, dueCount(base, now.minus(MISFIRE_THRESHOLD).minusNanos(1), calendar));
    long firstMissed = done + 1;
    long missedCount = Math.max(0, lastMissed - firstMissed + 1);
    List<Instant> onTime = new ArrayList<>();
    for (long k = Math.max(firstMissed, lastMissed + 1); k <= due; k++) {
      onTime.add(due(base, k, calendar));
    }
    List<Instant> firings =
        switch (policy) {
          case FIRE_ALL -> {
            List<Instant> all = new ArrayList<>();
            // At most MAX_FIRE_ALL missed occurrences fire, the latest ones.
            for (long k = Math.max(firstMissed, lastMissed - MAX_FIRE_ALL + 1);
                k <= lastMissed;
                k++) {
              all.add(due(base, k, calendar));
            }
            all.addAll(onTime);
            yield all;
          }
          // One firing stands for every missed occurrence; an on-time one already is that firing.
          case FIRE_ONCE ->
              onTime.isEmpty() && missedCount > 0
                  ? List.of(due(base, lastMissed, calendar))
                  : onTime;
          case SKIP -> onTime;
        };
    long dealtWith = Math.max(done, due);
    return new Step(List.copyOf(firings), dealtWith, next(base, dealtWith, calendar));
  }

  /** The most missed occurrences {@code fire-all} fires at once (the latest ones). */
  public static final int MAX_FIRE_ALL = 100;

  /** The shortest interval: reminders, not a busy loop. */
  public static final Duration MIN_INTERVAL = Duration.ofMinutes(1);

  /**
   * The outcome of {@link #step}. {@code base} is where a cron cycle's cursor moved to; null for an
   * interval cycle, whose base stays.
   */
  public record Step(List<Instant> firings, long done, Optional<Instant> next, Instant base) {
    public Step(List<Instant> firings, long done, Optional<Instant> next) {
      this(firings, done, next, null);
    }
  }

  /** Occurrences due by {@code t}, within the repetitions and the end. */
  private long dueCount(Instant base, Instant t, BusinessCalendar calendar) {
    Instant until = end != null && t.isAfter(lastDate()) ? lastDate() : t;
    long count = countBy(base, until, calendar);
    return repetitions == null ? count : Math.min(count, repetitions);
  }

  /** Occurrences due by {@code t}: arithmetic in elapsed time, bisection in working time. */
  private long countBy(Instant base, Instant t, BusinessCalendar calendar) {
    if (t.isBefore(base)) {
      return 0;
    }
    if (workingTime == null && !interval.variesIn(dayZone(calendar))) {
      long whole = Duration.between(base, t).dividedBy(interval.nominal());
      return onFixedDates() ? whole + 1 : whole;
    }
    // In working time, or with days in a zone that changes its clocks: occurrences grow with k.
    return WorkingIntervals.count(k -> !due(base, k, calendar).isAfter(t));
  }

  private Instant endInstant() {
    return end == null ? null : end.toInstant();
  }

  /**
   * The latest date an occurrence may have: the end, which is inclusive, or just before it for a
   * cycle counted back from it (its last interval ends there).
   */
  private Instant lastDate() {
    return countsBack ? end.toInstant().minusNanos(1) : end.toInstant();
  }

  // ---- what it is --------------------------------------------------------------------------

  /** Null for a cycle without a count. */
  public Long repetitions() {
    return repetitions;
  }

  /** The interval; null for a cycle in working time or a cron cycle. */
  public IsoDuration interval() {
    return interval;
  }

  /** The working-time interval ({@code PT4H}); null otherwise. */
  public String workingTime() {
    return workingTime;
  }

  public Optional<CronSchedule> cron() {
    return Optional.ofNullable(cron);
  }

  public Optional<ZonedDateTime> start() {
    return Optional.ofNullable(start);
  }

  public Optional<ZonedDateTime> end() {
    return Optional.ofNullable(end);
  }

  /** Counts in the business calendar: working time, or a cron's working days. */
  public boolean business() {
    return business;
  }

  /** Counted back from its end ({@code R3/PT1H/<end>}, ISO 8601's reading). */
  public boolean countsBack() {
    return countsBack;
  }

  /** Whether its dates depend on the business calendar: its working time, or a cron's zone. */
  public boolean needsCalendar() {
    return business || cron != null;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof Cycle that && text().equals(that.text());
  }

  @Override
  public int hashCode() {
    return Objects.hash(text());
  }

  @Override
  public String toString() {
    return text();
  }
}
