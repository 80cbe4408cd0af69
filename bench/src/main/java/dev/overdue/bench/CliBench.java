package dev.overdue.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.overdue.client.Approvals;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Scenario {@code cli}: how long one {@code bin/overdue} command takes, wall time as a user
 * feels it, against the Temporal CLI doing the same to the same approval in the same run (the
 * anchor): {@code status} against {@code temporal workflow query --type status}, a {@code
 * suspend} or {@code resume} against {@code temporal workflow update execute} of the same Update.
 * Also {@code bin/overdue --version}, which connects to nothing: the part of each command that is
 * starting the program. Commands run one at a time, round-robin, so the machine's load falls on
 * all alike; the first rounds warm the page cache and are not counted.
 */
public final class CliBench {
  static final Duration RUN = Duration.ofMinutes(2);
  static final ObjectMapper JSON = new ObjectMapper();

  /** @param samples measured runs of each command; {@code warmup} rounds before them */
  public record Options(int samples, int warmup, BenchRig.Options rig, Duration timeout) {}

  /** Wall times of one command, in nanoseconds. */
  public record Times(List<Long> nanos) {
    double median() {
      return percentile(50);
    }

    /** In milliseconds, by nearest rank as every bench ({@link Lateness#percentile}). */
    double percentile(double p) {
      return Lateness.percentile(sorted(), p) / 1e6;
    }

    double min() {
      return sorted()[0] / 1e6;
    }

    private long[] sorted() {
      return nanos.stream().mapToLong(Long::longValue).sorted().toArray();
    }

    Map<String, Object> json() {
      Map<String, Object> json = new LinkedHashMap<>();
      json.put("medianMs", round(median()));
      json.put("p90Ms", round(percentile(90)));
      json.put("minMs", round(min()));
      return json;
    }

    @Override
    public String toString() {
      return String.format(
          Locale.ROOT, "median %.0f ms, p90 %.0f ms, min %.0f ms (%d runs)",
          median(), percentile(90), min(), nanos.size());
    }
  }

  /** Each command's times, by name: {@code overdue …} and {@code temporal …}. */
  public record Result(int samples, Map<String, Times> times) {
    public Map<String, Object> json() {
      Map<String, Object> json = new LinkedHashMap<>();
      json.put("scenario", "cli");
      json.put("samples", samples);
      Map<String, Object> overdue = new LinkedHashMap<>();
      overdue.put("version", times.get(VERSION).json());
      overdue.put("status", times.get(STATUS).json());
      overdue.put("update", times.get(UPDATE).json());
      json.put("overdue", overdue);
      Map<String, Object> temporal = new LinkedHashMap<>();
      temporal.put("query", times.get(T_QUERY).json());
      temporal.put("update", times.get(T_UPDATE).json());
      json.put("temporal", temporal);
      Map<String, Object> ratio = new LinkedHashMap<>();
      ratio.put("statusVsQuery", round(times.get(STATUS).median() / times.get(T_QUERY).median()));
      ratio.put("updateVsUpdate", round(times.get(UPDATE).median() / times.get(T_UPDATE).median()));
      json.put("ratio", ratio);
      json.put("goalMs", 500);
      return json;
    }
  }

  static final String VERSION = "overdue --version";
  static final String STATUS = "overdue status";
  static final String UPDATE = "overdue suspend|resume";
  static final String T_QUERY = "temporal workflow query --type status";
  static final String T_UPDATE = "temporal workflow update execute";

  private final Options options;
  private final PrintStream out;
  private final Progress progress;
  private final Path runDir;
  private final String tag;
  private final long deadline;

  public CliBench(Options options, PrintStream out, PrintStream err) {
    this.options = options;
    this.out = out;
    this.progress = new Progress(err);
    this.runDir = options.rig().runDir();
    this.tag = LocalDateTime.now().format(DateTimeFormatter.ofPattern("HHmmss"))
        + Long.toString(System.nanoTime() % 46656, 36);
    this.deadline = System.nanoTime() + options.timeout().toNanos();
  }

  public Result run() throws Exception {
    Path root = options.rig().root();
    String temporal = temporalCli(root);
    String taskQueue = "bench-cli-" + tag;
    try (BenchRig rig = BenchRig.start(options.rig(), taskQueue, progress, this::checkDeadline)) {
      String requestId = "cli-" + tag;
      ObjectNode request = JSON.createObjectNode();
      request.put("requestId", requestId);
      request.put("title", "CLI bench");
      request.put("requester", "carol");
      ObjectNode step = request.putArray("steps").addObject();
      step.put("name", "review");
      step.putArray("approvers").add("alice");
      String workflowId = new Approvals(rig.client()).start(request, taskQueue);
      Map<String, Times> times = new LinkedHashMap<>();
      for (String name : List.of(VERSION, STATUS, UPDATE, T_QUERY, T_UPDATE)) {
        times.put(name, new Times(new ArrayList<>()));
      }
      List<String> overdue = List.of("bash", root.resolve("bin/overdue").toString());
      int rounds = options.warmup() + options.samples();
      for (int round = 0; round < rounds; round++) {
        checkDeadline();
        boolean counted = round >= options.warmup();
        progress.say(String.format(Locale.ROOT, "round %d of %d%s", round + 1, rounds, counted ? "" : " (warm-up)"));
        // One side suspends, the other resumes; the next round the other way round, so both send
        // the same Updates.
        boolean overdueSuspends = round % 2 == 0;
        time(times, counted, VERSION, rig, concat(overdue, "--version"));
        time(times, counted, STATUS, rig, concat(overdue, "status", requestId));
        List<String> overdueUpdate = overdueSuspends
            ? concat(overdue, "suspend", requestId, "--reason", "bench")
            : concat(overdue, "resume", requestId);
        List<String> temporalUpdate = overdueSuspends
            ? List.of(temporal, "workflow", "update", "execute", "--workflow-id", workflowId, "--name", "resume", "--input", "{}")
            : List.of(temporal, "workflow", "update", "execute", "--workflow-id", workflowId, "--name", "suspend",
                "--input", "{\"reason\":\"bench\"}");
        time(times, counted, T_QUERY, rig,
            List.of(temporal, "workflow", "query", "--workflow-id", workflowId, "--type", "status"));
        if (overdueSuspends) {
          time(times, counted, UPDATE, rig, overdueUpdate);
          time(times, counted, T_UPDATE, rig, temporalUpdate);
        } else {
          time(times, counted, T_UPDATE, rig, temporalUpdate);
          time(times, counted, UPDATE, rig, overdueUpdate);
        }
      }
      progress.clear();
      times.forEach((name, t) -> say("%-40s %s", name, t));
      Result result = new Result(options.samples(), times);
      say("ratio: status / query %.2f, update / update %.2f; goal: each overdue command ≤ 500 ms",
          times.get(STATUS).median() / times.get(T_QUERY).median(),
          times.get(UPDATE).median() / times.get(T_UPDATE).median());
      return result;
    } finally {
      progress.clear();
    }
  }

  /** Runs {@code command} once; its wall time joins {@code name}'s when {@code counted}. */
  private void time(Map<String, Times> times, boolean counted, String name, BenchRig rig, List<String> command)
      throws Exception {
    Files.createDirectories(runDir);
    Path output = runDir.resolve("last-command.txt");
    ProcessBuilder builder =
        new ProcessBuilder(command).directory(options.rig().root().toFile()).redirectErrorStream(true)
            .redirectOutput(output.toFile());
    // OVERDUE_CLI stays: it chooses the native executable or the JVM (OVERDUE_CLI=jvm), which is
    // what a comparison of the two needs; every other setting is the rig's.
    builder.environment().keySet().removeIf(
        k -> (k.startsWith("TEMPORAL_") || k.startsWith("OVERDUE_")) && !k.equals("OVERDUE_CLI"));
    builder.environment().putAll(rig.cliEnv());
    long began = System.nanoTime();
    Process process = builder.start();
    boolean ended = process.waitFor(RUN.toMillis(), TimeUnit.MILLISECONDS);
    long nanos = System.nanoTime() - began;
    process.destroyForcibly();
    if (!ended || process.exitValue() != 0) {
      throw new IllegalStateException(
          String.join(" ", command) + (ended ? " exited " + process.exitValue() : " did not end in " + RUN)
              + ":\n" + Files.readString(output));
    }
    if (counted) {
      times.get(name).nanos().add(nanos);
    }
  }

  /** The Temporal CLI bin/dev-server installs (its path is the last line it prints). */
  private static String temporalCli(Path root) throws Exception {
    Process install =
        new ProcessBuilder("bash", root.resolve("bin/dev-server").toString(), "--install-only")
            .directory(root.toFile()).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    String printed = new String(install.getInputStream().readAllBytes()).strip();
    if (install.waitFor() != 0 || printed.isEmpty()) {
      throw new IllegalStateException("bin/dev-server --install-only failed");
    }
    List<String> lines = printed.lines().toList();
    return lines.get(lines.size() - 1);
  }

  /**
   * What bin/overdue runs, as its own {@code --version} says: the native executable or which Java
   * (the launcher's choice, dist/src/lib/java.bash, is made once, there).
   */
  static String cliOfBinOverdue(Path root) {
    try {
      Process version =
          new ProcessBuilder(root.resolve("bin/overdue").toString(), "--version")
              .redirectError(ProcessBuilder.Redirect.DISCARD).start();
      String line = new String(version.getInputStream().readAllBytes()).strip();
      return version.waitFor() == 0 && !line.isEmpty() ? line : "bin/overdue --version failed";
    } catch (java.io.IOException e) {
      return "bin/overdue --version failed: " + e.getMessage();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "bin/overdue --version interrupted";
    }
  }

  private static List<String> concat(List<String> head, String... tail) {
    List<String> all = new ArrayList<>(head);
    all.addAll(List.of(tail));
    return all;
  }

  private void checkDeadline() {
    if (System.nanoTime() > deadline) {
      throw new IllegalStateException("the bench ran past its --timeout");
    }
  }

  private void say(String format, Object... args) {
    out.println(String.format(Locale.ROOT, format, args));
    out.flush();
  }

  static double round(double value) {
    return Math.round(value * 1000) / 1000.0;
  }
}
