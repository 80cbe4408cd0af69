package dev.overdue.bench;

import java.io.PrintStream;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * One status line on stderr, rewritten every second on a terminal; otherwise (a log file), or when
 * several write at once, printed every 10 s. {@link #say} prints a line of its own.
 */
final class Progress {
  private final PrintStream err;
  private final boolean terminal;
  private final ScheduledExecutorService timer =
      Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "bench-progress");
        t.setDaemon(true);
        return t;
      });
  private volatile Supplier<String> status;
  private volatile long started;
  private int width;

  Progress(PrintStream err) {
    this(err, false);
  }

  /** @param shared another status is shown on the same stream at the same time */
  Progress(PrintStream err, boolean shared) {
    this.err = err;
    this.terminal = !shared && System.console() != null;
    long every = terminal ? 1 : 10;
    timer.scheduleAtFixedRate(this::tick, every, every, TimeUnit.SECONDS);
  }

  void show(Supplier<String> status) {
    this.started = System.nanoTime();
    this.status = status;
  }

  void stopShowing() {
    Supplier<String> last = status;
    status = null;
    if (last != null) {
      print(last.get(), true);
    }
  }

  synchronized void say(String line) {
    clear();
    err.println(line);
    err.flush();
  }

  synchronized void clear() {
    if (terminal && width > 0) {
      err.print("\r" + " ".repeat(width) + "\r");
      width = 0;
    }
  }

  private void tick() {
    Supplier<String> current = status;
    if (current != null) {
      try {
        print(current.get(), false);
      } catch (RuntimeException ignored) {
        // a status that cannot be computed now is shown at the next tick
      }
    }
  }

  private synchronized void print(String line, boolean done) {
    String elapsed = String.format(" | %ds", (System.nanoTime() - started) / 1_000_000_000L);
    if (terminal) {
      String text = line + elapsed;
      err.print("\r" + text + " ".repeat(Math.max(0, width - text.length())));
      width = text.length();
      if (done) {
        err.println();
        width = 0;
      }
    } else {
      err.println(line + elapsed);
    }
    err.flush();
  }
}
