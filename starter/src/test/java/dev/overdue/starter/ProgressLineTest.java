package dev.overdue.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** The status line of a long command: drawn on a terminal once it is slow, wiped at the end. */
class ProgressLineTest {
  @Test
  void onATerminalTheLineIsDrawnInPlaceAndWipedAtTheEnd() throws Exception {
    StringWriter err = new StringWriter();
    try (ProgressLine line = new ProgressLine(new PrintWriter(err), () -> "reading: 3 runs", true, 0)) {
      Thread.sleep(300);
    }
    String drawn = err.toString();
    assertTrue(drawn.startsWith("\rreading: 3 runs"), drawn);
    assertTrue(drawn.endsWith("\r" + " ".repeat("reading: 3 runs".length()) + "\r"), drawn);
  }

  @Test
  void aQuickAnswerOrAPipeGetsNoLine() throws Exception {
    StringWriter quick = new StringWriter();
    try (ProgressLine line = new ProgressLine(new PrintWriter(quick), () -> "waiting", true, 500)) {
      Thread.sleep(50);
    }
    assertEquals("", quick.toString());
    StringWriter pipe = new StringWriter();
    try (ProgressLine line = new ProgressLine(new PrintWriter(pipe), () -> "waiting", false, 0)) {
      Thread.sleep(300);
    }
    assertEquals("", pipe.toString());
  }

  @Test
  void theTimeSpentReadsAsSecondsThenMinutes() {
    assertEquals("0 s", ProgressLine.since(System.nanoTime()));
    assertEquals("2 min 05 s", ProgressLine.since(System.nanoTime() - 125_000_000_000L));
  }
}
