package dev.overdue.worker;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The settings file's {@code logging} section: {@code format} (text or json; {@code --log-format}
 * and OVERDUE_LOG_FORMAT win over it) and {@code levels}, a level per logger name (a package or a
 * class, or ROOT), over the worker's defaults. Checked when the file is read. Plain values, no
 * logback type: the CLI and the schema tests read settings files without logback ({@link
 * WorkerLogs} applies them).
 */
public record LoggingSettings(String format, Map<String, String> levels) {
  public enum Format {
    TEXT,
    JSON;

    /** {@code text} or {@code json}, any case. */
    public static Format parse(String value) {
      try {
        return valueOf(value.strip().toUpperCase(Locale.ROOT));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("format must be text or json: " + value);
      }
    }
  }

  /** The levels a user sets per logger; logback's ALL and its aliases are not offered. */
  static final List<String> LEVELS = List.of("TRACE", "DEBUG", "INFO", "WARN", "ERROR", "OFF");

  public LoggingSettings {
    if (format != null) {
      Format.parse(format);
    }
    levels = levels == null ? Map.of() : Map.copyOf(levels);
    levels.forEach(LoggingSettings::levelName);
  }

  /** {@code value} as a level's name, or why not ({@code logger} names the setting). */
  static String levelName(String logger, String value) {
    String name = value == null ? "" : value.strip().toUpperCase(Locale.ROOT);
    if (name.equals("FALSE")) {
      // YAML 1.1 reads an unquoted OFF (or off, no) as false.
      name = "OFF";
    }
    if (!LEVELS.contains(name)) {
      throw new IllegalArgumentException(
          "levels." + logger + " must be " + String.join(", ", LEVELS.subList(0, LEVELS.size() - 1))
              + " or OFF: " + value);
    }
    return name;
  }

  public static LoggingSettings defaults() {
    return new LoggingSettings(null, null);
  }

  /** {@code option} (the flag or the environment) when given, else this section's, else text. */
  public Format formatOr(Format option) {
    if (option != null) {
      return option;
    }
    return format == null ? Format.TEXT : Format.parse(format);
  }
}
