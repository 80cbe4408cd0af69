package dev.overdue.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The start-up warning of a worker that a stop signal would not stop, from /proc's signal masks. */
class IgnoredStopSignalsTest {
  private static String status(String ignored) {
    return "Name:\tjava\nSigBlk:\t0000000000000000\nSigIgn:\t" + ignored + "\nSigCgt:\t0000000000014602\n";
  }

  @Test
  void aWorkerStartedAsAForegroundCommandSaysNothing() {
    assertEquals(Optional.empty(), IgnoredStopSignals.warning(status("0000000000000000")));
    // SIGPIPE (13) ignored is usual and harmless.
    assertEquals(Optional.empty(), IgnoredStopSignals.warning(status("0000000000001000")));
  }

  @Test
  void aWorkerStartedWithSigintIgnoredNamesSigterm() {
    // What a JVM started with '&' by a script or under nohup shows: SIGINT (2) is bit 1.
    String warning = IgnoredStopSignals.warning(status("0000000000000002")).orElseThrow();
    assertTrue(warning.startsWith("Ctrl-C (SIGINT) does not stop this worker"), warning);
    assertTrue(warning.contains("stop it with SIGTERM"), warning);
  }

  @Test
  void aWorkerStartedWithSigtermIgnoredSaysNeitherStopsIt() {
    String warning = IgnoredStopSignals.warning(status("0000000000004002")).orElseThrow();
    assertTrue(warning.contains("started with SIGTERM and SIGINT ignored"), warning);
  }

  @Test
  void noMaskOnThisSystemSaysNothing() {
    assertEquals(Optional.empty(), IgnoredStopSignals.warning("Name:\tjava\n"));
  }
}
