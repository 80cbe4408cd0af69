package dev.overdue.worker;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.overdue.activities.settings.EmailSettings;
import dev.overdue.activities.settings.NotificationSettings;
import dev.overdue.activities.settings.Person;
import dev.overdue.model.schedule.CalendarSettings;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Eight hex digits that differ when two workers' settings would make an approval answer
 * differently: the directory (who is in a group, who manages whom), the business calendar, the
 * signed-command settings (policy, issuers and their keys, audiences, user claim, skew,
 * algorithms), and the notification channels, templates and inbox (which endpoints a directory
 * entry reaches, what a message says, where its links lead). Nothing else counts — the delivery store, timeouts, logging and
 * the command-line options differ between hosts of one fleet without changing an answer — and no
 * secret is hashed (passwords, headers, webhook secrets, a webhook URL's path), so the digest,
 * shown to anyone who can describe the task queue, gives nothing away.
 *
 * <p>It travels in the worker's identity ({@code 12345@host overdue settings=ab12cd34}), where the
 * Web UI and {@code temporal task-queue describe} show it and {@link TaskQueuePeers} reads it.
 */
record SettingsFingerprint(String hex) {
  private static final ObjectMapper CANONICAL =
      new ObjectMapper().enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS);
  private static final String MARK = "overdue settings=";
  private static final Pattern IN_IDENTITY = Pattern.compile("(?:^|\\s)settings=([0-9a-f]{8})(?:\\s|$)");

  static SettingsFingerprint of(WorkerSettings settings) {
    Map<String, Object> canonical = new TreeMap<>();
    canonical.put("directory", directory(settings));
    canonical.put("calendar", calendar(settings.calendarOrDefault()));
    canonical.put("auth", auth(settings.auth()));
    canonical.put("notifications", notifications(settings.notifications()));
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256")
              .digest(CANONICAL.writeValueAsString(canonical).getBytes(StandardCharsets.UTF_8));
      return new SettingsFingerprint(HexFormat.of().formatHex(digest, 0, 4));
    } catch (NoSuchAlgorithmException | JsonProcessingException e) {
      throw new IllegalStateException("cannot digest the settings", e);
    }
  }

  /** {@code base} (the SDK's {@code pid@host}) marked as an Overdue worker with these settings. */
  String identity(String base) {
    return base + " " + MARK + hex;
  }

  /** The fingerprint a poller's identity carries, if any. */
  static Optional<String> in(String identity) {
    Matcher found = IN_IDENTITY.matcher(identity);
    return found.find() ? Optional.of(found.group(1)) : Optional.empty();
  }

  @Override
  public String toString() {
    return hex;
  }

  private static Map<String, Object> directory(WorkerSettings settings) {
    Map<String, Object> users = new TreeMap<>();
    settings.directory().users().forEach((id, person) -> users.put(id, person == null ? null : person(person)));
    // A group's members keep their order: it is the order people are told in.
    Map<String, Object> groups = new TreeMap<>(settings.directory().groups());
    Map<String, Object> directory = new TreeMap<>();
    directory.put("users", users);
    directory.put("groups", groups);
    return directory;
  }

  private static Map<String, Object> person(Person person) {
    Map<String, Object> fields = new TreeMap<>();
    fields.put("name", person.name());
    fields.put("email", person.email());
    fields.put("channel", person.channel());
    fields.put("webhook", person.webhook());
    fields.put("manager", person.manager());
    fields.put("timeZone", person.timeZone());
    return fields;
  }

  /** The normalized calendar, so that no section and its written-out default are the same. */
  private static Map<String, Object> calendar(CalendarSettings calendar) {
    Map<String, Object> fields = new TreeMap<>();
    fields.put("zone", calendar.zone());
    fields.put("workingHours", calendar.workingHours());
    fields.put("workingDays", calendar.workingDays());
    fields.put("holidays", calendar.holidays());
    return fields;
  }

  private static Map<String, Object> auth(AuthSettings auth) {
    Map<String, Object> issuers = new TreeMap<>();
    auth.issuers().forEach(issuer -> issuers.put(issuer.issuer(), keys(issuer.jwks())));
    Map<String, Object> fields = new TreeMap<>();
    fields.put("policy", auth.defaultPolicy().key());
    fields.put("issuers", issuers);
    fields.put("audiences", auth.audiences().stream().sorted().toList());
    fields.put("userClaim", auth.userClaim());
    fields.put("clockSkew", auth.skew().toString());
    fields.put("algorithms", auth.algorithms().stream().sorted().toList());
    return fields;
  }

  /**
   * A key URL as it is; a key file by its content as read now, so the same keys at another path
   * on another host agree (a later rotation, which the worker picks up, does not change it).
   */
  private static String keys(String jwks) {
    if (IssuerKeys.isUrl(jwks)) {
      return jwks;
    }
    try {
      Path file = jwks.startsWith("file:") ? Path.of(URI.create(jwks)) : Path.of(jwks);
      byte[] digest = MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file));
      return "sha256:" + HexFormat.of().formatHex(digest);
    } catch (IOException | NoSuchAlgorithmException | IllegalArgumentException unreadable) {
      return jwks;
    }
  }

  /** Channels without their secrets, and a webhook by its host only: Slack's URL paths are tokens. */
  private static Map<String, Object> notifications(NotificationSettings notifications) {
    Map<String, Object> webhooks = new TreeMap<>();
    notifications.webhooks().forEach(
        (name, webhook) -> webhooks.put(name, List.of(webhook.safeLabel(), webhook.formatOrDefault().name())));
    Map<String, Object> templates = new TreeMap<>();
    notifications.templates().forEach(
        (event, template) ->
            templates.put(event, template == null ? null : Arrays.asList(template.subject(), template.body())));
    EmailSettings email = notifications.email();
    Map<String, Object> fields = new TreeMap<>();
    fields.put("email", email == null ? null : List.of(email.host(), email.portOrDefault(), email.from()));
    fields.put("webhooks", webhooks);
    fields.put("templates", templates);
    if (notifications.inbox() != null) {
      // Only when set: settings without an inbox keep the digest they had before there was one.
      fields.put("inbox", notifications.inbox().base());
    }
    return fields;
  }
}
