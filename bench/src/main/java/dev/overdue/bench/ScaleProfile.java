package dev.overdue.bench;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;

/**
 * {@code bench scale --profile}: both workers run with async-profiler's agent (from Maven Central's
 * {@code tools.profiler:async-profiler}, which carries the native library), sampling CPU time every
 * 5 ms from their start to their exit; each writes its stacks, collapsed, into the run's directory,
 * where {@link ProfileSummary} reads them. The profile covers the worker's whole life: its
 * warm-up and the lateness collection (queries, a part of their own) too.
 */
final class ScaleProfile {
  private ScaleProfile() {}

  /** The JVM option that profiles a worker into {@code stacks}. */
  static String agentOption(Path runDir, Path stacks) throws IOException {
    return "-agentpath:" + library(runDir) + "=start,event=itimer,interval=5ms,collapsed,file=" + stacks;
  }

  /** The agent's native library for this machine, copied out of the jar once per run. */
  private static synchronized Path library(Path runDir) throws IOException {
    String arch = System.getProperty("os.arch").toLowerCase(Locale.ROOT);
    String os = System.getProperty("os.name").toLowerCase(Locale.ROOT);
    if (!os.contains("linux")) {
      throw new IllegalStateException("--profile needs Linux (async-profiler's agent); this is " + os);
    }
    String resource = (arch.contains("aarch64") || arch.contains("arm64") ? "linux-arm64" : "linux-x64")
        + "/libasyncProfiler.so";
    Path library = runDir.resolve("libasyncProfiler.so");
    if (!Files.exists(library)) {
      try (InputStream in = ScaleProfile.class.getClassLoader().getResourceAsStream(resource)) {
        if (in == null) {
          throw new IllegalStateException("no " + resource + " in the bench jar");
        }
        Files.createDirectories(runDir);
        Files.copy(in, library, StandardCopyOption.REPLACE_EXISTING);
      }
    }
    return library;
  }
}
