package dev.overdue.starter;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** A worker as a process (the jar, or the distribution's script), its output in a log file the tests read. */
final class WorkerProcess implements AutoCloseable {
  private final Process process;
  private final Path log;

  private WorkerProcess(Process process, Path log) {
    this.process = process;
    this.log = log;
  }

  /** Starts the worker jar and waits until it polls its task queue. */
  static WorkerProcess start(Path log, Map<String, String> env, String... args) throws Exception {
    assertTrue(Files.exists(Processes.WORKER_JAR), Processes.WORKER_JAR + " missing: run mvn verify");
    List<String> command =
        new ArrayList<>(List.of(Processes.java(), "-jar", Processes.WORKER_JAR.toString()));
    command.addAll(List.of(args));
    return start(log, env, command);
  }

  /**
   * Starts {@code command}, a worker however it is run, and waits until it polls its task queue.
   * The process must be the worker itself (scripts that {@code exec} it), so that {@link #kill}
   * kills the worker.
   */
  static WorkerProcess start(Path log, Map<String, String> env, List<String> command) throws Exception {
    Files.createDirectories(log.getParent());
    ProcessBuilder builder =
        new ProcessBuilder(command).directory(Processes.ROOT.toFile()).redirectErrorStream(true);
    builder.redirectOutput(log.toFile());
    Processes.cleanEnvironment(builder, env);
    WorkerProcess worker = new WorkerProcess(builder.start(), log);
    try {
      worker.awaitLog("Overdue worker polling", Duration.ofSeconds(60));
    } catch (AssertionError | Exception e) {
      worker.close();
      throw e;
    }
    return worker;
  }

  void awaitLog(String text, Duration timeout) throws Exception {
    long giveUp = System.nanoTime() + timeout.toNanos();
    while (System.nanoTime() < giveUp) {
      if (log().contains(text)) {
        return;
      }
      if (!process.isAlive()) {
        break;
      }
      Thread.sleep(100);
    }
    if (log().contains(text)) {
      return;
    }
    throw new AssertionError(
        "worker log never said '" + text + "'" + (process.isAlive() ? "" : " (the worker exited)")
            + ":\n" + log());
  }

  String log() throws IOException {
    return Files.readString(log);
  }

  /**
   * SIGKILL ({@code kill -9}): the worker dies at once, mid-task, without its shutdown hook, as in
   * a power cut or an OOM kill. Returns when the process is gone.
   */
  void kill() throws InterruptedException {
    process.destroyForcibly();
    if (!process.waitFor(30, TimeUnit.SECONDS)) {
      throw new AssertionError("the worker (pid " + process.pid() + ") outlived SIGKILL by 30 s");
    }
  }

  /** SIGTERM, the way an orchestrator stops a worker; returns at once. */
  void sigterm() {
    process.destroy();
  }

  /** The exit code, once the process has ended; fails if it outlives {@code within}. */
  int awaitExit(Duration within) throws InterruptedException {
    if (!process.waitFor(within.toMillis(), TimeUnit.MILLISECONDS)) {
      throw new AssertionError("the worker (pid " + process.pid() + ") is still running after " + within);
    }
    return process.exitValue();
  }

  /** {@link #sigterm}, then {@link #awaitExit}: without the SIGKILL fallback of {@link #close}. */
  int terminate(Duration within) throws InterruptedException {
    sigterm();
    return awaitExit(within);
  }

  long pid() {
    return process.pid();
  }

  boolean isAlive() {
    return process.isAlive();
  }

  /** SIGTERM (the worker finishes in-flight tasks), then SIGKILL if it has not ended in 30 s. */
  @Override
  public void close() throws InterruptedException {
    if (process.isAlive()) {
      process.destroy();
      if (!process.waitFor(30, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
    }
  }
}
