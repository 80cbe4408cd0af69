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
import java.time.Instant;
import org.sqlite.SQLiteConfig;

/**
 * The idempotency keys this worker has delivered, in an SQLite file (or in memory). A delivery
 * first claims its key for a lease, sends, then marks it delivered before the activity completes;
 * so an activity retried after a crash between "sent" and "completed" finds the key delivered and
 * sends nothing. Worker processes on one host may share the file: SQLite locks it.
 *
 * <p>The one window left is a crash between the channel accepting the message and the mark: the
 * claim's lease then runs out and the retry sends again, with the same key (Message-ID,
 * Idempotency-Key header), so the receiver can still recognise the duplicate.
 */
public final class DeliveryStore implements AutoCloseable {
  /** What {@link #claim} found. */
  public enum Claim {
    /** Nobody holds the key: send, then {@link #markDelivered} or {@link #release}. */
    CLAIMED,
    /** Sent before: send nothing. */
    ALREADY_DELIVERED,
    /** Another attempt holds a live lease on it: try again later. */
    HELD
  }

  private final Connection connection;
  private final Clock clock;
  private final String where;

  private DeliveryStore(Connection connection, Clock clock, String where) {
    this.connection = connection;
    this.clock = clock;
    this.where = where;
  }

  /** Opens (creating when missing) the store at {@code file}; null means in memory. */
  public static DeliveryStore open(Path file, Clock clock) {
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
      return new DeliveryStore(connection, clock, file == null ? "memory" : file.toString());
    } catch (SQLException e) {
      throw new IllegalStateException("cannot open the delivery store " + file + ": " + e.getMessage(), e);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create the directory of the delivery store " + file, e);
    }
  }

  /** Claims {@code key} for {@code lease} unless it was delivered or is held by a live claim. */
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

  /** The message left: the key is never delivered again. */
  public synchronized void markDelivered(String key) {
    update("UPDATE deliveries SET state = 'DELIVERED', delivered_at = ? WHERE idempotency_key = ?",
        clock.millis(), key);
  }

  /** The send failed: the next attempt may claim the key at once. */
  public synchronized void release(String key) {
    update("DELETE FROM deliveries WHERE idempotency_key = ? AND state = 'CLAIMED'", null, key);
  }

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

  /**
   * Reads the table once, for the worker's readiness probe: a store whose file went away or whose
   * database cannot be read fails here before a delivery does.
   *
   * @throws IllegalStateException with the reason when it cannot be read
   */
  public synchronized void check() {
    try (Statement statement = connection.createStatement();
        ResultSet row = statement.executeQuery("SELECT COUNT(*) FROM deliveries WHERE state = 'CLAIMED'")) {
      row.next();
    } catch (SQLException e) {
      throw failure("read", e);
    }
  }

  /** Forgets keys delivered before {@code cutoff}; returns how many. */
  public synchronized int purgeDeliveredBefore(Instant cutoff) {
    try (PreparedStatement delete =
        connection.prepareStatement("DELETE FROM deliveries WHERE state = 'DELIVERED' AND delivered_at < ?")) {
      delete.setLong(1, cutoff.toEpochMilli());
      return delete.executeUpdate();
    } catch (SQLException e) {
      throw failure("purge", e);
    }
  }

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
