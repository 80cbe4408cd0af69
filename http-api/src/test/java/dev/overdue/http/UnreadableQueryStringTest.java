package dev.overdue.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** A query string Tomcat cannot read is a 400 saying what is wrong, on every operation, never a 500. */
class UnreadableQueryStringTest extends OverASocket {
  @Test
  void aParameterWithoutAName() {
    RawHttp.Answer answer = raw.send("GET", "/api/v1/tasks?=1", null, me);
    problem(answer, 400, "?=1");
    assertTrue(answer.detail().contains("no name"), answer.detail());
    problem(raw.send("GET", "/api/v1/me?a=1&=", null, me), 400, "on every operation");
  }

  @Test
  void aBadPercentEscapeNamesItsParameter() {
    RawHttp.Answer answer = raw.send("GET", "/api/v1/tasks?q=%ZZ", null, me);
    problem(answer, 400, "?q=%ZZ");
    assertEquals("q", answer.json().path("field").asText());
    assertTrue(answer.detail().contains("%ZZ"), answer.detail());
    problem(raw.send("GET", "/api/v1/tasks?step=%4", null, me), 400, "a cut escape");
    problem(raw.send("POST", "/api/v1/approvals/NONE/claim?x=%G1", null, with(other, "Content-Type", JSON)), 400, "a POST");
  }

  @Test
  void bytesThatAreNotUtf8() {
    RawHttp.Answer answer = raw.send("GET", "/api/v1/tasks?q=%C3%28", null, me);
    problem(answer, 400, "?q=%C3%28");
    assertEquals("q", answer.json().path("field").asText());
  }

  @Test
  void moreParametersThanTomcatTakesIsA400Too() {
    RawHttp.Answer answer = raw.send("GET", "/api/v1/tasks?" + "a=1&".repeat(1001), null, me);
    problem(answer, 400, "1,001 parameters");
    assertTrue(answer.detail().contains("parameters cannot be read"), answer.detail());
  }

  @Test
  void aReadableQueryStringStillWorks() {
    RawHttp.Answer answer = raw.send("GET", "/api/v1/me?x=%C3%A9+%25&&y", null, me);
    assertEquals(200, answer.status(), answer.text());
  }
}
