package dev.overdue.bench;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * A process the bench started (the dev server, a worker), its output in a log file. Every one is
 * stopped when the bench ends, however it ends: normally by {@link #close}, on failure, timeout or
 * Ctrl-C by a shutdown hook. Stopping is SIGTERM, then SIGKILL after a bound.
 */
final class ChildProcess implements AutoCloseable {
  private static final Set<ChildProcess> RUNNING = ConcurrentHashMap.newKeySet();

  static {
    Runtime.getRuntime()
        .addShutdownHook(new Thread(ChildProcess::stopAll, "bench-stop-children"));
  }

  final String name;
  final Path log;
  private final Process process;

  private ChildProcess(String name, Path log, Process process) {
    this.name = name;
    this.log = log;
    this.process = process;
  }

  static ChildProcess start(String name, List<String> command, Path dir, Map<String, String> env, Path log) {
    try {
      Files.createDirectories(log.getParent());
      ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
      builder.redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
      builder.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
      // Only the settings the bench gives: no TEMPORAL_* or OVERDUE_* of this shell leak in.
      builder.environment().keySet().removeIf(k -> k.startsWith("TEMPORAL_") || k.startsWith("OVERDUE_"));
      builder.environment().putAll(env);
      ChildProcess child = new ChildProcess(name, log, builder.start());
      RUNNING.add(child);
      return child;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start " + name + ": " + command, e);
    }
  }

  long pid() {
    return process.pid();
  }

  boolean isAlive() {
    return process.isAlive();
  }

  String log() {
    try {
      return Files.exists(log) ? Files.readString(log) : "";
    } catch (IOException e) {
      return "(cannot read " + log + ": " + e + ")";
    }
  }

  /** The last lines of the log, for an error message. */
  String logTail(int lines) {
    List<String> all = log().lines().toList();
    return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
  }

  /** Waits until the log contains {@code text}; fails when the process exits or time runs out. */
  void awaitLog(String text, Duration timeout) throws InterruptedException {
    long giveUp = System.nanoTime() + timeout.toNanos();
    while (System.nanoTime() < giveUp) {
      if (log().contains(text)) {
        return;
      }
      if (!process.isAlive()) {
        throw new IllegalStateException(
            name + " exited (" + process.exitValue() + ") before saying '" + text + "':\n" + logTail(40));
      }
      Thread.sleep(200);
    }
    throw new IllegalStateException(
        name + " did not say '" + text + "' within " + timeout.toSeconds() + " s:\n" + logTail(40));
  }

  /** SIGTERM, SIGKILL (with its descendants) when it has not ended in 30 s. */
  @Override
  public void close() {
    try {
      if (process.isAlive()) {
        process.destroy();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
          process.descendants().forEach(ProcessHandle::destroyForcibly);
          process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    } finally {
      RUNNING.remove(this);
    }
  }

  /** Stops every child still running, all at once. */
  static void stopAll() {
    List<ChildProcess> children = List.copyOf(RUNNING);
    children.forEach(c -> c.process.destroy());
    long giveUp = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    for (ChildProcess child : children) {
      try {
        long left = Math.max(0, giveUp - System.nanoTime());
        if (!child.process.waitFor(left, TimeUnit.NANOSECONDS)) {
          child.process.descendants().forEach(ProcessHandle::destroyForcibly);
          child.process.destroyForcibly();
        }
      } catch (InterruptedException e) {
        child.process.destroyForcibly();
      }
    }
  }

  /** A port free on loopback now (another process may still take it before it is used). */
  static int freePort() {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
