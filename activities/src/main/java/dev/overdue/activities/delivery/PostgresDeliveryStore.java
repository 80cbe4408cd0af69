package dev.overdue.activities.delivery;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@link DeliveryStore} in a PostgreSQL database that every worker of a fleet shares, so a
 * delivery retried on another host finds the key the first host claimed or delivered. Leases are
 * judged by the database's clock ({@code now()} in SQL, never this host's), because hosts' clocks
 * may disagree. A claim is one {@code INSERT ... ON CONFLICT DO UPDATE ... WHERE} statement: the row
 * lock makes two concurrent claims of one key, from any hosts, end with exactly one winner.
 *
 * <p>The tables live in the schema {@value #SCHEMA} (Temporal's own databases have a {@code
 * schema_version} table too), created or migrated at start by {@link PostgresSchema}.
 */
public final class PostgresDeliveryStore implements DeliveryStore {
  private static final Logger log = LoggerFactory.getLogger(PostgresDeliveryStore.class);

  static final String SCHEMA = "overdue";
  private static final String TABLE = SCHEMA + ".deliveries";
  /** A handful of connections: a claim or a mark holds one for a millisecond or so. */
  private static final int POOL_SIZE = 4;

  private static final String CLAIM =
      "INSERT INTO " + TABLE + " AS d (idempotency_key, state, channel, claimed_until)"
          + " VALUES (?, 'CLAIMED', ?, now() + make_interval(secs => ?))"
          + " ON CONFLICT (idempotency_key) DO UPDATE"
          + " SET claimed_until = excluded.claimed_until, channel = excluded.channel"
          + " WHERE d.state = 'CLAIMED' AND d.claimed_until <= now()"
          + " RETURNING 1";

  private final HikariDataSource pool;
  private final String where;

  private PostgresDeliveryStore(HikariDataSource pool, String where) {
    this.pool = pool;
    this.where = where;
  }

  /** Connects to {@code url} ({@code jdbc:postgresql://...}) and brings the schema up to date. */
  public static PostgresDeliveryStore open(String url) {
    Url parsed = Url.parse(url);
    HikariConfig config = new HikariConfig();
    config.setPoolName("overdue-deliveries");
    config.setJdbcUrl(parsed.withoutCredentials());
    config.setUsername(parsed.user());
    config.setPassword(parsed.password());
    config.setMaximumPoolSize(POOL_SIZE);
    config.setMinimumIdle(1);
    // An activity waits this long for a connection while the database is down, then fails and is
    // retried by its policy: well inside Deliver's 30 s start-to-close timeout.
    config.setConnectionTimeout(Duration.ofSeconds(5).toMillis());
    // The URL's own values win over these (the driver reads them after its defaults).
    config.addDataSourceProperty("ApplicationName", "overdue-worker");
    config.addDataSourceProperty("connectTimeout", "5");
    config.addDataSourceProperty("socketTimeout", "20");
    HikariDataSource pool;
    try {
      pool = new HikariDataSource(config);
    } catch (RuntimeException e) {
      throw new IllegalStateException(
          "cannot open the delivery store " + parsed.safe() + ": " + rootMessage(e), e);
    }
    try {
      PostgresSchema.Result schema = PostgresSchema.migrate(pool);
      log.info(
          "delivery store {}: schema {} at version {}{}",
          parsed.safe(),
          SCHEMA,
          schema.version(),
          schema.applied() == 0 ? "" : " (migrated from " + (schema.version() - schema.applied()) + ")");
    } catch (SQLException | RuntimeException e) {
      pool.close();
      throw new IllegalStateException(
          "cannot open the delivery store " + parsed.safe() + ": " + rootMessage(e), e);
    }
    return new PostgresDeliveryStore(pool, parsed.safe());
  }

  @Override
  public Claim claim(String key, String channel, Duration lease) {
    return withConnection(
        "claim",
        connection -> {
          // Twice at most: a key released between the two statements is free again.
          for (int attempt = 0; ; attempt++) {
            try (PreparedStatement claim = connection.prepareStatement(CLAIM)) {
              claim.setString(1, key);
              claim.setString(2, channel);
              claim.setDouble(3, lease.toMillis() / 1000.0);
              try (ResultSet won = claim.executeQuery()) {
                if (won.next()) {
                  return Claim.CLAIMED;
                }
              }
            }
            try (PreparedStatement select =
                connection.prepareStatement("SELECT state FROM " + TABLE + " WHERE idempotency_key = ?")) {
              select.setString(1, key);
              try (ResultSet row = select.executeQuery()) {
                if (row.next()) {
                  return "DELIVERED".equals(row.getString(1)) ? Claim.ALREADY_DELIVERED : Claim.HELD;
                }
              }
            }
            if (attempt > 0) {
              return Claim.HELD;
            }
          }
        });
  }

  @Override
  public void markDelivered(String key) {
    update("mark", "UPDATE " + TABLE + " SET state = 'DELIVERED', delivered_at = now() WHERE idempotency_key = ?", key);
  }

  @Override
  public void release(String key) {
    update("release", "DELETE FROM " + TABLE + " WHERE idempotency_key = ? AND state = 'CLAIMED'", key);
  }

  @Override
  public boolean isDelivered(String key) {
    return withConnection(
        "read",
        connection -> {
          try (PreparedStatement select =
              connection.prepareStatement(
                  "SELECT 1 FROM " + TABLE + " WHERE idempotency_key = ? AND state = 'DELIVERED'")) {
            select.setString(1, key);
            try (ResultSet row = select.executeQuery()) {
              return row.next();
            }
          }
        });
  }

  @Override
  public int purgeOlderThan(Duration age) {
    return withConnection(
        "purge",
        connection -> {
          try (PreparedStatement delete =
              connection.prepareStatement(
                  "DELETE FROM " + TABLE
                      + " WHERE (state = 'DELIVERED' AND delivered_at < now() - make_interval(secs => ?))"
                      + " OR (state = 'CLAIMED' AND claimed_until < now() - make_interval(secs => ?))")) {
            delete.setDouble(1, age.toMillis() / 1000.0);
            delete.setDouble(2, age.toMillis() / 1000.0);
            return delete.executeUpdate();
          }
        });
  }

  @Override
  public void check() {
    withConnection(
        "read",
        connection -> {
          try (Statement statement = connection.createStatement()) {
            return statement.execute("SELECT 1 FROM " + TABLE + " LIMIT 1");
          }
        });
  }

  @Override
  public String where() {
    return where;
  }

  @Override
  public void close() {
    pool.close();
  }

  private interface Work<T> {
    T run(Connection connection) throws SQLException;
  }

  private <T> T withConnection(String what, Work<T> work) {
    try (Connection connection = pool.getConnection()) {
      return work.run(connection);
    } catch (SQLException e) {
      throw new IllegalStateException("delivery store " + where + ": cannot " + what + ": " + e.getMessage(), e);
    }
  }

  private void update(String what, String sql, String key) {
    withConnection(
        what,
        connection -> {
          try (PreparedStatement statement = connection.prepareStatement(sql)) {
            statement.setString(1, key);
            return statement.executeUpdate();
          }
        });
  }

  private static String rootMessage(Throwable e) {
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    return root.getMessage() == null ? root.toString() : root.getMessage();
  }

  /**
   * A {@code jdbc:postgresql:} URL split into the URL the pool connects to, the user and the
   * password, which go to the driver as properties so that neither the log nor an error names
   * them.
   */
  record Url(String base, List<String> parameters, String user, String password) {
    static Url parse(String url) {
      int query = url.indexOf('?');
      String base = query < 0 ? url : url.substring(0, query);
      List<String> parameters = new ArrayList<>();
      String user = null;
      String password = null;
      if (query >= 0) {
        for (String parameter : url.substring(query + 1).split("&")) {
          String name = parameter.contains("=") ? parameter.substring(0, parameter.indexOf('=')) : parameter;
          String value = parameter.contains("=") ? decode(parameter.substring(parameter.indexOf('=') + 1)) : "";
          if (name.equals("user")) {
            user = value;
          } else if (name.equals("password")) {
            password = value;
          } else if (!parameter.isEmpty()) {
            parameters.add(parameter);
          }
        }
      }
      return new Url(base, List.copyOf(parameters), user, password);
    }

    String withoutCredentials() {
      return parameters.isEmpty() ? base : base + "?" + String.join("&", parameters);
    }

    /** For the log: the URL without "jdbc:", its parameters or password, and the user. */
    String safe() {
      return base.substring("jdbc:".length()) + (user == null ? "" : " as " + user);
    }

    private static String decode(String value) {
      return URLDecoder.decode(value, StandardCharsets.UTF_8);
    }
  }
}
