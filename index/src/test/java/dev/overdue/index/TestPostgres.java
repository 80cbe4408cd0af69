package dev.overdue.index;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * A test-scope copy of activities' TestPostgres (test classes are not shared between modules).
 *
 * <p>A real PostgreSQL for the tests: the server {@code OVERDUE_TEST_POSTGRES_URL} names (a JDBC URL
 * of a superuser), or one this JVM starts with {@code initdb} and {@code pg_ctl} in a temporary
 * directory on a free loopback port and stops at exit. Without either the tests are skipped,
 * except in CI ({@code CI} set), where a missing PostgreSQL fails them: {@code .ci/run} installs it.
 *
 * <p>TCP connections need a password (SCRAM), so the stores' handling of credentials is real.
 * PostgreSQL refuses to run as root: as root the server runs as the {@code postgres} user.
 */
public final class TestPostgres {
  public static final String PASSWORD = "pg test+pass/word";
  private static final AtomicInteger databases = new AtomicInteger();
  private static TestPostgres instance;

  /** The admin URL: superuser credentials included. */
  private final String adminUrl;

  private TestPostgres(String adminUrl) {
    this.adminUrl = adminUrl;
  }

  /** The server, started on first use; skips the calling test when there is none outside CI. */
  public static synchronized TestPostgres get() {
    if (instance == null) {
      String url = System.getenv("OVERDUE_TEST_POSTGRES_URL");
      if (url != null && !url.isBlank()) {
        instance = new TestPostgres(url);
      } else {
        Optional<Path> bin = binaries();
        if (bin.isEmpty()) {
          if (System.getenv("CI") != null) {
            throw new IllegalStateException("CI: no initdb/pg_ctl found; .ci/run installs postgresql");
          }
          Assumptions.abort("no PostgreSQL here (no initdb/pg_ctl, no OVERDUE_TEST_POSTGRES_URL)");
        }
        instance = start(bin.get());
      }
    }
    return instance;
  }

  /** A new, empty database; its URL as a worker would be given it (user and password in it). */
  public String newDatabase() {
    String name = "overdue_test_" + ProcessHandle.current().pid() + "_" + databases.incrementAndGet();
    execute("CREATE DATABASE " + name);
    return urlOf(name);
  }

  public void dropDatabase(String url) {
    String name = url.substring(url.lastIndexOf('/') + 1, url.indexOf('?'));
    execute("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
  }

  /** {@code url} with the database replaced: the admin's credentials, another database. */
  private String urlOf(String database) {
    int query = adminUrl.indexOf('?');
    String base = adminUrl.substring(0, query < 0 ? adminUrl.length() : query);
    return base.substring(0, base.lastIndexOf('/') + 1) + database + (query < 0 ? "" : adminUrl.substring(query));
  }

  public void execute(String sql) {
    try (Connection connection = DriverManager.getConnection(adminUrl);
        Statement statement = connection.createStatement()) {
      statement.execute(sql);
    } catch (SQLException e) {
      throw new IllegalStateException(sql + ": " + e.getMessage(), e);
    }
  }

  /** Runs {@code sql} in the database {@code url} names. */
  public static void execute(String url, String sql) {
    try (Connection connection = DriverManager.getConnection(url);
        Statement statement = connection.createStatement()) {
      statement.execute(sql);
    } catch (SQLException e) {
      throw new IllegalStateException(sql + ": " + e.getMessage(), e);
    }
  }

  /** initdb and pg_ctl: on the PATH, else the newest of Debian's /usr/lib/postgresql/N/bin. */
  private static Optional<Path> binaries() {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
      if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, "initdb")) && Files.isExecutable(Path.of(dir, "pg_ctl"))) {
        return Optional.of(Path.of(dir));
      }
    }
    try (Stream<Path> versions = Files.list(Path.of("/usr/lib/postgresql"))) {
      return versions
          .map(v -> v.resolve("bin"))
          .filter(b -> Files.isExecutable(b.resolve("initdb")) && Files.isExecutable(b.resolve("pg_ctl")))
          .max(Comparator.comparing(b -> versionOf(b.getParent())));
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  private static int versionOf(Path dir) {
    try {
      return Integer.parseInt(dir.getFileName().toString());
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  private static TestPostgres start(Path bin) {
    try {
      Path dir = Files.createTempDirectory("overdue-test-pg");
      Path data = dir.resolve("data");
      Path passwordFile = dir.resolve("password");
      Files.writeString(passwordFile, PASSWORD + "\n");
      boolean root = "root".equals(System.getProperty("user.name"));
      if (root) {
        run(List.of("chown", "-R", "postgres:", dir.toString()), false);
      }
      run(
          List.of(
              bin.resolve("initdb").toString(), "-D", data.toString(), "-U", "postgres", "--pwfile=" + passwordFile,
              "--auth-host=scram-sha-256", "--auth-local=trust", "--no-sync", "--no-locale", "-E", "UTF8"),
          root);
      int port;
      try (ServerSocket socket = new ServerSocket(0)) {
        port = socket.getLocalPort();
      }
      // Durability is not under test here: fsync off keeps the tests fast on a shared machine.
      String options =
          "-p " + port + " -k " + dir + " -c listen_addresses=127.0.0.1 -c fsync=off"
              + " -c synchronous_commit=off -c full_page_writes=off -c max_connections=100";
      run(
          List.of(
              bin.resolve("pg_ctl").toString(), "-D", data.toString(), "-l", dir.resolve("log").toString(), "-o",
              options, "-w", "-t", "60", "start"),
          root);
      Runtime.getRuntime()
          .addShutdownHook(
              new Thread(
                  () -> {
                    try {
                      run(List.of(bin.resolve("pg_ctl").toString(), "-D", data.toString(), "-m", "immediate", "stop"), root);
                      run(List.of("rm", "-rf", dir.toString()), false);
                    } catch (IOException e) {
                      System.err.println("could not stop the test PostgreSQL in " + dir + ": " + e.getMessage());
                    }
                  }));
      String password = java.net.URLEncoder.encode(PASSWORD, StandardCharsets.UTF_8);
      return new TestPostgres("jdbc:postgresql://127.0.0.1:" + port + "/postgres?user=postgres&password=" + password);
    } catch (IOException e) {
      throw new IllegalStateException("cannot start a test PostgreSQL: " + e.getMessage(), e);
    }
  }

  private static void run(List<String> command, boolean asPostgres) throws IOException {
    List<String> full = new ArrayList<>();
    if (asPostgres) {
      full.addAll(List.of("runuser", "-u", "postgres", "--"));
    }
    full.addAll(command);
    Process process = new ProcessBuilder(full).redirectErrorStream(true).start();
    try {
      String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!process.waitFor(90, TimeUnit.SECONDS) || process.exitValue() != 0) {
        throw new IOException(String.join(" ", full) + " failed:\n" + output);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted: " + String.join(" ", full), e);
    }
  }
}
