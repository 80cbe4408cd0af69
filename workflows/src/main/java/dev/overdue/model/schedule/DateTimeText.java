package dev.overdue.model.schedule;

import dev.overdue.model.RuleViolation;
import dev.overdue.model.Texts;
import java.time.DateTimeException;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a date-time as requests write it: with an offset ({@code 2027-11-07T09:00-05:00}), with a
 * time zone in brackets after it or instead of it ({@code 2027-11-07T09:00[America/New_York]}, as
 * java.time and Zeebe write one), or local and read in the business calendar's zone. A zone in
 * brackets is kept: a cycle that starts or ends there counts its days in it. A local time the zone
 * skips moves forward by the gap, one it repeats is the earlier (RFC 5545's rule).
 */
public final class DateTimeText {
  private DateTimeText() {}

  /** A date-time a user wrote without offset, such as {@code 2026-11-25T17:00}. */
  public static boolean isLocalDateTime(String text) {
    return withOffset(text).filter(withOffset -> !withOffset).isPresent();
  }

  /** Whether {@code text} is a date-time with an offset (true) or without (false); empty if neither. */
  public static Optional<Boolean> withOffset(String text) {
    if (text == null || text.length() > TimeLimit.MAX_TEXT_LENGTH || !TimeLimit.mayBeDateTime(text)) {
      return Optional.empty();
    }
    try {
      OffsetDateTime.parse(text.trim());
      return Optional.of(true);
    } catch (DateTimeParseException withoutOffset) {
      try {
        LocalDateTime.parse(text.trim());
        return Optional.of(false);
      } catch (DateTimeParseException neither) {
        return Optional.empty();
      }
    }
  }

  private static final Pattern ZONED = Pattern.compile("(.*?)\\[([^\\]]*)\\]");

  /**
   * The date-time {@code text} writes; {@code zone} reads one without offset or zone, and may be
   * null (then such a text is refused). {@code what} names it in refusals ("the cycle's start").
   */
  static ZonedDateTime parse(String text, ZoneId zone, String what) {
    Matcher zoned = ZONED.matcher(text);
    if (zoned.matches()) {
      return inNamedZone(zoned.group(1), namedZone(zoned.group(2), text, what), text, what);
    }
    try {
      return OffsetDateTime.parse(text).toZonedDateTime();
    } catch (DateTimeParseException withoutOffset) {
      LocalDateTime local = local(text, what);
      if (zone == null) {
        throw new RuleViolation(
            what + " " + Texts.quote(text) + " has no offset: give one (2027-01-04T09:00+01:00) or a"
                + " zone (2027-01-04T09:00[Europe/Berlin])");
      }
      // Written as the offset it has there: the zone it was read in is the calendar's, not its own.
      return local.atZone(zone).toOffsetDateTime().toZonedDateTime();
    }
  }

  /**
   * Whether {@code text} is written as a date-time at all — with an offset, local, or either with a
   * zone in brackets — whether or not {@link #parse} then accepts it.
   */
  static boolean readable(String text) {
    Matcher zoned = ZONED.matcher(text);
    String dateTime = zoned.matches() ? zoned.group(1) : text;
    try {
      OffsetDateTime.parse(dateTime);
      return true;
    } catch (DateTimeParseException withoutOffset) {
      return isLocal(dateTime);
    }
  }

  /** Whether {@code text} is a date-time with neither an offset nor a zone. */
  static boolean isLocal(String text) {
    if (text == null) {
      return false;
    }
    try {
      LocalDateTime.parse(text);
      return true;
    } catch (DateTimeParseException notLocal) {
      return false;
    }
  }

  private static ZonedDateTime inNamedZone(String dateTime, ZoneId zone, String text, String what) {
    try {
      OffsetDateTime withOffset = OffsetDateTime.parse(dateTime);
      ZonedDateTime there =
          ZonedDateTime.ofLocal(withOffset.toLocalDateTime(), zone, withOffset.getOffset());
      // The offset says the instant and the zone the place: refuse them when they disagree.
      if (!there.getOffset().equals(withOffset.getOffset())) {
        throw new RuleViolation(
            what + " " + Texts.quote(text) + ": " + zone + " is " + there.getOffset() + " at "
                + withOffset.toLocalDateTime() + ", not " + withOffset.getOffset()
                + ": give the zone's offset, or leave it out");
      }
      return there;
    } catch (DateTimeParseException withoutOffset) {
      return local(dateTime, what).atZone(zone);
    }
  }

  private static ZoneId namedZone(String name, String text, String what) {
    try {
      return ZoneId.of(name);
    } catch (DateTimeException unknown) {
      throw new RuleViolation(
          what + " " + Texts.quote(text) + ": " + Texts.quote(name)
              + " is not a time zone (IANA ids such as Europe/Berlin or America/New_York)");
    }
  }

  private static LocalDateTime local(String text, String what) {
    try {
      return LocalDateTime.parse(text);
    } catch (DateTimeParseException neither) {
      throw new RuleViolation(
          what + " " + Texts.quote(text) + " is not a date-time (2027-01-04T09:00, with or without"
              + " an offset, or with a zone: 2027-01-04T09:00[Europe/Berlin])");
    }
  }
}
