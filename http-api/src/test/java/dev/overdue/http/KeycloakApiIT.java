package dev.overdue.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.api.ApprovalCommand;
import dev.overdue.client.Approvals;
import dev.overdue.client.RefusedException;
import dev.overdue.http.ApiClient.Answer;
import dev.overdue.model.auth.AuthPolicy;
import dev.overdue.model.auth.TokenVerifier;
import dev.overdue.worker.AuthSettings;
import dev.overdue.worker.WorkerSettings;
import dev.overdue.workflow.WorkerAuthentication;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * The API behind a real OpenID Connect provider: Keycloak through {@code bin/keycloak} with the
 * realm deploy/keycloak/overdue-realm.json, whose users and groups (finance: frank, fiona; legal:
 * lena) are the worker's directory, and whose tokens (password grant, {@code bin/keycloak token})
 * are the only way in. The API finds the keys through the issuer's discovery document; the worker,
 * configured as docs/examples/keycloak.yaml says, verifies the same tokens once more, as the API
 * forwards each caller's token with their command: the workflow's own check stays the authority,
 * and the trail records the signer the worker verified. Lists on a dev server (a real visibility
 * store). Without a Java 21+ for Keycloak the test is skipped, except under CI.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "overdue.api.requests-per-second=1000")
class KeycloakApiIT {
  private static final Path EXAMPLE = Path.of("..").toAbsolutePath().normalize().resolve("docs/examples/keycloak.yaml");

  private static Keycloak keycloak;
  private static TemporalWithWorker temporal;

  @BeforeAll
  static void start() throws Exception {
    long began = System.nanoTime();
    try {
      keycloak = Keycloak.start("keycloak-api-it");
    } catch (Keycloak.NoJava21 none) {
      // Keycloak needs Java 21+, which a developer's machine may lack (the build needs 17).
      if ("true".equals(System.getenv("CI"))) {
        throw none;
      }
      Assumptions.abort(none.getMessage());
    }
    long keycloakStarted = System.nanoTime();
    assertEquals("http://127.0.0.1:" + keycloak.port + "/realms/overdue", keycloak.issuer);
    temporal = TemporalWithWorker.onDevServer("keycloak-api-it-temporal", Map.of());
    // The worker's settings as a user writes them for this realm, with the issuer it printed.
    WorkerSettings settings = WorkerSettings.load(EXAMPLE, name -> name.equals("OVERDUE_KEYCLOAK_ISSUER") ? keycloak.issuer : null);
    AuthSettings auth = settings.auth();
    assertEquals(List.of(new AuthSettings.Issuer(keycloak.issuer, keycloak.issuer + "/protocol/openid-connect/certs")), auth.issuers());
    assertEquals(AuthPolicy.OPTIONAL, auth.defaultPolicy());
    // The realm's groups are the worker's: what the token says and what the workflow checks agree.
    for (String group : List.of("finance", "legal")) {
      assertEquals(settings.directory().groups().get(group), TemporalWithWorker.GROUPS.get(group), group);
    }
    WorkerAuthentication.use(auth.defaultPolicy(), auth.verifier());
    System.out.printf("KEYCLOAK-API | Keycloak started in %d ms, dev server and worker in %d ms%n",
        (keycloakStarted - began) / 1_000_000, (System.nanoTime() - keycloakStarted) / 1_000_000);
  }

  @AfterAll
  static void stop() throws Exception {
    // Keycloak stops whatever failed before it.
    try {
      WorkerAuthentication.use(AuthPolicy.OFF, TokenVerifier.NONE);
      if (temporal != null) {
        temporal.close();
      }
    } finally {
      if (keycloak != null) {
        keycloak.close();
      }
    }
  }

  @DynamicPropertySource
  static void settings(DynamicPropertyRegistry properties) {
    temporal.register(properties);
    // The issuer only: the API reads where its keys are from the discovery document.
    properties.add("overdue.api.issuer", () -> keycloak.issuer);
    properties.add("overdue.api.user-claim", () -> "preferred_username");
  }

  @LocalServerPort int port;
  ApiClient api;

  @BeforeEach
  void client() {
    api = new ApiClient(port);
  }

  @Test
  void financeSeesAndDecidesAliceRequestAndTheWorkerRecordsWhoseTokenItWas() throws Exception {
    Answer started = api.post("/api/v1/approvals",
        "{\"requestId\":\"KC-FIN\",\"title\":\"new laptop\",\"steps\":[{\"name\":\"finance\",\"candidateGroups\":[\"finance\"]}]}",
        bearer("alice"));
    assertEquals(201, started.status(), started.text());
    assertEquals("KC-FIN", started.json().path("id").asText());
    assertEquals("alice", api.get("/api/v1/approvals/KC-FIN", bearer("alice")).json().path("requester").asText(),
        "the token's preferred_username is the requester");

    String frank = keycloak.token("frank");
    awaitClaimable(frank, "KC-FIN");
    assertTrue(ids(api.get("/api/v1/tasks?view=claimable&limit=100", bearer("fiona"))).contains("KC-FIN"), "fiona is in finance too");
    assertFalse(ids(api.get("/api/v1/tasks?view=claimable&limit=100", bearer("lena"))).contains("KC-FIN"), "lena is in legal");
    assertTrue(ids(api.get("/api/v1/tasks?view=all&limit=100", bearer("admin-ann"))).contains("KC-FIN"),
        "admin-ann's realm role overdue-admins lets her see every open approval");
    Answer notAdmin = api.get("/api/v1/tasks?view=all", bearer("alice"));
    assertEquals(403, notAdmin.status(), notAdmin.text());

    // Not hers to claim, and not hers to see: no telling that it exists.
    Answer lena = api.post("/api/v1/approvals/KC-FIN/claim", null, bearer("lena"));
    assertEquals(404, lena.status(), lena.text());
    assertEquals(404, api.get("/api/v1/approvals/KC-FIN", bearer("lena")).status());

    // As curl -X POST sends it (docs/guide/identity-provider.md): no body, no Content-Type.
    Answer claimed = api.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/v1/approvals/KC-FIN/claim"))
        .POST(HttpRequest.BodyPublishers.noBody()), "Authorization", "Bearer " + frank);
    assertEquals(200, claimed.status(), claimed.text());
    Answer approved = api.post("/api/v1/approvals/KC-FIN/approve", "{\"comment\":\"within budget\"}", bearer("frank"));
    assertEquals(200, approved.status(), approved.text());
    assertEquals("APPROVED", api.get("/api/v1/approvals/KC-FIN", bearer("alice")).json().path("state").asText());

    Answer history = api.get("/api/v1/approvals/KC-FIN/history", bearer("frank"));
    assertEquals(200, history.status(), history.text());
    for (String command : List.of("claim", "approve")) {
      JsonNode entry = accepted(history, command);
      assertEquals("frank", entry.path("input").path("user").asText(), entry.toString());
      assertEquals("frank", entry.path("subject").asText(), "verified by the worker from the forwarded token: " + entry);
      assertEquals(keycloak.issuer, entry.path("issuer").asText(), entry.toString());
    }
    assertFalse(history.text().contains(frank.substring(0, 40)), "no token in the trail");
  }

  @Test
  void aTokenOfAnotherApplicationGetsA401() throws Exception {
    String other = keycloak.token("alice", "--client", "other-app");
    for (Answer answer : List.of(
        api.get("/api/v1/tasks?view=claimable", "Authorization", "Bearer " + other),
        api.post("/api/v1/approvals", "{\"requestId\":\"KC-OTHER\",\"steps\":[{\"name\":\"m\",\"approvers\":[\"bob\"]}]}",
            "Authorization", "Bearer " + other))) {
      assertEquals(401, answer.status(), answer.text());
      assertTrue(answer.raw().headers().firstValue("WWW-Authenticate").orElse("").startsWith("Bearer"), answer.raw().headers().toString());
    }
    assertEquals(404, api.get("/api/v1/approvals/KC-OTHER", bearer("alice")).status(), "nothing was started");
  }

  @Test
  void anApprovalThatTakesSignedCommandsOnlyIsDecidedThroughTheApiWithTheForwardedToken() throws Exception {
    Answer started = api.post("/api/v1/approvals",
        "{\"requestId\":\"KC-REQ\",\"auth\":\"required\",\"steps\":[{\"name\":\"manager\",\"approvers\":[\"bob\"]}]}",
        bearer("alice"));
    assertEquals(201, started.status(), started.text());
    assertEquals("required", api.get("/api/v1/approvals/KC-REQ", bearer("alice")).json().path("auth").asText());
    // Without a token, straight to Temporal, the workflow refuses even the right user.
    RefusedException unsigned = assertThrows(RefusedException.class,
        () -> new Approvals(temporal.client).update("KC-REQ", new ApprovalCommand.Claim(null, "bob")));
    assertTrue(unsigned.getMessage().contains("signed commands only"), unsigned.getMessage());

    Answer claimed = api.post("/api/v1/approvals/KC-REQ/claim", null, bearer("bob"));
    assertEquals(200, claimed.status(), claimed.text());
    Answer approved = api.post("/api/v1/approvals/KC-REQ/approve", null, bearer("bob"));
    assertEquals(200, approved.status(), approved.text());
    Answer history = api.get("/api/v1/approvals/KC-REQ/history", bearer("alice"));
    for (String command : List.of("claim", "approve")) {
      JsonNode entry = accepted(history, command);
      assertEquals("bob", entry.path("subject").asText(), entry.toString());
      assertEquals(keycloak.issuer, entry.path("issuer").asText(), entry.toString());
    }
  }

  private String[] bearer(String user) throws Exception {
    return new String[] {"Authorization", "Bearer " + keycloak.token(user)};
  }

  /** Waits until {@code id} shows in the claimable list of the token's user: the visibility store trails the workflows. */
  private void awaitClaimable(String token, String id) throws InterruptedException {
    long giveUp = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    while (System.nanoTime() < giveUp) {
      if (ids(api.get("/api/v1/tasks?view=claimable&limit=100", "Authorization", "Bearer " + token)).contains(id)) {
        return;
      }
      Thread.sleep(200);
    }
    throw new AssertionError(id + " did not show in the claimable list within 60 s");
  }

  private static List<String> ids(Answer list) {
    assertEquals(200, list.status(), list.text());
    return list.json().path("tasks").valueStream().map(row -> row.path("id").asText()).toList();
  }

  private static JsonNode accepted(Answer history, String command) {
    assertEquals(200, history.status(), history.text());
    Stream<JsonNode> entries = history.json().valueStream();
    return entries.filter(e -> e.path("name").asText().equals(command) && e.path("accepted").asBoolean())
        .findFirst().orElseThrow(() -> new AssertionError("no accepted " + command + " in " + history.text()));
  }
}
