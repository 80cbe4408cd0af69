package dev.overdue.model.schedule;

import dev.overdue.model.RuleViolation;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Overdue's answer to a row of a published cron case file (columns {@code expression}, {@code
 * zone}, {@code op}, {@code at}, {@code arg}, optionally {@code format}), computed through {@link
 * CronSchedule#parse} and {@link CronSchedule.Times} in {@code BusinessCalendar.officeHours(zone)},
 * every day counting. Nothing is copied from the row's expected answers.
 *
 * <p>{@code at} is an instant, an offset date-time or a local date-time in {@code zone}. A time is
 * shown as an instant with Z, or, when the row has a {@code format} (a DateTimeFormatter pattern),
 * formatted in {@code zone}; {@code none} when there is none. The ops: {@code valid} ({@code
 * valid}, or the refusal); {@code describe} (Overdue's description); {@code satisfied} (whether
 * {@code at}'s second is one of the times, as Quartz compares: the next time after it minus 1 ns is
 * that second); {@code
 * next}, {@code previous} (strictly after / before {@code at}); {@code hasNext}, {@code
 * hasPrevious}; {@code nexts}, {@code previouses} ({@code arg} times one after the other); {@code
 * nextsSet} (the distinct shown values of {@code arg} times, sorted); {@code distinct} (how many of
 * {@code arg} successive times differ); {@code years} (the years of the times after {@code at} up
 * to the instant {@code arg}); {@code untilNext}, {@code sinceLast} (durations from {@code at});
 * {@code sinceLastAtMost} (whether that duration is at most {@code arg}); {@code interval} (from
 * the next time to the one after it); {@code previousDiffersFromNext}; {@code sameNextAs} (whether
 * the expression {@code arg} has the same next time); {@code gaps} (from the next time {@code n}:
 * {@code n − previous(n)} and {@code next(n) − n}, or which of them is missing).
 */
final class PublishedCronCases {
  private PublishedCronCases() {}

  static String answer(PublishedCases.Case row) {
    try {
      CronSchedule cron = asANewApprovalReadsIt(row.get("expression"));
      ZoneId zone = ZoneId.of(row.get("zone"));
      CronSchedule.Times times = cron.in(BusinessCalendar.officeHours(zone), false, null);
      String op = row.get("op");
      if (op.equals("valid")) {
        return "valid";
      }
      if (op.equals("describe")) {
        return cron.describe();
      }
      String arg = row.get("arg");
      String format = row.columns().getOrDefault("format", "");
      Instant at = instant(row.get("at"), zone);
      return switch (op) {
        case "satisfied" -> {
          Instant second = at.truncatedTo(ChronoUnit.SECONDS);
          yield String.valueOf(times.next(second.minusNanos(1)).equals(Optional.of(second)));
        }
        case "next" -> show(times.next(at), zone, format);
        case "previous" -> show(times.previous(at), zone, format);
        case "hasNext" -> String.valueOf(times.next(at).isPresent());
        case "hasPrevious" -> String.valueOf(times.previous(at).isPresent());
        case "nexts" -> String.join(" ", walk(times, at, Integer.parseInt(arg), true, zone, format));
        case "previouses" -> String.join(" ", walk(times, at, Integer.parseInt(arg), false, zone, format));
        case "nextsSet" ->
            String.join(" ", new TreeSet<>(walk(times, at, Integer.parseInt(arg), true, zone, format)));
        case "distinct" -> {
          int count = Integer.parseInt(arg);
          yield new HashSet<>(walk(times, at, count, true, zone, "")).size() + " distinct of " + count;
        }
        case "years" -> {
          // the years of the times after at up to arg
          Instant last = instant(arg, zone);
          TreeSet<Integer> years = new TreeSet<>();
          Optional<Instant> next = times.next(at);
          while (next.isPresent() && !next.get().isAfter(last)) {
            years.add(next.get().atZone(zone).getYear());
            next = times.next(next.get());
          }
          yield years.stream().map(String::valueOf).collect(Collectors.joining(" "));
        }
        case "untilNext" -> times.next(at).map(n -> Duration.between(at, n).toString()).orElse("none");
        case "sinceLast" -> times.previous(at).map(p -> Duration.between(p, at).toString()).orElse("none");
        case "sinceLastAtMost" ->
            times.previous(at).map(p -> Duration.between(p, at).compareTo(Duration.parse(arg)) <= 0)
                .map(String::valueOf).orElse("none");
        case "interval" -> {
          // from the next time after at to the one after it
          Optional<Instant> next = times.next(at);
          Optional<Instant> after = next.flatMap(times::next);
          yield after.isPresent() ? Duration.between(next.get(), after.get()).toString() : "none";
        }
        case "previousDiffersFromNext" ->
            String.valueOf(times.previous(at).isPresent() && times.next(at).isPresent()
                && !times.previous(at).equals(times.next(at)));
        case "sameNextAs" -> {
          CronSchedule other = asANewApprovalReadsIt(arg);
          yield String.valueOf(
              times.next(at).equals(other.in(BusinessCalendar.officeHours(zone), false, null).next(at)));
        }
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

  /** {@code count} times one after the other from {@code at}, forward or backward. */
  private static List<String> walk(
      CronSchedule.Times times, Instant at, int count, boolean forward, ZoneId zone, String format) {
    List<String> dates = new ArrayList<>();
    Optional<Instant> time = forward ? times.next(at) : times.previous(at);
    for (int i = 0; i < count; i++) {
      dates.add(show(time, zone, format));
      if (time.isPresent()) {
        time = forward ? times.next(time.get()) : times.previous(time.get());
      }
    }
    return dates;
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

  /** The instant with Z, or in {@code zone} as {@code format} (a DateTimeFormatter pattern) says. */
  static String show(Optional<Instant> instant, ZoneId zone, String format) {
    return instant
        .map(
            i ->
                format.isEmpty()
                    ? i.toString()
                    : DateTimeFormatter.ofPattern(format, Locale.ENGLISH).format(i.atZone(zone)))
        .orElse("none");
  }

  /**
   * A cron cycle as a new approval reads it: parsed, and refused at the start when cron-utils would
   * read it as other times than Quartz does ({@link CronMisreadings}).
   */
  static CronSchedule asANewApprovalReadsIt(String expression) {
    CronSchedule cron = CronSchedule.parse(expression);
    CronMisreadings.of(cron).ifPresent(why -> {
      throw new RuleViolation(why);
    });
    return cron;
  }
}
