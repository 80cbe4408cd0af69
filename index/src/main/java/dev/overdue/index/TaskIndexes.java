package dev.overdue.index;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.flywaydb.core.Flyway;

/** Opens a {@link TaskIndex} and migrates its schema. */
public final class TaskIndexes {
  /** PostgreSQL's schema of the index's tables (and Flyway's history of it). */
  static final String SCHEMA = "task_index";

  /** Where the worker and the API find the index when nothing says otherwise. */
  public static final String DEFAULT_LOCATION = "~/.overdue/task-index.db";

  private TaskIndexes() {}

  /**
   * The location configured, or {@link #DEFAULT_LOCATION}; a leading {@code ~/} is the user's home
   * directory.
   */
  public static String location(String configured) {
    String location = configured == null || configured.isBlank() ? DEFAULT_LOCATION : configured.strip();
    return location.startsWith("~/") ? System.getProperty("user.home") + location.substring(1) : location;
  }

  /**
   * A new SQLite index in a temporary file, deleted when the JVM exits: for a worker on the
   * in-memory Temporal service, whose approvals are forgotten at exit too, and for tests.
   */
  public static TaskIndex temporary() {
    return open(temporaryLocation());
  }

  /** A new temporary file's path for an index ({@link #temporary}), deleted when the JVM exits. */
  public static String temporaryLocation() {
    try {
      Path directory = Files.createTempDirectory("overdue-task-index");
      Path file = directory.resolve("task-index.db");
      // Deleted in the reverse order of registration: the files, then their directory.
      directory.toFile().deleteOnExit();
      for (String suffix : List.of("", "-wal", "-shm")) {
        directory.resolve("task-index.db" + suffix).toFile().deleteOnExit();
      }
      return file.toString();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create a temporary task index: " + e.getMessage(), e);
    }
  }

  /**
   * Opens the index at {@code location} and brings its schema up to date with Flyway:
   *
   * <ul>
   *   <li>{@code jdbc:postgresql://host:port/db?user=…&password=…}: schema {@code task_index}, a pool
   *       of up to 10; the password goes to the driver as a property and is never shown;
   *   <li>{@code jdbc:sqlite:/path}, or a plain file path: a SQLite file (parent directories
   *       created) in WAL mode, with a 5 s busy timeout so that two processes can share it.
   * </ul>
   */
  public static TaskIndex open(String location) {
    if (location == null || location.isBlank()) {
      throw new IllegalArgumentException("a task index location is a jdbc:postgresql: URL, a jdbc:sqlite: URL or a file");
    }
    if (location.startsWith("jdbc:postgresql:")) {
      return postgres(location);
    }
    if (location.startsWith("jdbc:sqlite:")) {
      return sqlite(location.substring("jdbc:sqlite:".length()));
    }
    if (location.startsWith("jdbc:")) {
      throw new IllegalArgumentException("the task index runs on PostgreSQL or SQLite, not " + location.split(":")[1]);
    }
    return sqlite(location);
  }

  private static TaskIndex sqlite(String file) {
    String path = file;
    if (!file.startsWith("file:") && !file.startsWith(":memory:")) {
      Path absolute = Path.of(file).toAbsolutePath();
      try {
        Files.createDirectories(absolute.getParent());
      } catch (IOException e) {
        throw new UncheckedIOException("cannot create the task index's directory: " + e.getMessage(), e);
      }
      path = absolute.toString();
    }
    HikariConfig config = new HikariConfig();
    config.setPoolName("task-index-sqlite");
    config.setJdbcUrl("jdbc:sqlite:" + path);
    // WAL: readers do not block the writer; the busy timeout waits for another process's write;
    // IMMEDIATE: a transaction takes the write lock at its start, so it never fails half-way.
    config.addDataSourceProperty("journal_mode", "WAL");
    config.addDataSourceProperty("busy_timeout", "5000");
    config.addDataSourceProperty("transaction_mode", "IMMEDIATE");
    config.setMaximumPoolSize(4);
    config.setMinimumIdle(1);
    return migrated(new HikariDataSource(config), new SqliteDialect(), "sqlite " + path,
        Flyway.configure());
  }

  private static TaskIndex postgres(String url) {
    Properties parsed = org.postgresql.Driver.parseURL(url, new Properties());
    if (parsed == null) {
      throw new IllegalArgumentException("not a PostgreSQL JDBC URL");
    }
    String user = parsed.getProperty("user", System.getProperty("user.name"));
    HikariConfig config = new HikariConfig();
    config.setPoolName("task-index-postgresql");
    config.setJdbcUrl(withoutParams(url, "password", "currentSchema"));
    String password = parsed.getProperty("password");
    if (password != null) {
      config.setPassword(password);
    }
    config.addDataSourceProperty("currentSchema", SCHEMA + ",public");
    config.setMaximumPoolSize(10);
    config.setMinimumIdle(1);
    String where = "postgresql://" + hostsOf(parsed) + "/" + parsed.getProperty("PGDBNAME") + " as " + user;
    return migrated(new HikariDataSource(config), new PostgresDialect(), where,
        Flyway.configure().schemas(SCHEMA).createSchemas(true));
  }

  private static TaskIndex migrated(
      HikariDataSource pool, Dialect dialect, String where, org.flywaydb.core.api.configuration.FluentConfiguration flyway) {
    try {
      flyway.dataSource(pool).locations(dialect.migrations()).load().migrate();
      return new JdbcTaskIndex(pool, dialect, where);
    } catch (RuntimeException e) {
      pool.close();
      throw new IllegalStateException("cannot open the task index (" + where + "): " + e.getMessage(), e);
    }
  }

  /** {@code url} without the named query parameters: the password is passed apart and never logged. */
  static String withoutParams(String url, String... names) {
    int query = url.indexOf('?');
    if (query < 0) {
      return url;
    }
    List<String> kept = new ArrayList<>();
    for (String param : url.substring(query + 1).split("&")) {
      String name = param.contains("=") ? param.substring(0, param.indexOf('=')) : param;
      if (!List.of(names).contains(name) && !param.isEmpty()) {
        kept.add(param);
      }
    }
    return url.substring(0, query) + (kept.isEmpty() ? "" : "?" + String.join("&", kept));
  }

  private static String hostsOf(Properties parsed) {
    String[] hosts = parsed.getProperty("PGHOST", "localhost").split(",");
    String[] ports = parsed.getProperty("PGPORT", "5432").split(",");
    List<String> pairs = new ArrayList<>();
    for (int i = 0; i < hosts.length; i++) {
      pairs.add(hosts[i] + ":" + ports[Math.min(i, ports.length - 1)]);
    }
    return String.join(",", pairs);
  }
}
