package dev.overdue.inbox.view;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * Dates as a person reads them: how far off ("in 3 h", "overdue by 2 days") and, on hover, the
 * exact time in the inbox's zone ("Tue 1 Dec 2026, 09:00 CET").
 */
public final class Dates {
  private static final DateTimeFormatter EXACT = DateTimeFormatter.ofPattern("EEE d MMM yyyy, HH:mm z", Locale.ENGLISH);
  private static final DateTimeFormatter SHORT = DateTimeFormatter.ofPattern("EEE d MMM, HH:mm", Locale.ENGLISH);
  private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("EEEE d MMM, HH:mm", Locale.ENGLISH);

  private final ZoneId zone;

  public Dates(ZoneId zone) {
    this.zone = zone;
  }

  public String exact(Instant at) {
    return EXACT.format(at.atZone(zone));
  }

  /** Day and time without the year and zone, for sentences: "Tue 1 Dec, 09:00". */
  public String brief(Instant at) {
    return SHORT.format(at.atZone(zone));
  }

  /** A day spelt out, with its time: "Thursday 17 Dec, 10:00". */
  public String day(Instant at) {
    return DAY.format(at.atZone(zone));
  }

  /** A deadline in words, its day spelt out: "Thursday 17 Dec, 10:00 — in 3 days", "… — 2 days ago". */
  public String dated(Instant at, Instant now) {
    return day(at) + " — " + relative(at, now);
  }

  /** A moment against {@code now} either way: "in 3 days", "2 days ago", "now". */
  public static String relative(Instant at, Instant now) {
    Duration left = Duration.between(now, at);
    if (left.abs().compareTo(Duration.ofMinutes(1)) < 0) {
      return "now";
    }
    return left.isNegative() ? span(left.negated()) + " ago" : "in " + span(left);
  }

  /** A due date against {@code now}: "in 3 h", "overdue by 2 days", "due now". */
  public static String due(Instant due, Instant now) {
    Duration left = Duration.between(now, due);
    if (left.abs().compareTo(Duration.ofMinutes(1)) < 0) {
      return "due now";
    }
    return left.isNegative() ? "overdue by " + span(left.negated()) : "in " + span(left);
  }

  /** A past moment against {@code now}: "5 min ago", "2 days ago". */
  public static String ago(Instant at, Instant now) {
    Duration past = Duration.between(at, now);
    return past.compareTo(Duration.ofMinutes(1)) < 0 ? "just now" : span(past) + " ago";
  }

  /** The largest unit that reads naturally, rounded down: 59 min, 47 h, 13 days, then weeks. */
  static String span(Duration length) {
    long minutes = length.toMinutes();
    if (minutes < 60) {
      return minutes + " min";
    }
    long hours = length.toHours();
    if (hours < 48) {
      return hours + " h";
    }
    long days = length.toDays();
    if (days < 14) {
      return days + " days";
    }
    long weeks = days / 7;
    return weeks + " weeks";
  }
}
