package dev.overdue.inbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.http.TemporalWithWorker;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Every page has the same frame, pages that say something went wrong included: the development
 * mode's warning, who is signed in and Sign out, then the page's own heading.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, useMainMethod = SpringBootTest.UseMainMethod.ALWAYS, properties = "management.server.port=0")
class EveryPageTest {
  private static final TemporalWithWorker TEMPORAL = TemporalWithWorker.shared();
  private static final RunningApi API = RunningApi.on(TEMPORAL);

  @DynamicPropertySource
  static void api(DynamicPropertyRegistry properties) {
    properties.add("overdue.inbox.api-url", API::url);
  }

  @AfterAll
  static void stop() {
    API.close();
  }

  @LocalServerPort int port;

  @Test
  void theInboxsProblemPagesHaveTheFrame() {
    PageClient alice = new PageClient(port).signIn("alice", "");
    PageClient.Page notFound = alice.open("/tasks/NO-SUCH-TASK");
    assertEquals(404, notFound.status());
    framed(notFound, "alice", "Not found");

    PageClient.Page notDone = alice.post("/tasks/NO-SUCH-TASK", Map.of("action", "dance"));
    assertEquals(400, notDone.status(), notDone.body());
    framed(notDone, "alice", "That did not work");
  }

  @Test
  void springsErrorPagesHaveTheFrame() {
    PageClient bob = new PageClient(port).signIn("bob", "");
    PageClient.Page noSuchPage = bob.open("/no-such-page");
    assertEquals(404, noSuchPage.status());
    framed(noSuchPage, "bob", "Not found");

    PageClient.Page forged = bob.post("/tasks/ANY", Map.of("_csrf", "forged", "action", "claim"));
    assertEquals(403, forged.status());
    framed(forged, "bob", "Not allowed");
    assertTrue(forged.body().contains("Nothing was changed"), forged.body());
  }

  private static void framed(PageClient.Page page, String user, String heading) {
    String body = page.body();
    assertTrue(body.contains("<strong>Development mode:</strong>"), "the warning: " + body);
    assertTrue(body.contains("Signed in as <strong>" + user + "</strong>"), body);
    assertTrue(body.contains("<button type=\"submit\" class=\"quiet\">Sign out</button>"), body);
    assertTrue(body.contains(">My tasks</a>"), "the lists: " + body);
    assertTrue(body.contains("<h1>" + heading + "</h1>"), body);
    assertTrue(body.contains("<title>" + heading + " · Overdue</title>"), body);
  }
}
