package dev.overdue.activities.delivery;

import static dev.overdue.activities.delivery.DeliveryStore.Claim.ALREADY_DELIVERED;
import static dev.overdue.activities.delivery.DeliveryStore.Claim.CLAIMED;
import static dev.overdue.activities.delivery.DeliveryStore.Claim.HELD;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.activities.delivery.DeliveryStore.Claim;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What every {@link DeliveryStore} promises, run against each implementation: claim → send → mark,
 * leases, release, retention. {@link #open()} opens another store on the same keys (another worker
 * process, or for PostgreSQL another host), so a test may hold two.
 */
abstract class DeliveryStoreContract {
  private final List<DeliveryStore> opened = new ArrayList<>();

  /** Opens a store on this test's keys. */
  protected abstract DeliveryStore openStore();

  /** A lease short enough for {@link #pass} to outlive it in a test. */
  protected abstract Duration lease();

  /** Lets {@code time} pass by the clock the store judges leases and ages by. */
  protected abstract void pass(Duration time);

  /** Makes {@code key}'s delivery (or its claim's lease end) {@code age} old, by the store's clock. */
  protected abstract void backdate(String key, Duration age);

  protected final DeliveryStore open() {
    DeliveryStore store = openStore();
    opened.add(store);
    return store;
  }

  @AfterEach
  void closeStores() {
    opened.forEach(DeliveryStore::close);
  }

  @Test
  void aDeliveredKeyIsNeverClaimedAgain() {
    DeliveryStore store = open();
    assertEquals(CLAIMED, store.claim("k1", "email", lease()));
    assertFalse(store.isDelivered("k1"));
    store.markDelivered("k1");
    assertTrue(store.isDelivered("k1"));
    assertEquals(ALREADY_DELIVERED, store.claim("k1", "email", lease()));
    pass(lease().multipliedBy(2));
    assertEquals(ALREADY_DELIVERED, store.claim("k1", "email", lease()));
  }

  @Test
  void aReleasedKeyCanBeClaimedAtOnce() {
    DeliveryStore store = open();
    assertEquals(CLAIMED, store.claim("k1", "email", lease()));
    store.release("k1");
    assertEquals(CLAIMED, store.claim("k1", "email", lease()));
    assertFalse(store.isDelivered("k1"));
  }

  @Test
  void releaseDoesNotUndoADelivery() {
    DeliveryStore store = open();
    store.claim("k1", "email", lease());
    store.markDelivered("k1");
    store.release("k1");
    assertEquals(ALREADY_DELIVERED, store.claim("k1", "email", lease()));
  }

  @Test
  void aLiveClaimIsHeldUntilItsLeaseRunsOut() {
    DeliveryStore store = open();
    assertEquals(CLAIMED, store.claim("k1", "webhook", lease()));
    assertEquals(HELD, store.claim("k1", "webhook", lease()));
    pass(lease().dividedBy(2));
    assertEquals(HELD, store.claim("k1", "webhook", lease()), "half the lease has passed");
    pass(lease().dividedBy(2).plus(lease().dividedBy(5)));
    assertEquals(CLAIMED, store.claim("k1", "webhook", lease()), "the lease ran out");
    assertEquals(HELD, store.claim("k1", "webhook", lease()), "the new claim has a lease of its own");
  }

  @Test
  void keysAreIndependent() {
    DeliveryStore store = open();
    store.claim("k1", "email", lease());
    store.markDelivered("k1");
    assertEquals(CLAIMED, store.claim("k2", "email", lease()));
  }

  @Test
  void theKeysOutliveTheStore() {
    DeliveryStore first = open();
    first.claim("delivered", "email", lease());
    first.markDelivered("delivered");
    first.claim("in-flight", "email", lease());
    first.close();
    DeliveryStore again = open();
    assertTrue(again.isDelivered("delivered"));
    assertEquals(ALREADY_DELIVERED, again.claim("delivered", "email", lease()));
    assertEquals(HELD, again.claim("in-flight", "email", lease()));
  }

  @Test
  void twoStoresOnTheSameKeysShareClaims() {
    DeliveryStore first = open();
    DeliveryStore second = open();
    assertEquals(CLAIMED, first.claim("k1", "email", lease()));
    assertEquals(HELD, second.claim("k1", "email", lease()));
    first.markDelivered("k1");
    assertEquals(ALREADY_DELIVERED, second.claim("k1", "email", lease()));
  }

  @Test
  void twoStoresClaimingConcurrentlyNeverBothGetAKey() throws Exception {
    int keys = 200;
    ExecutorService threads = Executors.newFixedThreadPool(2);
    try {
      List<DeliveryStore> stores = List.of(open(), open());
      CountDownLatch start = new CountDownLatch(1);
      List<Future<List<Claim>>> results = new ArrayList<>();
      for (DeliveryStore store : stores) {
        results.add(
            threads.submit(
                () -> {
                  start.await();
                  List<Claim> claims = new ArrayList<>();
                  for (int i = 0; i < keys; i++) {
                    claims.add(store.claim("key-" + i, "email", Duration.ofMinutes(5)));
                  }
                  return claims;
                }));
      }
      start.countDown();
      List<Claim> byFirst = results.get(0).get();
      List<Claim> bySecond = results.get(1).get();
      for (int i = 0; i < keys; i++) {
        List<Claim> both = List.of(byFirst.get(i), bySecond.get(i));
        assertEquals(1, both.stream().filter(c -> c == CLAIMED).count(), "key-" + i + ": " + both);
        assertTrue(both.contains(HELD), "key-" + i + ": " + both);
      }
    } finally {
      threads.shutdownNow();
    }
  }

  @Test
  void purgeForgetsOldDeliveredKeysAndClaimsWhoseLeaseEndedLongAgo() {
    DeliveryStore store = open();
    store.claim("old", "email", lease());
    store.markDelivered("old");
    store.claim("new", "email", lease());
    store.markDelivered("new");
    store.claim("old-claim", "email", Duration.ofDays(30));
    store.claim("abandoned", "email", lease());
    store.claim("recently-abandoned", "email", lease());
    backdate("old", Duration.ofDays(10));
    backdate("new", Duration.ofDays(9));
    backdate("abandoned", Duration.ofDays(10)); // its lease ended 10 days ago
    backdate("recently-abandoned", Duration.ofDays(9));

    assertEquals(2, store.purgeOlderThan(Duration.ofDays(9).plusHours(12)), "old and abandoned");
    assertFalse(store.isDelivered("old"));
    assertEquals(CLAIMED, store.claim("old", "email", lease()));
    assertEquals(ALREADY_DELIVERED, store.claim("new", "email", lease()));
    assertEquals(HELD, store.claim("old-claim", "email", lease()));
  }

  @Test
  void aReachableStorePassesTheCheck() {
    open().check();
  }
}
