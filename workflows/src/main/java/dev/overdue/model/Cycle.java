package dev.overdue.model;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A repeating timer in ISO-8601 form: {@code R3/PT4H} fires three times, four hours apart;
 * {@code R/P1D} every day until cleared. Occurrence k (from 1) is due at {@code anchor + k ×
 * interval}. When occurrences were missed (the approval was suspended, or no worker ran it), the
 * {@link CatchUp} policy decides what fires now, so a resume never brings a burst of duplicates
 * unless {@code fire-all} asks for every one, in order.
 */
public record Cycle(Long repetitions, Duration interval) {
  private static final Pattern ISO = Pattern.compile("R(\\d*)/(P.+)", Pattern.CASE_INSENSITIVE);

  /** What happens to occurrences that fell due while nothing could fire them. */
  public enum CatchUp {
    /** The missed occurrences fire once, together, now (the default). */
    FIRE_ONCE,
    /** Every missed occurrence fires, oldest first. */
    FIRE_ALL,
    /** Missed occurrences are dropped; the cycle goes on with the next one. */
    SKIP;

    /** {@code fire-once}, {@code fire-all}, {@code skip}: as requests write it. */
    public String text() {
      return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    public static CatchUp parse(String text) {
      if (text == null) {
        return FIRE_ONCE;
      }
      try {
        return valueOf(text.trim().toUpperCase(Locale.ROOT).replace('-', '_'));
      } catch (IllegalArgumentException e) {
        throw new RuleViolation("catchUp must be fire-once, fire-all or skip, got " + Texts.quote(text));
      }
    }
  }

  public Cycle {
    if (repetitions != null && repetitions < 1) {
      throw new RuleViolation("a cycle repeats at least once");
    }
    if (interval == null || interval.isNegative() || interval.isZero()) {
      throw new RuleViolation("a cycle needs a positive interval");
    }
    if (interval.compareTo(MIN_INTERVAL) < 0) {
      throw new RuleViolation("a cycle's interval is at least one minute (PT1M), got " + interval);
    }
  }

  /** {@code R3/PT4H}, {@code R/P1D}. */
  public static Cycle parse(String text) {
    Matcher m = ISO.matcher(text == null ? "" : text.trim());
    if (!m.matches()) {
      throw new RuleViolation(
          Texts.quote(text) + " is not a cycle: use R<n>/<duration> or R/<duration> (R3/PT4H, R/P1D)");
    }
    Long repetitions;
    try {
      repetitions = m.group(1).isEmpty() ? null : Long.valueOf(m.group(1));
    } catch (NumberFormatException e) {
      throw new RuleViolation(Texts.quote(text) + " repeats too often");
    }
    return new Cycle(repetitions, TimeLimit.parseDuration(m.group(2)));
  }

  /** The cycle as ISO-8601 text, as {@link #parse} reads it. */
  public String text() {
    return "R" + (repetitions == null ? "" : repetitions) + "/" + new TimeLimit.Relative(interval).text();
  }

  /** When occurrence {@code k} (from 1) is due. */
  public Instant due(Instant anchor, long k) {
    return anchor.plus(interval.multipliedBy(k));
  }

  /**
   * An occurrence due more than this before it is handled was missed (Quartz's misfire
   * threshold); one due within it fires on time, whatever the policy.
   */
  public static final Duration MISFIRE_THRESHOLD = Duration.ofSeconds(60);

  /**
   * What fires at {@code now}, given that {@code done} occurrences were dealt with (fired or
   * dropped): the due dates of the firings to record, oldest first, how many occurrences are
   * dealt with afterwards, and when the next one is due (empty once the cycle has run out).
   */
  public Step step(Instant anchor, long done, Instant now, CatchUp policy) {
    long due = occurrencesDueBy(anchor, now);
    if (repetitions != null) {
      due = Math.min(due, repetitions);
    }
    // Occurrences done+1..due are due; those due before the misfire threshold were missed. Only
    // the ones that fire are materialized: a long suspension of a short cycle must stay cheap.
    long lastMissed = Math.min(due, occurrencesDueBy(anchor, now.minus(MISFIRE_THRESHOLD).minusNanos(1)));
    long firstMissed = done + 1;
    long missedCount = Math.max(0, lastMissed - firstMissed + 1);
    List<Instant> onTime = new ArrayList<>();
    for (long k = Math.max(firstMissed, lastMissed + 1); k <= due; k++) {
      onTime.add(due(anchor, k));
    }
    List<Instant> firings =
        switch (policy) {
          case FIRE_ALL -> {
            List<Instant> all = new ArrayList<>();
            // At most MAX_FIRE_ALL missed occurrences fire, the latest ones.
            for (long k = Math.max(firstMissed, lastMissed - MAX_FIRE_ALL + 1); k <= lastMissed; k++) {
              all.add(due(anchor, k));
            }
            all.addAll(onTime);
            yield all;
          }
          // One firing stands for every missed occurrence; an on-time one already is that firing.
          case FIRE_ONCE -> onTime.isEmpty() && missedCount > 0 ? List.of(due(anchor, lastMissed)) : onTime;
          case SKIP -> onTime;
        };
    long dealtWith = Math.max(done, due);
    Optional<Instant> next =
        repetitions != null && dealtWith >= repetitions
            ? Optional.empty()
            : Optional.of(due(anchor, dealtWith + 1));
    return new Step(List.copyOf(firings), dealtWith, next);
  }

  /** The most missed occurrences {@code fire-all} fires at once (the latest ones). */
  public static final int MAX_FIRE_ALL = 100;

  /** The shortest interval: reminders, not a busy loop. */
  public static final Duration MIN_INTERVAL = Duration.ofMinutes(1);

  /** The outcome of {@link #step}. */
  public record Step(List<Instant> firings, long done, Optional<Instant> next) {}

  private long occurrencesDueBy(Instant anchor, Instant now) {
    if (now.isBefore(anchor)) {
      return 0;
    }
    return Duration.between(anchor, now).dividedBy(interval);
  }
}
