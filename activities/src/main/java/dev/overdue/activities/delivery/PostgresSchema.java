package dev.overdue.activities.delivery;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import javax.sql.DataSource;

/**
 * The delivery store's tables in PostgreSQL, versioned: {@code overdue.schema_version} holds one
 * row per migration applied. Each worker brings the schema up to date when it starts, inside one
 * transaction that first takes a transaction-level advisory lock, so workers starting at once
 * apply each migration exactly once and a failed migration leaves nothing behind.
 */
final class PostgresSchema {
  /** The advisory lock's key: any constant other applications are unlikely to use ("OVERDUE1"). */
  static final long LOCK = 0x4F56455244554531L;

  /**
   * Migration n is element n - 1. Append only: a released migration never changes, since workers
   * that applied it will not run it again.
   */
  static final List<List<String>> MIGRATIONS =
      List.of(
          List.of(
              "CREATE TABLE " + PostgresDeliveryStore.SCHEMA + ".deliveries ("
                  + " idempotency_key text PRIMARY KEY,"
                  + " state text NOT NULL CHECK (state IN ('CLAIMED', 'DELIVERED')),"
                  + " channel text NOT NULL,"
                  + " claimed_until timestamptz NOT NULL,"
                  + " delivered_at timestamptz)",
              // The purge at start reads only delivered keys, by age.
              "CREATE INDEX deliveries_delivered_at ON " + PostgresDeliveryStore.SCHEMA + ".deliveries"
                  + " (delivered_at) WHERE state = 'DELIVERED'"));

  /** The version the schema is at after {@link #migrate}, and how many migrations it applied. */
  record Result(int version, int applied) {}

  private PostgresSchema() {}

  static Result migrate(DataSource database) throws SQLException {
    String schema = PostgresDeliveryStore.SCHEMA;
    try (Connection connection = database.getConnection()) {
      connection.setAutoCommit(false);
      try (Statement statement = connection.createStatement()) {
        // Released at commit or rollback; a second worker waits here, then finds the work done.
        statement.execute("SELECT pg_advisory_xact_lock(" + LOCK + ")");
        // Checked before created: CREATE ... IF NOT EXISTS needs the right to create even when
        // the object exists, and a database administrator may have created it for us.
        if (!exists(connection, "SELECT 1 FROM pg_namespace WHERE nspname = ?", schema)) {
          statement.execute("CREATE SCHEMA " + schema);
        }
        if (!exists(
            connection, "SELECT 1 FROM pg_tables WHERE schemaname = ? AND tablename = 'schema_version'", schema)) {
          statement.execute(
              "CREATE TABLE " + schema + ".schema_version ("
                  + " version integer PRIMARY KEY,"
                  + " applied_at timestamptz NOT NULL DEFAULT now())");
        }
        int current;
        try (ResultSet row = statement.executeQuery("SELECT coalesce(max(version), 0) FROM " + schema + ".schema_version")) {
          row.next();
          current = row.getInt(1);
        }
        if (current > MIGRATIONS.size()) {
          throw new SQLException(
              "the schema " + schema + " is at version " + current + ", newer than this worker knows ("
                  + MIGRATIONS.size() + "): run a newer worker");
        }
        for (int version = current + 1; version <= MIGRATIONS.size(); version++) {
          for (String sql : MIGRATIONS.get(version - 1)) {
            statement.execute(sql);
          }
          statement.execute("INSERT INTO " + schema + ".schema_version (version) VALUES (" + version + ")");
        }
        connection.commit();
        return new Result(MIGRATIONS.size(), MIGRATIONS.size() - current);
      } catch (SQLException | RuntimeException e) {
        connection.rollback();
        throw e;
      }
    }
  }

  private static boolean exists(Connection connection, String sql, String name) throws SQLException {
    try (PreparedStatement query = connection.prepareStatement(sql)) {
      query.setString(1, name);
      try (ResultSet row = query.executeQuery()) {
        return row.next();
      }
    }
  }
}
