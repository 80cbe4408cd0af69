package dev.overdue.http;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real Keycloak with the realm of deploy/keycloak/overdue-realm.json, through {@code bin/keycloak}
 * as a user runs it, on a free port and with a directory of its own under target (a Keycloak run
 * from the checkout is left alone). The worker's KeycloakIT runs it the same way; the inbox's
 * tests use this one.
 */
public final class Keycloak implements AutoCloseable {
  private static final Path SCRIPT = Path.of("..").toAbsolutePath().normalize().resolve("bin/keycloak");

  /** What {@code bin/keycloak} answered. */
  record Run(int exit, String out, String err) {
    String all() {
      return "exit " + exit + "\n--- stdout\n" + out + "--- stderr\n" + err;
    }
  }

  /** Thrown when this machine has no Java 21+ for Keycloak. */
  public static final class NoJava21 extends IllegalStateException {
    NoJava21(String message) {
      super(message);
    }
  }

  public final int port;
  public final String issuer;
  private final Path dir;

  private Keycloak(int port, String issuer, Path dir) {
    this.port = port;
    this.issuer = issuer;
    this.dir = dir;
  }

  /**
   * Starts it in {@code target/<name>} and waits for the realm; the first run on a machine installs
   * Keycloak and imports the realm (minutes). Throws {@link NoJava21} when there is no Java 21+.
   */
  public static Keycloak start(String name) throws IOException, InterruptedException {
    Path dir = Path.of("target", name).toAbsolutePath();
    int port = TemporalWithWorker.freePort();
    Run started;
    try {
      started = run(dir, 20, "start", "--port", Integer.toString(port));
    } catch (IllegalStateException late) {
      run(dir, 2, "stop");
      throw late;
    }
    if (started.exit() != 0 && started.err().contains("needs Java 21 or newer")) {
      throw new NoJava21("no Java 21+ for Keycloak: " + started.err());
    }
    List<String> lines = started.out().lines().toList();
    if (started.exit() != 0 || lines.size() != 1) {
      // Whatever half started is stopped again.
      run(dir, 2, "stop");
      throw new IllegalStateException("bin/keycloak start failed: " + started.all());
    }
    return new Keycloak(port, lines.get(0), dir);
  }

  /** An access token of {@code user} (password grant), from client overdue-cli unless {@code --client} says otherwise. */
  public String token(String user, String... more) throws IOException, InterruptedException {
    List<String> args = new ArrayList<>(List.of("token", user));
    args.addAll(List.of(more));
    Run run = run(dir, 1, args.toArray(String[]::new));
    String token = run.out().strip();
    if (run.exit() != 0 || token.split("\\.").length != 3) {
      throw new IllegalStateException("bin/keycloak token " + user + ": " + run.all());
    }
    return token;
  }

  /** Stops it (the data in its directory stays) and checks that it no longer runs. */
  @Override
  public void close() throws IOException, InterruptedException {
    Run stopped = run(dir, 2, "stop");
    Run status = run(dir, 1, "status");
    if (stopped.exit() != 0 || status.exit() != 3) {
      throw new IllegalStateException("Keycloak did not stop: " + stopped.all() + "\nstatus: " + status.all());
    }
  }

  /** bin/keycloak with {@code dir} as its OVERDUE_KEYCLOAK_DIR; stdout and stderr apart (a token is stdout only). */
  private static Run run(Path dir, int minutes, String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of("bash", SCRIPT.toString()));
    command.addAll(List.of(args));
    Files.createDirectories(dir);
    Path out = Files.createTempFile(dir, "out", ".txt");
    Path err = Files.createTempFile(dir, "err", ".txt");
    ProcessBuilder builder = new ProcessBuilder(command)
        .redirectOutput(out.toFile()).redirectError(err.toFile()).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    builder.environment().put("OVERDUE_KEYCLOAK_DIR", dir.toString());
    Process process = builder.start();
    try {
      if (!process.waitFor(minutes, TimeUnit.MINUTES)) {
        process.destroyForcibly();
        throw new IllegalStateException("bin/keycloak " + String.join(" ", args) + " took more than " + minutes
            + " minutes:\n" + Files.readString(err, StandardCharsets.UTF_8));
      }
      return new Run(process.exitValue(), Files.readString(out), Files.readString(err));
    } finally {
      Files.deleteIfExists(out);
      Files.deleteIfExists(err);
    }
  }
}
