package dev.overdue.activities;

import io.temporal.activity.ActivityExecutionContext;
import io.temporal.client.ActivityCompletionException;
import io.temporal.common.converter.DataConverterException;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The keys an activity has sent, recorded on the activity itself as its heartbeat details right
 * after a channel accepted each message (and the store marked it). Temporal hands the last details to the next attempt on
 * whichever host runs it, so a retry sends nothing twice even when each host has a store of its
 * own.
 *
 * <p>When the details reach the server: the SDK sends an attempt's first heartbeat at once, inside
 * {@code heartbeat()}, and throttles later ones to one per interval (0.8 × the heartbeat timeout,
 * else 30 s); the latest details also travel with a failed attempt's failure. {@code Deliver}
 * records one key per attempt, so its record is always that first, synchronous one. The legacy
 * {@code SendNotification} records several: a host dying within an interval of its first record
 * loses the later ones (its store, if shared, still has them).
 */
final class SentMarker {
  private static final Logger log = LoggerFactory.getLogger(SentMarker.class);

  private final ActivityExecutionContext context;
  private final List<String> keys;

  private SentMarker(ActivityExecutionContext context, List<String> keys) {
    this.context = context;
    this.keys = keys;
  }

  /** The keys earlier attempts of this activity recorded (none on the first attempt). */
  static SentMarker of(ActivityExecutionContext context) {
    List<String> keys = new ArrayList<>();
    try {
      context.getHeartbeatDetails(String[].class).ifPresent(previous -> keys.addAll(List.of(previous)));
    } catch (DataConverterException e) {
      // Details of another shape (none are written elsewhere): nothing known, the store decides.
      log.warn("cannot read the previous attempt's heartbeat details: {}", e.getMessage());
    }
    return new SentMarker(context, keys);
  }

  boolean sent(String key) {
    return keys.contains(key);
  }

  /** Records {@code key} as sent; never throws, so the activity's outcome stays the send's. */
  void record(String key) {
    keys.add(key);
    try {
      context.heartbeat(keys.toArray(String[]::new));
    } catch (ActivityCompletionException e) {
      // Cancelled, timed out or the worker is stopping: the message left all the same, and the
      // store has marked it.
      log.debug("heartbeat after sending {} not recorded: {}", key, e.toString());
    }
  }
}
