package dev.overdue.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * A body field of another JSON type than its own is a 400 naming the field and the type expected:
 * never coerced (a number stored as a comment, {@code false} taken as a reason to skip a step, a
 * number read as a follow-up date).
 */
class StrictBodyTypesTest extends OverASocket {
  @Test
  void aValueOfTheWrongTypeIsRefusedAndNothingChanges() {
    String id = "TYPES-" + System.nanoTime();
    RawHttp.Answer started = raw.send("POST", "/api/v1/approvals", "{\"requestId\":\"" + id + "\",\"steps\":["
        + "{\"name\":\"manager\",\"approvers\":[\"bob\"],\"skippable\":true},{\"name\":\"legal\",\"approvers\":[\"lena\"]}]}",
        with(me, "Content-Type", JSON));
    assertEquals(201, started.status(), started.text());
    String at = "/api/v1/approvals/" + id;
    for (String[] bad : new String[][] {
        {"/comment", "{\"text\":12345}", "text", "expected text, got a whole number"},
        {"/skip", "{\"reason\":false}", "reason", "expected text, got true or false"},
        {"/set-follow-up", "{\"at\":268435457}", "at", "expected text"},
        {"/set-follow-up", "{\"at\":1.5}", "at", "expected text"},
        {"/approve", "{\"comment\":7}", "comment", "expected text"},
        {"/delegate", "{\"to\":true}", "to", "expected text"},
        {"/forward", "{\"to\":[1]}", "to[0]", "expected text"},
        {"/set-priority", "{\"priority\":\"1\"}", "priority", "expected a whole number, got text"},
        {"/set-priority", "{\"priority\":1.5}", "priority", "expected a whole number"},
        {"/set-priority", "{\"priority\":true}", "priority", "expected a whole number"},
        {"/update-data", "{\"data\":[]}", "data", "expected an object, got an array"}}) {
      RawHttp.Answer answer = raw.send("POST", at + bad[0], bad[1], with(me, "Content-Type", JSON));
      problem(answer, 400, bad[0] + " " + bad[1]);
      assertEquals(bad[2], answer.json().path("field").asText(), bad[1]);
      assertTrue(answer.detail().startsWith(bad[2] + ": " + bad[3]), bad[1] + ": " + answer.detail());
    }
    RawHttp.Answer status = raw.send("GET", at, null, me);
    assertEquals(0, status.json().path("commentCount").asInt(), status.text());
    assertEquals("manager", status.json().path("currentStep").asText(), "not skipped: " + status.text());
    assertTrue(status.json().path("steps").get(0).path("followUp").isMissingNode(), status.text());
  }

  @Test
  void aStartRequestIsBoundAsStrictlyAndNothingStarts() {
    for (String[] bad : new String[][] {{"\"title\":5,", "title", "expected text, got a whole number"},
        {"\"notifyOffered\":\"true\",", "notifyOffered", "expected true or false, got text"},
        {"\"title\":\"t\",\"x\":1,\"y\":2,", "", ""}}) {
      String id = "TYPES-START-" + System.nanoTime();
      RawHttp.Answer answer = raw.send("POST", "/api/v1/approvals", "{\"requestId\":\"" + id + "\"," + bad[0]
          + "\"steps\":[{\"name\":\"manager\",\"approvers\":[\"bob\"]}]}", with(me, "Content-Type", JSON));
      if (bad[1].isEmpty()) {
        problem(answer, 422, "unknown fields are the workflow's rules' to name, all of them");
        assertTrue(answer.detail().contains("x") && answer.detail().contains("y"), answer.detail());
      } else {
        problem(answer, 400, bad[0]);
        assertEquals(bad[1], answer.json().path("field").asText(), bad[0]);
        assertEquals(bad[1] + ": " + bad[2], answer.detail());
      }
      assertEquals(404, raw.send("GET", "/api/v1/approvals/" + id, null, me).status(), "nothing started");
    }
    RawHttp.Answer step = raw.send("POST", "/api/v1/approvals", "{\"requestId\":\"TYPES-STEP-" + System.nanoTime()
        + "\",\"steps\":[{\"name\":\"manager\",\"approvers\":[\"bob\"],\"priority\":\"3\"}]}", with(me, "Content-Type", JSON));
    problem(step, 400, "a step's priority as text");
    assertEquals("steps[0].priority", step.json().path("field").asText());
  }

  @Test
  void theRightTypesAreStillTaken() {
    String id = "TYPES-OK-" + System.nanoTime();
    assertEquals(201, raw.send("POST", "/api/v1/approvals", "{\"requestId\":\"" + id + "\",\"steps\":["
        + "{\"name\":\"manager\",\"approvers\":[\"bob\"]}]}", with(me, "Content-Type", JSON)).status());
    String at = "/api/v1/approvals/" + id;
    assertEquals(200, raw.send("POST", at + "/comment", "{\"text\":\"12345\"}", with(me, "Content-Type", JSON)).status());
    assertEquals(200, raw.send("POST", at + "/set-follow-up", "{\"at\":\"P2D\"}", with(me, "Content-Type", JSON)).status());
    assertEquals(200, raw.send("POST", at + "/update-data", "{\"data\":{\"amount\":12.5,\"ok\":true,\"n\":\"7\"}}",
        with(me, "Content-Type", JSON)).status());
  }
}
