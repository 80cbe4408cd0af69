package dev.overdue.bench;

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
  void noLiveProcessIsNoFigure() {
    assertTrue(Double.isNaN(Sampler.ProcStat.treeUsage(List.of(Long.MAX_VALUE)).cpuNanos()));
    assertTrue(Double.isNaN(Sampler.ProcStat.treeUsage(List.of(Long.MAX_VALUE)).rssBytes()));
  }
}
