package dev.overdue.model.schedule;

import dev.overdue.model.RuleViolation;
import dev.overdue.model.Texts;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Reads a cycle as requests write it: an ISO-8601 repeating interval ({@code R3/PT4H}, with a start
 * {@code R5/2027-01-04T09:00/P1D} or an end {@code R/PT4H/2027-01-31T17:00}) or a Quartz cron
 * expression ({@code 0 0 9 ? * MON-FRI}), then optionally {@code until <date-time>} and {@code
 * business}. {@link Cycle#text} writes every cycle back in this grammar, an end always as {@code
 * until}, so a snapshot's text reads as the same cycle.
 */
public final class CycleText {
  private CycleText() {}

  /**
   * The longest text: a cron expression or an ISO interval with a start, plus an end and {@code
   * business}. Longer than other limits, so that every text {@link Cycle#text} writes reads back.
   */
  static final int MAX_LENGTH = 200;

  static final String UNTIL = " until ";

  private static final Pattern REPEAT = Pattern.compile("R(\\d*)", Pattern.CASE_INSENSITIVE);

  /** A slash outside brackets: a zone's name ({@code [America/New_York]}) has one of its own. */
  private static final Pattern PART_SLASH = Pattern.compile("/(?![^\\[]*\\])");

  /** {@code PT1D}, a day written in the time part ({@code R2/PT1D}): read as {@code P1D}. */
  private static final Pattern DAYS_AS_TIME =
      Pattern.compile("PT(\\d+)D", Pattern.CASE_INSENSITIVE);

  /**
   * The parts of a cycle's text, each as written (null when absent); {@code isoEnd} when the end
   * follows the interval ({@code R/PT4H/<end>}) rather than {@code until}.
   */
  record Parts(
      String repetitions,
      String start,
      String interval,
      String end,
      String cron,
      boolean business,
      boolean isoEnd) {}

  /** Whether {@code text} is written as a cycle rather than as another limit. */
  static boolean isCycle(String text) {
    String value = text == null ? "" : text.trim();
    if (value.startsWith("R") || value.startsWith("r")) {
      return true;
    }
    // Only a cron expression has spaces, once the keywords are off.
    return withoutKeywords(value).contains(" ");
  }

  /**
   * Whether reading {@code text} needs the calendar's zone: a cron cycle, or a date-time without
   * offset.
   */
  public static boolean needsZone(String text) {
    Parts parts;
    try {
      parts = split(text);
    } catch (RuleViolation unreadable) {
      return false;
    }
    return parts.cron() != null || isLocal(parts.start()) || isLocal(parts.end());
  }

  /** Every form; an ISO 8601 end ({@code R3/PT1H/<end>}) counted back from, days as calendar days. */
  public static Cycle parse(String text, ZoneId zone) {
    Parts parts = split(text);
    ZonedDateTime end = parts.end() == null ? null : dateTime(parts.end(), "end", zone);
    if (parts.cron() != null) {
      return new Cycle(
          null, null, null, CronSchedule.parse(parts.cron()), null, end, parts.business(), false, false);
    }
    Long repetitions = repetitions(parts.repetitions(), text);
    ZonedDateTime start = parts.start() == null ? null : dateTime(parts.start(), "start", zone);
    String interval =
        DAYS_AS_TIME.matcher(parts.interval()).replaceFirst("P$1D").toUpperCase(Locale.ROOT);
    boolean isoEnd = parts.isoEnd();
    if (parts.business()) {
      if (isoEnd) {
        String times = "R" + parts.repetitions() + "/" + parts.interval();
        throw new RuleViolation(
            Texts.quote(times + "/" + parts.end())
                + " counts back from its end, in elapsed time only: give it calendar: elapsed, or"
                + " count working time from a start (R/2027-01-04T09:00/PT4H) or up to an end"
                + " given as 'until' (" + times + UNTIL + parts.end() + ")");
      }
      return new Cycle(repetitions, null, interval, null, start, end, true, false, false);
    }
    return new Cycle(
        repetitions, IsoDuration.parse(interval), null, null, start, end, false, isoEnd, true);
  }

  static Parts split(String text) {
    String value = text == null ? "" : text.trim();
    if (value.isEmpty()) {
      throw new RuleViolation("a cycle is required");
    }
    if (value.length() > MAX_LENGTH) {
      throw new RuleViolation(
          "a cycle has at most " + MAX_LENGTH + " characters, got " + value.length());
    }
    boolean business = endsWithBusiness(value);
    if (business) {
      value = value.substring(0, value.length() - TimeLimit.BUSINESS_SUFFIX.length()).trim();
    }
    String end = null;
    int until = value.toLowerCase(Locale.ROOT).indexOf(UNTIL);
    if (until >= 0) {
      end = value.substring(until + UNTIL.length()).trim();
      value = value.substring(0, until).trim();
    }
    if (value.contains(" ")) {
      return new Parts(null, null, null, end, value, business, false);
    }
    String[] slashed = PART_SLASH.split(value, -1);
    if (slashed.length == 3 && (slashed[1].isEmpty() || slashed[2].isEmpty())) {
      throw new RuleViolation(
          Texts.quote(text) + " has an empty part between its slashes: give the start, or leave it out (R/PT4H)");
    }
    if (slashed.length < 2
        || slashed.length > 3
        || !REPEAT.matcher(slashed[0]).matches()
        || slashed[1].isEmpty()
        || (slashed.length == 3 && slashed[2].isEmpty())) {
      throw notACycle(text);
    }
    if (slashed.length == 2) {
      return new Parts(slashed[0].substring(1), null, slashed[1], end, null, business, false);
    }
    if (isDuration(slashed[1])) {
      if (end != null) {
        throw new RuleViolation(
            Texts.quote(text) + " has two ends: give it once, after the interval or as 'until'");
      }
      return new Parts(slashed[0].substring(1), null, slashed[1], slashed[2], null, business, true);
    }
    if (!isDuration(slashed[2])) {
      throw notACycle(text);
    }
    return new Parts(slashed[0].substring(1), slashed[1], slashed[2], end, null, business, false);
  }

  static Long repetitions(String digits, String text) {
    try {
      return digits.isEmpty() ? null : Long.valueOf(digits);
    } catch (NumberFormatException e) {
      throw new RuleViolation(Texts.quote(text) + " repeats too often");
    }
  }

  /** A start or end as written ({@link DateTimeText}): an offset, a zone, or local in {@code zone}. */
  public static ZonedDateTime dateTime(String text, String what, ZoneId zone) {
    return DateTimeText.parse(text, zone, "the cycle's " + what);
  }

  private static boolean isLocal(String text) {
    return DateTimeText.isLocal(text);
  }

  private static boolean isDuration(String text) {
    return text.startsWith("P") || text.startsWith("p");
  }

  private static boolean endsWithBusiness(String value) {
    return value.toLowerCase(Locale.ROOT).endsWith(TimeLimit.BUSINESS_SUFFIX);
  }

  private static String withoutKeywords(String value) {
    String rest =
        endsWithBusiness(value)
            ? value.substring(0, value.length() - TimeLimit.BUSINESS_SUFFIX.length())
            : value;
    int until = rest.toLowerCase(Locale.ROOT).indexOf(UNTIL);
    return (until >= 0 ? rest.substring(0, until) : rest).trim();
  }

  private static RuleViolation notACycle(String text) {
    return new RuleViolation(
        Texts.quote(text)
            + " is not a cycle: use R<n>/<duration> or R/<duration> (R3/PT4H, R/P1D), with a"
            + " start R5/2027-01-04T09:00/P1D or an end R/PT4H/2027-01-31T17:00, or a Quartz cron"
            + " expression (0 0 9 ? * MON-FRI)");
  }
}
