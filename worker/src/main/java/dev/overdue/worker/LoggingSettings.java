package dev.overdue.worker;

import java.util.Map;

/**
 * The settings file's {@code logging} section: {@code format} (text or json; {@code --log-format}
 * and OVERDUE_LOG_FORMAT win over it) and {@code levels}, a level per logger name (a package or a
 * class, or ROOT), over the worker's defaults. Checked when the file is read.
 */
public record LoggingSettings(String format, Map<String, String> levels) {
  public LoggingSettings {
    if (format != null) {
      WorkerLogs.Format.parse(format);
    }
    levels = levels == null ? Map.of() : Map.copyOf(levels);
    levels.forEach(WorkerLogs::level);
  }

  public static LoggingSettings defaults() {
    return new LoggingSettings(null, null);
  }

  /** {@code option} (the flag or the environment) when given, else this section's, else text. */
  public WorkerLogs.Format formatOr(WorkerLogs.Format option) {
    if (option != null) {
      return option;
    }
    return format == null ? WorkerLogs.Format.TEXT : WorkerLogs.Format.parse(format);
  }
}
