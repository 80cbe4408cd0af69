package dev.overdue.activities.delivery;

import static dev.overdue.activities.delivery.DeliveryStore.Claim.ALREADY_DELIVERED;
import static dev.overdue.activities.delivery.DeliveryStore.Claim.CLAIMED;
import static dev.overdue.activities.delivery.DeliveryStore.Claim.HELD;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.activities.delivery.DeliveryStore.Claim;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DeliveryStoreTest {
  private static final Duration LEASE = Duration.ofMinutes(2);

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

  private DeliveryStore open() {
    return DeliveryStore.open(dir.resolve("deliveries.db"), clock);
  }

  @Test
  void aDeliveredKeyIsNeverClaimedAgain() {
    try (DeliveryStore store = open()) {
      assertEquals(CLAIMED, store.claim("k1", "email", LEASE));
      assertFalse(store.isDelivered("k1"));
      store.markDelivered("k1");
      assertTrue(store.isDelivered("k1"));
      assertEquals(ALREADY_DELIVERED, store.claim("k1", "email", LEASE));
      clock.advance(Duration.ofDays(1));
      assertEquals(ALREADY_DELIVERED, store.claim("k1", "email", LEASE));
    }
  }

  @Test
  void aReleasedKeyCanBeClaimedAtOnce() {
    try (DeliveryStore store = open()) {
      assertEquals(CLAIMED, store.claim("k1", "email", LEASE));
      store.release("k1");
      assertEquals(CLAIMED, store.claim("k1", "email", LEASE));
      assertFalse(store.isDelivered("k1"));
    }
  }

  @Test
  void releaseDoesNotUndoADelivery() {
    try (DeliveryStore store = open()) {
      store.claim("k1", "email", LEASE);
      store.markDelivered("k1");
      store.release("k1");
      assertEquals(ALREADY_DELIVERED, store.claim("k1", "email", LEASE));
    }
  }

  @Test
  void aLiveClaimIsHeldUntilItsLeaseRunsOut() {
    try (DeliveryStore store = open()) {
      assertEquals(CLAIMED, store.claim("k1", "webhook", LEASE));
      assertEquals(HELD, store.claim("k1", "webhook", LEASE));
      clock.advance(LEASE.minusSeconds(1));
      assertEquals(HELD, store.claim("k1", "webhook", LEASE));
      clock.advance(Duration.ofSeconds(1));
      assertEquals(CLAIMED, store.claim("k1", "webhook", LEASE));
      assertEquals(HELD, store.claim("k1", "webhook", LEASE), "the new claim has a lease of its own");
    }
  }

  @Test
  void keysAreIndependent() {
    try (DeliveryStore store = open()) {
      store.claim("k1", "email", LEASE);
      store.markDelivered("k1");
      assertEquals(CLAIMED, store.claim("k2", "email", LEASE));
    }
  }

  @Test
  void aFileStoreRemembersAcrossRestarts() {
    try (DeliveryStore store = DeliveryStore.open(dir.resolve("nested/dir/deliveries.db"), clock)) {
      store.claim("delivered", "email", LEASE);
      store.markDelivered("delivered");
      store.claim("in-flight", "email", LEASE);
    }
    try (DeliveryStore store = DeliveryStore.open(dir.resolve("nested/dir/deliveries.db"), clock)) {
      assertTrue(store.isDelivered("delivered"));
      assertEquals(ALREADY_DELIVERED, store.claim("delivered", "email", LEASE));
      assertEquals(HELD, store.claim("in-flight", "email", LEASE));
    }
  }

  @Test
  void twoStoresOnOneFileShareClaims() {
    try (DeliveryStore first = open();
        DeliveryStore second = open()) {
      assertEquals(CLAIMED, first.claim("k1", "email", LEASE));
      assertEquals(HELD, second.claim("k1", "email", LEASE));
      first.markDelivered("k1");
      assertEquals(ALREADY_DELIVERED, second.claim("k1", "email", LEASE));
    }
  }

  @Test
  void twoStoresClaimingConcurrentlyNeverBothGetAKey() throws Exception {
    int keys = 200;
    ExecutorService threads = Executors.newFixedThreadPool(2);
    try (DeliveryStore first = open();
        DeliveryStore second = open()) {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<List<Claim>>> results = new ArrayList<>();
      for (DeliveryStore store : List.of(first, second)) {
        results.add(
            threads.submit(
                () -> {
                  start.await();
                  List<Claim> claims = new ArrayList<>();
                  for (int i = 0; i < keys; i++) {
                    claims.add(store.claim("key-" + i, "email", LEASE));
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
  void purgeForgetsOnlyOldDeliveredKeys() {
    try (DeliveryStore store = open()) {
      store.claim("old", "email", LEASE);
      store.markDelivered("old");
      clock.advance(Duration.ofDays(10));
      Instant cutoff = clock.instant();
      store.claim("new", "email", LEASE);
      store.markDelivered("new");
      store.claim("old-claim", "email", Duration.ofDays(30));
      clock.advance(Duration.ofDays(1));

      assertEquals(1, store.purgeDeliveredBefore(cutoff));
      assertFalse(store.isDelivered("old"));
      assertEquals(CLAIMED, store.claim("old", "email", LEASE));
      assertEquals(ALREADY_DELIVERED, store.claim("new", "email", LEASE));
      assertEquals(HELD, store.claim("old-claim", "email", LEASE));
    }
  }

  @Test
  void theInMemoryStoreWorks() {
    try (DeliveryStore store = DeliveryStore.open(null, clock)) {
      assertEquals("memory", store.where());
      assertEquals(CLAIMED, store.claim("k1", "log", LEASE));
      assertEquals(HELD, store.claim("k1", "log", LEASE));
      store.markDelivered("k1");
      assertEquals(ALREADY_DELIVERED, store.claim("k1", "log", LEASE));
      store.claim("k2", "log", LEASE);
      store.release("k2");
      assertEquals(CLAIMED, store.claim("k2", "log", LEASE));
    }
  }
}
