package dev.overdue.http;

import static dev.overdue.http.ApiClient.as;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.overdue.http.ApiClient.Answer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Two API processes behind one load balancer: stateless, so a retry that lands on the other one
 * answers the first result and acts once — the key is Temporal's, not either instance's.
 */
class TwoInstancesTest {
  private static final TemporalWithWorker TEMPORAL = TemporalWithWorker.shared();
  private static final ConfigurableApplicationContext FIRST = instance();
  private static final ConfigurableApplicationContext SECOND = instance();

  private static ConfigurableApplicationContext instance() {
    return new SpringApplicationBuilder(OverdueApi.class)
        .run("--server.port=0", "--management.server.port=0", "--TEMPORAL_ADDRESS=" + TEMPORAL.address,
            "--overdue.api.task-index=" + TEMPORAL.taskIndex);
  }

  private static ApiClient client(ConfigurableApplicationContext context) {
    return new ApiClient(((WebServerApplicationContext) context).getWebServer().getPort());
  }

  @AfterAll
  static void stop() {
    FIRST.close();
    SECOND.close();
  }

  @Test
  void aRetryOnTheOtherInstanceAnswersTheFirstResultAndActsOnce() {
    ApiClient first = client(FIRST);
    ApiClient second = client(SECOND);
    Answer started = first.post("/api/v1/approvals",
        "{\"requestId\":\"LB-1\",\"steps\":[{\"name\":\"manager\",\"approvers\":[\"bob\"]}]}", as("alice"));
    assertEquals(201, started.status(), started.text());
    Answer again = second.post("/api/v1/approvals",
        "{\"requestId\":\"LB-1\",\"steps\":[{\"name\":\"manager\",\"approvers\":[\"bob\"]}]}", as("alice"));
    assertEquals(409, again.status(), "the id is taken, whichever instance is asked: " + again.text());

    String[] bob = {"X-Overdue-User", "bob", "Idempotency-Key", "lb-claim"};
    Answer claimed = first.post("/api/v1/approvals/LB-1/claim", null, bob);
    Answer retried = second.post("/api/v1/approvals/LB-1/claim", null, bob);
    assertEquals(200, claimed.status(), claimed.text());
    assertEquals(200, retried.status(), retried.text());
    assertEquals(claimed.json(), retried.json());
    long claims = second.get("/api/v1/approvals/LB-1/history", as("bob")).json().valueStream()
        .filter(entry -> entry.path("name").asText().equals("claim")).count();
    assertEquals(1, claims, "one claim in the trail");
  }

  @Test
  void aStartRetriedWithItsKeyOnTheOtherInstanceStartsNothingTwice() {
    String request = "{\"requestId\":\"LB-2\",\"steps\":[{\"name\":\"manager\",\"approvers\":[\"bob\"]}]}";
    String[] alice = {"X-Overdue-User", "alice", "Idempotency-Key", "lb-start"};
    Answer first = client(FIRST).post("/api/v1/approvals", request, alice);
    Answer retried = client(SECOND).post("/api/v1/approvals", request, alice);
    assertEquals(201, first.status(), first.text());
    assertEquals(201, retried.status(), "the same start, answered again: " + retried.text());
    assertEquals(first.json(), retried.json());
  }
}
