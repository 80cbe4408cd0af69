package dev.overdue.activities.delivery;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import org.sqlite.SQLiteConfig;

/**
 * The {@link DeliveryStore} in an SQLite file (or in memory). Worker processes on one host may
 * share the file: SQLite locks it. Leases are judged by this host's clock, which is all the
 * processes sharing the file have in common. The file must not be on a network filesystem
 * (SQLite's WAL keeps its index in shared memory of one host), see {@link StoreLocation}.
 */
public final class SqliteDeliveryStore implements DeliveryStore {
  private final Connection connection;
  private final Clock clock;
  private final String where;

  private SqliteDeliveryStore(Connection connection, Clock clock, String where) {
    this.connection = connection;
    this.clock = clock;
    this.where = where;
  }

  /** Opens (creating when missing) the store at {@code file}; null means in memory. */
  public static SqliteDeliveryStore open(Path file, Clock clock) {
    try {
      String url;
      if (file == null) {
        url = "jdbc:sqlite::memory:";
      } else {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
          Files.createDirectories(parent);
        }
        url = "jdbc:sqlite:" + file.toAbsolutePath();
      }
      SQLiteConfig config = new SQLiteConfig();
      // A claim reads then writes: IMMEDIATE takes the write lock first, so two worker processes
      // cannot both see a key free and both claim it.
      config.setTransactionMode(SQLiteConfig.TransactionMode.IMMEDIATE);
      config.setBusyTimeout(10_000);
      if (file != null) {
        config.setJournalMode(SQLiteConfig.JournalMode.WAL);
        config.setSynchronous(SQLiteConfig.SynchronousMode.FULL);
      }
      Connection connection = DriverManager.getConnection(url, config.toProperties());
      try (Statement statement = connection.createStatement()) {
        statement.execute(
            "CREATE TABLE IF NOT EXISTS deliveries ("
                + " idempotency_key TEXT PRIMARY KEY,"
                + " state TEXT NOT NULL CHECK (state IN ('CLAIMED', 'DELIVERED')),"
                + " channel TEXT NOT NULL,"
                + " claimed_until INTEGER NOT NULL,"
                + " delivered_at INTEGER)");
      }
      return new SqliteDeliveryStore(connection, clock, file == null ? "memory" : file.toString());
    } catch (SQLException e) {
      throw new IllegalStateException("cannot open the delivery store " + file + ": " + e.getMessage(), e);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create the directory of the delivery store " + file, e);
    }
  }

  @Override
  public synchronized Claim claim(String key, String channel, Duration lease) {
    long now = clock.millis();
    return inTransaction(
        () -> {
          try (PreparedStatement select =
              connection.prepareStatement(
                  "SELECT state, claimed_until FROM deliveries WHERE idempotency_key = ?")) {
            select.setString(1, key);
            try (ResultSet row = select.executeQuery()) {
              if (row.next()) {
                if ("DELIVERED".equals(row.getString(1))) {
                  return Claim.ALREADY_DELIVERED;
                }
                if (row.getLong(2) > now) {
                  return Claim.HELD;
                }
              }
            }
          }
          try (PreparedStatement upsert =
              connection.prepareStatement(
                  "INSERT INTO deliveries (idempotency_key, state, channel, claimed_until)"
                      + " VALUES (?, 'CLAIMED', ?, ?)"
                      + " ON CONFLICT (idempotency_key) DO UPDATE SET claimed_until = excluded.claimed_until")) {
            upsert.setString(1, key);
            upsert.setString(2, channel);
            upsert.setLong(3, now + lease.toMillis());
            upsert.executeUpdate();
          }
          return Claim.CLAIMED;
        });
  }

  @Override
  public synchronized void markDelivered(String key) {
    update("UPDATE deliveries SET state = 'DELIVERED', delivered_at = ? WHERE idempotency_key = ?",
        clock.millis(), key);
  }

  @Override
  public synchronized void release(String key) {
    update("DELETE FROM deliveries WHERE idempotency_key = ? AND state = 'CLAIMED'", null, key);
  }

  @Override
  public synchronized boolean isDelivered(String key) {
    try (PreparedStatement select =
        connection.prepareStatement("SELECT 1 FROM deliveries WHERE idempotency_key = ? AND state = 'DELIVERED'")) {
      select.setString(1, key);
      try (ResultSet row = select.executeQuery()) {
        return row.next();
      }
    } catch (SQLException e) {
      throw failure("read", e);
    }
  }

  @Override
  public synchronized int purgeOlderThan(Duration age) {
    try (PreparedStatement delete =
        connection.prepareStatement(
            "DELETE FROM deliveries WHERE (state = 'DELIVERED' AND delivered_at < ?)"
                + " OR (state = 'CLAIMED' AND claimed_until < ?)")) {
      delete.setLong(1, clock.millis() - age.toMillis());
      delete.setLong(2, clock.millis() - age.toMillis());
      return delete.executeUpdate();
    } catch (SQLException e) {
      throw failure("purge", e);
    }
  }

  @Override
  public synchronized void check() {
    try (Statement statement = connection.createStatement()) {
      statement.execute("SELECT count(*) FROM deliveries WHERE idempotency_key = ''");
    } catch (SQLException e) {
      throw failure("read", e);
    }
  }

  @Override
  public String where() {
    return where;
  }

  @Override
  public synchronized void close() {
    try {
      connection.close();
    } catch (SQLException e) {
      throw failure("close", e);
    }
  }

  private interface Work<T> {
    T run() throws SQLException;
  }

  private <T> T inTransaction(Work<T> work) {
    try {
      connection.setAutoCommit(false);
      try {
        T result = work.run();
        connection.commit();
        return result;
      } catch (SQLException | RuntimeException e) {
        connection.rollback();
        throw e;
      } finally {
        connection.setAutoCommit(true);
      }
    } catch (SQLException e) {
      throw failure("claim", e);
    }
  }

  private void update(String sql, Long millis, String key) {
    try (PreparedStatement statement = connection.prepareStatement(sql)) {
      int index = 1;
      if (millis != null) {
        statement.setLong(index++, millis);
      }
      statement.setString(index, key);
      statement.executeUpdate();
    } catch (SQLException e) {
      throw failure("update", e);
    }
  }

  private IllegalStateException failure(String what, SQLException e) {
    return new IllegalStateException("delivery store " + where + ": cannot " + what + ": " + e.getMessage(), e);
  }
}
