package dev.overdue.worker;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** A duration option: {@code 30} or {@code 30s}, {@code 500ms}, {@code 2m}, or ISO-8601 {@code PT30S}. */
final class Durations implements ITypeConverter<Duration> {
  private static final Pattern SHORT = Pattern.compile("(\\d+)(ms|s|m)?");

  @Override
  public Duration convert(String text) {
    return parse(text);
  }

  static Duration parse(String text) {
    String value = text.strip();
    Matcher matcher = SHORT.matcher(value);
    if (matcher.matches()) {
      long amount = Long.parseLong(matcher.group(1));
      String unit = matcher.group(2) == null ? "s" : matcher.group(2);
      return switch (unit) {
        case "ms" -> Duration.ofMillis(amount);
        case "m" -> Duration.ofMinutes(amount);
        default -> Duration.ofSeconds(amount);
      };
    }
    try {
      Duration duration = Duration.parse(value);
      if (!duration.isNegative()) {
        return duration;
      }
    } catch (DateTimeParseException notIso) {
      // falls through to the message below
    }
    throw new TypeConversionException(
        "'" + text + "' is not a duration: use seconds (30 or 30s), 500ms, 2m or PT30S");
  }
}
