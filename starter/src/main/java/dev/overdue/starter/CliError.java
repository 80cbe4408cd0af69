package dev.overdue.starter;

/** A failure the CLI explains itself: a one-line message for stderr and the exit code. */
final class CliError extends RuntimeException {
  private final int exitCode;

  CliError(int exitCode, String message) {
    super(message);
    this.exitCode = exitCode;
  }

  int exitCode() {
    return exitCode;
  }
}
