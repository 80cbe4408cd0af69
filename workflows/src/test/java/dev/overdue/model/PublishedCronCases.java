package dev.overdue.model;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;

/**
 * Overdue's answer to a row of a published cron case file (columns {@code expression}, {@code
 * zone}, {@code op}, {@code at}, {@code arg}), computed through {@link CronSchedule#parse} and
 * {@link CronSchedule.Times} in {@code BusinessCalendar.officeHours(zone)}, every day counting.
 *
 * <p>{@code at} is a local date-time in {@code zone}, or an instant or offset date-time. The ops:
 * {@code valid} ({@code valid}, or the refusal); {@code satisfied} (whether {@code at} is one of
 * the expression's times: the next time after {@code at} minus 1 ns is {@code at}); {@code next}
 * and {@code previous} (strictly after / before {@code at}, {@code none} when there is none);
 * {@code nexts} ({@code arg} times one after the other from {@code at}); {@code distinct} (how
 * many of {@code arg} successive times from {@code at} differ); {@code untilNext} (the duration
 * from {@code at} to the next time); {@code gaps} (from the next time {@code n} after {@code at}:
 * {@code n − previous(n)} and {@code next(n) − n}, or which of them is missing).
 */
final class PublishedCronCases {
  private PublishedCronCases() {}

  static String answer(PublishedCases.Case row) {
    try {
      CronSchedule cron = CronSchedule.parse(row.get("expression"));
      ZoneId zone = ZoneId.of(row.get("zone"));
      CronSchedule.Times times = cron.in(BusinessCalendar.officeHours(zone), false, null);
      String op = row.get("op");
      if (op.equals("valid")) {
        return "valid";
      }
      Instant at = instant(row.get("at"), zone);
      return switch (op) {
        case "satisfied" -> String.valueOf(times.next(at.minusNanos(1)).equals(Optional.of(at)));
        case "next" -> show(times.next(at));
        case "previous" -> show(times.previous(at));
        case "nexts" -> {
          List<String> dates = new ArrayList<>();
          Optional<Instant> next = times.next(at);
          for (int i = 0; i < Integer.parseInt(row.get("arg")); i++) {
            dates.add(show(next));
            next = next.isPresent() ? times.next(next.get()) : next;
          }
          yield String.join(" ", dates);
        }
        case "distinct" -> {
          int count = Integer.parseInt(row.get("arg"));
          HashSet<Optional<Instant>> seen = new HashSet<>();
          Optional<Instant> next = times.next(at);
          for (int i = 0; i < count; i++) {
            seen.add(next);
            next = next.isPresent() ? times.next(next.get()) : next;
          }
          yield seen.size() + " distinct of " + count;
        }
        case "untilNext" -> times.next(at).map(n -> Duration.between(at, n).toString()).orElse("none");
        case "gaps" -> {
          Optional<Instant> next = times.next(at);
          if (next.isEmpty()) {
            yield "next none, previous " + (times.previous(at).isPresent() ? "found" : "none");
          }
          Optional<Instant> before = times.previous(next.get());
          Optional<Instant> after = times.next(next.get());
          if (before.isEmpty()) {
            yield "previous none";
          }
          yield Duration.between(before.get(), next.get())
              + " "
              + after.map(a -> Duration.between(next.get(), a).toString()).orElse("none");
        }
        default -> throw new IllegalArgumentException(row + ": no op " + op);
      };
    } catch (RuleViolation e) {
      return PublishedCases.refused(e);
    }
  }

  static Instant instant(String text, ZoneId zone) {
    try {
      return Instant.parse(text);
    } catch (DateTimeParseException notAnInstant) {
      try {
        return OffsetDateTime.parse(text).toInstant();
      } catch (DateTimeParseException noOffset) {
        return LocalDateTime.parse(text).atZone(zone).toInstant();
      }
    }
  }

  static String show(Optional<Instant> instant) {
    return instant.map(Instant::toString).orElse("none");
  }
}
