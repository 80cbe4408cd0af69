package dev.overdue.starter;

import java.io.PrintWriter;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * A status line on stderr, rewritten in place five times a second, while a command works through
 * many approvals. Only on a terminal: in a pipe or a log file it would be noise, so there it prints
 * nothing. Lines printed through {@link #println} go above it.
 */
final class ProgressLine implements AutoCloseable {
  /** A terminal's width: longer statuses are cut, so the line never wraps and stays rewritable. */
  static final int WIDTH = 79;

  private static final long EVERY_MILLIS = 200;

  private final PrintWriter err;
  private final Supplier<String> status;
  private final ScheduledExecutorService timer;
  private int shown;

  ProgressLine(PrintWriter err, Supplier<String> status, boolean terminal, long afterMillis) {
    this.err = err;
    this.status = status;
    if (terminal) {
      timer =
          Executors.newSingleThreadScheduledExecutor(
              task -> {
                Thread thread = new Thread(task, "overdue-progress");
                thread.setDaemon(true);
                return thread;
              });
      timer.scheduleAtFixedRate(this::draw, afterMillis, EVERY_MILLIS, TimeUnit.MILLISECONDS);
    } else {
      timer = null;
    }
  }

  /** Shows {@code status} on stderr if this is a terminal; otherwise does nothing. */
  static ProgressLine start(PrintWriter err, Supplier<String> status) {
    return new ProgressLine(err, status, System.console() != null, 0);
  }

  /**
   * The same, shown only once the command has taken half a second: most answers come sooner, and
   * a line that flashes up and vanishes is noise too.
   */
  static ProgressLine whenSlow(PrintWriter err, Supplier<String> status) {
    return new ProgressLine(err, status, System.console() != null, 500);
  }

  /** {@code 12 s}, {@code 3 min 05 s}: how long a command has been at it. */
  static String since(long startedNanos) {
    long seconds = (System.nanoTime() - startedNanos) / 1_000_000_000L;
    return seconds < 60 ? seconds + " s" : String.format("%d min %02d s", seconds / 60, seconds % 60);
  }

  /** Prints {@code line} to {@code out} above the status line. */
  synchronized void println(PrintWriter out, String line) {
    clear();
    out.println(line);
    out.flush();
    if (timer != null) {
      draw();
    }
  }

  private synchronized void draw() {
    String text;
    try {
      text = Table.shorten(status.get(), WIDTH);
    } catch (RuntimeException notNow) {
      return; // drawn at the next tick
    }
    err.print("\r" + text + " ".repeat(Math.max(0, shown - text.length())));
    err.flush();
    shown = text.length();
  }

  private void clear() {
    if (shown > 0) {
      err.print("\r" + " ".repeat(shown) + "\r");
      err.flush();
      shown = 0;
    }
  }

  /** Stops and wipes the status line. */
  @Override
  public synchronized void close() {
    if (timer != null) {
      timer.shutdownNow();
    }
    clear();
  }

  /** {@code [#######.............]}: {@code done} of {@code total} in {@code width} characters. */
  static String bar(int done, int total, int width) {
    int filled = total <= 0 ? width : (int) ((long) width * Math.min(done, total) / total);
    return "[" + "#".repeat(filled) + ".".repeat(width - filled) + "]";
  }
}
