package dev.overdue.starter;

import java.util.Locale;
import picocli.CommandLine;

/** What a command prints on stdout: {@code -o table} (the default) or {@code -o json}. */
enum Output {
  TABLE,
  JSON;

  /** {@code table} or {@code json}, any case; a JSON object is the task's output, not a format. */
  static final class Converter implements CommandLine.ITypeConverter<Output> {
    @Override
    public Output convert(String value) {
      try {
        return Output.valueOf(value.toUpperCase(Locale.ROOT));
      } catch (IllegalArgumentException notAFormat) {
        String hint =
            value.startsWith("{") || value.startsWith("@")
                ? " (a step's output goes with --task-output)"
                : "";
        throw new CommandLine.TypeConversionException(
            "expected table or json but was '" + value + "'" + hint);
      }
    }
  }
}
