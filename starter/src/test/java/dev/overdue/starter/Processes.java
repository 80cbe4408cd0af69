package dev.overdue.starter;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs the programs a user runs (the starter jar, the {@code temporal} CLI, README lines through
 * bash) as processes for the end-to-end tests: from the repository root, every run bounded in
 * time, with only the TEMPORAL_* and OVERDUE_* settings the test gives.
 */
final class Processes {
  private Processes() {}

  /** The repository root: failsafe runs in {@code starter/}; an IDE may run in the root. */
  static final Path ROOT = root(Path.of("").toAbsolutePath());

  private static Path root(Path dir) {
    return Files.isRegularFile(dir.resolve("bin/dev-server")) ? dir : dir.getParent();
  }

  static final Path STARTER_JAR = ROOT.resolve("starter/target/overdue.jar");
  static final Path WORKER_JAR = ROOT.resolve("worker/target/overdue-worker.jar");

  static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(90);

  /** Where the end-to-end tests keep their processes' logs, one directory per test class. */
  static final Path IT_LOGS = Path.of("target", "it-logs").toAbsolutePath();

  /**
   * The log directory of a test: {@code target/it-logs/<name>}, kept after the run. A name that
   * starts with the test class's name is what {@link LogTailsOnFailure} prints from on a failure.
   */
  static Path logsOf(String name) {
    return IT_LOGS.resolve(name);
  }

  record Result(int exit, String out, String err) {
    @Override
    public String toString() {
      return "exit " + exit + "\n--- stdout:\n" + out + "\n--- stderr:\n" + err;
    }
  }

  /** {@code overdue ARGS} from the starter jar, run from the repository root. */
  static Result overdue(Map<String, String> env, String... args) throws IOException, InterruptedException {
    assertTrue(Files.exists(STARTER_JAR), STARTER_JAR + " missing: run mvn verify");
    List<String> command = new ArrayList<>(List.of(java(), "-jar", STARTER_JAR.toString()));
    command.addAll(List.of(args));
    return run(command, env, DEFAULT_TIMEOUT);
  }

  static Result run(List<String> command, Map<String, String> env, Duration timeout)
      throws IOException, InterruptedException {
    ProcessBuilder builder = new ProcessBuilder(command).directory(ROOT.toFile());
    cleanEnvironment(builder, env);
    Path out = Files.createTempFile("overdue-it-out", ".txt");
    Path err = Files.createTempFile("overdue-it-err", ".txt");
    try {
      builder.redirectOutput(out.toFile()).redirectError(err.toFile());
      Process process = builder.start();
      if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        throw new AssertionError(
            String.join(" ", command) + " did not end within " + timeout.toSeconds() + " s:\n"
                + Files.readString(out) + Files.readString(err));
      }
      return new Result(
          process.exitValue(),
          Files.readString(out, StandardCharsets.UTF_8),
          Files.readString(err, StandardCharsets.UTF_8));
    } finally {
      Files.deleteIfExists(out);
      Files.deleteIfExists(err);
    }
  }

  /**
   * Only the settings the test gives: no TEMPORAL_*, OVERDUE_* or OTEL_* leaking in from the
   * machine. Unless the test names one, the task index is a file of the Temporal server's own in
   * this JVM's temporary directory: a worker and an API on one server share it, and no test reads
   * rows another server's approvals wrote (nor the user's ~/.overdue).
   */
  static void cleanEnvironment(ProcessBuilder builder, Map<String, String> env) {
    builder.environment().keySet().removeIf(
        k -> k.startsWith("TEMPORAL_") || k.startsWith("OVERDUE_") || k.startsWith("OTEL_"));
    builder.environment().putAll(env);
    builder.environment().putIfAbsent("OVERDUE_TASK_INDEX", taskIndexOf(env.getOrDefault("TEMPORAL_ADDRESS", "default")));
  }

  private static final String RUN = Long.toString(ProcessHandle.current().pid());

  /** The task index of the server at {@code address}, for the processes of this JVM's tests. */
  static String taskIndexOf(String address) {
    return Path.of(System.getProperty("java.io.tmpdir"), "overdue-task-index-" + RUN,
        address.replaceAll("[^A-Za-z0-9.-]", "_") + ".db").toString();
  }

  static String java() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  /** A port nothing listens on now ({@link FreePorts}). */
  static int freePort() {
    return FreePorts.free();
  }

  /** Polls {@code check} until it returns non-null, at most {@code timeout}. */
  static <T> T await(Duration timeout, String what, Check<T> check) throws Exception {
    long giveUp = System.nanoTime() + timeout.toNanos();
    Object last = null;
    while (true) {
      Attempt<T> attempt = check.attempt();
      if (attempt.value() != null) {
        return attempt.value();
      }
      last = attempt.lastSeen();
      if (System.nanoTime() > giveUp) {
        throw new AssertionError(
            what + " did not happen within " + timeout.toSeconds() + " s; last seen:\n" + last);
      }
      Thread.sleep(300);
    }
  }

  /**
   * Like {@link #await}, but gives up only when what is seen stops changing for {@code stall}: a
   * loaded machine may take longer than any fixed bound to get through hundreds of approvals, while
   * one that makes no progress at all has hung. The test's own timeout bounds the whole wait.
   */
  static <T> T awaitProgress(Duration stall, String what, Check<T> check) throws Exception {
    long began = System.nanoTime();
    long giveUp = began + stall.toNanos();
    Object last = null;
    while (true) {
      Attempt<T> attempt = check.attempt();
      if (attempt.value() != null) {
        return attempt.value();
      }
      if (!java.util.Objects.equals(last, attempt.lastSeen())) {
        last = attempt.lastSeen();
        giveUp = System.nanoTime() + stall.toNanos();
      }
      if (System.nanoTime() > giveUp) {
        throw new AssertionError(what + " made no progress for " + stall.toSeconds() + " s (after "
            + Duration.ofNanos(System.nanoTime() - began).toSeconds() + " s); last seen:\n" + last);
      }
      Thread.sleep(300);
    }
  }

  /** One try of {@link #await}: the value when done, else what was seen (for the failure message). */
  record Attempt<T>(T value, Object lastSeen) {
    static <T> Attempt<T> done(T value) {
      return new Attempt<>(value, null);
    }

    static <T> Attempt<T> notYet(Object seen) {
      return new Attempt<>(null, seen);
    }
  }

  @FunctionalInterface
  interface Check<T> {
    Attempt<T> attempt() throws Exception;
  }

  /** {@code result}, asserted to have exited 0. */
  static Result ok(Result result) {
    org.junit.jupiter.api.Assertions.assertEquals(0, result.exit(), result.toString());
    return result;
  }

  /** Seconds since {@code since} (a {@link System#nanoTime()}), to a tenth, for a test's report. */
  static String seconds(long since) {
    return String.format("%.1f", (System.nanoTime() - since) / 1e9);
  }
}
