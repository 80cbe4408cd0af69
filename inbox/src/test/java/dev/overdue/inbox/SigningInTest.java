package dev.overdue.inbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.client.Approvals;
import dev.overdue.http.TemporalWithWorker;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Signing in on a browser someone was already signed in on, in development mode: every page then
 * speaks of the new person, an action link sent to the one before prepares nothing, and a form
 * token learned before signing in no longer works.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, useMainMethod = SpringBootTest.UseMainMethod.ALWAYS, properties = "management.server.port=0")
class SigningInTest {
  private static final TemporalWithWorker TEMPORAL = TemporalWithWorker.shared();
  private static final RunningApi API = RunningApi.on(TEMPORAL);
  private static int requests;

  @DynamicPropertySource
  static void api(DynamicPropertyRegistry properties) {
    properties.add("overdue.inbox.api-url", API::url);
  }

  @AfterAll
  static void stop() {
    API.close();
  }

  @LocalServerPort int port;

  private static synchronized String start() {
    String id = "SIGN-" + (++requests) + "-" + System.nanoTime();
    try {
      new Approvals(TEMPORAL.client).start(new com.fasterxml.jackson.databind.ObjectMapper().readTree(
          "{\"requester\":\"carol\",\"requestId\":\"" + id + "\",\"steps\":[{\"name\":\"manager\",\"approvers\":[\"alice\",\"bob\"]}]}"),
          "overdue");
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
    return id;
  }

  @Test
  void signingInAsSomeoneElseShowsEveryPageAsThemAndALinkSentToTheOneBeforePreparesNothing() {
    String id = start();
    PageClient browser = new PageClient(port).signIn("alice", "");
    String before = browser.open("/tasks/" + id).body();
    assertTrue(before.contains("Signed in as <strong>alice</strong>"), before);

    String signIn = browser.get("/sign-in").body();
    assertTrue(signIn.contains("Signed in as <strong>alice</strong>"), "served while signed in, and says who is: " + signIn);
    assertTrue(signIn.contains("<title>Sign in · Overdue</title>"), signIn);
    browser.signIn("bob", "");
    String page = browser.open("/tasks/" + id).body();
    assertTrue(page.contains("Signed in as <strong>bob</strong>"), page);
    assertFalse(page.contains("Signed in as <strong>alice</strong>"), "nothing of alice's session is left: " + page);

    String link = browser.open("/tasks/" + id + "?action=approve&for=alice").body();
    assertTrue(link.contains("Signed in as <strong>bob</strong>"), link);
    assertTrue(link.contains("This link was sent to alice, and you are signed in as bob"), link);
    assertFalse(link.contains("Confirm:"), "alice's link prepares nothing for bob: " + link);
    assertEquals("READY", new Approvals(TEMPORAL.client).status(id).steps().get(0).state(), "a GET never acts");
  }

  @Test
  void enterInTheNameFieldSignsInAsTheNameTypedNotAsTheFirstOneToPick() {
    // A browser presses a form's first submit button on Enter: that must be "Sign in", not a pick.
    String form = new PageClient(port).open("/sign-in").body();
    String fromTheForm = form.substring(form.indexOf("<form method=\"post\" action=\"/sign-in\""));
    String firstButton = fromTheForm.substring(fromTheForm.indexOf("<button"), fromTheForm.indexOf("</button>"));
    assertEquals("<button type=\"submit\">Sign in", firstButton);
  }

  @Test
  void theNewSessionStillReturnsToThePageAskedForBeforeSigningIn() {
    String id = start();
    String link = "/tasks/" + id + "?action=approve&for=alice";
    PageClient browser = new PageClient(port);
    assertEquals(302, browser.get(link).status(), "signed out: to the sign-in first");
    browser.get("/sign-in");
    PageClient.Page signedIn = browser.post("/sign-in", Map.of("pick", "alice"));
    assertTrue(signedIn.location().endsWith(link), "back to the link: " + signedIn.location());
    assertTrue(browser.open(link).body().contains("Confirm: Approve"));
  }

  @Test
  void signingInGivesANewSessionAndFormTokenAndTheOneFromBeforeIsRefused() {
    String id = start();
    PageClient browser = new PageClient(port);
    PageClient.Page form = browser.get("/sign-in");
    String before = browser.csrfToken();
    assertNotNull(before, form.body());
    PageClient.Page signedIn = browser.post("/sign-in", Map.of("user", "alice"));
    assertEquals(302, signedIn.status(), signedIn.body());
    String cookie = signedIn.header("Set-Cookie");
    assertNotNull(cookie, "a new session at sign-in");
    assertNotEquals(form.header("Set-Cookie"), cookie);

    PageClient.Page stale = browser.post("/logout", Map.of("_csrf", before));
    assertEquals(403, stale.status(), "the token from before sign-in no longer works");
    String still = browser.open("/tasks/" + id).body();
    assertTrue(still.contains("Signed in as <strong>alice</strong>"), "still signed in: " + still);
    PageClient.Page signedOut = browser.post("/logout", Map.of());
    assertEquals(302, signedOut.status(), "the new page's token works: " + signedOut.body());
  }
}
