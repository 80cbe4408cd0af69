package dev.overdue.model.schedule;

import dev.overdue.model.RuleViolation;
import dev.overdue.model.Texts;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * A timer's time limit, as a workflow server's business timers have it: relative (a time distance from when the timer starts running)
 * or absolute (a fixed point in time, keeping the offset the user wrote).
 */
public sealed interface TimeLimit
    permits TimeLimit.Relative, TimeLimit.Absolute, TimeLimit.Working, TimeLimit.Repeating,
        TimeLimit.FromData {

  /**
   * The expiration date this limit gives a timer that starts running at {@code now}; {@code
   * calendar} counts working time and may be null for limits that do not need it.
   */
  Instant expirationFrom(Instant now, BusinessCalendar calendar);

  default Instant expirationFrom(Instant now) {
    return expirationFrom(now, null);
  }

  /** The limit as ISO-8601 text: a duration such as {@code PT30M} or a date-time with offset. */
  String text();

  /**
   * A distance from when the timer starts running. Its days are calendar days in the approval's
   * zone ({@link IsoDuration#dayZone}).
   */
  record Relative(IsoDuration duration) implements TimeLimit {
    public Relative {
      if (duration.isZero()) {
        throw new RuleViolation("a relative time limit must be positive, got " + duration);
      }
    }

    /** Time that passes, with no days. */
    public Relative(Duration elapsed) {
      this(IsoDuration.elapsed(elapsed));
    }

    @Override
    public Instant expirationFrom(Instant now, BusinessCalendar calendar) {
      return duration.addTo(now, IsoDuration.dayZone(true, calendar));
    }

    /** ISO-8601 as written: P5D, P1DT12H, PT30M. */
    @Override
    public String text() {
      return duration.text();
    }
  }

  record Absolute(OffsetDateTime at) implements TimeLimit {
    @Override
    public Instant expirationFrom(Instant now, BusinessCalendar calendar) {
      return at.toInstant();
    }

    @Override
    public String text() {
      return at.toString();
    }
  }

  /** The suffix of a duration counted in working time: {@code P3D business}. */
  String BUSINESS_SUFFIX = " business";

  /** A duration counted in the business calendar's working time. */
  record Working(String duration) implements TimeLimit {
    public Working {
      // Checked against the default calendar: the syntax does not depend on which one counts.
      BusinessCalendar.WorkingDuration working =
          BusinessCalendar.officeHours(ZoneOffset.UTC).parse(duration);
      // Counting walks day by day: bound it as deadlines are bounded.
      if (working.days() > MAX_AHEAD.toDays() || working.time().compareTo(MAX_AHEAD) > 0) {
        throw new RuleViolation(
            Texts.quote(duration) + " is too long a working duration (" + MAX_AHEAD_TEXT + ")");
      }
      duration = duration.trim().toUpperCase(Locale.ROOT);
    }

    @Override
    public Instant expirationFrom(Instant now, BusinessCalendar calendar) {
      if (calendar == null) {
        throw new IllegalStateException("a working-time limit needs the business calendar");
      }
      return calendar.plus(now, duration);
    }

    @Override
    public String text() {
      return duration + BUSINESS_SUFFIX;
    }
  }

  /** A repeating limit ({@link Cycle}): its date is its next occurrence. */
  record Repeating(Cycle cycle) implements TimeLimit {
    /** The first occurrence of a cycle that starts running at {@code now}; refused when none is left. */
    @Override
    public Instant expirationFrom(Instant now, BusinessCalendar calendar) {
      return cycle.begin(now, calendar).next().orElseThrow(
          () -> new RuleViolation("the cycle " + cycle.text() + " has no occurrence after " + now));
    }

    @Override
    public String text() {
      return cycle.text();
    }
  }

  /**
   * A limit computed from the approval's data: {@code =} and a CEL expression ({@link
   * DataExpression}), evaluated when its timer starts; what it gives is read as a literal would be,
   * a duration counting working time when {@code business}. Its timer gets its date only then.
   */
  record FromData(String expression, boolean business) implements TimeLimit {
    @Override
    public Instant expirationFrom(Instant now, BusinessCalendar calendar) {
      throw new IllegalStateException("the limit " + expression + " is evaluated when its timer starts");
    }

    @Override
    public String text() {
      return expression;
    }
  }

  /**
   * The farthest a deadline may lie ahead: 100 years. A Temporal timer cannot wait 10,000 years
   * (the bound of a protobuf Duration: the workflow task that starts such a timer fails, again and
   * again, and the approval is stuck), a Go duration on the server saturates after 292 years, and
   * no business deadline lies that far.
   */
  Duration MAX_AHEAD = Duration.ofDays(36_525);

  /** How {@link #MAX_AHEAD} reads in messages. */
  String MAX_AHEAD_TEXT = "at most 100 years ahead";

  /** Whether {@code expiration} lies more than {@link #MAX_AHEAD} after {@code now}. */
  static boolean tooFarAhead(Instant expiration, Instant now) {
    return expiration.isAfter(now.plus(MAX_AHEAD));
  }

  /**
   * Whether {@code text} may be a date-time ({@code 2026-11-25T17:00}, {@code +10000-01-01T00:00Z}):
   * it starts with a year, where durations, cycles, cron fields with letters and expressions
   * start otherwise. Callers ask before parsing, since a parse that fails throws, which costs
   * more than reading the limit.
   */
  static boolean mayBeDateTime(String text) {
    String value = text == null ? "" : text.strip();
    int first = value.startsWith("+") || value.startsWith("-") ? 1 : 0;
    return value.length() > first && Character.isDigit(value.charAt(first));
  }

  /** The longest text a limit may have: the longest date-time with offset has 35 characters. */
  int MAX_TEXT_LENGTH = 100;

  Pattern SECONDS = Pattern.compile("\\d+(\\.\\d{1,9})?");

  /**
   * Parses a limit as users type it: an ISO-8601 duration ({@code PT30M}, {@code P2D}, {@code
   * P1W}), a number of seconds ({@code 300}), or an ISO-8601 date-time with offset ({@code
   * 2026-11-25T17:00:00+01:00}).
   */
  static TimeLimit parse(String text) {
    return parse(text, null);
  }

  /**
   * Parses a limit as {@link #parse(String)} does, plus cycles ({@code R3/PT4H}), working-time
   * durations ({@code P3D business}) and, when {@code zone} is given (the business calendar's), a
   * date-time without offset, read in that zone.
   */
  static TimeLimit parse(String text, ZoneId zone) {
    if (text == null || text.isBlank()) {
      throw new RuleViolation("a time limit is required");
    }
    String value = text.trim();
    DurationWords.suggestion(value).ifPresent(iso -> {
      throw new RuleViolation(
          Texts.quote(value) + " is not a time limit: a duration is written in ISO 8601: did you mean "
              + iso + "?");
    });
    if (CycleText.isCycle(value)) {
      return new Repeating(CycleText.parse(value, zone));
    }
    if (value.length() > MAX_TEXT_LENGTH) {
      throw new RuleViolation(
          "a time limit has at most " + MAX_TEXT_LENGTH + " characters, got " + value.length());
    }
    if (SECONDS.matcher(value).matches()) {
      BigDecimal seconds = new BigDecimal(value);
      try {
        return new Relative(Duration.ofNanos(seconds.movePointRight(9).longValueExact()));
      } catch (ArithmeticException e) {
        throw new RuleViolation(Texts.quote(value) + " seconds is too long a time limit");
      }
    }
    if (value.endsWith(BUSINESS_SUFFIX)) {
      return new Working(value.substring(0, value.length() - BUSINESS_SUFFIX.length()));
    }
    if (value.startsWith("P") || value.startsWith("p") || value.startsWith("-")) {
      return new Relative(IsoDuration.parse(value));
    }
    if (!mayBeDateTime(value) || !DateTimeText.readable(value)) {
      throw new RuleViolation(
          Texts.quote(value)
              + " is not a time limit: use an ISO-8601 duration (PT30M, P2D), a number of"
              + " seconds, or a date-time with offset (2026-11-25T17:00:00+01:00)"
              + (zone == null ? "" : " or without one (read in " + zone + ")"));
    }
    return new Absolute(DateTimeText.parse(value, zone, "the date-time").toOffsetDateTime());
  }
}
