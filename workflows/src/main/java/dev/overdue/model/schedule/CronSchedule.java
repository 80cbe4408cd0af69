package dev.overdue.model.schedule;

import com.cronutils.descriptor.CronDescriptor;
import com.cronutils.model.Cron;
import com.cronutils.model.CronType;
import com.cronutils.model.definition.CronDefinitionBuilder;
import com.cronutils.model.field.CronFieldName;
import com.cronutils.model.field.expression.On;
import com.cronutils.model.time.ExecutionTime;
import com.cronutils.parser.CronParser;
import dev.overdue.model.RuleViolation;
import dev.overdue.model.Texts;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The times of a cron cycle: a Quartz cron expression ({@code 0 0 9 ? * MON-FRI}: seconds, minutes,
 * hours, day of month, month, day of week, an optional year; Quartz's and cron-utils' published
 * cases are in docs/reference/published-semantics.md). cron-utils reads and steps it; every method
 * is given its instants and its calendar, none reads a clock, so workflow code may call them.
 *
 * <p>Cron times name themselves, so a cron cycle keeps no count: its timer keeps a cursor, the
 * instant up to which every time was dealt with, and the next time is the first one after it.
 */
public final class CronSchedule {
  /** The longest expression: five fields of lists and ranges fit well within it. */
  static final int MAX_LENGTH = 100;

  /**
   * The most days a search skips for a time on a working day. The calendar refuses a year without a
   * working day, so a time that exists is found well within it.
   */
  static final int MAX_SKIPPED_DAYS = 400;

  private static final CronParser QUARTZ =
      new CronParser(CronDefinitionBuilder.instanceDefinitionFor(CronType.QUARTZ));

  private final String text;
  private final Cron cron;
  private final ExecutionTime times;

  private CronSchedule(String text, Cron cron) {
    this.text = text;
    this.cron = cron;
    this.times = ExecutionTime.forCron(cron);
  }

  /** Reads a Quartz expression, its fields separated by single spaces in {@link #text}. */
  static CronSchedule parse(String expression) {
    String text = expression == null ? "" : expression.trim().replaceAll("\\s+", " ");
    if (text.length() > MAX_LENGTH) {
      throw new RuleViolation(
          "a cron expression has at most " + MAX_LENGTH + " characters, got " + text.length());
    }
    if (text.contains("|")) {
      // cron-utils reads '|' as several expressions in one, which Quartz does not.
      throw new RuleViolation(
          Texts.quote(text)
              + " joins several expressions with '|', which Quartz does not read: give each its own"
              + " cycle");
    }
    Cron cron;
    try {
      cron = QUARTZ.parse(text).validate();
    } catch (IllegalArgumentException e) {
      throw new RuleViolation(
          Texts.quote(text)
              + " is not a Quartz cron expression ("
              + Texts.abbreviate(e.getMessage(), 200)
              + "); its fields are seconds minutes hours day-of-month month day-of-week [year],"
              + " e.g. 0 0 9 ? * MON-FRI");
    }
    // One second a minute at most: a cycle fires at most once a minute, as every cycle does.
    if (!(cron.retrieve(CronFieldName.SECOND).getExpression() instanceof On)) {
      throw new RuleViolation(
          Texts.quote(text)
              + ": the seconds field must be one number (0): a cycle fires at most once a minute");
    }
    return new CronSchedule(text, cron);
  }

  public String text() {
    return text;
  }

  /** In words, as cron-utils describes it: "at 09:00 every day between Monday and Friday". */
  public String describe() {
    return CronDescriptor.instance(Locale.UK).describe(cron);
  }

  /**
   * The expression's times in {@code calendar}'s zone, only those on its working days when {@code
   * workingDaysOnly}, none after {@code end} (inclusive; null for none).
   */
  Times in(BusinessCalendar calendar, boolean workingDaysOnly, Instant end) {
    if (calendar == null) {
      throw new IllegalStateException("a cron cycle needs the business calendar's zone");
    }
    return new Times(calendar, workingDaysOnly, end);
  }

  /** The times of one approval: its zone and calendar, its end. */
  final class Times {
    private final BusinessCalendar calendar;
    private final boolean workingDaysOnly;
    private final Instant end;

    private Times(BusinessCalendar calendar, boolean workingDaysOnly, Instant end) {
      this.calendar = calendar;
      this.workingDaysOnly = workingDaysOnly;
      this.end = end;
    }

    /** The first time strictly after {@code after}; empty when none is left. */
    Optional<Instant> next(Instant after) {
      ZonedDateTime from = after.atZone(calendar.zone());
      for (int skipped = 0; skipped <= MAX_SKIPPED_DAYS; skipped++) {
        Optional<ZonedDateTime> time = times.nextExecution(from);
        if (time.isEmpty() || (end != null && time.get().toInstant().isAfter(end))) {
          return Optional.empty();
        }
        if (counts(time.get())) {
          return Optional.of(time.get().toInstant());
        }
        // Not a working day: go on from its end, one search per day skipped.
        from = time.get().toLocalDate().plusDays(1).atStartOfDay(calendar.zone()).minusNanos(1);
      }
      return Optional.empty();
    }

    /** The last time strictly before {@code before}, and not after the end; empty when none. */
    Optional<Instant> previous(Instant before) {
      Instant bound = end != null && before.isAfter(end) ? end.plusNanos(1) : before;
      ZonedDateTime from = bound.atZone(calendar.zone());
      for (int skipped = 0; skipped <= MAX_SKIPPED_DAYS; skipped++) {
        Optional<ZonedDateTime> time = times.lastExecution(from);
        if (time.isEmpty()) {
          return Optional.empty();
        }
        if (counts(time.get())) {
          return Optional.of(time.get().toInstant());
        }
        from = time.get().toLocalDate().atStartOfDay(calendar.zone());
      }
      return Optional.empty();
    }

    private boolean counts(ZonedDateTime time) {
      LocalDate day = time.toLocalDate();
      return !workingDaysOnly || calendar.isWorkingDay(day);
    }

    /** The next {@code max} times after {@code cursor}. */
    List<Instant> upcoming(Instant cursor, int max) {
      List<Instant> dates = new ArrayList<>();
      Optional<Instant> next = next(cursor);
      while (next.isPresent() && dates.size() < max) {
        dates.add(next.get());
        next = next(next.get());
      }
      return dates;
    }

    /**
     * What fires at {@code now} when every time up to {@code cursor} was dealt with: the same
     * catch-up rules as an interval cycle's ({@link Cycle#step}), found by stepping back from now
     * rather than forward from the cursor, so a long suspension costs at most {@link
     * Cycle#MAX_FIRE_ALL} steps. The cursor moves to {@code now}.
     */
    Cycle.Step step(Instant cursor, Instant now, Cycle.CatchUp policy) {
      Optional<Instant> first = next(cursor);
      if (first.isEmpty() || first.get().isAfter(now)) {
        return new Cycle.Step(List.of(), 0, first, null);
      }
      Instant missedBefore = now.minus(Cycle.MISFIRE_THRESHOLD);
      // On time: due within the threshold; at most two, since times are a minute apart or more.
      List<Instant> onTime = new ArrayList<>();
      Instant from = cursor.isAfter(missedBefore) ? cursor : missedBefore.minusNanos(1);
      Optional<Instant> next = next(from);
      while (next.isPresent() && !next.get().isAfter(now)) {
        onTime.add(next.get());
        next = next(next.get());
      }
      List<Instant> missed = new ArrayList<>();
      int wanted =
          policy == Cycle.CatchUp.FIRE_ALL
              ? Cycle.MAX_FIRE_ALL
              : policy == Cycle.CatchUp.FIRE_ONCE ? 1 : 0;
      Optional<Instant> earlier = wanted > 0 ? previous(missedBefore) : Optional.empty();
      while (earlier.isPresent() && earlier.get().isAfter(cursor) && missed.size() < wanted) {
        missed.add(earlier.get());
        earlier = previous(earlier.get());
      }
      Collections.reverse(missed);
      List<Instant> firings =
          switch (policy) {
            case FIRE_ALL -> {
              List<Instant> all = new ArrayList<>(missed);
              all.addAll(onTime);
              yield all;
            }
            // One firing stands for every missed time; an on-time one already is that firing.
            case FIRE_ONCE -> onTime.isEmpty() ? missed : onTime;
            case SKIP -> onTime;
          };
      return new Cycle.Step(List.copyOf(firings), 0, next, now);
    }
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof CronSchedule that && text.equals(that.text);
  }

  @Override
  public int hashCode() {
    return text.hashCode();
  }

  @Override
  public String toString() {
    return text;
  }
}
