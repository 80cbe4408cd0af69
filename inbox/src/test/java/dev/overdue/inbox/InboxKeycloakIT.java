package dev.overdue.inbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.overdue.client.Approvals;
import dev.overdue.http.Keycloak;
import dev.overdue.http.TemporalWithWorker;
import dev.overdue.model.auth.AuthPolicy;
import dev.overdue.model.auth.TokenVerifier;
import dev.overdue.worker.AuthSettings;
import dev.overdue.worker.WorkerSettings;
import dev.overdue.workflow.WorkerAuthentication;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.Cookie;
import org.openqa.selenium.WebDriver;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The inbox signed in through a real OpenID Connect provider, in a real headless Chromium: Keycloak
 * through {@code bin/keycloak} with deploy/keycloak/overdue-realm.json, the API taking its tokens
 * (as KeycloakApiIT runs it), a dev server and a worker that verifies the tokens forwarded with each
 * command (docs/examples/keycloak.yaml). Opening the inbox goes to Keycloak's sign-in page
 * (authorization code with PKCE); alice signs in with her password, sees and claims and approves a
 * task, and the trail records the token's signer; signing out ends Keycloak's session too. An
 * expired access token is refreshed within the session (Keycloak sees the refresh). Without a
 * Java 21+ for Keycloak, or without Chromium, the test is skipped, except under CI.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, useMainMethod = SpringBootTest.UseMainMethod.ALWAYS,
    properties = {"management.server.port=0", "overdue.inbox.zone=Europe/Zurich"})
class InboxKeycloakIT {
  private static final Path WORKER_SETTINGS = Path.of("..").toAbsolutePath().normalize().resolve("docs/examples/keycloak.yaml");

  /** Keycloak, Temporal with a worker, and the API: started once for the class, never in the property source. */
  private record Stack(Keycloak keycloak, TemporalWithWorker temporal, RunningApi api) {}

  private static final String skipped;
  private static final Stack stack;

  static {
    String why = null;
    Stack started = null;
    try {
      started = start();
    } catch (Keycloak.NoJava21 none) {
      // Keycloak needs Java 21+, which a developer's machine may lack (the build needs 17).
      if (ci()) {
        throw none;
      }
      why = none.getMessage();
    } catch (Exception failed) {
      throw new IllegalStateException("starting Keycloak, Temporal and the API failed", failed);
    }
    skipped = why;
    stack = started;
  }

  private static Stack start() throws Exception {
    long began = System.nanoTime();
    Keycloak keycloak = Keycloak.start("keycloak-inbox-it");
    TemporalWithWorker temporal = null;
    try {
      long keycloakStarted = System.nanoTime();
      // The worker verifies each forwarded token as docs/examples/keycloak.yaml says, with this issuer.
      AuthSettings auth = WorkerSettings.load(WORKER_SETTINGS,
          name -> name.equals("OVERDUE_KEYCLOAK_ISSUER") ? keycloak.issuer : null).auth();
      WorkerAuthentication.use(auth.defaultPolicy(), auth.verifier());
      temporal = TemporalWithWorker.onDevServer("inbox-keycloak", Map.of());
      RunningApi api = RunningApi.on(temporal, "overdue.api.issuer=" + keycloak.issuer,
          "overdue.api.user-claim=preferred_username");
      System.out.printf("INBOX-KEYCLOAK | Keycloak started in %d ms, dev server, worker and API in %d ms%n",
          (keycloakStarted - began) / 1_000_000, (System.nanoTime() - keycloakStarted) / 1_000_000);
      return new Stack(keycloak, temporal, api);
    } catch (Exception | Error failed) {
      // Nothing keeps running when the class cannot start.
      WorkerAuthentication.use(AuthPolicy.OFF, TokenVerifier.NONE);
      if (temporal != null) {
        temporal.close();
      }
      keycloak.close();
      throw failed;
    }
  }

  private static boolean ci() {
    String ci = System.getenv("CI");
    return ci != null && !ci.isBlank();
  }

  @BeforeAll
  static void keycloakAndChromiumOrCi() {
    assumeTrue(skipped == null, skipped);
    assumeTrue(Files.isExecutable(Chromium.BROWSER) || ci(),
        Chromium.BROWSER + " is missing (apt-get install chromium chromium-driver); skipped outside CI");
  }

  @DynamicPropertySource
  static void settings(DynamicPropertyRegistry properties) {
    properties.add("overdue.inbox.api-url", () -> stack.api().url());
    properties.add("overdue.inbox.issuer", () -> stack.keycloak().issuer);
  }

  @AfterAll
  static void stop() throws Exception {
    if (stack == null) {
      return;
    }
    // Keycloak stops whatever failed before it.
    try {
      WorkerAuthentication.use(AuthPolicy.OFF, TokenVerifier.NONE);
      stack.api().close();
      stack.temporal().close();
    } finally {
      stack.keycloak().close();
    }
  }

  @LocalServerPort int port;
  @TempDir Path profile;
  private Chromium chromium;
  private WebDriver browser;

  @BeforeEach
  void open() {
    chromium = new Chromium(profile, Path.of("target", "chromedriver-inbox-keycloak.log"));
    browser = chromium.driver;
  }

  @AfterEach
  void close() {
    chromium.close();
  }

  private String url(String path) {
    return "http://127.0.0.1:" + port + path;
  }

  private void waitFor(java.util.function.Function<WebDriver, Boolean> condition, String what) {
    Chromium.waitFor(browser, Duration.ofSeconds(60), condition, what);
  }

  /** Opening {@code path} without a session lands on Keycloak's sign-in page for the inbox, asked with PKCE. */
  private void sentToKeycloak(String path) {
    browser.get(url(path));
    String login = stack.keycloak().issuer + "/protocol/openid-connect/auth?";
    waitFor(driver -> driver.getCurrentUrl().startsWith(login) && !driver.findElements(By.id("username")).isEmpty(),
        "Keycloak's sign-in page, from " + path);
    String at = browser.getCurrentUrl();
    assertTrue(at.contains("client_id=overdue-inbox"), at);
    assertTrue(at.contains("response_type=code"), at);
    assertTrue(at.contains("code_challenge="), "PKCE: " + at);
    assertTrue(at.contains("code_challenge_method=S256"), "PKCE: " + at);
    String redirect = url("/login/oauth2/code/overdue");
    assertTrue(at.contains("redirect_uri=" + redirect + "&")
        || at.contains("redirect_uri=" + URLEncoder.encode(redirect, StandardCharsets.UTF_8) + "&"), at);
  }

  private static void startFor(String approver, String id, String title) throws Exception {
    new Approvals(stack.temporal().client).start(new ObjectMapper().readTree(("{'requester':'carol','requestId':'" + id
        + "','title':'" + title + "','steps':[{'name':'manager','title':'Manager approval','approvers':['" + approver + "']}]}")
        .replace('\'', '"')), "overdue");
  }

  /** Signs in on Keycloak's page with the realm's password (USER-password), and lands on the list. */
  private void signInAs(String user) {
    sentToKeycloak("/tasks");
    browser.findElement(By.id("username")).sendKeys(user);
    browser.findElement(By.id("password")).sendKeys(user + "-password");
    browser.findElement(By.id("kc-login")).click();
    waitFor(driver -> driver.getCurrentUrl().startsWith(url("/tasks")), "back on the inbox, signed in");
    assertEquals("Signed in as " + user, browser.findElement(By.cssSelector(".signout span")).getText(),
        "the API's /api/v1/me, from " + user + "'s access token");
  }

  /** Opens {@code title}'s task from the claimable list, once the visibility store (which trails the workflow) has it. */
  private void openFromList(String title) {
    browser.get(url("/tasks?view=claimable"));
    waitFor(driver -> {
      driver.navigate().refresh();
      return !driver.findElements(By.linkText(title)).isEmpty();
    }, title + " in the claimable list");
    browser.findElement(By.linkText(title)).click();
    waitFor(driver -> driver.getTitle().startsWith(title), "the task page");
  }

  /** The accepted {@code command} in the API's history of {@code id}, read with a token of {@code user}. */
  private static JsonNode accepted(String id, String command, String user) throws Exception {
    HttpResponse<String> history = HttpClient.newHttpClient().send(
        HttpRequest.newBuilder(URI.create(stack.api().url() + "/api/v1/approvals/" + id + "/history"))
            .header("Authorization", "Bearer " + stack.keycloak().token(user)).build(),
        HttpResponse.BodyHandlers.ofString());
    assertEquals(200, history.statusCode(), history.body());
    return StreamSupport.stream(new ObjectMapper().readTree(history.body()).spliterator(), false)
        .filter(e -> e.path("name").asText().equals(command) && e.path("accepted").asBoolean())
        .findFirst().orElseThrow(() -> new AssertionError("no accepted " + command + " in " + history.body()));
  }

  @Test
  void aliceSignsInAtKeycloakApprovesATaskWithHerTokenAndSignsOutOfBoth() throws Exception {
    String id = "KC-INBOX-1";
    startFor("alice", id, "Conference trip");
    signInAs("alice");
    assertTrue(browser.findElements(By.cssSelector(".development")).isEmpty(), "no development-mode banner");

    Cookie session = browser.manage().getCookieNamed("OVERDUE_INBOX");
    assertNotNull(session, "the inbox's session cookie");
    assertTrue(session.isHttpOnly(), session.toString());
    assertEquals("Lax", session.getSameSite(), session.toString());

    openFromList("Conference trip");
    browser.findElement(By.cssSelector("button[value='claim']")).click();
    waitFor(driver -> driver.findElement(By.cssSelector(".notice.done")).getText().contains("You took this task"), "claimed");
    browser.findElement(By.id("comment")).sendKeys("Have a good trip");
    browser.findElement(By.cssSelector("button[value='approve']")).click();
    waitFor(driver -> driver.findElement(By.cssSelector(".notice.done")).getText().contains("You approved it"), "approved");
    assertTrue(browser.findElement(By.cssSelector(".trail")).getText().contains("Have a good trip"));

    // The API forwarded alice's token with each command; the worker verified it and recorded its signer.
    for (String command : new String[] {"claim", "approve"}) {
      JsonNode entry = accepted(id, command, "alice");
      assertEquals("alice", entry.path("input").path("user").asText(), entry.toString());
      assertEquals("alice", entry.path("subject").asText(), "verified by the worker from the forwarded token: " + entry);
      assertEquals(stack.keycloak().issuer, entry.path("issuer").asText(), entry.toString());
    }

    // Signing out ends the inbox's session and, through Keycloak's logout, Keycloak's too.
    browser.findElement(By.cssSelector(".signout button")).click();
    waitFor(driver -> driver.getCurrentUrl().equals(url("/signed-out")), "back on /signed-out after Keycloak's logout");
    assertEquals("You are signed out", browser.findElement(By.tagName("h1")).getText());
    assertTrue(browser.findElements(By.cssSelector(".signout")).isEmpty(), "nobody is signed in");
    assertTrue(browser.findElements(By.cssSelector(".development")).isEmpty(), "no development-mode banner");
    // Had Keycloak's session outlived the sign-out, this would come straight back signed in.
    sentToKeycloak("/tasks");
    assertFalse(browser.getPageSource().contains("Signed in as"));
  }

  @Test
  void anExpiredAccessTokenIsRefreshedWithinTheSessionAndTheCommandCarriesTheNewOne() throws Exception {
    String id = "KC-INBOX-2";
    startFor("bob", id, "Team lunch");
    // Access tokens of 10 s: within the token manager's clock skew (60 s), so each call to the API refreshes it.
    realmAccessTokenLifespan(10);
    try {
      signInAs("bob");
      openFromList("Team lunch");
      String session = browser.manage().getCookieNamed("OVERDUE_INBOX").getValue();
      // The token the session began with has expired. The API and the worker would still take it
      // (60 s clock skew), so the refresh is seen where it happens: Keycloak's session of bob is
      // touched by a refresh only (the API checks tokens against the keys alone).
      Thread.sleep(12_000);
      long beforeClaim = System.currentTimeMillis();
      browser.findElement(By.cssSelector("button[value='claim']")).click();
      waitFor(driver -> driver.findElement(By.cssSelector(".notice.done")).getText().contains("You took this task"), "claimed");
      assertEquals(session, browser.manage().getCookieNamed("OVERDUE_INBOX").getValue(), "the same session");
      JsonNode sessions = admin("GET", "/users/" + admin("GET", "/users?exact=true&username=bob", null).path(0).path("id").asText()
          + "/sessions", null);
      // The newest: Keycloak's directory under target keeps the sessions of earlier runs.
      JsonNode latest = StreamSupport.stream(sessions.spliterator(), false)
          .filter(one -> one.path("clients").toString().contains("\"overdue-inbox\""))
          .max(java.util.Comparator.comparingLong(one -> one.path("start").asLong())).orElseThrow();
      // Keycloak keeps the time in whole seconds.
      assertTrue(latest.path("lastAccess").asLong() >= beforeClaim - 1_000,
          "the inbox refreshed bob's token for the claim: " + sessions + ", claimed after " + beforeClaim);
      JsonNode claim = accepted(id, "claim", "bob");
      assertEquals("bob", claim.path("subject").asText(), "a fresh token, verified by the worker: " + claim);
    } finally {
      realmAccessTokenLifespan(300);
    }
  }

  /** Sets the realm's access token lifespan. */
  private static void realmAccessTokenLifespan(int seconds) throws Exception {
    admin("PUT", "", "{\"accessTokenLifespan\":" + seconds + "}");
  }

  /** Keycloak's admin API on the realm, as its bootstrap administrator (admin/admin): the answer, or null when none. */
  private static JsonNode admin(String method, String path, String json) throws Exception {
    HttpClient http = HttpClient.newHttpClient();
    String base = stack.keycloak().issuer.replace("/realms/overdue", "");
    HttpResponse<String> signedIn = http.send(HttpRequest.newBuilder(URI.create(base + "/realms/master/protocol/openid-connect/token"))
            .header("Content-Type", "application/x-www-form-urlencoded")
            .POST(HttpRequest.BodyPublishers.ofString("grant_type=password&client_id=admin-cli&username=admin&password=admin")).build(),
        HttpResponse.BodyHandlers.ofString());
    assertEquals(200, signedIn.statusCode(), signedIn.body());
    String token = new ObjectMapper().readTree(signedIn.body()).path("access_token").asText();
    HttpResponse<String> answer = http.send(HttpRequest.newBuilder(URI.create(base + "/admin/realms/overdue" + path))
            .header("Authorization", "Bearer " + token).header("Content-Type", "application/json")
            .method(method, json == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(json)).build(),
        HttpResponse.BodyHandlers.ofString());
    assertTrue(answer.statusCode() / 100 == 2, method + " " + path + ": " + answer.statusCode() + " " + answer.body());
    return answer.body().isBlank() ? null : new ObjectMapper().readTree(answer.body());
  }
}
