package dev.overdue.activities.settings;

import java.time.Duration;
import java.time.format.DateTimeParseException;

final class Durations {
  private Durations() {}

  /** An ISO-8601 duration ({@code PT10S}), or null when {@code value} is. */
  static Duration parse(String field, String value) {
    if (value == null) {
      return null;
    }
    try {
      Duration duration = Duration.parse(value);
      if (duration.isNegative() || duration.isZero()) {
        throw new IllegalArgumentException(field + " must be positive: " + value);
      }
      return duration;
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException(field + " must be an ISO-8601 duration like PT10S: " + value);
    }
  }
}
