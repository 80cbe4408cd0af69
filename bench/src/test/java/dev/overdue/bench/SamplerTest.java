package dev.overdue.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

class SamplerTest {
  @Test
  @EnabledOnOs(OS.LINUX)
  void aServersCpuTimeCountsWhatItsChildrenUsedThoughTheyEnded() throws Exception {
    // A shell whose child burns CPU, then ends; the shell itself only waits (as PostgreSQL's
    // postmaster does while its backends work).
    Process shell =
        new ProcessBuilder(
                "bash", "-c", "bash -c 'i=0; while ((i < 400000)); do i=$((i + 1)); done'; echo done; sleep 30")
            .redirectErrorStream(true)
            .start();
    try {
      long pid = shell.pid();
      shell.getInputStream().read(); // the child has ended and been reaped
      double own = Sampler.ProcStat.cpuNanos(pid);
      double tree = Sampler.ProcStat.treeUsage(List.of(pid)).cpuNanos();
      assertTrue(tree >= 200_000_000, "the tree used " + tree / 1e9 + " s");
      assertTrue(own < tree / 4, "the shell itself used " + own / 1e9 + " s of " + tree / 1e9);
    } finally {
      shell.destroy();
      shell.waitFor(5, TimeUnit.SECONDS);
    }
  }

  @Test
  @EnabledOnOs(OS.LINUX)
  void aServersMemoryIsWhatItsProcessesHoldResident() {
    long self = ProcessHandle.current().pid();
    double before = Sampler.ProcStat.treeUsage(List.of(self)).rssBytes();
    byte[] held = new byte[256 << 20];
    Arrays.fill(held, (byte) 1); // every page touched, so resident
    double after = Sampler.ProcStat.treeUsage(List.of(self)).rssBytes();
    assertTrue(after - before >= 200 * (1 << 20), "grew by " + (after - before) / (1 << 20) + " MiB");
    assertTrue(held[held.length - 1] == 1);
  }

  @Test
  void cpuPerExpiryIsTheSpansCpuOverTheExpiriesRecordedInIt() {
    // Over 100 s: 2 s of worker CPU, 5 s of the server's, 1,000 expiries recorded.
    Sampler.Sample first = new Sampler.Sample(0, 0, 1e9, 500, 10e9, 0);
    Sampler.Sample last = new Sampler.Sample(100_000_000_000L, 0, 3e9, 1_500, 15e9, 0);
    Sampler.PerExpiry cost = Sampler.perExpiry(first, last);
    assertEquals(2.0, cost.workerCpuMs(), 1e-9);
    assertEquals(5.0, cost.serverCpuMs(), 1e-9);
    // Behind: the same CPU over twice the time and half the expiries costs twice as much each,
    // though its mean cores are half as many.
    Sampler.Sample behind = new Sampler.Sample(200_000_000_000L, 0, 3e9, 1_000, 15e9, 0);
    assertEquals(4.0, Sampler.perExpiry(first, behind).workerCpuMs(), 1e-9);
    assertTrue(Double.isNaN(Sampler.perExpiry(first, first).workerCpuMs()), "no expiry, no figure");
  }

  @Test
  void noLiveProcessIsNoFigure() {
    assertTrue(Double.isNaN(Sampler.ProcStat.treeUsage(List.of(Long.MAX_VALUE)).cpuNanos()));
    assertTrue(Double.isNaN(Sampler.ProcStat.treeUsage(List.of(Long.MAX_VALUE)).rssBytes()));
  }
}
