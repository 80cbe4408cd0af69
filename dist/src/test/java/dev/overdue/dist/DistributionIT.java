package dev.overdue.dist;

import dev.overdue.starter.FreePorts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The distribution as a server gets it: {@code overdue-<version>.tar.gz} unpacked into an empty
 * directory and run with a PATH that holds bash, readlink and a Java runtime, nothing else (no
 * Maven, no source tree): the worker on its in-memory service, the CLI through symlinks, the HTTP
 * API's probes with no Temporal to reach, the inbox's with no API to reach, the refusal of an old
 * Java, and the files the systemd units and the Dockerfile name.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class DistributionIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String VERSION = System.getProperty("overdue.version", "1.0.0");
  private static final Path TARBALL =
      Path.of(System.getProperty("overdue.tarball", "target/overdue-" + VERSION + ".tar.gz")).toAbsolutePath();
  /** The repository: failsafe runs in {@code dist/}. */
  private static final Path REPO = Path.of("").toAbsolutePath().getParent();
  private static final Path UNIT = REPO.resolve("deploy/systemd/overdue-worker.service");
  private static final Path API_UNIT = REPO.resolve("deploy/systemd/overdue-api.service");
  private static final Path INBOX_UNIT = REPO.resolve("deploy/systemd/overdue-inbox.service");
  private static final Path DOCKERFILE = REPO.resolve("deploy/docker/Dockerfile");

  private static final Duration RUN_TIMEOUT = Duration.ofSeconds(60);

  /** Where the test unpacks and runs, kept after the run (a failure prints its logs' tails). */
  static final Path DIR = Path.of("target", "it-logs", "DistributionIT").toAbsolutePath();
  /** The unpacked distribution, {@code overdue-<version>/}. */
  private static Path home;
  /** A PATH directory with bash, readlink and java. */
  private static Path path;
  /** The same without java. */
  private static Path pathWithoutJava;

  @BeforeAll
  static void unpack() throws Exception {
    assertTrue(Files.isRegularFile(TARBALL), TARBALL + " missing: run mvn package in the dist module");
    removeEarlierRun();
    Path unpacked = Files.createDirectories(DIR.resolve("unpacked"));
    Result tar = run(List.of("tar", "-xzf", TARBALL.toString(), "-C", unpacked.toString()), DIR, System.getenv());
    assertEquals(0, tar.exit(), tar.toString());
    home = unpacked.resolve("overdue-" + VERSION);
    pathWithoutJava = Files.createDirectories(DIR.resolve("path-without-java"));
    for (String tool : List.of("bash", "readlink")) {
      Files.createSymbolicLink(pathWithoutJava.resolve(tool), onThisPath(tool));
    }
    path = Files.createDirectories(DIR.resolve("path"));
    for (String tool : List.of("bash", "readlink")) {
      Files.createSymbolicLink(path.resolve(tool), onThisPath(tool));
    }
    Files.createSymbolicLink(path.resolve("java"), Path.of(System.getProperty("java.home"), "bin", "java"));
  }

  /** An earlier run's directory, links and all (walked without following the links). */
  private static void removeEarlierRun() throws IOException {
    if (Files.exists(DIR)) {
      try (Stream<Path> files = Files.walk(DIR)) {
        for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
          Files.delete(file);
        }
      }
    }
    Files.createDirectories(DIR);
  }

  @Test
  void theTarballHoldsTheJarsScriptsSettingsAndDeployFilesUnderOneVersionedDirectory() throws Exception {
    Result listing = run(List.of("tar", "-tzvf", TARBALL.toString()), DIR, System.getenv());
    assertEquals(0, listing.exit(), listing.toString());
    Map<String, String> modes = new HashMap<>();
    for (String line : listing.out().split("\n")) {
      String[] fields = line.trim().split("\\s+");
      String name = fields[fields.length - 1];
      assertTrue(name.startsWith("overdue-" + VERSION + "/"), "outside the versioned directory: " + line);
      modes.put(name.substring(("overdue-" + VERSION + "/").length()), fields[0]);
    }
    for (String file :
        List.of(
            "lib/overdue-worker.jar",
            "lib/overdue.jar",
            "lib/overdue.jar.sha256",
            "lib/overdue-api.jar",
            "lib/overdue-inbox.jar",
            "lib/java.bash",
            "config/overdue.yaml",
            "README.md",
            "docs/examples/po-4711.json",
            "docs/examples/overdue.yaml",
            "docs/schema/approval-request.schema.json",
            "docs/schema/overdue-settings.schema.json",
            "deploy/README.md",
            "deploy/systemd/overdue-worker.service",
            "deploy/systemd/overdue-api.service",
            "deploy/systemd/overdue-inbox.service",
            "deploy/systemd/overdue.env",
            "deploy/systemd/overdue-inbox.env",
            "deploy/docker/Dockerfile")) {
      assertEquals("-rw-r--r--", modes.get(file), file + " in\n" + listing.out());
    }
    for (String script : List.of("bin/overdue", "bin/overdue-worker", "bin/overdue-api", "bin/overdue-inbox")) {
      assertEquals("-rwxr-xr-x", modes.get(script), script + " in\n" + listing.out());
      assertEquals(
          "rwxr-xr-x", PosixFilePermissions.toString(Files.getPosixFilePermissions(home.resolve(script))));
    }
    // The jar's sha256, which the launcher compares with the native executable's record (when there is one).
    assertEquals(sha256(home.resolve("lib/overdue.jar")), Files.readString(home.resolve("lib/overdue.jar.sha256")).strip());
    // Nothing of the build: no Maven files, no classes, no test jars.
    assertEquals(
        Set.of(),
        modes.keySet().stream()
            .filter(f -> f.endsWith("pom.xml") || f.endsWith(".class") || f.contains("target/"))
            .collect(Collectors.toSet()));
    System.out.printf(
        "%s: %.1f MB (worker jar %.1f MB, CLI jar %.1f MB, API jar %.1f MB, inbox jar %.1f MB)%n",
        TARBALL.getFileName(),
        Files.size(TARBALL) / 1e6,
        Files.size(home.resolve("lib/overdue-worker.jar")) / 1e6,
        Files.size(home.resolve("lib/overdue.jar")) / 1e6,
        Files.size(home.resolve("lib/overdue-api.jar")) / 1e6,
        Files.size(home.resolve("lib/overdue-inbox.jar")) / 1e6);
  }

  @Test
  void theWorkerAndTheCliRunAnApprovalWithOnlyJavaOnThePath() throws Exception {
    int metricsPort = FreePorts.free();
    // Reached through symlinks, as /usr/local/bin/overdue would be: an absolute one for the
    // worker, a chain of two relative ones for the CLI.
    Path links = Files.createDirectories(DIR.resolve("links"));
    Files.createSymbolicLink(links.resolve("overdue-worker"), home.resolve("bin/overdue-worker"));
    Path other = Files.createDirectories(DIR.resolve("other"));
    Files.createSymbolicLink(other.resolve("overdue-cli"), other.relativize(home.resolve("bin/overdue")));
    Files.createSymbolicLink(links.resolve("overdue"), Path.of("../other/overdue-cli"));

    Path store = DIR.resolve("state/deliveries.db");
    Map<String, String> env = cleanEnv(path);
    env.put("TEMPORAL_ADDRESS", "127.0.0.1:" + FreePorts.free());
    Map<String, String> workerEnv = new HashMap<>(env);
    workerEnv.put("OVERDUE_DELIVERY_STORE", store.toString());
    // Two options, split on the blank: the heap size shows in the flags the JVM prints.
    workerEnv.put("OVERDUE_JAVA_OPTS", "-Xmx256m -XX:+PrintCommandLineFlags");

    Path log = DIR.resolve("worker.log");
    List<String> command =
        List.of(
            links.resolve("overdue-worker").toString(),
            "--embedded",
            "--metrics-port",
            Integer.toString(metricsPort),
            "--config",
            home.resolve("config/overdue.yaml").toString());
    ProcessBuilder builder = new ProcessBuilder(command).directory(DIR.toFile()).redirectErrorStream(true);
    builder.redirectOutput(log.toFile());
    builder.environment().clear();
    builder.environment().putAll(workerEnv);
    long started = System.nanoTime();
    Process worker = builder.start();
    try {
      awaitLog(worker, log, "Overdue worker polling");
      lap("worker polling", started);
      String polling = Files.readString(log);
      assertTrue(polling.contains("IN-MEMORY Temporal service"), polling);
      assertTrue(polling.contains("delivered keys in " + store), "the store of the environment: " + polling);
      assertTrue(polling.contains("-XX:MaxHeapSize=268435456"), "OVERDUE_JAVA_OPTS reached the JVM: " + polling);

      // README's lines, from the unpacked directory.
      Path cli = links.resolve("overdue");
      Result start = run(List.of(cli.toString(), "start", "--file", "docs/examples/po-4711.json"), home, env);
      assertEquals(0, start.exit(), start.toString());
      assertTrue(start.out().contains("approval-PO-4711"), start.toString());
      lap("overdue start", started);

      Result status = run(List.of(cli.toString(), "status", "PO-4711"), home, env);
      assertEquals(0, status.exit(), status.toString());
      assertTrue(status.out().contains("manager") && status.out().contains("alice"), status.toString());

      Result approved =
          run(List.of(cli.toString(), "approve", "PO-4711", "--user", "alice", "--comment", "ok"), home, env);
      assertEquals(0, approved.exit(), approved.toString());
      Result after = run(List.of(cli.toString(), "status", "PO-4711", "--json"), home, env);
      assertEquals(0, after.exit(), after.toString());
      JsonNode json = JSON.readTree(after.out());
      assertEquals("finance", json.path("currentStep").asText(), after.out());
      lap("overdue status, approve, status --json", started);

      // The probe the HEALTHCHECK runs, from the distribution's own script.
      Result metrics =
          run(
              List.of(
                  home.resolve("bin/overdue-worker").toString(),
                  "probe",
                  "http://127.0.0.1:" + metricsPort + "/metrics"),
              DIR,
              env);
      assertEquals(0, metrics.exit(), metrics.toString());
      assertTrue(metrics.out().startsWith("ready: HTTP 200 from http://127.0.0.1:" + metricsPort + "/metrics"), metrics.toString());
      Map<String, String> probeEnv = new HashMap<>(env);
      probeEnv.put("OVERDUE_METRICS_PORT", Integer.toString(metricsPort));
      Result ready = run(List.of(home.resolve("bin/overdue-worker").toString(), "probe"), DIR, probeEnv);
      // Without a URL: /readyz on the port the same environment gives the worker, which is ready
      // (the embedded service answers, the pollers run, the store can be read).
      assertEquals(0, ready.exit(), ready.toString());
      assertTrue(
          ready.out().startsWith("ready: HTTP 200 from http://127.0.0.1:" + metricsPort + "/readyz"),
          ready.toString());
      lap("two probes", started);

      worker.destroy(); // SIGTERM, as systemd and docker stop send it
      assertTrue(worker.waitFor(60, TimeUnit.SECONDS), "the worker ended on SIGTERM");
      assertEquals(0, worker.exitValue(), "drained with nothing running: exit 0");
      assertTrue(Files.readString(log).contains("worker stopped"), Files.readString(log));
      lap("worker stopped on SIGTERM", started);
      assertTrue(Files.isRegularFile(store), "the store was created where the settings say");
    } finally {
      worker.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    }
  }

  @Test
  void theApiIsAliveWithoutTemporalButNotReadyAndRefusesAWiderAddressWithoutAnIssuer() throws Exception {
    // Through a symlink, as /usr/local/bin/overdue-api would be; no Temporal at TEMPORAL_ADDRESS.
    Path links = Files.createDirectories(DIR.resolve("links"));
    Files.createSymbolicLink(links.resolve("overdue-api"), home.resolve("bin/overdue-api"));
    int port = FreePorts.free();
    Map<String, String> env = cleanEnv(path);
    env.put("TEMPORAL_ADDRESS", "127.0.0.1:" + FreePorts.free());
    env.put("SERVER_PORT", Integer.toString(port));
    int metricsPort = FreePorts.free();
    env.put("MANAGEMENT_SERVER_PORT", Integer.toString(metricsPort));
    env.put("OVERDUE_JAVA_OPTS", "-Xmx256m -XX:+PrintCommandLineFlags");
    // Development mode (no OVERDUE_API_ISSUER) on every interface: refused, at the same time.
    Map<String, String> wide = new HashMap<>(env);
    wide.put("SERVER_PORT", Integer.toString(FreePorts.free()));
    wide.put("MANAGEMENT_SERVER_PORT", Integer.toString(FreePorts.free()));
    wide.put("SERVER_ADDRESS", "0.0.0.0");

    Path log = DIR.resolve("api.log");
    Path refusedLog = DIR.resolve("api-refused.log");
    long started = System.nanoTime();
    Process api = start(List.of(links.resolve("overdue-api").toString()), env, log);
    Process refused = start(List.of(home.resolve("bin/overdue-api").toString()), wide, refusedLog);
    try {
      HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
      URI base = URI.create("http://127.0.0.1:" + port);
      HttpResponse<String> live = null;
      long giveUp = System.nanoTime() + Duration.ofSeconds(90).toNanos();
      while (System.nanoTime() < giveUp && api.isAlive()) {
        try {
          live = http.send(HttpRequest.newBuilder(base.resolve("/healthz")).build(), BodyHandlers.ofString());
          if (live.statusCode() == 200) {
            break;
          }
          // DOWN while the application still starts: the API's port answers before its management
          // server (the metrics port) has started and the application counts as live.
        } catch (IOException notYet) { // nothing listening yet
          live = null;
        }
        Thread.sleep(200);
      }
      assertTrue(live != null, "the API never answered /healthz:\n" + Files.readString(log));
      lap("API answering", started);
      // Liveness is the process's; readiness needs Temporal.
      assertEquals(200, live.statusCode(), live.body() + "\n" + Files.readString(log));
      HttpResponse<String> ready =
          http.send(HttpRequest.newBuilder(base.resolve("/readyz")).build(), BodyHandlers.ofString());
      assertEquals(503, ready.statusCode(), ready.body());
      String output = Files.readString(log);
      assertTrue(output.contains("DEVELOPMENT MODE"), output);
      assertTrue(output.contains("-XX:MaxHeapSize=268435456"), "OVERDUE_JAVA_OPTS reached the JVM: " + output);
      // Metrics, on their own port, for a scraper that signs in to nothing.
      HttpResponse<String> metrics =
          http.send(
              HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + metricsPort + "/actuator/prometheus")).build(),
              BodyHandlers.ofString());
      assertEquals(200, metrics.statusCode(), metrics.body());
      assertTrue(metrics.body().contains("jvm_memory_used_bytes"), metrics.body());

      // The api image's HEALTHCHECK, as its shell runs it (with this distribution for /opt/overdue).
      String healthcheck = healthcheck("api").replace("/opt/overdue/", home + "/");
      Result probe = run(List.of("bash", "-c", healthcheck), DIR, env);
      assertEquals(1, probe.exit(), probe.toString());
      assertTrue(
          probe.err().startsWith("not ready: HTTP 503 from http://127.0.0.1:" + port + "/readyz"), probe.toString());
      Result alive =
          run(List.of(home.resolve("bin/overdue-worker").toString(), "probe", base.resolve("/healthz").toString()), DIR, env);
      assertEquals(0, alive.exit(), alive.toString());
      lap("API probes", started);

      assertTrue(refused.waitFor(90, TimeUnit.SECONDS), "development mode on 0.0.0.0 must not start");
      assertEquals(1, refused.exitValue(), Files.readString(refusedLog));
      assertTrue(
          Files.readString(refusedLog).contains("serves loopback only, but server.address is 0.0.0.0: set OVERDUE_API_ISSUER"),
          Files.readString(refusedLog));
      lap("API refused on 0.0.0.0", started);

      api.destroy(); // SIGTERM, as systemd and docker stop send it
      assertTrue(api.waitFor(60, TimeUnit.SECONDS), "the API ended on SIGTERM");
      assertEquals(143, api.exitValue(), "SuccessExitStatus=143 in the unit: " + Files.readString(log));
      assertTrue(Files.readString(log).contains("Graceful shutdown complete"), Files.readString(log));
      lap("API stopped on SIGTERM", started);
    } finally {
      api.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      refused.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    }
  }

  @Test
  void theInboxIsAliveWithoutTheApiAndRefusesAWiderAddressWithoutAnIssuer() throws Exception {
    // Through a symlink, as the API; its API at an address where nothing answers. The ports as
    // arguments, which reach Spring Boot past the script.
    Path links = Files.createDirectories(DIR.resolve("links"));
    Files.createSymbolicLink(links.resolve("overdue-inbox"), home.resolve("bin/overdue-inbox"));
    int port = FreePorts.free();
    int metricsPort = FreePorts.free();
    Map<String, String> env = cleanEnv(path);
    env.put("OVERDUE_INBOX_API_URL", "http://127.0.0.1:" + FreePorts.free());
    env.put("OVERDUE_JAVA_OPTS", "-Xmx256m -XX:+PrintCommandLineFlags");
    // Development mode (no OVERDUE_INBOX_ISSUER) on every interface: refused, at the same time.
    Map<String, String> wide = new HashMap<>(env);
    wide.put("SERVER_ADDRESS", "0.0.0.0");

    Path log = DIR.resolve("inbox.log");
    Path refusedLog = DIR.resolve("inbox-refused.log");
    long started = System.nanoTime();
    Process inbox =
        start(
            List.of(links.resolve("overdue-inbox").toString(), "--server.port=" + port, "--management.server.port=" + metricsPort),
            env,
            log);
    Process refused =
        start(
            List.of(
                home.resolve("bin/overdue-inbox").toString(),
                "--server.port=" + FreePorts.free(),
                "--management.server.port=" + FreePorts.free()),
            wide,
            refusedLog);
    try {
      HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
      URI base = URI.create("http://127.0.0.1:" + port);
      HttpResponse<String> live = null;
      long giveUp = System.nanoTime() + Duration.ofSeconds(90).toNanos();
      while (System.nanoTime() < giveUp && inbox.isAlive()) {
        try {
          live = http.send(HttpRequest.newBuilder(base.resolve("/healthz")).build(), BodyHandlers.ofString());
          if (live.statusCode() == 200) {
            break;
          }
          // DOWN while it still starts, as the API's.
        } catch (IOException notYet) { // nothing listening yet
          live = null;
        }
        Thread.sleep(200);
      }
      assertTrue(live != null, "the inbox never answered /healthz:\n" + Files.readString(log));
      lap("inbox answering", started);
      assertEquals(200, live.statusCode(), live.body() + "\n" + Files.readString(log));
      String output = Files.readString(log);
      assertTrue(output.contains("DEVELOPMENT MODE"), output);
      assertTrue(output.contains("-XX:MaxHeapSize=268435456"), "OVERDUE_JAVA_OPTS reached the JVM: " + output);
      // A page asks who you are first (development mode's sign-in), whether or not the API answers.
      HttpResponse<String> tasks = http.send(HttpRequest.newBuilder(base.resolve("/tasks")).build(), BodyHandlers.ofString());
      assertEquals(302, tasks.statusCode(), tasks.body());
      HttpResponse<String> metrics =
          http.send(
              HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + metricsPort + "/actuator/prometheus")).build(),
              BodyHandlers.ofString());
      assertEquals(200, metrics.statusCode(), metrics.body());
      assertTrue(metrics.body().contains("jvm_memory_used_bytes"), metrics.body());

      // The inbox image's HEALTHCHECK, as its shell runs it: ready, since readiness needs no API
      // (its pages say when the API does not answer).
      Map<String, String> probeEnv = new HashMap<>(env);
      probeEnv.put("SERVER_PORT", Integer.toString(port));
      String healthcheck = healthcheck("inbox").replace("/opt/overdue/", home + "/");
      Result probe = run(List.of("bash", "-c", healthcheck), DIR, probeEnv);
      assertEquals(0, probe.exit(), probe.toString());
      assertTrue(probe.out().startsWith("ready: HTTP 200 from http://127.0.0.1:" + port + "/readyz"), probe.toString());
      lap("inbox probes", started);

      assertTrue(refused.waitFor(90, TimeUnit.SECONDS), "development mode on 0.0.0.0 must not start");
      assertEquals(1, refused.exitValue(), Files.readString(refusedLog));
      assertTrue(
          Files.readString(refusedLog).contains("serves loopback only, but server.address is 0.0.0.0: set OVERDUE_INBOX_ISSUER"),
          Files.readString(refusedLog));
      lap("inbox refused on 0.0.0.0", started);

      inbox.destroy(); // SIGTERM, as systemd and docker stop send it
      assertTrue(inbox.waitFor(60, TimeUnit.SECONDS), "the inbox ended on SIGTERM");
      assertEquals(143, inbox.exitValue(), "SuccessExitStatus=143 in the unit: " + Files.readString(log));
      assertTrue(Files.readString(log).contains("Graceful shutdown complete"), Files.readString(log));
      lap("inbox stopped on SIGTERM", started);
    } finally {
      inbox.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      refused.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    }
  }

  /** The command of the Dockerfile's HEALTHCHECK in a stage (the line after it). */
  private static String healthcheck(String stage) throws IOException {
    List<String> lines = Files.readAllLines(DOCKERFILE);
    int from = lines.indexOf("FROM base AS " + stage);
    assertTrue(from >= 0, "the Dockerfile's " + stage + " stage");
    for (int i = from + 1; i < lines.size() && !lines.get(i).startsWith("FROM "); i++) {
      if (lines.get(i).startsWith("HEALTHCHECK ") && lines.get(i + 1).strip().startsWith("CMD ")) {
        return lines.get(i + 1).strip().substring("CMD ".length());
      }
    }
    throw new AssertionError("no HEALTHCHECK ... CMD in the " + stage + " stage of " + DOCKERFILE);
  }

  /** Starts a script with exactly {@code env}, its output (both streams) into {@code log}. */
  private static Process start(List<String> command, Map<String, String> env, Path log) throws IOException {
    ProcessBuilder builder = new ProcessBuilder(command).directory(DIR.toFile()).redirectErrorStream(true);
    builder.redirectOutput(log.toFile());
    builder.environment().clear();
    builder.environment().putAll(env);
    return builder.start();
  }

  /**
   * The CLI's native executable, when the build made one (CI does: native/ci-build.sh, and says so
   * with OVERDUE_NATIVE_REQUIRED=1, so that a distribution without it fails here rather than
   * skips): lib/overdue-native with its libraries in lib/overdue-native.lib, made from lib/overdue.jar,
   * run by bin/overdue through a symlink with no Java on the PATH, its libraries found from where
   * the tarball was unpacked ($ORIGIN), answering as the JVM's CLI does.
   */
  @Test
  void theCliRunsAsANativeExecutableWithoutJavaWhenTheBuildMadeOne() throws Exception {
    Path exe = home.resolve("lib/overdue-native");
    if (!Files.exists(exe)) {
      assertFalse(
          "1".equals(System.getenv("OVERDUE_NATIVE_REQUIRED")),
          "OVERDUE_NATIVE_REQUIRED=1, but " + TARBALL.getFileName() + " has no lib/overdue-native: was native/ci-build.sh run before mvn verify?");
      assumeTrue(false, "no native executable was built (native/build.sh, docs/NATIVE.md)");
    }
    assertEquals("rwxr-xr-x", PosixFilePermissions.toString(Files.getPosixFilePermissions(exe)));
    assertEquals(
        Files.readString(home.resolve("lib/overdue.jar.sha256")).strip(),
        Files.readString(home.resolve("lib/overdue-native.lib/overdue.jar.sha256")).strip(),
        "made from the jar beside it");
    Path links = Files.createDirectories(DIR.resolve("native-links"));
    Files.createSymbolicLink(links.resolve("overdue"), home.resolve("bin/overdue"));
    Map<String, String> env = cleanEnv(pathWithoutJava);
    Result version = run(List.of(links.resolve("overdue").toString(), "--version"), DIR, env);
    assertEquals(0, version.exit(), version.toString());
    assertTrue(version.out().startsWith("overdue " + VERSION + " "), version.toString());
    assertTrue(version.out().strip().endsWith("; native executable)"), version.toString());
    // The dynamic linker's account: the JDK libraries it carries come from the unpacked tarball.
    Map<String, String> traced = new HashMap<>(env);
    traced.put("LD_DEBUG", "libs");
    Result loaded = run(List.of(links.resolve("overdue").toString(), "--version"), DIR, traced);
    assertEquals(0, loaded.exit(), loaded.toString());
    for (String library : List.of("libjava.so", "libnio.so", "libjvm.so")) {
      assertTrue(loaded.err().contains(home.resolve("lib/overdue-native.lib/" + library).toString()), library + ":\n" + loaded.err());
    }
    // The same answers as the JVM's, a command that reaches for Temporal (nothing there) included.
    Map<String, String> withJava = cleanEnv(path);
    withJava.put("TEMPORAL_ADDRESS", "127.0.0.1:" + FreePorts.free());
    Map<String, String> jvm = new HashMap<>(withJava);
    jvm.put("OVERDUE_CLI", "jvm");
    for (List<String> args : List.of(List.of("--help"), List.of("status", "--help"), List.of("status", "PO-4711"), List.of("no-such-command"))) {
      List<String> command = new ArrayList<>(List.of(links.resolve("overdue").toString()));
      command.addAll(args);
      Result asNative = run(command, home, withJava);
      Result asJvm = run(command, home, jvm);
      assertEquals(asJvm.toString(), asNative.toString(), String.join(" ", args));
    }
    Result jvmVersion = run(List.of(links.resolve("overdue").toString(), "--version"), DIR, jvm);
    assertTrue(jvmVersion.out().contains("; Java "), "OVERDUE_CLI=jvm still runs the jar: " + jvmVersion);
  }

  @Test
  void theCliMakesItsClassDataArchiveOnceInTheBackgroundAndStartsFromItAfterwards() throws Exception {
    // mkdir, mv and rm as well: without them the archive is left out.
    Path tools = Files.createDirectories(DIR.resolve("path-with-mv"));
    for (String tool : List.of("bash", "readlink", "mkdir", "mv", "rm")) {
      Files.createSymbolicLink(tools.resolve(tool), onThisPath(tool));
    }
    Files.createSymbolicLink(tools.resolve("java"), Path.of(System.getProperty("java.home"), "bin", "java"));
    Path cache = DIR.resolve("cache");
    Map<String, String> env = cleanEnv(tools);
    env.put("OVERDUE_CLI", "jvm"); // the class-data archive is the JVM's
    env.put("XDG_CACHE_HOME", cache.toString());
    env.put("TEMPORAL_ADDRESS", "127.0.0.1:" + FreePorts.free()); // nothing there: the warm-up gives up
    // Archives of jars and runtimes no longer used: the newest three are kept.
    Path archives = Files.createDirectories(cache.resolve("overdue"));
    List<Path> old = new ArrayList<>();
    for (int i = 1; i <= 3; i++) {
      Path stale = archives.resolve("cli-java17_old" + i + ".jsa");
      Files.writeString(stale, "old");
      Files.setLastModifiedTime(stale, FileTime.from(Instant.now().minus(Duration.ofDays(10 - i))));
      old.add(stale);
    }
    Path cli = home.resolve("bin/overdue");
    Result first = run(List.of(cli.toString(), "--version"), DIR, env);
    assertEquals(0, first.exit(), first.toString());
    assertEquals("", first.err(), "the archive is made quietly: " + first);

    long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
    Set<Path> made = Set.of();
    Set<Path> expected = Set.of(old.get(1), old.get(2));
    while (System.nanoTime() < giveUp) {
      try (Stream<Path> files = Files.list(archives)) {
        made = files.filter(f -> !old.contains(f)).collect(Collectors.toSet());
      }
      if (made.size() == 1 && made.iterator().next().toString().endsWith(".jsa") && !Files.exists(old.get(0))) {
        break;
      }
      Thread.sleep(200);
    }
    assertEquals(1, made.size(), "one new archive, nothing left half-made: " + made);
    assertTrue(made.iterator().next().toString().endsWith(".jsa"), made.toString());
    for (Path stale : old) {
      assertEquals(expected.contains(stale), Files.exists(stale), "the oldest goes, the newest three stay: " + stale);
    }

    // The next command maps the CLI's classes from it; with OVERDUE_CLI_CDS=off it does not.
    for (boolean archived : List.of(true, false)) {
      Path loaded = DIR.resolve("class-load-" + archived + ".log");
      Map<String, String> logged = new HashMap<>(env);
      logged.put("OVERDUE_JAVA_OPTS", "-Xlog:class+load=info:file=" + loaded);
      if (!archived) {
        logged.put("OVERDUE_CLI_CDS", "off");
      }
      Result next = run(List.of(cli.toString(), "--version"), DIR, logged);
      assertEquals(0, next.exit(), next.toString());
      String cliClass =
          Files.readString(loaded).lines().filter(l -> l.contains("dev.overdue.starter.OverdueCli ")).findFirst().orElse("");
      assertEquals(archived, cliClass.contains("source: shared objects file"), cliClass);
    }
    try (Stream<Path> links = Files.list(tools)) {
      for (Path link : links.toList()) {
        Files.delete(link);
      }
    }
  }

  @Test
  void theScriptsRefuseAJavaOlderThan17WithTheReasonAndNeverRunIt() throws Exception {
    for (String banner :
        List.of("openjdk version \"11.0.20\" 2023-07-18", "java version \"1.8.0_381\"")) {
      String major = banner.contains("1.8") ? "8" : "11";
      Path fake = Files.createDirectories(DIR.resolve("java-" + major + "/bin"));
      Path ran = DIR.resolve("java-" + major + "-ran");
      Files.writeString(
          fake.resolve("java"),
          "#!/bin/sh\n"
              + "if [ \"$1\" = -version ]; then echo '" + banner + "' >&2; exit 0; fi\n"
              + "echo \"$@\" > '" + ran + "'\n",
          StandardCharsets.UTF_8);
      fake.resolve("java").toFile().setExecutable(true);

      // java from the PATH
      String onPath = fake + ":" + pathWithoutJava;
      for (String script : List.of("bin/overdue", "bin/overdue-worker", "bin/overdue-api", "bin/overdue-inbox")) {
        Map<String, String> env = cleanEnv(pathWithoutJava);
        env.put("PATH", onPath);
        env.put("OVERDUE_CLI", "jvm"); // bin/overdue needs no Java when it has its native executable
        // overdue-api and overdue-inbox answer --help themselves, without Java: they run the server here.
        List<String> args = Set.of("bin/overdue-api", "bin/overdue-inbox").contains(script) ? List.of() : List.of("--help");
        List<String> command = new ArrayList<>(List.of(home.resolve(script).toString()));
        command.addAll(args);
        Result refused = run(command, DIR, env);
        assertEquals(127, refused.exit(), script + " " + refused);
        assertEquals("", refused.out(), refused.toString());
        assertTrue(
            refused.err().contains("needs Java 17 or later, but " + fake.resolve("java") + " is Java " + major),
            refused.toString());
        assertTrue(refused.err().contains(banner), refused.toString());
      }
      // java from JAVA_HOME, which wins over the PATH's
      Map<String, String> env = cleanEnv(path);
      env.put("JAVA_HOME", fake.getParent().toString());
      Result refused = run(List.of(home.resolve("bin/overdue-worker").toString(), "probe"), DIR, env);
      assertEquals(127, refused.exit(), refused.toString());
      assertTrue(refused.err().contains("is Java " + major), refused.toString());
      assertFalse(Files.exists(ran), "the old java was asked its version only");
    }
  }

  @Test
  void theScriptsRunTheNewestJava21InTheJvmFoldersBeforeAJava17OnThePathAndSayWhatJava17Costs()
      throws Exception {
    Path jvms = Files.createDirectories(DIR.resolve("jvms"));
    Path java21 = fakeJavaHome(jvms, "jdk-21", "21.0.5");
    fakeJavaHome(jvms, "jdk-19", "19.0.2");
    Path onPath = fakeJavaHome(DIR, "path-java-17", "17.0.15");
    Path pathWith17 = Files.createDirectories(DIR.resolve("path-with-17"));
    for (String tool : List.of("bash", "readlink")) {
      Files.createSymbolicLink(pathWith17.resolve(tool), onThisPath(tool));
    }
    Files.createSymbolicLink(pathWith17.resolve("java"), onPath.resolve("bin/java"));
    String runtime = "Java " + Runtime.version() + " (" + System.getProperty("java.vm.name") + ")";

    // Found in the folders: the worker and the CLI run Java 21, and nothing is said about 17.
    Map<String, String> env = cleanEnv(pathWith17);
    env.put("OVERDUE_JVM_DIRS", DIR.resolve("no-such-folder") + ":" + jvms);
    // The CLI on the JVM (not a native executable), and no class-data archive made in the
    // background: each java run counted here is the command's own.
    env.put("OVERDUE_CLI", "jvm");
    env.put("OVERDUE_CLI_CDS", "off");
    Result worker = run(List.of(home.resolve("bin/overdue-worker").toString(), "--version"), DIR, env);
    assertEquals(0, worker.exit(), worker.toString());
    assertEquals("", worker.err(), worker.toString());
    // --version names the SDK and what runs the worker: the Java and its workflow threads.
    assertTrue(worker.out().startsWith("overdue-worker 1.0.0 (Temporal Java SDK "), worker.toString());
    assertTrue(worker.out().contains("\n" + runtime + ": sticky cache of "), worker.toString());
    assertTrue(worker.out().contains(Runtime.version().feature() >= 21 ? "on virtual workflow threads" : "on platform workflow threads"),
        worker.toString());
    Result cli = run(List.of(home.resolve("bin/overdue").toString(), "--version"), DIR, env);
    assertEquals(0, cli.exit(), cli.toString());
    assertEquals(2, Files.readAllLines(jvms.resolve("jdk-21-ran")).size(), "the worker and the CLI ran Java 21");
    assertFalse(Files.exists(jvms.resolve("jdk-19-ran")), "Java 19 is older than 21 and was not run");
    assertFalse(Files.exists(DIR.resolve("path-java-17-ran")), "the PATH's Java 17 was not run");

    // None in the folders: the PATH's Java 17 runs, and the worker says what that costs, in one line.
    env.put("OVERDUE_JVM_DIRS", DIR.resolve("no-such-folder").toString());
    Result on17 = run(List.of(home.resolve("bin/overdue-worker").toString(), "--version"), DIR, env);
    assertEquals(0, on17.exit(), on17.toString());
    assertEquals(1, Files.readAllLines(DIR.resolve("path-java-17-ran")).size());
    assertEquals(1, on17.err().lines().count(), on17.toString());
    assertTrue(on17.err().startsWith("overdue-worker: runs on Java 17 (" + pathWith17.resolve("java") + ", from the PATH):"
        + " workflow code on platform threads, and a cache of 600 approvals by default"), on17.toString());
    assertTrue(on17.err().contains("install one (e.g. apt install openjdk-21-jre-headless); it is found on the PATH"
        + " or in the JVM folders searched (" + DIR.resolve("no-such-folder") + ")"), on17.toString());
    // The CLI, a command of a moment, loses nothing that matters on 17: not a word.
    Result cli17 = run(List.of(home.resolve("bin/overdue").toString(), "--version"), DIR, env);
    assertEquals(0, cli17.exit(), cli17.toString());
    assertEquals("", cli17.err(), cli17.toString());

    // JAVA_HOME is the user's choice even when it is 17; the line names the Java 21 found.
    env.put("OVERDUE_JVM_DIRS", jvms.toString());
    env.put("JAVA_HOME", onPath.toString());
    Result chosen = run(List.of(home.resolve("bin/overdue-worker").toString(), "--version"), DIR, env);
    assertEquals(0, chosen.exit(), chosen.toString());
    assertEquals(3, Files.readAllLines(DIR.resolve("path-java-17-ran")).size(), "JAVA_HOME's Java 17 ran");
    assertTrue(chosen.err().contains("(" + onPath.resolve("bin/java") + ", from JAVA_HOME)"), chosen.toString());
    assertTrue(chosen.err().contains("set JAVA_HOME to " + java21 + " (installed here) or unset it"), chosen.toString());

    // No java on the PATH: the folders' newest, even a 17, rather than a refusal.
    Path only17 = Files.createDirectories(DIR.resolve("jvms-17"));
    fakeJavaHome(only17, "jdk-17", "17.0.15");
    Map<String, String> bare = cleanEnv(pathWithoutJava);
    bare.put("OVERDUE_JVM_DIRS", only17.toString());
    bare.put("OVERDUE_CLI", "jvm");
    bare.put("OVERDUE_CLI_CDS", "off");
    Result folder17 = run(List.of(home.resolve("bin/overdue").toString(), "--version"), DIR, bare);
    assertEquals(0, folder17.exit(), folder17.toString());
    assertEquals(1, Files.readAllLines(only17.resolve("jdk-17-ran")).size());
  }

  @Test
  void withoutJavaOrWithABadJavaHomeTheScriptsSayWhatToDo() throws Exception {
    // The JVM's CLI, asked for: without it, a distribution with the native executable needs no Java.
    Map<String, String> jvm = cleanEnv(pathWithoutJava);
    jvm.put("OVERDUE_CLI", "jvm");
    Result none = run(List.of(home.resolve("bin/overdue").toString(), "--help"), DIR, jvm);
    assertEquals(127, none.exit(), none.toString());
    assertTrue(
        none.err().contains("overdue: needs Java 17 or later, but there is no java on the PATH, JAVA_HOME is not set,"
            + " and none is in the JVM folders searched (none: OVERDUE_JVM_DIRS is empty)"),
        none.toString());

    // The API's --help is the script's own: it needs no Java, and starts no server.
    Result help = run(List.of(home.resolve("bin/overdue-api").toString(), "--help"), DIR, cleanEnv(pathWithoutJava));
    assertEquals(0, help.exit(), help.toString());
    assertEquals("", help.err(), help.toString());
    assertTrue(help.out().startsWith("Usage: overdue-api "), help.toString());
    for (String setting :
        List.of("SERVER_ADDRESS", "SERVER_PORT", "MANAGEMENT_SERVER_PORT", "TEMPORAL_ADDRESS", "TEMPORAL_NAMESPACE", "OVERDUE_API_ISSUER",
            "OVERDUE_API_JWKS", "OVERDUE_API_AUDIENCES", "OVERDUE_API_USER_CLAIM", "OVERDUE_API_GROUPS_CLAIM",
            "OVERDUE_API_ADMIN_GROUP", "OVERDUE_API_TASK_QUEUE", "OVERDUE_JAVA_OPTS")) {
      assertTrue(help.out().contains(setting), setting + " in\n" + help.out());
    }
    Result noJava = run(List.of(home.resolve("bin/overdue-api").toString()), DIR, cleanEnv(pathWithoutJava));
    assertEquals(127, noJava.exit(), noJava.toString());
    assertTrue(
        noJava.err().contains("overdue-api: needs Java 17 or later, but there is no java on the PATH"), noJava.toString());

    // The inbox's likewise.
    Result inboxHelp = run(List.of(home.resolve("bin/overdue-inbox").toString(), "--help"), DIR, cleanEnv(pathWithoutJava));
    assertEquals(0, inboxHelp.exit(), inboxHelp.toString());
    assertEquals("", inboxHelp.err(), inboxHelp.toString());
    assertTrue(inboxHelp.out().startsWith("Usage: overdue-inbox "), inboxHelp.toString());
    for (String setting :
        List.of("SERVER_ADDRESS", "SERVER_PORT", "MANAGEMENT_SERVER_PORT", "OVERDUE_INBOX_API_URL", "OVERDUE_INBOX_PUBLIC_URL",
            "OVERDUE_INBOX_ISSUER", "OVERDUE_INBOX_CLIENT_ID", "OVERDUE_INBOX_CLIENT_SECRET", "OVERDUE_INBOX_ZONE",
            "OVERDUE_INBOX_REFRESH", "SERVER_FORWARD_HEADERS_STRATEGY", "OVERDUE_JAVA_OPTS")) {
      assertTrue(inboxHelp.out().contains(setting), setting + " in\n" + inboxHelp.out());
    }
    Result inboxNoJava = run(List.of(home.resolve("bin/overdue-inbox").toString()), DIR, cleanEnv(pathWithoutJava));
    assertEquals(127, inboxNoJava.exit(), inboxNoJava.toString());
    assertTrue(
        inboxNoJava.err().contains("overdue-inbox: needs Java 17 or later, but there is no java on the PATH"),
        inboxNoJava.toString());

    Map<String, String> env = cleanEnv(path);
    env.put("JAVA_HOME", DIR.resolve("no-such-jdk").toString());
    Result bad = run(List.of(home.resolve("bin/overdue-worker").toString(), "--help"), DIR, env);
    assertEquals(127, bad.exit(), bad.toString());
    assertTrue(bad.err().contains("JAVA_HOME is " + DIR.resolve("no-such-jdk")), bad.toString());

    // A good JAVA_HOME needs no java on the PATH; a "Picked up ..." line before the version is fine.
    Path wrapper = Files.createDirectories(DIR.resolve("java-21/bin"));
    Files.writeString(
        wrapper.resolve("java"),
        "#!/bin/sh\n"
            + "if [ \"$1\" = -version ]; then echo 'Picked up JAVA_TOOL_OPTIONS: -Dx=1' >&2;"
            + " echo 'openjdk version \"21.0.5\" 2024-10-15 LTS' >&2; exit 0; fi\n"
            + "exec '" + Path.of(System.getProperty("java.home"), "bin", "java") + "' \"$@\"\n");
    wrapper.resolve("java").toFile().setExecutable(true);
    Map<String, String> good = cleanEnv(pathWithoutJava);
    good.put("JAVA_HOME", wrapper.getParent().toString());
    good.put("OVERDUE_CLI", "jvm");
    Result version = run(List.of(home.resolve("bin/overdue").toString(), "--version"), DIR, good);
    assertEquals(0, version.exit(), version.toString());
    assertTrue(version.out().startsWith("overdue " + VERSION + " "), version.toString());
    assertTrue(version.out().contains("; Java "), "the JVM answered: " + version);

    Result bench = run(List.of(home.resolve("bin/overdue").toString(), "bench", "history"), DIR, cleanEnv(path));
    assertEquals(2, bench.exit(), bench.toString());
    assertTrue(bench.err().contains("the benchmarks are not part of the distribution"), bench.toString());
  }

  @Test
  void everyFileTheUnitsAndTheDockerfileNameIsInTheTarball() throws Exception {
    String unit = Files.readString(UNIT);
    String apiUnit = Files.readString(API_UNIT);
    String inboxUnit = Files.readString(INBOX_UNIT);
    String dockerfile = Files.readString(DOCKERFILE);
    String all = unit + "\n" + apiUnit + "\n" + inboxUnit + "\n" + dockerfile;
    Set<String> installed = new TreeSet<>();
    Matcher opt = Pattern.compile("/opt/overdue/([A-Za-z0-9._/-]+)").matcher(all);
    while (opt.find()) {
      installed.add(opt.group(1));
    }
    assertTrue(installed.contains("bin/overdue-worker") && installed.contains("config/overdue.yaml"), installed.toString());
    assertTrue(installed.contains("bin/overdue-api") && installed.contains("bin/overdue-inbox"), installed.toString());
    for (String file : installed) {
      assertTrue(Files.exists(home.resolve(file)), "/opt/overdue/" + file + " is not in the tarball");
      if (file.startsWith("bin/")) {
        assertTrue(Files.isExecutable(home.resolve(file)), file);
      }
    }
    // /etc/overdue/NAME: installed from the tarball by deploy/README.md's steps (or the Dockerfile).
    Map<String, String> etc =
        Map.of(
            "overdue.yaml", "config/overdue.yaml",
            "overdue.env", "deploy/systemd/overdue.env",
            "overdue-inbox.env", "deploy/systemd/overdue-inbox.env");
    String installSteps = Files.readString(home.resolve("deploy/README.md"));
    Matcher named = Pattern.compile("/etc/overdue/([A-Za-z0-9._-]+)").matcher(all);
    while (named.find()) {
      String source = etc.get(named.group(1));
      assertTrue(source != null, "where does " + named.group() + " come from?");
      assertTrue(Files.isRegularFile(home.resolve(source)), source);
      assertTrue(
          installSteps.contains("/opt/overdue/" + source + " " + named.group()) || dockerfile.contains(source),
          "the install steps copy " + source + " to " + named.group());
    }
    // The Dockerfile's COPY takes the tarball by this name.
    assertTrue(dockerfile.contains("COPY overdue-*.tar.gz "), dockerfile);
    assertTrue(TARBALL.getFileName().toString().matches("overdue-.*\\.tar\\.gz"));

    // The store on what survives: the unit's state directory, the image's volume.
    String store = "/var/lib/overdue/deliveries.db";
    assertTrue(Files.readString(home.resolve("config/overdue.yaml")).contains(":-" + store + "}"));
    assertTrue(unit.contains("\nStateDirectory=overdue\n") && unit.contains("\nReadWritePaths=/var/lib/overdue\n"), unit);
    assertTrue(dockerfile.contains("\nVOLUME /var/lib/overdue\n"), dockerfile);
    assertTrue(dockerfile.contains("OVERDUE_DELIVERY_STORE=" + store), dockerfile);
    // The HEALTHCHECK runs the probe the worker test runs.
    assertTrue(dockerfile.contains("CMD [\"/opt/overdue/bin/overdue-worker\", \"probe\"]"), dockerfile);
    assertTrue(unit.contains("\nExecStart=/opt/overdue/bin/overdue-worker --config /etc/overdue/overdue.yaml\n"), unit);

    // The API: its unit runs the script with the shared environment file, hardened as the worker's
    // (every option of the worker's hardening block but the writable path: it keeps nothing).
    assertTrue(apiUnit.contains("\nExecStart=/opt/overdue/bin/overdue-api\n"), apiUnit);
    assertTrue(apiUnit.contains("\nEnvironmentFile=/etc/overdue/overdue.env\n"), apiUnit);
    assertTrue(apiUnit.contains("\nSuccessExitStatus=143\n") && apiUnit.contains("\nRestartPreventExitStatus=127\n"), apiUnit);
    // Its environment file shows every setting of the API's, commented out (development mode on loopback).
    String environment = Files.readString(home.resolve("deploy/systemd/overdue.env"));
    for (String setting :
        List.of("SERVER_ADDRESS", "SERVER_PORT", "MANAGEMENT_SERVER_PORT", "OVERDUE_API_ISSUER", "OVERDUE_API_JWKS", "OVERDUE_API_AUDIENCES",
            "OVERDUE_API_USER_CLAIM", "OVERDUE_API_GROUPS_CLAIM", "OVERDUE_API_ADMIN_GROUP", "OVERDUE_API_TASK_QUEUE")) {
      assertTrue(environment.contains("\n#" + setting + "="), setting + " in overdue.env");
    }
    List<String> hardening =
        unit.lines()
            .dropWhile(line -> !line.startsWith("NoNewPrivileges="))
            .takeWhile(line -> !line.isBlank())
            .filter(line -> !line.startsWith("ReadWritePaths="))
            .toList();
    assertTrue(hardening.size() >= 20, hardening.toString());
    assertEquals(
        hardening,
        apiUnit.lines().dropWhile(line -> !line.startsWith("NoNewPrivileges=")).takeWhile(line -> !line.isBlank()).toList());
    // The inbox: its unit runs its script with an environment file of its own (SERVER_PORT and the
    // rest are the API's in the shared one), after the API's unit, hardened as the API's.
    assertTrue(inboxUnit.contains("\nExecStart=/opt/overdue/bin/overdue-inbox\n"), inboxUnit);
    assertTrue(inboxUnit.contains("\nEnvironmentFile=/etc/overdue/overdue-inbox.env\n"), inboxUnit);
    assertTrue(inboxUnit.contains("\nAfter=network-online.target overdue-api.service\n"), inboxUnit);
    assertTrue(inboxUnit.contains("\nSuccessExitStatus=143\n") && inboxUnit.contains("\nRestartPreventExitStatus=127\n"), inboxUnit);
    assertEquals(
        hardening,
        inboxUnit.lines().dropWhile(line -> !line.startsWith("NoNewPrivileges=")).takeWhile(line -> !line.isBlank()).toList());
    String inboxEnvironment = Files.readString(home.resolve("deploy/systemd/overdue-inbox.env"));
    for (String setting :
        List.of("SERVER_ADDRESS", "SERVER_PORT", "MANAGEMENT_SERVER_ADDRESS", "MANAGEMENT_SERVER_PORT", "OVERDUE_INBOX_API_URL",
            "OVERDUE_INBOX_PUBLIC_URL", "SERVER_FORWARD_HEADERS_STRATEGY", "OVERDUE_INBOX_ISSUER", "OVERDUE_INBOX_CLIENT_ID",
            "OVERDUE_INBOX_CLIENT_SECRET", "OVERDUE_INBOX_ZONE", "OVERDUE_INBOX_REFRESH")) {
      assertTrue(inboxEnvironment.contains("\n#" + setting + "="), setting + " in overdue-inbox.env");
    }
    // The api image: the API's script, on every interface (so with an issuer), on port 8090.
    String apiStage = stage(dockerfile, "api");
    assertTrue(apiStage.contains("\nENTRYPOINT [\"/opt/overdue/bin/overdue-api\"]\n"), apiStage);
    assertTrue(apiStage.contains("SERVER_ADDRESS=0.0.0.0") && apiStage.contains("SERVER_PORT=8090"), apiStage);
    assertTrue(apiStage.contains("\nEXPOSE 8090 9465\n") && apiStage.contains("\nUSER 10001:10001\n"), apiStage);
    // The inbox image: likewise, on port 8080.
    String inboxStage = stage(dockerfile, "inbox");
    assertTrue(inboxStage.contains("\nENTRYPOINT [\"/opt/overdue/bin/overdue-inbox\"]\n"), inboxStage);
    assertTrue(inboxStage.contains("SERVER_ADDRESS=0.0.0.0") && inboxStage.contains("SERVER_PORT=8080"), inboxStage);
    assertTrue(inboxStage.contains("MANAGEMENT_SERVER_PORT=9466"), inboxStage);
    assertTrue(inboxStage.contains("\nEXPOSE 8080 9466\n") && inboxStage.contains("\nUSER 10001:10001\n"), inboxStage);
    // The worker stays the default target: the last stage.
    assertTrue(dockerfile.lastIndexOf("\nFROM ") == dockerfile.indexOf("\nFROM base AS worker\n"), dockerfile);
  }

  /** A stage of the Dockerfile, from its FROM to the next. */
  private static String stage(String dockerfile, String name) {
    int from = dockerfile.indexOf("\nFROM base AS " + name + "\n");
    assertTrue(from >= 0, "the Dockerfile's " + name + " stage");
    int next = dockerfile.indexOf("\nFROM ", from + 1);
    return dockerfile.substring(from, next < 0 ? dockerfile.length() : next);
  }

  /** systemd reads the units without a warning (where systemd-analyze is installed). */
  @Test
  void systemdAcceptsTheUnits() throws Exception {
    Path analyze = Path.of("/usr/bin/systemd-analyze");
    Path units = Path.of("/lib/systemd/system");
    assumeTrue(Files.isExecutable(analyze) && Files.isDirectory(units), "systemd-analyze is not installed");
    // A root with the installed layout: the unit checks that ExecStart= is executable.
    Path root = DIR.resolve("root");
    Files.createDirectories(root.resolve("opt/overdue/bin"));
    Path system = Files.createDirectories(root.resolve("etc/systemd/system"));
    for (String name : List.of("overdue-worker", "overdue-api", "overdue-inbox")) {
      Files.copy(home.resolve("bin/" + name), root.resolve("opt/overdue/bin/" + name));
      Files.copy(home.resolve("deploy/systemd/" + name + ".service"), system.resolve(name + ".service"));
    }
    Path targets = Files.createDirectories(root.resolve("lib/systemd/system"));
    try (Stream<Path> files = Files.list(units)) {
      for (Path target : files.filter(f -> f.toString().endsWith(".target")).toList()) {
        Files.copy(target, targets.resolve(target.getFileName()));
      }
    }
    Result verify =
        run(
            List.of(
                analyze.toString(), "verify", "--root=" + root, "overdue-worker.service", "overdue-api.service", "overdue-inbox.service"),
            DIR,
            System.getenv());
    assertEquals(0, verify.exit(), verify.toString());
    assertEquals("", (verify.out() + verify.err()).strip(), "warnings: " + verify);
  }

  @Test
  void theInstalledSettingsAreTheExampleCommentedOutExceptTheStore() throws Exception {
    List<String> installed = Files.readAllLines(home.resolve("config/overdue.yaml"));
    List<String> example = Files.readAllLines(REPO.resolve("docs/examples/overdue.yaml"));
    List<String> uncommented =
        installed.subList(installed.indexOf("notifications:"), installed.size()).stream()
            .map(line -> line.startsWith("# ") ? line.substring(2) : line)
            .filter(line -> !line.startsWith("  #") && !line.startsWith("  store:"))
            .toList();
    List<String> expected =
        example.subList(example.indexOf("notifications:"), example.size()).stream()
            .filter(line -> !line.startsWith("  #") && !line.startsWith("  store:"))
            .toList();
    assertEquals(expected, uncommented, "config/overdue.yaml has drifted from docs/examples/overdue.yaml");
  }

  // ---- helpers -----------------------------------------------------------------------------

  /** The time a step took, in the test's output: the whole run is meant to stay under a minute. */
  private static void lap(String step, long since) {
    System.out.printf("DistributionIT: %s after %.1f s%n", step, (System.nanoTime() - since) / 1e9);
  }

  private record Result(int exit, String out, String err) {
    @Override
    public String toString() {
      return "exit " + exit + "\n--- stdout:\n" + out + "\n--- stderr:\n" + err;
    }
  }

  /**
   * An environment of nothing but PATH and HOME: no JAVA_HOME, TEMPORAL_* or OVERDUE_* of the
   * machine's, and no JVM folders searched (OVERDUE_JVM_DIRS empty), so the PATH's java is the one.
   */
  private static Map<String, String> cleanEnv(Path pathDir) throws IOException {
    Map<String, String> env = new HashMap<>();
    env.put("PATH", pathDir.toString());
    env.put("HOME", Files.createDirectories(DIR.resolve("home")).toString());
    env.put("OVERDUE_JVM_DIRS", "");
    return env;
  }

  /**
   * A fake Java home {@code DIR/name} whose release file says {@code version} and whose java notes
   * each run in {@code name-ran}, then runs this test's own Java.
   */
  private static Path fakeJavaHome(Path parent, String name, String version) throws IOException {
    Path home = Files.createDirectories(parent.resolve(name));
    Files.writeString(home.resolve("release"), "IMPLEMENTOR=\"Test\"\nJAVA_VERSION=\"" + version + "\"\n");
    Path bin = Files.createDirectories(home.resolve("bin"));
    Files.writeString(
        bin.resolve("java"),
        "#!/bin/sh\necho ran >> '" + parent.resolve(name + "-ran") + "'\n"
            + "exec '" + Path.of(System.getProperty("java.home"), "bin", "java") + "' \"$@\"\n");
    bin.resolve("java").toFile().setExecutable(true);
    return home;
  }

  private static Result run(List<String> command, Path cwd, Map<String, String> env) throws Exception {
    ProcessBuilder builder = new ProcessBuilder(command).directory(cwd.toFile());
    builder.environment().clear();
    builder.environment().putAll(env);
    Path out = Files.createTempFile(DIR, "out", ".txt");
    Path err = Files.createTempFile(DIR, "err", ".txt");
    builder.redirectOutput(out.toFile()).redirectError(err.toFile());
    Process process = builder.start();
    if (!process.waitFor(RUN_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
      process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      throw new AssertionError(String.join(" ", command) + " did not end within " + RUN_TIMEOUT);
    }
    return new Result(process.exitValue(), Files.readString(out), Files.readString(err));
  }

  private static void awaitLog(Process process, Path log, String text) throws Exception {
    long giveUp = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    while (System.nanoTime() < giveUp && process.isAlive()) {
      if (Files.readString(log).contains(text)) {
        return;
      }
      Thread.sleep(100);
    }
    if (!Files.readString(log).contains(text)) {
      throw new AssertionError(
          "the worker never said '" + text + "'" + (process.isAlive() ? "" : " (it exited)") + ":\n"
              + Files.readString(log));
    }
  }

  private static String sha256(Path file) throws Exception {
    java.security.MessageDigest digest = java.security.MessageDigest.getInstance("SHA-256");
    try (java.io.InputStream in = Files.newInputStream(file)) {
      in.transferTo(new java.security.DigestOutputStream(java.io.OutputStream.nullOutputStream(), digest));
    }
    return java.util.HexFormat.of().formatHex(digest.digest());
  }

  /** Where this machine keeps a tool the scripts need (the test's own PATH). */
  private static Path onThisPath(String tool) {
    return Arrays.stream(System.getenv("PATH").split(":"))
        .map(d -> Path.of(d, tool))
        .filter(Files::isExecutable)
        .findFirst()
        .orElseThrow(() -> new AssertionError(tool + " is not on the PATH"));
  }

}
