package dev.overdue.activities.delivery;

import static dev.overdue.activities.delivery.DeliveryStore.Claim.ALREADY_DELIVERED;
import static dev.overdue.activities.delivery.DeliveryStore.Claim.CLAIMED;
import static dev.overdue.activities.delivery.DeliveryStore.Claim.HELD;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The SQLite store: the shared behaviour on a file, with a clock the test moves by hand. */
class SqliteDeliveryStoreTest extends DeliveryStoreContract {
  /** A clock the test moves by hand. */
  private static final class MutableClock extends Clock {
    private Instant now = Instant.parse("2026-03-01T09:00:00Z");

    void advance(Duration duration) {
      now = now.plus(duration);
    }

    @Override
    public Instant instant() {
      return now;
    }

    @Override
    public ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
      throw new UnsupportedOperationException();
    }
  }

  @TempDir Path dir;
  private final MutableClock clock = new MutableClock();

  @Override
  protected DeliveryStore openStore() {
    return SqliteDeliveryStore.open(dir.resolve("deliveries.db"), clock);
  }

  @Override
  protected Duration lease() {
    return Duration.ofMinutes(2);
  }

  @Override
  protected void pass(Duration time) {
    clock.advance(time);
  }

  @Override
  protected void backdate(String key, Duration age) {
    try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("deliveries.db"));
        PreparedStatement update =
            connection.prepareStatement(
                "UPDATE deliveries SET"
                    + " delivered_at = CASE state WHEN 'DELIVERED' THEN ? ELSE delivered_at END,"
                    + " claimed_until = CASE state WHEN 'CLAIMED' THEN ? ELSE claimed_until END"
                    + " WHERE idempotency_key = ?")) {
      update.setLong(1, clock.millis() - age.toMillis());
      update.setLong(2, clock.millis() - age.toMillis());
      update.setString(3, key);
      assertEquals(1, update.executeUpdate());
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  @Test
  void createsTheFilesDirectories() {
    try (DeliveryStore store = SqliteDeliveryStore.open(dir.resolve("nested/dir/deliveries.db"), clock)) {
      store.claim("k1", "email", lease());
      store.markDelivered("k1");
    }
    try (DeliveryStore store = SqliteDeliveryStore.open(dir.resolve("nested/dir/deliveries.db"), clock)) {
      assertTrue(store.isDelivered("k1"));
    }
  }

  @Test
  void theInMemoryStoreWorks() {
    try (DeliveryStore store = SqliteDeliveryStore.open(null, clock)) {
      assertEquals("memory", store.where());
      assertEquals(CLAIMED, store.claim("k1", "log", lease()));
      assertEquals(HELD, store.claim("k1", "log", lease()));
      store.markDelivered("k1");
      assertEquals(ALREADY_DELIVERED, store.claim("k1", "log", lease()));
      store.claim("k2", "log", lease());
      store.release("k2");
      assertEquals(CLAIMED, store.claim("k2", "log", lease()));
    }
  }
}
