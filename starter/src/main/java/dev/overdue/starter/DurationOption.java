package dev.overdue.starter;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import picocli.CommandLine;

/** A duration option: ISO-8601 ({@code PT30S}) or a number of seconds ({@code 30}), positive. */
public final class DurationOption implements CommandLine.ITypeConverter<Duration> {
  @Override
  public Duration convert(String value) {
    Duration duration;
    try {
      duration =
          value.matches("\\d{1,9}") ? Duration.ofSeconds(Long.parseLong(value)) : Duration.parse(value);
    } catch (DateTimeParseException e) {
      throw new CommandLine.TypeConversionException(
          "'" + value + "' is not a duration: use ISO-8601 (PT30S, PT2M) or seconds (30)");
    }
    if (duration.isNegative() || duration.isZero()) {
      throw new CommandLine.TypeConversionException("must be positive: " + value);
    }
    return duration;
  }
}
