package dev.overdue.activities.delivery;

import dev.overdue.activities.settings.Directory;
import dev.overdue.activities.settings.NotificationSettings;
import dev.overdue.workflow.activities.Delivery;
import dev.overdue.workflow.activities.MessageContext;
import dev.overdue.workflow.activities.NotificationEvent;
import dev.overdue.workflow.activities.Recipient;
import dev.overdue.workflow.activities.Recipients;
import io.opentelemetry.api.OpenTelemetry;
import java.time.Clock;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Everything a delivery needs, without Temporal: the directory, the templates, the channels and
 * the store of delivered keys. A key is claimed before sending; right after the channel accepts
 * the message it is recorded as sent, first in the store, then by the caller's {@link Sent} (the
 * activity's heartbeat).
 */
public final class Deliveries implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(Deliveries.class);

  /** What happened to one delivery. */
  public enum Outcome {
    SENT,
    /** Its key was delivered before: nothing sent now. */
    ALREADY_DELIVERED,
    /** Another attempt holds its key: nothing sent, try later. */
    HELD
  }

  /**
   * Told right after the store marked a message delivered (or failed to): the caller's own
   * durable record that the key was sent. Must not throw.
   */
  @FunctionalInterface
  public interface Sent {
    Sent NOWHERE = key -> {};

    void record(String key);
  }

  private final NotificationSettings notifications;
  private final Supplier<Directory> directory;
  private final Templates templates;
  private final InboxLinks links;
  private final DeliveryStore store;
  private final Map<Recipient.Channel, Channel> channels = new EnumMap<>(Recipient.Channel.class);

  Deliveries(
      NotificationSettings notifications, Supplier<Directory> directory, DeliveryStore store,
      Map<Recipient.Channel, Channel> channels) {
    this.notifications = notifications;
    this.directory = directory;
    this.templates = new Templates(notifications.templates());
    this.links = InboxLinks.of(notifications.inbox());
    this.store = store;
    this.channels.putAll(channels);
  }

  /** The users and groups recipients and potential owners are looked up in, as they are now. */
  public Directory directory() {
    return directory.get();
  }

  /** Opens the store (forgetting keys older than the retention) and builds each configured channel. */
  public static Deliveries start(NotificationSettings notifications, Directory directory, Clock clock) {
    return start(notifications, directory, clock, OpenTelemetry.noop());
  }

  /** The same, the e-mail and webhook channels tracing each call they make with {@code openTelemetry}. */
  public static Deliveries start(
      NotificationSettings notifications, Directory directory, Clock clock, OpenTelemetry openTelemetry) {
    return start(notifications, () -> directory, clock, openTelemetry);
  }

  /** The same, with a directory read afresh for each delivery and lookup (a file read again when it changed). */
  public static Deliveries start(
      NotificationSettings notifications, Supplier<Directory> directory, Clock clock, OpenTelemetry openTelemetry) {
    Map<Recipient.Channel, Channel> channels = new EnumMap<>(Recipient.Channel.class);
    channels.put(Recipient.Channel.LOG, new LogChannel());
    if (notifications.email() != null) {
      channels.put(Recipient.Channel.EMAIL, new EmailChannel(notifications.email(), openTelemetry));
    }
    if (!notifications.webhooks().isEmpty()) {
      channels.put(
          Recipient.Channel.WEBHOOK, new WebhookChannel(notifications.webhooks(), clock, openTelemetry));
    }
    if (notifications.storePath() != null) {
      StoreLocation.warnings(notifications.storePath()).forEach(log::warn);
    }
    Deliveries deliveries =
        new Deliveries(notifications, directory, DeliveryStore.open(notifications, clock), channels);
    int purged = deliveries.store.purgeOlderThan(notifications.retentionOrDefault());
    log.info(
        "notifications: channels {}, delivered keys in {} (kept {} days{}), {}",
        channels.keySet(),
        deliveries.store.where(),
        notifications.retentionOrDefault().toDays(),
        purged > 0 ? ", forgot " + purged + " older ones" : "",
        notifications.inbox() == null ? "no links to a web inbox" : "links to the inbox at " + notifications.inbox().base());
    return deliveries;
  }

  /** The log channel only, keys kept in memory: for tests, benchmarks and embedded use. */
  public static Deliveries logOnly() {
    return start(
        NotificationSettings.defaults().withStore(NotificationSettings.MEMORY_STORE), Directory.EMPTY,
        Clock.systemUTC());
  }

  public Recipients resolve(List<String> to) {
    return directory.get().resolve(to, notifications.webhooks().keySet());
  }

  /** Renders {@code delivery}'s templates and sends it unless its key was delivered. */
  public Outcome deliver(Delivery delivery, Duration lease) throws DeliveryException {
    return deliver(delivery, lease, Sent.NOWHERE);
  }

  /** The same, telling {@code sent} right after the channel accepted it and the store marked it. */
  public Outcome deliver(Delivery delivery, Duration lease, Sent sent) throws DeliveryException {
    Map<String, Object> scope = scope(delivery.event(), delivery.recipient(), delivery.context());
    String subject, body;
    try {
      subject = templates.subject(delivery.event(), delivery.subject(), scope);
      body = templates.body(delivery.event(), delivery.body(), scope);
    } catch (RuntimeException badTemplate) {
      throw DeliveryException.permanent("cannot render the message: " + badTemplate.getMessage());
    }
    return send(new OutgoingMessage(
        delivery.idempotencyKey(), delivery.event(), delivery.recipient(), subject, body, delivery.context()),
        lease, sent);
  }

  /** A message whose body is already text (histories from before templates), the subject the event's. */
  public Outcome deliverText(
      String key, Recipient recipient, MessageContext context, String text, Duration lease, Sent sent)
      throws DeliveryException {
    NotificationEvent event = NotificationEvent.TIMER_EXPIRED;
    String subject = templates.subject(event, null, scope(event, recipient, context));
    return send(new OutgoingMessage(key, event, recipient, subject, text, context), lease, sent);
  }

  private Outcome send(OutgoingMessage message, Duration lease, Sent sent) throws DeliveryException {
    Channel channel = channels.get(message.recipient().channel());
    if (channel == null) {
      throw DeliveryException.permanent(
          "no " + message.recipient().channel().label() + " channel is configured (notifications."
              + message.recipient().channel().label() + ")");
    }
    String key = message.idempotencyKey();
    switch (store.claim(key, message.recipient().channel().label(), lease)) {
      case ALREADY_DELIVERED:
        log.info("notification {} was delivered before: not sent again", key);
        return Outcome.ALREADY_DELIVERED;
      case HELD:
        return Outcome.HELD;
      case CLAIMED:
        break;
    }
    try {
      channel.send(message);
    } catch (DeliveryException | RuntimeException failure) {
      store.release(key);
      throw failure;
    }
    // From here until the first record is durable, a crash leaves no trace that the message left:
    // that window is the only source of a duplicate (docs/design/delivery.md measures it). The store's
    // mark comes first: a millisecond or so, against tens for the activity's record, which goes
    // through the Temporal service and is what a retry on another host with its own store reads.
    long accepted = System.nanoTime();
    long marked = accepted;
    try {
      store.markDelivered(key);
      marked = System.nanoTime();
    } finally {
      sent.record(key); // also when the mark failed: the message left all the same
    }
    if (log.isDebugEnabled()) {
      log.debug(
          "notification {}: marked in the store {} us after the channel accepted it, recorded on the activity {} us after",
          key, (marked - accepted) / 1000, (System.nanoTime() - accepted) / 1000);
    }
    return Outcome.SENT;
  }

  /**
   * Marks {@code key} delivered in this worker's store: for a retry that learns from its
   * heartbeat that an earlier attempt sent the message, whose own mark may have failed (the store
   * was down). Nothing when the store never heard of the key (another host's store).
   */
  public void markSentEarlier(String key) {
    store.markDelivered(key);
  }

  private Map<String, Object> scope(NotificationEvent event, Recipient recipient, MessageContext context) {
    return Templates.scope(event, recipient, directory.get().person(recipient.name()), context, links);
  }

  /**
   * Whether the store of delivered keys can be read now (the readiness probe asks); the reason
   * when it cannot.
   */
  public Reachability reachable() {
    try {
      store.check();
      return new Reachability(true, store.where());
    } catch (RuntimeException e) {
      return new Reachability(false, e.getMessage());
    }
  }

  /** {@code detail}: where the store is, or why it cannot be read. */
  public record Reachability(boolean ok, String detail) {}

  @Override
  public void close() {
    store.close();
  }
}
