package dev.overdue.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Refusals in plain words: a body that is no JSON is a 400 saying where it breaks (line and
 * column) and what was expected there, as the CLI says it of a request file (PlainSyntaxErrors),
 * never the parser's echo of the body; a start whose duration is written in words is the
 * workflow's 422 suggesting the ISO 8601 form.
 */
class PlainRefusalsTest extends OverASocket {
  @Test
  void aBodyThatIsNoJsonIsSaidWhereItBreaksAndWhatWasExpected() {
    String[][] cases = {
        {"/api/v1/approvals", "{ \"requestId\": \"X-1\",\n  \"title\": \"a\"", "line 2, column", "the text ends before the object"},
        {"/api/v1/approvals", "{\"requestId\" \"X-2\"}", "line 1, column 14", "expected ':' after the field name"},
        {"/api/v1/approvals", "{requestId: 1}", "line 1, column 2", "expected a field name in double quotes"},
        {"/api/v1/approvals/X-3/comment", "{\"text\": \"a\",}", "line 1, column 14", "expected a field name in double quotes"},
        {"/api/v1/approvals/X-4/set-priority", "{\"priority\": 07}", "line 1, column", "may not start with 0"},
        {"/api/v1/approvals/X-5/approve", "{\"comment\": hello}", "line 1, column", "text goes in double quotes"}};
    List<String> wrong = new ArrayList<>();
    for (String[] bad : cases) {
      RawHttp.Answer answer = raw.send("POST", bad[0], bad[1], with(me, "Content-Type", JSON));
      problem(answer, 400, bad[1]);
      String detail = answer.detail();
      assertEquals("body", answer.json().path("field").asText(), detail);
      if (!detail.startsWith("body: not JSON: " + bad[2]) || !detail.contains(bad[3])) {
        wrong.add(bad[1] + " -> " + detail);
      }
      for (String leak : new String[] {"Source:", "start marker", "tools.jackson", "(String)", "code 1", "Feature"}) {
        assertFalse(detail.contains(leak), "no parser's words (" + leak + "): " + detail);
      }
    }
    assertTrue(wrong.isEmpty(), String.join("\n", wrong));
  }

  @Test
  void aDurationInWordsIsRefusedWithItsIsoForm() {
    String id = "WORDS-" + System.nanoTime();
    RawHttp.Answer answer = raw.send("POST", "/api/v1/approvals", "{\"requestId\":\"" + id + "\",\"timeout\":\"2 days\","
        + "\"steps\":[{\"name\":\"manager\",\"approvers\":[\"bob\"]}]}", with(me, "Content-Type", JSON));
    problem(answer, 422, "timeout 2 days");
    assertTrue(answer.detail().contains("did you mean P2D?"), answer.detail());
    assertEquals(404, raw.send("GET", "/api/v1/approvals/" + id, null, me).status(), "nothing started");
  }
}
