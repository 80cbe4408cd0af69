package dev.overdue.activities.delivery;

import dev.overdue.activities.settings.NotificationSettings;
import java.time.Clock;
import java.time.Duration;

/**
 * The idempotency keys that have been delivered. A delivery first claims its key for a lease,
 * sends, then marks it delivered before the activity completes; so an activity retried after a
 * crash between "sent" and "completed" finds the key delivered and sends nothing.
 *
 * <p>{@link SqliteDeliveryStore} keeps the keys in a file (or in memory) that the worker processes
 * of one host share; {@link PostgresDeliveryStore} keeps them in a database that every host of a
 * fleet shares, leases judged by the database's clock. Every method may be called from many
 * activity threads at once.
 *
 * <p>The one window left is a crash between the channel accepting the message and the mark (with
 * a store per host, the activity's own record: see {@code SentMarker}): the claim's lease then
 * runs out and the retry sends again, with the same key (Message-ID, Idempotency-Key header), so
 * the receiver can still recognise the duplicate.
 */
public interface DeliveryStore extends AutoCloseable {
  /** What {@link #claim} found. */
  enum Claim {
    /** Nobody holds the key: send, then {@link #markDelivered} or {@link #release}. */
    CLAIMED,
    /** Sent before: send nothing. */
    ALREADY_DELIVERED,
    /** Another attempt holds a live lease on it: try again later. */
    HELD
  }

  /** Claims {@code key} for {@code lease} unless it was delivered or is held by a live claim. */
  Claim claim(String key, String channel, Duration lease);

  /** The message left: the key is never delivered again. */
  void markDelivered(String key);

  /** The send failed: the next attempt may claim the key at once. */
  void release(String key);

  boolean isDelivered(String key);

  /**
   * Forgets keys delivered longer than {@code age} ago, and claims whose lease ended longer than
   * {@code age} ago (an attempt that died before it could mark or release, never retried: an
   * expired claim is claimed again anyway, so forgetting it changes nothing), by the store's
   * clock; returns how many.
   */
  int purgeOlderThan(Duration age);

  /** Throws when the store cannot be reached now (for a readiness check). */
  void check();

  /** Where the keys are, for the log: a file, "memory", or a database URL without its secrets. */
  String where();

  @Override
  void close();

  /**
   * Opens the store {@code notifications.store} names: a {@code jdbc:postgresql:} URL, {@code
   * memory}, or the path of an SQLite file (default {@code ~/.overdue/deliveries.db}).
   */
  static DeliveryStore open(NotificationSettings notifications, Clock clock) {
    if (notifications.storeIsDatabase()) {
      return PostgresDeliveryStore.open(notifications.store());
    }
    return SqliteDeliveryStore.open(notifications.storePath(), clock);
  }
}
