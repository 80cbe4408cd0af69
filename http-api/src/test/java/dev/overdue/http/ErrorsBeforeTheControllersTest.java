package dev.overdue.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Every error of the API is problem+json with its status, including those raised before any
 * controller runs: Spring Security's firewall, the servlet's error dispatch, Tomcat itself.
 */
class ErrorsBeforeTheControllersTest extends OverASocket {
  @Test
  void aPathTheFirewallRefusesIsA400() {
    for (String path : new String[] {"/api/v1/approvals/a%25b", "/api/v1/approvals/a;b=c", "/api/v1/approvals/a%2E%2E"}) {
      RawHttp.Answer answer = raw.send("GET", path, null, me);
      problem(answer, 400, path);
      assertTrue(answer.detail().startsWith("the request was refused"), answer.detail());
    }
  }

  @Test
  void aPathTomcatRefusesIsA400() {
    problem(raw.send("GET", "/api/v1/approvals/a%2Fb", null, me), 400, "an encoded slash");
    problem(raw.send("GET", "/api/v1/me|x", null, me), 400, "a character HTTP does not allow in a path");
    problem(raw.send("GET", "/api/v1/approvals/a%00b", null, me), 400, "an encoded NUL");
    problem(raw.send("GET", "/api/v1/approvals/a%5Cb", null, me), 400, "an encoded backslash");
  }

  @Test
  void aMethodThePathDoesNotTakeIs405WithAllow() {
    RawHttp.Answer query = raw.send("QUERY", "/api/v1/me", null, me);
    problem(query, 405, "QUERY");
    assertEquals("GET", query.headers().get("allow"), query.headers().toString());
    RawHttp.Answer delete = raw.send("DELETE", "/api/v1/approvals/NONE/claim", null, other);
    problem(delete, 405, "DELETE on an action");
    assertEquals("POST", delete.headers().get("allow"));
    problem(raw.send("QUERY", "/api/v1/me", null), 401, "QUERY without a caller");
  }

  @Test
  void traceIsRefusedWithoutEchoingTheRequest() {
    RawHttp.Answer trace = raw.send("TRACE", "/api/v1/me", null, with(me, "Authorization", "Bearer secret"));
    problem(trace, 405, "TRACE");
    assertEquals("GET", trace.headers().get("allow"), "the path's own methods: " + trace.headers());
    assertFalse(trace.text().contains("secret"), "the request is not echoed: " + trace.text());
    RawHttp.Answer unknown = raw.send("TRACE", "/api/v1/nothing-here", null, with(me, "Authorization", "Bearer secret"));
    problem(unknown, 404, "TRACE on an unknown path");
    assertFalse(unknown.text().contains("secret"), unknown.text());
  }

  @Test
  void anUnknownPathIsA404() {
    problem(raw.send("GET", "/api/v1/nothing-here", null, me), 404, "an unknown path");
    problem(raw.send("GET", "/error", null, me), 404, "the error page itself, asked for");
  }
}
