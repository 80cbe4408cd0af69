package dev.overdue.model.schedule;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A duration written in words or a unit letter ({@code 2 days}, {@code 4h}, {@code 30 minutes
 * business}) is not read as one — a limit is ISO 8601 — but the refusal says what was meant: {@code
 * P2D}, {@code PT4H}, {@code PT30M business}.
 */
final class DurationWords {
  private DurationWords() {}

  private static final Pattern WORDS =
      Pattern.compile(
          "(\\d{1,9})\\s*(weeks?|wks?|w|days?|d|hours?|hrs?|h|minutes?|mins?|m|seconds?|secs?|s)"
              + "(\\s+business)?",
          Pattern.CASE_INSENSITIVE);

  /** The ISO 8601 form {@code text} means, when it is a number and a unit. */
  static Optional<String> suggestion(String text) {
    Matcher m = WORDS.matcher(text == null ? "" : text.trim());
    if (!m.matches()) {
      return Optional.empty();
    }
    String n = m.group(1).replaceFirst("^0+(?=\\d)", "");
    String iso =
        switch (m.group(2).toLowerCase(Locale.ROOT).charAt(0)) {
          case 'w' -> "P" + n + "W";
          case 'd' -> "P" + n + "D";
          case 'h' -> "PT" + n + "H";
          case 'm' -> "PT" + n + "M";
          default -> "PT" + n + "S";
        };
    return Optional.of(m.group(3) == null ? iso : iso + TimeLimit.BUSINESS_SUFFIX);
  }
}
