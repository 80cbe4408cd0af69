package dev.overdue.model.schedule;

import dev.overdue.model.RuleViolation;
import dev.overdue.model.Texts;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A duration as ISO 8601 writes it ({@code P2D}, {@code P1W}, {@code PT4H}, {@code P1DT12H}), kept in
 * its two kinds of parts: whole days (a week is seven) and time. The days are calendar days in a
 * time zone — {@code P1D} after 17:00 is 17:00 the next day, whether that day has 23, 24 or 25
 * hours — and the time is time that passes ({@code PT24H} after 17:00 on the day clocks go forward
 * is 18:00), as ISO 8601 reads a nominal day and Camunda 7's {@code DurationHelper} and Flowable
 * count on a calendar. A local time a day lands on that does not exist (the hour skipped in spring)
 * moves forward by the gap; one that exists twice (autumn) is the earlier: RFC 5545's rule, and
 * java.time's.
 */
public record IsoDuration(long days, Duration time) {
  public IsoDuration {
    if (days < 0 || time == null || time.isNegative()) {
      throw new RuleViolation("a duration must be positive");
    }
  }

  /** Time that passes, with no days: how durations were counted before days were calendar days. */
  public static IsoDuration elapsed(Duration time) {
    return new IsoDuration(0, time);
  }

  /**
   * The zone a day counts in: the approval's business calendar's when {@code calendarDays}, else
   * UTC, where every day has 24 hours.
   */
  public static ZoneId dayZone(boolean calendarDays, BusinessCalendar calendar) {
    return calendarDays && calendar != null ? calendar.zone() : ZoneOffset.UTC;
  }

  /** The instant this long after {@code from}: the days in {@code zone}, then the time. */
  public Instant addTo(Instant from, ZoneId zone) {
    Instant day = days == 0 ? from : from.atZone(zone).plusDays(days).toInstant();
    return day.plus(time);
  }

  /** The instant this long before {@code from}: the time, then the days in {@code zone}. */
  public Instant subtractFrom(Instant from, ZoneId zone) {
    Instant back = from.minus(time);
    return days == 0 ? back : back.atZone(zone).minusDays(days).toInstant();
  }

  /** {@code k} of it, each part multiplied. */
  public IsoDuration times(long k) {
    return new IsoDuration(Math.multiplyExact(days, k), time.multipliedBy(k));
  }

  /**
   * Its length with every day 24 hours: for bounds, estimates and order, never for a date (a day
   * in a zone with daylight saving has 23 or 25 hours twice a year).
   */
  public Duration nominal() {
    return Duration.ofDays(days).plus(time);
  }

  /** Whether counting it in {@code zone} can differ from its nominal length. */
  boolean variesIn(ZoneId zone) {
    return days > 0 && !zone.getRules().isFixedOffset();
  }

  /** What {@code timers --explain} adds to a duration whose days count in {@code zone}: where. */
  public static String inWords(IsoDuration duration, ZoneId zone) {
    return duration.variesIn(zone) ? " (calendar days in " + zone + ")" : "";
  }

  public boolean isZero() {
    return days == 0 && time.isZero();
  }

  /** ISO 8601 as written, whole days as days: {@code P5D}, {@code P1DT12H}, {@code PT36H}. */
  public String text() {
    if (isZero()) {
      return "PT0S";
    }
    return "P" + (days > 0 ? days + "D" : "") + (time.isZero() ? "" : time.toString().substring(1));
  }

  @Override
  public String toString() {
    return text();
  }

  /** The longest text a duration may have. */
  static final int MAX_TEXT_LENGTH = 100;

  private static final Pattern WEEKS = Pattern.compile("P(\\d+)W", Pattern.CASE_INSENSITIVE);
  private static final Pattern DAYS = Pattern.compile("P(?:(\\d+)D)?(T.*)?", Pattern.CASE_INSENSITIVE);

  /** Parses a positive ISO 8601 duration: {@code PT30M}, {@code P2D}, {@code P1W}, {@code P1DT12H}. */
  public static IsoDuration parse(String text) {
    if (text == null || text.isBlank()) {
      throw new RuleViolation("a duration is required");
    }
    String value = text.trim();
    if (value.length() > MAX_TEXT_LENGTH) {
      throw new RuleViolation(
          "a duration has at most " + MAX_TEXT_LENGTH + " characters, got " + value.length());
    }
    IsoDuration duration;
    try {
      duration = read(value);
      if (duration != null) {
        duration.nominal(); // a length java.time can hold, or too long
      }
    } catch (ArithmeticException | NumberFormatException | DateTimeException tooLong) {
      throw new RuleViolation(Texts.quote(value) + " is too long a duration");
    }
    if (duration == null) {
      throw notADuration(value);
    }
    if (duration.isZero()) {
      throw new RuleViolation("a duration must be positive, got " + Texts.abbreviate(value, Texts.QUOTED_LENGTH));
    }
    return duration;
  }

  /** The duration {@code value} writes; null when it writes none. */
  private static IsoDuration read(String value) {
    Matcher weeks = WEEKS.matcher(value);
    if (weeks.matches()) {
      return new IsoDuration(Math.multiplyExact(7, Long.parseLong(weeks.group(1))), Duration.ZERO);
    }
    String date = datePart(value);
    if (date.startsWith("P") && (date.contains("Y") || date.contains("M"))) {
      throw new RuleViolation(
          Texts.quote(value) + ": months and years have no fixed length; give days (P30D) instead");
    }
    Duration parsed;
    try {
      parsed = Duration.parse(value);
    } catch (DateTimeParseException e) {
      if (e.getCause() instanceof ArithmeticException tooLong) {
        throw tooLong;
      }
      return null;
    }
    if (parsed.isNegative() || value.contains("-")) {
      throw new RuleViolation("a duration must be positive, got " + Texts.abbreviate(value, Texts.QUOTED_LENGTH));
    }
    Matcher days = DAYS.matcher(value);
    long whole = days.matches() && days.group(1) != null ? Long.parseLong(days.group(1)) : 0;
    return new IsoDuration(whole, parsed.minusDays(whole));
  }

  private static RuleViolation notADuration(String value) {
    return new RuleViolation(
        Texts.quote(value) + " is not an ISO-8601 duration (examples: PT30M, PT4H, P2D, P1DT12H)");
  }

  private static String datePart(String duration) {
    String upper = duration.toUpperCase(Locale.ROOT);
    int time = upper.indexOf('T');
    return time < 0 ? upper : upper.substring(0, time);
  }
}
