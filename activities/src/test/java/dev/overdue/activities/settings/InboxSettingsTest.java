package dev.overdue.activities.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class InboxSettingsTest {
  @ParameterizedTest
  @CsvSource({
    "https://inbox.example.com, https://inbox.example.com",
    "https://inbox.example.com/, https://inbox.example.com",
    "http://localhost:8080//, http://localhost:8080",
    "https://intranet.example.com/approvals/inbox/, https://intranet.example.com/approvals/inbox",
    "http://inbox_1.corp.internal, http://inbox_1.corp.internal",
  })
  void anAbsoluteHttpUrlIsTheBaseWithoutTrailingSlashes(String url, String base) {
    assertNull(InboxSettings.problem(url));
    assertEquals(base, new InboxSettings(url).base());
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "inbox.example.com | must be an absolute http:// or https:// URL like https://inbox.example.com: inbox.example.com",
        "/tasks | must be an absolute http:// or https:// URL like https://inbox.example.com: /tasks",
        "ftp://inbox.example.com | must be an absolute http:// or https:// URL like https://inbox.example.com: ftp://inbox.example.com",
        "https:inbox | must be an absolute http:// or https:// URL like https://inbox.example.com: https:inbox",
        "https://inbox.example.com/?tenant=a | must have no ?query or #fragment: https://inbox.example.com/?tenant=a",
        "https://inbox.example.com/#/ | must have no ?query or #fragment: https://inbox.example.com/#/",
        "https://inbox example.com | is not a URL like https://inbox.example.com: https://inbox example.com",
        "https://bob:pw@inbox.example.com | must not hold a user or password: every recipient of a message reads it",
      })
  void otherFormsAreRefusedSayingWhy(String url, String problem) {
    assertEquals(problem, InboxSettings.problem(url));
    assertEquals("url " + problem, assertThrows(IllegalArgumentException.class, () -> new InboxSettings(url)).getMessage());
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "  "})
  void aBlankUrlIsMissing(String url) {
    assertEquals("is required", InboxSettings.problem(url));
    assertEquals("is required", InboxSettings.problem(null));
  }
}
