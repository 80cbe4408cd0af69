package dev.overdue.bench;

import java.io.PrintStream;
import java.net.http.HttpClient;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * What one run of a bench over the HTTP task API carries throughout: where its figures go, its
 * progress line, a tag that keeps its names apart from another run's on the same server, and the
 * deadline of its --timeout.
 */
final class BenchRun {
  final Progress progress;
  /** The bench's own HTTP calls, one connection per caller thread at most. */
  final HttpClient http =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build();
  final String tag = LocalDateTime.now().format(DateTimeFormatter.ofPattern("HHmmss"))
      + Long.toString(System.nanoTime() % 46656, 36);
  private final PrintStream out;
  private final long deadline;

  BenchRun(PrintStream out, PrintStream err, Duration timeout) {
    this.out = out;
    this.progress = new Progress(err);
    this.deadline = System.nanoTime() + timeout.toNanos();
  }

  void checkDeadline() {
    if (System.nanoTime() > deadline) {
      throw new IllegalStateException("the bench ran past its --timeout");
    }
  }

  /** A line of figures, on stdout. */
  void say(String format, Object... args) {
    out.println(String.format(Locale.ROOT, format, args));
    out.flush();
  }
}
