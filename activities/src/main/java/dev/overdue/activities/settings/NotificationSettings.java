package dev.overdue.activities.settings;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/**
 * How messages leave the worker. {@code store}: the file of delivered idempotency keys (default
 * {@code ~/.overdue/deliveries.db}; {@code memory} keeps them only while the worker runs), kept for
 * {@code retention} (default P30D). Without {@code email} or {@code webhooks} only the log channel
 * exists.
 */
public record NotificationSettings(
    String store,
    String retention,
    EmailSettings email,
    Map<String, WebhookSettings> webhooks,
    Map<String, TemplateSettings> templates) {

  public static final String MEMORY_STORE = "memory";

  public NotificationSettings {
    webhooks = webhooks == null ? Map.of() : Map.copyOf(webhooks);
    templates = templates == null ? Map.of() : Map.copyOf(templates);
    Durations.parse("notifications.retention", retention);
  }

  public static NotificationSettings defaults() {
    return new NotificationSettings(null, null, null, null, null);
  }

  public Duration retentionOrDefault() {
    return retention == null ? Duration.ofDays(30) : Durations.parse("retention", retention);
  }

  /** The store file, or null for the in-memory store. */
  public Path storePath() {
    if (MEMORY_STORE.equals(store)) {
      return null;
    }
    return store == null
        ? Path.of(System.getProperty("user.home"), ".overdue", "deliveries.db")
        : Path.of(store);
  }

  public NotificationSettings withStore(String newStore) {
    return new NotificationSettings(newStore, retention, email, webhooks, templates);
  }
}
