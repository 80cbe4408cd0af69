package dev.overdue.activities.settings;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/**
 * How messages leave the worker. {@code store}: where the delivered idempotency keys are kept for
 * {@code retention} (default P30D): an SQLite file (default {@code ~/.overdue/deliveries.db}),
 * {@code memory} (only while the worker runs), or a PostgreSQL database that every worker of a fleet
 * shares, {@code jdbc:postgresql://host:port/db?user=...&password=...}. Without {@code email} or
 * {@code webhooks} only the log channel exists. {@code inbox}: the web inbox messages link to; without
 * it they carry no links.
 */
public record NotificationSettings(
    String store,
    String retention,
    EmailSettings email,
    Map<String, WebhookSettings> webhooks,
    Map<String, TemplateSettings> templates,
    InboxSettings inbox) {

  public static final String MEMORY_STORE = "memory";
  /** The one kind of JDBC URL a store may be; any other {@code jdbc:} is refused at load. */
  public static final String DATABASE_PREFIX = "jdbc:postgresql:";

  public NotificationSettings {
    webhooks = webhooks == null ? Map.of() : Map.copyOf(webhooks);
    templates = templates == null ? Map.of() : Map.copyOf(templates);
    Durations.parse("notifications.retention", retention);
    if (store != null && store.startsWith("jdbc:") && !store.startsWith(DATABASE_PREFIX)) {
      // A typo'd or unsupported URL would otherwise become an SQLite file named "jdbc:...".
      throw new IllegalArgumentException(
          "notifications.store: only PostgreSQL URLs (" + DATABASE_PREFIX + "//host:port/db) are"
              + " supported, not " + store.substring(0, store.indexOf(':', 5) + 1));
    }
  }

  /** Settings without an inbox. */
  public NotificationSettings(
      String store, String retention, EmailSettings email, Map<String, WebhookSettings> webhooks,
      Map<String, TemplateSettings> templates) {
    this(store, retention, email, webhooks, templates, null);
  }

  public static NotificationSettings defaults() {
    return new NotificationSettings(null, null, null, null, null, null);
  }

  public Duration retentionOrDefault() {
    return retention == null ? Duration.ofDays(30) : Durations.parse("retention", retention);
  }

  /** Whether the keys live in a PostgreSQL database ({@code store} is its JDBC URL). */
  public boolean storeIsDatabase() {
    return store != null && store.startsWith(DATABASE_PREFIX);
  }

  /** The SQLite store file, or null for the in-memory store and a database. */
  public Path storePath() {
    if (MEMORY_STORE.equals(store) || storeIsDatabase()) {
      return null;
    }
    return store == null
        ? Path.of(System.getProperty("user.home"), ".overdue", "deliveries.db")
        : Path.of(store);
  }

  /** As a record prints itself, but a database URL's password is masked, as other secrets are. */
  @Override
  public String toString() {
    String shownStore = store == null ? null : store.replaceAll("([?&]password=)[^&]*", "$1******");
    return "NotificationSettings[store=" + shownStore + ", retention=" + retention + ", email=" + email
        + ", webhooks=" + webhooks + ", templates=" + templates + ", inbox=" + inbox + "]";
  }

  public NotificationSettings withStore(String newStore) {
    return new NotificationSettings(newStore, retention, email, webhooks, templates, inbox);
  }

  public NotificationSettings withInbox(InboxSettings newInbox) {
    return new NotificationSettings(store, retention, email, webhooks, templates, newInbox);
  }
}
