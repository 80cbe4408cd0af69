package dev.overdue.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.activities.settings.Directory;
import dev.overdue.activities.settings.EmailSettings;
import dev.overdue.activities.settings.NotificationSettings;
import dev.overdue.activities.settings.Secret;
import dev.overdue.activities.settings.WebhookSettings;
import dev.overdue.workflow.activities.Recipient;
import dev.overdue.workflow.activities.Recipient.Channel;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class WorkerSettingsTest {
  private static final Function<String, String> NO_ENVIRONMENT = SettingsFiles.NO_ENVIRONMENT;

  @TempDir Path dir;
  SettingsFiles files;

  @BeforeEach
  void files() {
    files = new SettingsFiles(dir);
  }

  private Path write(String name, String text) throws IOException {
    return files.write(name, text);
  }

  private WorkerSettings load(String yaml) throws IOException {
    return files.load(yaml);
  }

  private String failure(String yaml) throws IOException {
    return files.failure(yaml);
  }

  @Test
  void loadsYaml() throws IOException {
    WorkerSettings settings =
        load(
            """
            notifications:
              store: memory
              retention: P7D
              email:
                host: smtp.example.com
                port: 2525
                username: overdue
                password: hunter2
                from: overdue@example.com
              webhooks:
                ops: {url: "https://hooks.example.com/ops", format: slack}
              templates:
                reminder: {subject: "Nudge {{request.id}}"}
            directory:
              users:
                alice: {name: Alice, email: alice@example.com}
                bob: {webhook: ops}
              groups:
                finance: [alice, bob]
            """);

    NotificationSettings notifications = settings.notifications();
    assertNull(notifications.storePath());
    assertEquals(Duration.ofDays(7), notifications.retentionOrDefault());
    assertEquals("smtp.example.com", notifications.email().host());
    assertEquals(2525, notifications.email().portOrDefault());
    assertEquals("hunter2", notifications.email().password().reveal());
    assertEquals(EmailSettings.StartTls.REQUIRED, notifications.email().startTlsMode());
    assertEquals(WebhookSettings.Format.SLACK, notifications.webhooks().get("ops").formatOrDefault());
    assertEquals("Nudge {{request.id}}", notifications.templates().get("reminder").subject());
    assertEquals(
        List.of(
            new Recipient("alice", Channel.EMAIL, "alice@example.com"),
            new Recipient("bob", Channel.WEBHOOK, "ops")),
        settings.directory().resolve(List.of("finance"), notifications.webhooks().keySet()).resolved());
  }

  @Test
  void loadsJson() throws IOException {
    Path file =
        write(
            "worker.json",
            """
            {"notifications": {"email": {"host": "smtp.example.com", "from": "overdue@example.com"},
                               "webhooks": {"ops": {"url": "http://localhost:8080/hook"}}},
             "directory": {"users": {"alice": {"email": "alice@example.com"}}}}
            """);
    WorkerSettings settings = WorkerSettings.load(file, NO_ENVIRONMENT);

    assertEquals(587, settings.notifications().email().portOrDefault());
    assertEquals(EmailSettings.StartTls.OPTIONAL, settings.notifications().email().startTlsMode());
    assertEquals(WebhookSettings.Format.JSON, settings.notifications().webhooks().get("ops").formatOrDefault());
    assertEquals("alice@example.com", settings.directory().person("alice").email());
  }

  @Test
  void anEmptyFileMeansDefaults() throws IOException {
    WorkerSettings settings = load("");
    assertEquals(Duration.ofDays(30), settings.notifications().retentionOrDefault());
    assertNull(settings.notifications().email());
    assertEquals(Directory.EMPTY, settings.directory());
  }

  @Test
  void substitutesEnvironmentVariablesWithDefaults() throws IOException {
    Path file =
        write(
            "worker.yaml",
            """
            notifications:
              email:
                host: ${SMTP_HOST:-smtp.example.com}
                port: ${SMTP_PORT:-2525}
                username: ${SMTP_USER}
                password: ${SMTP_PASSWORD}
                from: overdue@${MAIL_DOMAIN:-example.com}
              webhooks:
                ops:
                  url: ${OPS_HOOK}
                  headers: {Authorization: "Bearer ${OPS_TOKEN}"}
            """);
    Map<String, String> environment =
        Map.of(
            "SMTP_USER", "overdue",
            "SMTP_PASSWORD", "s3cr$t\\1",
            "MAIL_DOMAIN", "corp.example",
            "OPS_HOOK", "https://hooks.example.com/T1/B2",
            "OPS_TOKEN", "tok-42");
    WorkerSettings settings = WorkerSettings.load(file, environment::get);

    EmailSettings email = settings.notifications().email();
    assertEquals("smtp.example.com", email.host());
    assertEquals(2525, email.portOrDefault());
    assertEquals("overdue", email.username());
    assertEquals("s3cr$t\\1", email.password().reveal());
    assertEquals("overdue@corp.example", email.from());
    WebhookSettings ops = settings.notifications().webhooks().get("ops");
    assertEquals("https://hooks.example.com/T1/B2", ops.url());
    assertEquals("Bearer tok-42", ops.headers().get("Authorization").reveal());
  }

  @Test
  void theStoreMayBeAPostgresUrlWithThePasswordFromTheEnvironment() throws IOException {
    Path file =
        write(
            "worker.yaml",
            "notifications: {store: 'jdbc:postgresql://db:5432/overdue?user=overdue&password=${DB_PASSWORD}'}");
    NotificationSettings notifications =
        WorkerSettings.load(file, Map.of("DB_PASSWORD", "pg-s3cret")::get).notifications();
    assertTrue(notifications.storeIsDatabase());
    assertNull(notifications.storePath());
    assertEquals("jdbc:postgresql://db:5432/overdue?user=overdue&password=pg-s3cret", notifications.store());
    assertFalse(notifications.toString().contains("pg-s3cret"), notifications.toString());
  }

  @Test
  void aStoreGivenOnTheCommandLineIsExpandedToo() {
    // OVERDUE_DELIVERY_STORE='jdbc:...&password=${DB_PASSWORD}': the password kept apart.
    assertEquals(
        "jdbc:postgresql://db/overdue?user=u&password=pw",
        WorkerSettings.expand(
            "jdbc:postgresql://db/overdue?user=u&password=${DB_PASSWORD}", "--delivery-store",
            Map.of("DB_PASSWORD", "pw")::get));
    WorkerSettings.InvalidSettings missing =
        org.junit.jupiter.api.Assertions.assertThrows(
            WorkerSettings.InvalidSettings.class,
            () -> WorkerSettings.expand("jdbc:postgresql://db/o?password=${DB_PASSWORD}", "--delivery-store", NO_ENVIRONMENT));
    assertEquals("--delivery-store: environment variable DB_PASSWORD is not set", missing.getMessage());
  }

  @Test
  void aDefaultAlsoReplacesAVariableSetToNothing() throws IOException {
    // As in the shell and docker compose: ${VAR:-default} is the default when VAR is unset or empty.
    Path file = write("worker.yaml", "notifications: {email: {host: '${SMTP_HOST:-localhost}', from: a@b.c}}");
    assertEquals("localhost", WorkerSettings.load(file, Map.of("SMTP_HOST", "")::get).notifications().email().host());
  }

  @Test
  void aMissingVariableNamesThePathAndTheVariable() throws IOException {
    Path file =
        write(
            "worker.yaml",
            """
            notifications:
              email: {host: smtp.example.com, from: a@b.c, username: u, password: "${SMTP_PASSWORD}"}
            directory:
              groups:
                ops: [alice, "${ONCALL}"]
            """);
    String message = SettingsFiles.failure(file, NO_ENVIRONMENT);
    SettingsFiles.assertContains(file.toString(), message);
    SettingsFiles.assertContains("notifications.email.password: environment variable SMTP_PASSWORD is not set", message);
    SettingsFiles.assertContains("directory.groups.ops[1]: environment variable ONCALL is not set", message);
  }

  @Test
  void anUnknownFieldIsNamedByItsPathWithoutJavaClassNames() throws IOException {
    String message = failure("notifications:\n  email: {host: h, from: a@b.c, pasword: x}\n");
    SettingsFiles.assertContains("notifications.email.pasword: Unrecognized field \"pasword\"", message);
    for (String noise : List.of("dev.overdue", "com.fasterxml", "class ", "ignorable", "EmailSettings")) {
      assertFalse(message.contains(noise), message);
    }
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "notifications: {email: {from: a@b.c}}"
            + " | notifications.email: email.host is required",
        "notifications: {webhooks: {ops: {url: 'ftp://x'}}}"
            + " | notifications.webhooks.ops: url must be http:// or https://",
        "notifications: {email: {host: h, from: a@b.c, starttls: maybe}}"
            + " | notifications.email: email.starttls must be required, optional or off: maybe",
        "notifications: {retention: soon}"
            + " | notifications.retention must be an ISO-8601 duration like PT10S: soon",
        "notifications: {email: {host: h, from: a@b.c, port: 70000}}"
            + " | notifications.email: email.port must be 1-65535: 70000",
        "notifications: {webhooks: {ops: {url: 'https://x', format: teams}}}"
            + " | notifications.webhooks.ops: format must be json or slack: teams",
        "notifications: {email: {host: h, from: a@b.c, port: abc}}"
            + " | notifications.email.port: Cannot deserialize value of type Integer from String \"abc\"",
        "directory: {groups: {ops: alice}}"
            + " | directory.groups.ops: must be a list, like [a, b]",
        "notifications: {email: smtp.example.com}"
            + " | notifications.email: must be a section of fields (name: value), not a single value",
        "notifications: {store: 'jdbc:mysql://db:3306/overdue'}"
            + " | notifications.store: only PostgreSQL URLs (jdbc:postgresql://host:port/db) are supported, not jdbc:mysql:",
        "notifications: {inbox: {url: 'inbox.example.com'}}"
            + " | notifications.inbox: url must be an absolute http:// or https:// URL like https://inbox.example.com: inbox.example.com",
        "notifications: {inbox: {url: 'https://inbox.example.com/?tenant=acme'}}"
            + " | notifications.inbox: url must have no ?query or #fragment",
        "notifications: {inbox: {}}"
            + " | notifications.inbox: url is required",
        "notifications: {inbox: 'https://inbox.example.com'}"
            + " | notifications.inbox: must be a section of fields (name: value), not a single value",
      })
  void anInvalidValueIsExplainedWithItsPath(String yaml, String expected) throws IOException {
    files.assertExplained(yaml, expected);
  }

  @Test
  void theInboxUrlMayComeFromTheEnvironmentAndKeepsItsTrailingSlashOutOfLinks() throws IOException {
    WorkerSettings settings =
        files.load("worker.yaml", "notifications:\n  inbox: { url: \"${OVERDUE_INBOX_URL}\" }\n",
            Map.of("OVERDUE_INBOX_URL", "https://inbox.example.com/")::get);
    assertEquals("https://inbox.example.com", settings.notifications().inbox().base());
    assertNull(load("notifications: {store: memory}\n").notifications().inbox(), "no inbox, no links");
  }

  @Test
  void directoryProblemsFailTheLoadAllAtOnce() throws IOException {
    String message =
        failure(
            """
            directory:
              users:
                bob: {webhook: pager}
                carol: {email: carol@example.com, manager: ghost}
            """);
    SettingsFiles.assertContains("directory.users.bob: webhook 'pager' is not an endpoint under notifications.webhooks", message);
    SettingsFiles.assertContains("directory.users.carol: manager 'ghost' is not a user", message);
  }

  @Test
  void theDirectoryMayBeAFileNextToTheSettings() throws IOException {
    write(
        "conf/people.yaml",
        """
        users:
          alice: {email: "${ALICE_MAIL:-alice@example.com}"}
        groups:
          leads: [alice]
        """);
    Path settings = write("conf/worker.yaml", "directory: people.yaml\n");
    WorkerSettings loaded = WorkerSettings.load(settings, NO_ENVIRONMENT);
    assertEquals(
        List.of(new Recipient("alice", Channel.EMAIL, "alice@example.com")),
        loaded.directory().resolve(List.of("leads"), Map.<String, String>of().keySet()).resolved());
  }

  @Test
  void aMissingDirectoryFileIsNamed() throws IOException {
    String message = failure("directory: people.yaml\n");
    SettingsFiles.assertContains(dir.resolve("people.yaml") + ": no such file", message);
  }

  @Test
  void templatesForUnknownEventsAreProblems() throws IOException {
    String message =
        failure("notifications:\n  templates:\n    reminders: {subject: x}\n    reminder: {subject: y}\n");
    SettingsFiles.assertContains(
        "notifications.templates.reminders: not an event; use one of timer-expired, deadline-escalated, reminder, reassigned",
        message);
    assertFalse(message.contains("templates.reminder:"), message);
  }

  @Test
  void aMissingFileSaysSo() {
    Path missing = dir.resolve("nowhere.yaml");
    assertEquals(missing + ": no such file", SettingsFiles.failure(missing, NO_ENVIRONMENT));
  }

  @Test
  void aFileThatIsNotYamlSaysSo() throws IOException {
    SettingsFiles.assertContains("not YAML or JSON", failure("notifications: {email: [\n"));
  }

  @Test
  void secretsNeverShowInToString() throws IOException {
    assertEquals("******", Secret.of("hunter2").toString());

    EmailSettings email =
        new EmailSettings("smtp.example.com", 587, null, "overdue", Secret.of("hunter2"), "a@b.c", null);
    WebhookSettings webhook =
        new WebhookSettings(
            "https://hooks.example.com/ops", "json",
            Map.of("Authorization", Secret.of("Bearer tok-42")), Secret.of("sign-me"), null);
    assertFalse(email.toString().contains("hunter2"), email.toString());
    assertTrue(email.toString().contains("smtp.example.com"), email.toString());
    assertFalse(webhook.toString().contains("tok-42") || webhook.toString().contains("sign-me"), webhook.toString());

    WorkerSettings loaded =
        WorkerSettings.load(
            write(
                "worker.yaml",
                """
                notifications:
                  email: {host: h, from: a@b.c, username: u, password: "${PW}"}
                  webhooks: {ops: {url: "https://h/x", secret: "${SIGN}", headers: {X-Key: "${KEY}"}}}
                """),
            Map.of("PW", "hunter2", "SIGN", "sign-me", "KEY", "key-77")::get);
    for (String secret : List.of("hunter2", "sign-me", "key-77")) {
      assertFalse(loaded.toString().contains(secret), loaded.toString());
    }
  }

  @Test
  void theAuthSectionNamesIssuersAndReadsKeyFilesBesideTheSettings() throws IOException {
    WorkerSettings none = load("calendar: {zone: UTC}");
    assertEquals(dev.overdue.model.auth.AuthPolicy.OFF, none.auth().defaultPolicy());
    WorkerSettings settings =
        load("""
            auth:
              issuers:
                - {issuer: "https://login.corp.example", jwks: keys/corp.json}
                - {issuer: "https://idp.partner.example", jwks: "https://idp.partner.example/jwks"}
              audiences: [overdue]
              userClaim: preferred_username
              clockSkew: 2m
            """);
    // An issuer is trusted and no policy is set: a token is checked when sent.
    assertEquals(dev.overdue.model.auth.AuthPolicy.OPTIONAL, settings.auth().defaultPolicy());
    assertEquals(dir.resolve("keys/corp.json").toString(), settings.auth().issuers().get(0).jwks());
    assertEquals("https://idp.partner.example/jwks", settings.auth().issuers().get(1).jwks());
    assertEquals(Duration.ofMinutes(2), settings.auth().skew());
    // YAML reads an unquoted off as false.
    assertEquals(dev.overdue.model.auth.AuthPolicy.OFF, load("auth: {policy: off}").auth().defaultPolicy());
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "auth: {policy: strict}|auth: policy: must be one of off, optional, required, got 'strict'",
        "auth: {policy: required}|auth: issuers: policy required needs at least one trusted issuer",
        "auth: {issuers: [{issuer: x, jwks: k.json}]}|auth: audiences: name at least one audience",
        "auth: {issuers: [{issuer: x}], audiences: [a]}|auth.issuers[0]: jwks is required for issuer x",
        "auth: {issuers: [{issuer: x, jwks: k.json}], audiences: [a], algorithms: [HS256]}|algorithms: HS256 is not accepted",
        "auth: {issuers: [{issuer: x, jwks: k.json}], audiences: [a], clockSkew: PT1H}|clockSkew: at most 5 minutes",
        "auth: {issuers: [{issuer: x, jwks: k.json}], audiences: [a], clockSkew: soon}|clockSkew: 'soon' is not a duration",
        "auth: {issuers: [{issuer: x, jwks: \"http://idp.example/jwks\"}], audiences: [a]}|auth.issuers[0]: jwks of issuer x is a plain http:// URL to idp.example",
      })
  void aWrongAuthSectionStopsTheStartNamingTheSetting(String yaml, String expected) throws IOException {
    String failure = failure(yaml);
    assertTrue(failure.contains(expected), failure);
  }
}
