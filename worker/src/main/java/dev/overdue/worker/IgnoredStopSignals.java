package dev.overdue.worker;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * A process started with SIGINT ignored (by {@code nohup}, or with {@code &} in a script) keeps it
 * ignored, and so does the JVM: Ctrl-C or {@code kill -INT} would then do nothing, silently. The
 * worker says so at its start instead, naming the signal that does stop it. Read from Linux's
 * {@code /proc/self/status}; elsewhere nothing is said.
 */
final class IgnoredStopSignals {
  static final int SIGINT = 2;
  static final int SIGTERM = 15;

  private IgnoredStopSignals() {}

  /** The warning for this process, if it ignores a stop signal. */
  static Optional<String> warning() {
    try {
      return warning(Files.readString(Path.of("/proc/self/status")));
    } catch (IOException | RuntimeException notLinux) {
      return Optional.empty();
    }
  }

  /** The warning for a process whose {@code /proc/<pid>/status} reads {@code status}. */
  static Optional<String> warning(String status) {
    BigInteger ignored =
        status.lines()
            .filter(line -> line.startsWith("SigIgn:"))
            .map(line -> new BigInteger(line.substring("SigIgn:".length()).trim(), 16))
            .findFirst()
            .orElse(BigInteger.ZERO);
    boolean interrupt = ignored.testBit(SIGINT - 1);
    boolean terminate = ignored.testBit(SIGTERM - 1);
    if (terminate) {
      return Optional.of(
          "this worker was started with SIGTERM" + (interrupt ? " and SIGINT" : "")
              + " ignored: neither kill nor Ctrl-C stops it gracefully; start it without nohup or"
              + " 'trap \"\" TERM' (a supervisor such as systemd does)");
    }
    if (interrupt) {
      return Optional.of(
          "Ctrl-C (SIGINT) does not stop this worker: it was started with SIGINT ignored (by nohup,"
              + " or with & in a script); stop it with SIGTERM (kill PID), which drains the same way");
    }
    return Optional.empty();
  }
}
