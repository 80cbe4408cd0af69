package dev.overdue.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * A list's filter values are checked before any query reaches Temporal: a control character (a NUL
 * held a thread a minute, then answered 503), an overlong text or an unknown sort is a 400 naming
 * the parameter, at once.
 */
class ListFilterValuesTest extends OverASocket {
  @Test
  void aControlCharacterIsA400NamingTheParameterAtOnce() {
    Instant before = Instant.now();
    for (String[] bad : new String[][] {{"/api/v1/tasks?requester=a%00b", "requester"},
        {"/api/v1/tasks?step=a%0Ab", "step"}, {"/api/v1/tasks?q=a%7Fb", "q"}, {"/api/v1/tasks?view=all&q=%C2%85", "q"},
        {"/api/v1/requests?step=%1B", "step"}, {"/api/v1/requests?q=%00", "q"}}) {
      RawHttp.Answer answer = raw.send("GET", bad[0], null, with(me, "X-Overdue-Groups", "overdue-admins"));
      problem(answer, 400, bad[0]);
      assertEquals(bad[1], answer.json().path("field").asText(), bad[0]);
      assertTrue(answer.detail().contains("control character"), answer.detail());
    }
    assertTrue(Duration.between(before, Instant.now()).toSeconds() < 10, "answered at once, not after Temporal's retries");
  }

  @Test
  void anOverlongTextOrAnUnknownSortIsA400() {
    RawHttp.Answer longText = raw.send("GET", "/api/v1/tasks?requester=" + "a".repeat(257), null, me);
    problem(longText, 400, "257 characters");
    assertEquals("requester", longText.json().path("field").asText());
    RawHttp.Answer sort = raw.send("GET", "/api/v1/tasks?sort=size", null, me);
    problem(sort, 400, "sort=size");
    assertEquals("sort", sort.json().path("field").asText());
  }
}
