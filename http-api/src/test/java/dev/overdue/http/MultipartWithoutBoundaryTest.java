package dev.overdue.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The API takes JSON only: a multipart type, even one without a boundary, is never parsed. */
class MultipartWithoutBoundaryTest extends OverASocket {
  private static final String[] MULTIPART = {"Content-Type", "multipart/form-data"};

  @Test
  void aGetIgnoresIt() {
    RawHttp.Answer me = raw.send("GET", "/api/v1/me", null, with(ALICE, MULTIPART));
    assertEquals(200, me.status(), me.text());
    assertEquals("alice", me.json().path("user").asText());
  }

  @Test
  void anOperationThatTakesABodyAnswers415() {
    problem(raw.send("POST", "/api/v1/approvals", "--x\r\n\r\n", with(ALICE, MULTIPART)), 415, "a start");
    problem(raw.send("POST", "/api/v1/approvals/NONE/claim", null, with(BOB, MULTIPART)), 415, "a claim without a body");
  }
}
