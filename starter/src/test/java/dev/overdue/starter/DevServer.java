package dev.overdue.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A real Temporal dev server ({@code temporal server start-dev}) on free loopback ports, started
 * the way a user starts it: through {@code bin/dev-server}, which installs the Temporal CLI into
 * {@code .tools/} when it is missing and registers Overdue's search attributes. {@link
 * Options#plain} starts the bare {@code temporal server start-dev} instead, without them. Public
 * for the HTTP API's tests, which list approvals from a real visibility store.
 */
public final class DevServer implements AutoCloseable {
  static final Path SCRIPT = Processes.ROOT.resolve("bin/dev-server");
  static final Duration START_TIMEOUT = Duration.ofSeconds(90);

  /**
   * @param ui serve the Web UI (otherwise --headless)
   * @param searchAttributes through bin/dev-server with Overdue's search attributes; false: the
   *     bare dev server, as someone who never heard of bin/dev-server runs it
   * @param dbFile keep state in this SQLite file across restarts; null: in memory
   * @param extraArgs more flags for {@code temporal server start-dev}, e.g. --ui-codec-endpoint
   */
  public record Options(boolean ui, boolean searchAttributes, Path dbFile, List<String> extraArgs) {
    Options(boolean ui, boolean searchAttributes, Path dbFile) {
      this(ui, searchAttributes, dbFile, List.of());
    }

    public static Options headless() {
      return new Options(false, true, null);
    }

    static Options withUi() {
      return new Options(true, true, null);
    }

    static Options plain() {
      return new Options(false, false, null);
    }

    Options persistedIn(Path file) {
      return new Options(ui, searchAttributes, file, extraArgs);
    }

    Options withArgs(String... args) {
      List<String> all = new ArrayList<>(extraArgs);
      all.addAll(List.of(args));
      return new Options(ui, searchAttributes, dbFile, List.copyOf(all));
    }
  }

  private static Path cli;

  final Options options;
  final int port;
  final int uiPort;
  final Path log;
  private Process process;

  private DevServer(Options options, int port, int uiPort, Path log) {
    this.options = options;
    this.port = port;
    this.uiPort = uiPort;
    this.log = log;
  }

  /** The Temporal CLI, from the PATH or installed into .tools by {@code bin/dev-server --install-only}. */
  static synchronized Path cli() throws Exception {
    if (cli == null) {
      Processes.Result installed =
          Processes.run(
              List.of("bash", SCRIPT.toString(), "--install-only"), Map.of(), Duration.ofMinutes(10));
      assertEquals(0, installed.exit(), "bin/dev-server --install-only: " + installed);
      List<String> lines = installed.out().strip().lines().toList();
      cli = Path.of(lines.get(lines.size() - 1));
      assertTrue(Files.isExecutable(cli), "not executable: " + cli + "\n" + installed);
    }
    return cli;
  }

  /** Starts a server on fresh free ports (retried: a port found free may be taken meanwhile). */
  public static DevServer start(Path dir, Options options) throws Exception {
    Files.createDirectories(dir);
    AssertionError failure = null;
    for (int attempt = 1; attempt <= 3; attempt++) {
      DevServer server =
          new DevServer(
              options, Processes.freePort(), Processes.freePort(), dir.resolve("dev-server-" + attempt + ".log"));
      try {
        server.launch();
        return server;
      } catch (AssertionError e) {
        server.close();
        failure = e;
      }
    }
    throw failure;
  }

  /** Stops the server and starts it again on the same ports and options (with --db-filename, state survives). */
  void restart() throws Exception {
    close();
    launch();
  }

  /** Starts the server: again after {@link #close}, on the same ports and options. */
  void launch() throws Exception {
    List<String> command = new ArrayList<>();
    if (options.searchAttributes()) {
      command.addAll(List.of("bash", SCRIPT.toString()));
    } else {
      command.addAll(
          List.of(cli().toString(), "server", "start-dev", "--ip", "127.0.0.1", "--ui-disable-news-fetch"));
    }
    command.addAll(List.of("--port", Integer.toString(port)));
    if (options.ui()) {
      command.addAll(List.of("--ui-port", Integer.toString(uiPort)));
    } else {
      command.add("--headless");
    }
    if (options.dbFile() != null) {
      command.addAll(List.of("--db-filename", options.dbFile().toString()));
    }
    command.addAll(options.extraArgs());
    cli(); // installs the CLI first, so the start timeout is not spent on pip
    ProcessBuilder builder =
        new ProcessBuilder(command).directory(Processes.ROOT.toFile()).redirectErrorStream(true);
    builder.redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
    Processes.cleanEnvironment(builder, Map.of());
    process = builder.start();
    awaitReady();
  }

  private void awaitReady() throws Exception {
    long giveUp = System.nanoTime() + START_TIMEOUT.toNanos();
    Processes.Result last = null;
    while (System.nanoTime() < giveUp) {
      if (!process.isAlive()) {
        throw new AssertionError("the dev server exited (" + process.exitValue() + "):\n" + log());
      }
      last = temporal(Duration.ofSeconds(15), "workflow", "list", "--limit", "1");
      if (last.exit() == 0 && (!options.ui() || uiAnswers())) {
        return;
      }
      Thread.sleep(250);
    }
    throw new AssertionError(
        "the dev server did not answer within " + START_TIMEOUT.toSeconds() + " s; last: " + last
            + "\n" + log());
  }

  private boolean uiAnswers() {
    try {
      HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
      HttpResponse<Void> response =
          http.send(
              HttpRequest.newBuilder(URI.create(uiUrl())).timeout(Duration.ofSeconds(5)).build(),
              HttpResponse.BodyHandlers.discarding());
      return response.statusCode() == 200;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  public String address() {
    return "127.0.0.1:" + port;
  }

  String uiUrl() {
    return "http://127.0.0.1:" + uiPort;
  }

  /** What the worker, the starter and the CLI need to find this server: TEMPORAL_ADDRESS. */
  Map<String, String> env() {
    return Map.of("TEMPORAL_ADDRESS", address());
  }

  /** {@code temporal ARGS} against this server. */
  Processes.Result temporal(String... args) throws Exception {
    return temporal(Processes.DEFAULT_TIMEOUT, args);
  }

  Processes.Result temporal(Duration timeout, String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of(cli().toString()));
    command.addAll(List.of(args));
    return Processes.run(command, env(), timeout);
  }

  /**
   * One line of shell as a user types it (a recipe of the docs), by bash, from the repository root,
   * with {@code temporal} on the PATH and TEMPORAL_ADDRESS naming this server.
   */
  Processes.Result shell(String line) throws Exception {
    Map<String, String> env = new java.util.HashMap<>(env());
    env.put("PATH", cli().getParent() + ":" + System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
    return Processes.run(List.of("bash", "-c", line), env, Processes.DEFAULT_TIMEOUT);
  }

  String log() throws IOException {
    return Files.exists(log) ? Files.readString(log) : "(no log)";
  }

  /** SIGTERM (bin/dev-server execs temporal, so it gets it), SIGKILL after 20 s. */
  @Override
  public void close() throws InterruptedException {
    if (process != null && process.isAlive()) {
      process.destroy();
      if (!process.waitFor(20, TimeUnit.SECONDS)) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
    }
  }
}
