package dev.overdue.workflow;

import dev.overdue.workflow.activities.WarningNotice;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * What the worker logs while it is open (slf4j-simple writes to whatever {@code System.err} is at
 * the time); on close it is printed to the real {@code System.err}, so the build log still has it.
 */
final class CapturedLog implements AutoCloseable {
  private final PrintStream original = System.err;
  private final ByteArrayOutputStream captured = new ByteArrayOutputStream();

  CapturedLog() {
    System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
  }

  String text() {
    return captured.toString(StandardCharsets.UTF_8);
  }

  /** The warning lines ({@link WarningNotice#logLine}) of the approval {@code requestId}. */
  List<String> warnings(String requestId) {
    String logger = " " + WarningNotice.LOGGER + " - warning ";
    return text().lines().filter(line -> line.contains(logger) && line.contains(" requestId=" + requestId + " ")).toList();
  }

  /** The warning lines of the approval {@code requestId} that {@code during} made the worker log. */
  static List<String> warningsDuring(String requestId, Runnable during) {
    try (CapturedLog log = new CapturedLog()) {
      during.run();
      return log.warnings(requestId);
    }
  }

  @Override
  public void close() {
    System.setErr(original);
    original.print(text());
  }
}
