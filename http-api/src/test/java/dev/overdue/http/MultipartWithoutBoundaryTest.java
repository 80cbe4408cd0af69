package dev.overdue.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The API takes JSON only: a multipart type, even one without a boundary, is never parsed. */
class MultipartWithoutBoundaryTest extends OverASocket {
  private static final String[] MULTIPART = {"Content-Type", "multipart/form-data"};

  @Test
  void aGetIgnoresIt() {
    RawHttp.Answer answer = raw.send("GET", "/api/v1/me", null, with(me, MULTIPART));
    assertEquals(200, answer.status(), answer.text());
    assertEquals(me[1], answer.json().path("user").asText());
  }

  @Test
  void anOperationThatTakesABodyAnswers415() {
    problem(raw.send("POST", "/api/v1/approvals", "--x\r\n\r\n", with(me, MULTIPART)), 415, "a start");
    problem(raw.send("POST", "/api/v1/approvals/NONE/claim", null, with(other, MULTIPART)), 415, "a claim without a body");
  }
}
