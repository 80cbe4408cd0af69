package dev.overdue.activities.delivery;

import dev.overdue.activities.settings.Directory;
import dev.overdue.activities.settings.NotificationSettings;
import dev.overdue.index.TestPostgres;
import dev.overdue.workflow.activities.Delivery;
import dev.overdue.workflow.activities.NotificationEvent;
import dev.overdue.workflow.activities.Recipient;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;
import static dev.overdue.activities.delivery.DeliveryStore.Claim.CLAIMED;
import static dev.overdue.activities.delivery.DeliveryStore.Claim.HELD;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The PostgreSQL store against a real server ({@link TestPostgres}), a new database per test. The
 * database's clock is one the test moves: {@code now()} in this database resolves to {@code
 * testclock.now()}, the server's clock plus an offset, so the shared tests run without waiting and
 * a lease visibly follows the database's clock while this JVM's stands still.
 */
class PostgresDeliveryStoreTest extends DeliveryStoreContract {
  private TestPostgres server;
  private String url;

  @BeforeEach
  void newDatabase() {
    server = TestPostgres.get();
    url = server.newDatabase();
    TestPostgres.execute(
        url,
        """
        CREATE SCHEMA testclock;
        CREATE TABLE testclock.offset_by (d interval NOT NULL);
        INSERT INTO testclock.offset_by VALUES (interval '0');
        CREATE FUNCTION testclock.now() RETURNS timestamptz LANGUAGE sql STABLE
          AS 'SELECT pg_catalog.now() + (SELECT d FROM testclock.offset_by)';
        """);
    // pg_catalog named after testclock: an unqualified now() finds testclock's first.
    String database = url.substring(url.lastIndexOf('/') + 1, url.indexOf('?'));
    server.execute("ALTER DATABASE " + database + " SET search_path = testclock, pg_catalog, public");
  }

  @AfterEach
  void dropDatabase() {
    server.dropDatabase(url);
  }

  @Override
  protected DeliveryStore openStore() {
    return PostgresDeliveryStore.open(url);
  }

  @Override
  protected Duration lease() {
    return Duration.ofMinutes(2);
  }

  @Override
  protected void pass(Duration time) {
    TestPostgres.execute(url, "UPDATE testclock.offset_by SET d = d + interval '" + time.toMillis() + " ms'");
  }

  @Override
  protected void backdate(String key, Duration age) {
    TestPostgres.execute(
        url,
        "UPDATE overdue.deliveries SET"
            + " delivered_at = CASE state WHEN 'DELIVERED' THEN now() - interval '" + age.toMillis() + " ms' END,"
            + " claimed_until = CASE state WHEN 'CLAIMED' THEN now() - interval '" + age.toMillis() + " ms'"
            + " ELSE claimed_until END"
            + " WHERE idempotency_key = '" + key + "'");
  }

  @Test
  void leasesFollowTheDatabasesClockNotTheHosts() throws Exception {
    DeliveryStore store = open();
    assertEquals(CLAIMED, store.claim("k1", "webhook", Duration.ofMinutes(10)));
    try (Connection connection = DriverManager.getConnection(url);
        Statement statement = connection.createStatement();
        ResultSet row =
            statement.executeQuery(
                "SELECT extract(epoch FROM claimed_until - now()) FROM overdue.deliveries WHERE idempotency_key = 'k1'")) {
      row.next();
      assertEquals(600, row.getDouble(1), 5, "the lease ends 10 minutes after the database's now()");
    }
    pass(Duration.ofMinutes(11));
    assertEquals(CLAIMED, store.claim("k1", "webhook", Duration.ofMinutes(10)), "this JVM's clock did not move");
  }

  @Test
  void aLeaseRunsOutInRealTimeToo() throws Exception {
    TestPostgres.execute(url, "DROP SCHEMA testclock CASCADE");
    DeliveryStore store = open();
    Duration lease = Duration.ofSeconds(1);
    long before = System.nanoTime();
    assertEquals(CLAIMED, store.claim("k1", "email", lease));
    // Held while the lease runs; polled until it ran out, which must not be before its end.
    for (DeliveryStore.Claim claim = store.claim("k1", "email", lease); claim != CLAIMED;
        claim = store.claim("k1", "email", lease)) {
      assertEquals(HELD, claim);
      assertTrue(System.nanoTime() - before < Duration.ofSeconds(30).toNanos(), "the lease never ran out");
      Thread.sleep(50);
    }
    Duration ranOutAfter = Duration.ofNanos(System.nanoTime() - before);
    assertTrue(ranOutAfter.compareTo(lease) >= 0, "the lease of " + lease + " ran out after " + ranOutAfter);
  }

  @Test
  void concurrentStartsMigrateTheSchemaOnce() throws Exception {
    int workers = 4;
    ExecutorService threads = Executors.newFixedThreadPool(workers);
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<PostgresSchema.Result>> results = new ArrayList<>();
      for (int i = 0; i < workers; i++) {
        PGSimpleDataSource database = new PGSimpleDataSource();
        database.setURL(url);
        results.add(
            threads.submit(
                () -> {
                  start.await();
                  return PostgresSchema.migrate(database);
                }));
      }
      start.countDown();
      int applied = 0;
      for (Future<PostgresSchema.Result> result : results) {
        assertEquals(PostgresSchema.MIGRATIONS.size(), result.get().version());
        applied += result.get().applied();
      }
      assertEquals(PostgresSchema.MIGRATIONS.size(), applied, "each migration ran exactly once");
      assertEquals(List.of(1), versions());
      DeliveryStore store = open();
      assertEquals(CLAIMED, store.claim("k1", "email", lease()));
      assertEquals(List.of(1), versions(), "opening again migrates nothing");
    } finally {
      threads.shutdownNow();
    }
  }

  @Test
  void aSchemaNewerThanTheWorkerIsRefused() {
    open().close();
    TestPostgres.execute(url, "INSERT INTO overdue.schema_version (version) VALUES (99)");
    IllegalStateException refused = assertThrows(IllegalStateException.class, this::open);
    assertTrue(refused.getMessage().contains("version 99, newer than this worker knows"), refused.getMessage());
  }

  @Test
  void neitherTheLogNorAnErrorShowsThePassword() {
    DeliveryStore store = open();
    assertTrue(store.where().startsWith("postgresql://127.0.0.1:"), store.where());
    assertTrue(store.where().endsWith(" as postgres"), store.where());
    assertFalse(store.where().contains("pass"), store.where());

    String wrong = url.replaceAll("password=[^&]*", "password=not-the-password");
    IllegalStateException refused = assertThrows(IllegalStateException.class, () -> PostgresDeliveryStore.open(wrong));
    assertTrue(refused.getMessage().contains("password authentication failed"), refused.getMessage());
    assertFalse(refused.getMessage().contains("not-the-password"), refused.getMessage());
  }

  @Test
  void anUnreachableDatabaseFailsTheStartWithTheReason() throws Exception {
    String down = "jdbc:postgresql://127.0.0.1:" + Messages.closedPort() + "/overdue?user=overdue&password=secret";
    IllegalStateException refused = assertThrows(IllegalStateException.class, () -> PostgresDeliveryStore.open(down));
    assertTrue(refused.getMessage().startsWith("cannot open the delivery store postgresql://127.0.0.1:"), refused.getMessage());
    assertFalse(refused.getMessage().contains("secret"), refused.getMessage());
  }

  /** Two hosts, each with a pool of its own, deliver the same keys at once: each is sent once. */
  @Test
  void twoHostsDeliveringTheSameKeysSendEachOnce() throws Exception {
    int keys = 100;
    Map<String, AtomicInteger> sends = new ConcurrentHashMap<>();
    Channel counting =
        message -> {
          sends.computeIfAbsent(message.idempotencyKey(), k -> new AtomicInteger()).incrementAndGet();
          try {
            Thread.sleep(1); // a send takes a while: the other host meets a live claim
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
        };
    NotificationSettings settings = NotificationSettings.defaults().withStore(url);
    List<Deliveries> hosts = new ArrayList<>();
    for (int i = 0; i < 2; i++) {
      hosts.add(new Deliveries(settings, () -> Directory.EMPTY, open(), Map.of(Recipient.Channel.LOG, counting)));
    }
    ExecutorService threads = Executors.newFixedThreadPool(2);
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<Map<Deliveries.Outcome, Integer>>> results = new ArrayList<>();
      for (Deliveries host : hosts) {
        results.add(
            threads.submit(
                () -> {
                  start.await();
                  Map<Deliveries.Outcome, Integer> outcomes = new ConcurrentHashMap<>();
                  for (int i = 0; i < keys; i++) {
                    Deliveries.Outcome outcome;
                    do { // a HELD delivery is retried, as its activity would be
                      outcome = host.deliver(delivery("key-" + i), Duration.ofMinutes(1));
                    } while (outcome == Deliveries.Outcome.HELD);
                    outcomes.merge(outcome, 1, Integer::sum);
                  }
                  return outcomes;
                }));
      }
      start.countDown();
      Map<Deliveries.Outcome, Integer> total = new ConcurrentHashMap<>();
      for (Future<Map<Deliveries.Outcome, Integer>> result : results) {
        result.get().forEach((outcome, count) -> total.merge(outcome, count, Integer::sum));
      }
      assertEquals(keys, sends.size());
      sends.forEach((key, count) -> assertEquals(1, count.get(), key + " was sent " + count + " times"));
      assertEquals(keys, total.get(Deliveries.Outcome.SENT));
      assertEquals(keys, total.get(Deliveries.Outcome.ALREADY_DELIVERED));
    } finally {
      threads.shutdownNow();
    }
  }

  private static Delivery delivery(String key) {
    return new Delivery(
        key, NotificationEvent.TIMER_EXPIRED, new Recipient("frank", Recipient.Channel.LOG, "frank"),
        Messages.context(), "subject", "body");
  }

  private List<Integer> versions() throws SQLException {
    List<Integer> versions = new ArrayList<>();
    try (Connection connection = DriverManager.getConnection(url);
        Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery("SELECT version FROM overdue.schema_version ORDER BY version")) {
      while (rows.next()) {
        versions.add(rows.getInt(1));
      }
    }
    return versions;
  }
}
