package dev.overdue.activities.settings;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneId;

/**
 * Someone away, as the directory's {@code absences} says: from {@code from} (optional: already
 * away) until {@code until} (optional: until the entry is removed), {@code substitute} stands in.
 * Each date is a date-time with an offset, or a day ({@code 2026-12-24}) in the person's time zone
 * (UTC when they have none), which counts whole: away from its first moment, back after its last.
 */
public record Absence(String from, String until, String substitute) {

  /** Whether the person is away at {@code now}; {@code zone} reads plain days. */
  public boolean covers(Instant now, ZoneId zone) {
    Instant start = from == null ? Instant.MIN : startOf(from, zone);
    Instant end = until == null ? Instant.MAX : endOf(until, zone);
    return !now.isBefore(start) && now.isBefore(end);
  }

  /** Why the dates cannot be read, or null when they can; {@code at} says where. */
  String problem(String at, ZoneId zone) {
    try {
      if (from != null && until != null && !startOf(from, zone).isBefore(endOf(until, zone))) {
        return at + ": 'from' " + from + " is not before 'until' " + until;
      }
      if (from != null) {
        startOf(from, zone);
      }
      if (until != null) {
        endOf(until, zone);
      }
      return null;
    } catch (DateTimeException e) {
      return at + ": a date (2026-12-24) or a date-time with an offset (2026-12-24T12:00:00+01:00) is needed: "
          + e.getMessage();
    }
  }

  private static Instant startOf(String text, ZoneId zone) {
    return text.length() == 10 ? LocalDate.parse(text).atStartOfDay(zone).toInstant() : OffsetDateTime.parse(text).toInstant();
  }

  private static Instant endOf(String text, ZoneId zone) {
    return text.length() == 10
        ? LocalDate.parse(text).plusDays(1).atStartOfDay(zone).toInstant()
        : OffsetDateTime.parse(text).toInstant();
  }

  /** The instant it ends, as text for the trail, or null for no end. */
  public String untilInstant(ZoneId zone) {
    return until == null ? null : endOf(until, zone).toString();
  }
}
