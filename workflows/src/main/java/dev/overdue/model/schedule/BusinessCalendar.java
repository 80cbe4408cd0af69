package dev.overdue.model.schedule;

import dev.overdue.model.RuleViolation;
import dev.overdue.model.Texts;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.DateTimeParseException;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Working time: working hours on working days in one time zone, minus holidays. Durations count
 * in it the way business engines do: {@code P3D} is three working days (same local time of day,
 * weekends and holidays skipped), {@code PT4H} four working hours (only inside working hours),
 * {@code P1W} a week of working days. Pure and deterministic: all arithmetic is in the calendar's
 * zone through {@link ZonedDateTime}, so days across a DST change keep their local hours and hours
 * count as time that really passes.
 */
public record BusinessCalendar(
    ZoneId zone, LocalTime dayStart, LocalTime dayEnd, Set<DayOfWeek> workingDays, Set<LocalDate> holidays) {

  /** Monday to Friday, 09:00–17:00, no holidays, in {@code zone}. */
  public static BusinessCalendar officeHours(ZoneId zone) {
    return new BusinessCalendar(
        zone, LocalTime.of(9, 0), LocalTime.of(17, 0),
        EnumSet.range(DayOfWeek.MONDAY, DayOfWeek.FRIDAY), Set.of());
  }

  /** The calendar a worker's settings describe. */
  public static BusinessCalendar of(CalendarSettings settings) {
    return new BusinessCalendar(
        settings.zoneId(), settings.dayStart(), settings.dayEnd(), settings.days(), settings.holidayDates());
  }

  public BusinessCalendar {
    if (zone == null || dayStart == null || dayEnd == null) {
      throw new RuleViolation("a business calendar needs a time zone and working hours");
    }
    if (!dayStart.isBefore(dayEnd)) {
      throw new RuleViolation("working hours must start before they end: " + dayStart + "–" + dayEnd);
    }
    if (workingDays == null || workingDays.isEmpty()) {
      throw new RuleViolation("a business calendar needs at least one working day");
    }
    workingDays = Set.copyOf(workingDays);
    holidays = holidays == null ? Set.of() : Set.copyOf(new TreeSet<>(holidays));
  }

  /** A working duration: whole working days, then working time. */
  public record WorkingDuration(long days, Duration time) {}

  private static final Pattern ISO =
      Pattern.compile("P(?:(\\d+)W)?(?:(\\d+)D)?(?:T(?:(\\d+)H)?(?:(\\d+)M)?(?:(\\d+(?:\\.\\d{1,9})?)S)?)?");

  /** {@code P3D}, {@code PT4H}, {@code P1DT4H30M}, {@code P1W}; positive, no months or years. */
  public WorkingDuration parse(String text) {
    String value = text == null ? "" : text.trim().toUpperCase(Locale.ROOT);
    Matcher m = ISO.matcher(value);
    if (!m.matches() || value.equals("P") || value.endsWith("T")) {
      throw new RuleViolation(
          Texts.quote(text) + " is not a working duration (examples: P3D, PT4H, P1DT4H, P1W)");
    }
    try {
      long days = Math.addExact(
          Math.multiplyExact(number(m.group(1)), workingDays.size()), number(m.group(2)));
      Duration time =
          Duration.ofHours(number(m.group(3))).plusMinutes(number(m.group(4)))
              .plus(m.group(5) == null ? Duration.ZERO : Duration.parse("PT" + m.group(5) + "S"));
      if (days == 0 && time.isZero()) {
        throw new RuleViolation("a working duration must be positive, got " + Texts.quote(text));
      }
      return new WorkingDuration(days, time);
    } catch (ArithmeticException | NumberFormatException | DateTimeParseException e) {
      throw new RuleViolation(Texts.quote(text) + " is too long a working duration");
    }
  }

  /** The instant {@code duration} of working time after {@code from}. */
  public Instant plus(Instant from, WorkingDuration duration) {
    ZonedDateTime at = nextWorkingMoment(from.atZone(zone));
    for (long day = 0; day < duration.days(); day++) {
      at = ZonedDateTime.of(nextWorkingDay(at.toLocalDate()), at.toLocalTime(), zone);
    }
    Duration left = duration.time();
    while (true) {
      ZonedDateTime closing = ZonedDateTime.of(at.toLocalDate(), dayEnd, zone);
      Duration available = Duration.between(at, closing);
      if (left.compareTo(available) <= 0) {
        return at.plus(left).toInstant();
      }
      left = left.minus(available);
      at = ZonedDateTime.of(nextWorkingDay(at.toLocalDate()), dayStart, zone);
    }
  }

  public Instant plus(Instant from, String duration) {
    return plus(from, parse(duration));
  }

  public boolean isWorkingDay(LocalDate date) {
    return workingDays.contains(date.getDayOfWeek()) && !holidays.contains(date);
  }

  /** {@code at} itself inside working hours, else the start of the next working period. */
  private ZonedDateTime nextWorkingMoment(ZonedDateTime at) {
    LocalDate date = at.toLocalDate();
    if (isWorkingDay(date)) {
      if (at.toLocalTime().isBefore(dayStart)) {
        return ZonedDateTime.of(date, dayStart, zone);
      }
      if (at.toLocalTime().isBefore(dayEnd)) {
        return at;
      }
    }
    return ZonedDateTime.of(nextWorkingDay(date), dayStart, zone);
  }

  private LocalDate nextWorkingDay(LocalDate after) {
    LocalDate date = after.plusDays(1);
    // A year without a working day would mean every day is a holiday: refuse to loop forever.
    for (int i = 0; i < 366 && !isWorkingDay(date); i++) {
      date = date.plusDays(1);
    }
    if (!isWorkingDay(date)) {
      throw new RuleViolation("the business calendar has no working day in the year after " + after);
    }
    return date;
  }

  private static long number(String digits) {
    return digits == null ? 0 : Long.parseLong(digits);
  }
}
