package dev.overdue.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The settings' digest in the worker's identity: what changes it, what does not. */
class SettingsFingerprintTest {
  /** A worker's settings as the README's team example has them, with every counted section. */
  private static final String TEAM =
      """
      directory:
        users:
          alice: { name: Alice Adams, channel: log, manager: carol }
          carol: { name: Carol Clark, channel: log }
          frank: { name: Frank Finance, channel: webhook, webhook: ops }
        groups:
          finance: [frank, alice]
      calendar: { zone: Europe/Berlin, holidays: [2026-12-25] }
      auth:
        issuers: [{ issuer: "https://login.example", jwks: keys.json }]
        audiences: [overdue]
      notifications:
        store: memory
        retention: P30D
        email: { host: smtp.example, username: mailer, password: first, from: overdue@example.com }
        webhooks:
          ops: { url: "https://hooks.example/T000/B000/first", secret: first, timeout: PT5S }
        templates:
          timer-expired: { subject: "late: {{timer}}", body: "please decide" }
      logging: { format: text, levels: { dev.overdue: INFO } }
      """;

  @TempDir Path dir;

  private SettingsFingerprint of(String yaml) throws IOException {
    if (!Files.exists(dir.resolve("keys.json"))) {
      Files.writeString(dir.resolve("keys.json"), "{\"keys\": []}");
    }
    return SettingsFingerprint.of(new SettingsFiles(dir).load(yaml));
  }

  @Test
  void theDigestOfTheDefaultsIsFixed() {
    // The same settings must give the same digest in every version, or two versions of one fleet
    // would warn about each other: a change here changes the canonical form, on purpose or not.
    assertEquals("dcf3803b", SettingsFingerprint.of(WorkerSettings.defaults()).hex());
  }

  @Test
  void theSameSettingsGiveTheSameDigestWhateverTheirOrder() throws IOException {
    SettingsFingerprint team = of(TEAM);
    assertTrue(team.hex().matches("[0-9a-f]{8}"), team.hex());
    assertEquals(team, of(TEAM));
    String reordered =
        TEAM.replace(
            "    alice: { name: Alice Adams, channel: log, manager: carol }\n    carol: { name: Carol Clark, channel: log }\n",
            "    carol: { channel: log, name: Carol Clark }\n    alice: { manager: carol, channel: log, name: Alice Adams }\n");
    assertNotEquals(TEAM, reordered);
    assertEquals(team, of(reordered));
  }

  @Test
  void noCalendarIsTheDefaultCalendarWrittenOut() throws IOException {
    assertEquals(
        of("directory: {}"),
        of("calendar: { zone: UTC, workingHours: \"09:00-17:00\", workingDays: [MON, TUE, WED, THU, FRI] }"));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "finance: [frank, alice]|finance: [frank, alice, carol]", // a group's members
        "finance: [frank, alice]|finance: [alice, frank]", // the order they are told in
        "manager: carol }|manager: frank }", // who manages whom
        "zone: Europe/Berlin|zone: Europe/Paris", // the calendar
        "holidays: [2026-12-25]|holidays: [2026-12-24, 2026-12-25]",
        "audiences: [overdue]|audiences: [overdue, approvals]", // signed commands
        "issuer: \"https://login.example\"|issuer: \"https://login2.example\"",
        "issuers: [|policy: required\n  issuers: [",
        "host: smtp.example|host: smtp2.example", // where mail goes
        "ops: { url: \"https://hooks.example/|ops: { url: \"https://hooks2.example/", // where a hook goes
        "body: \"please decide\"|body: \"decide now\"", // what a message says
      })
  void whatChangesAnAnswerChangesTheDigest(String change) throws IOException {
    String[] fromTo = change.split("\\|");
    assertTrue(TEAM.contains(fromTo[0]), fromTo[0]);
    assertNotEquals(of(TEAM), of(TEAM.replace(fromTo[0], fromTo[1])), change);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "levels: { dev.overdue: INFO }|levels: { dev.overdue: DEBUG }", // logging
        "format: text|format: json",
        "store: memory|store: deliveries.db", // each host its own store
        "retention: P30D|retention: P7D",
        "password: first|password: second", // secrets
        "secret: first|secret: second",
        "B000/first|B000/second", // a webhook URL's path is a token
        "timeout: PT5S|timeout: PT9S",
      })
  void whatChangesNoAnswerLeavesTheDigest(String change) throws IOException {
    String[] fromTo = change.split("\\|");
    assertTrue(TEAM.contains(fromTo[0]), fromTo[0]);
    assertEquals(of(TEAM), of(TEAM.replace(fromTo[0], fromTo[1])), change);
  }

  @Test
  void anInboxCountsByWhereItsLinksLead() throws IOException {
    String withInbox = TEAM.replace("  store: memory\n", "  store: memory\n  inbox: { url: \"https://inbox.example.com\" }\n");
    assertNotEquals(TEAM, withInbox);
    assertNotEquals(of(TEAM), of(withInbox), "links appear");
    assertEquals(of(withInbox), of(withInbox.replace("inbox.example.com", "inbox.example.com/")), "the same links");
    assertNotEquals(of(withInbox), of(withInbox.replace("inbox.example.com", "inbox2.example.com")), "other links");
  }

  @Test
  void aKeyFileCountsByItsContentNotItsPath() throws IOException {
    SettingsFingerprint team = of(TEAM);
    Files.writeString(dir.resolve("elsewhere.json"), "{\"keys\": []}");
    assertEquals(team, of(TEAM.replace("jwks: keys.json", "jwks: elsewhere.json")));
    Files.writeString(dir.resolve("keys.json"), "{\"keys\": [{\"kty\": \"OKP\"}]}");
    assertNotEquals(team, of(TEAM));
  }

  @Test
  void theIdentityCarriesItAndGivesItBack() {
    SettingsFingerprint fingerprint = new SettingsFingerprint("ab12cd34");
    String identity = fingerprint.identity("12345@host");
    assertEquals("12345@host overdue settings=ab12cd34", identity);
    assertEquals(Optional.of("ab12cd34"), SettingsFingerprint.in(identity));
    assertEquals(Optional.empty(), SettingsFingerprint.in("12345@host"));
    assertEquals(Optional.empty(), SettingsFingerprint.in("12345@host-settings=ab12cd34"));
  }
}
