package dev.overdue.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.http.ApiClient.Answer;
import dev.overdue.model.auth.AuthPolicy;
import dev.overdue.worker.AuthSettings;
import dev.overdue.worker.JwtVerifier;
import dev.overdue.workflow.WorkerAuthentication;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The API behind an identity provider: only valid bearer tokens get an answer, the caller is who
 * the token names, and the token goes on to the workflow, whose own check of signed commands
 * records who acted. The worker trusts the same issuer, with the policy {@code optional}.
 */
@ExtendWith(OutputCaptureExtension.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "overdue.api.requests-per-second=40")
class BearerTokenApiTest {
  private static final TokenIssuer ISSUER = new TokenIssuer();
  private static final TemporalWithWorker TEMPORAL = TemporalWithWorker.shared();
  private static final AtomicInteger REQUESTS = new AtomicInteger();

  static {
    WorkerAuthentication.use(AuthPolicy.OPTIONAL, JwtVerifier.of(new AuthSettings("optional",
        List.of(new AuthSettings.Issuer(ISSUER.issuer, ISSUER.jwks)), List.of(TokenIssuer.AUDIENCE),
        "preferred_username", null, null)));
  }

  @DynamicPropertySource
  static void settings(DynamicPropertyRegistry properties) {
    TEMPORAL.register(properties);
    properties.add("overdue.api.issuer", () -> ISSUER.issuer);
    properties.add("overdue.api.jwks", () -> ISSUER.jwks);
    properties.add("overdue.api.user-claim", () -> "preferred_username");
  }

  @AfterAll
  static void stop() {
    WorkerAuthentication.use(AuthPolicy.OFF, dev.overdue.model.auth.TokenVerifier.NONE);
    ISSUER.close();
  }

  @LocalServerPort int port;
  ApiClient api;

  @BeforeEach
  void client() {
    api = new ApiClient(port);
  }

  private static String[] bearer(String token) {
    return new String[] {"Authorization", "Bearer " + token};
  }

  private String start(String requester, String approvers) {
    String id = "TOK-" + REQUESTS.incrementAndGet();
    Answer started = api.post("/api/v1/approvals",
        "{\"requestId\":\"" + id + "\",\"steps\":[{\"name\":\"manager\",\"approvers\":" + approvers + "}]}",
        bearer(ISSUER.token(requester)));
    assertEquals(201, started.status(), started.text());
    return id;
  }

  @Test
  void theTokensUserActsAndTheWorkflowRecordsWhoSignedIt() {
    String id = start("alice", "[\"bob\"]");
    Answer claimed = api.post("/api/v1/approvals/" + id + "/claim", null, bearer(ISSUER.token("bob")));
    assertEquals(200, claimed.status(), claimed.text());
    Answer history = api.get("/api/v1/approvals/" + id + "/history", bearer(ISSUER.token("bob")));
    var claim = history.json().valueStream().filter(e -> e.path("name").asText().equals("claim")).findFirst().orElseThrow();
    assertEquals("bob", claim.path("input").path("user").asText());
    assertEquals("bob", claim.path("subject").asText(), "verified by the worker, not only by the API: " + claim);
    assertEquals(ISSUER.issuer, claim.path("issuer").asText());
    assertFalse(history.text().contains(ISSUER.token("bob").substring(0, 40)), "no token in the trail");
  }

  @Test
  void everyTokenThatIsNotValidForThisApiGetsA401AndChangesNothing() {
    String id = start("alice", "[\"bob\"]");
    Map<String, String> bad = Map.of(
        "expired", ISSUER.expired("bob"),
        "another audience", ISSUER.forAudience("bob", "account"),
        "forged", ISSUER.forged("bob"),
        "not a JWT", "not-a-token",
        "unsigned", unsigned(ISSUER.token("bob")));
    bad.forEach((what, token) -> {
      Answer answer = api.post("/api/v1/approvals/" + id + "/claim", null, bearer(token));
      assertEquals(401, answer.status(), what + ": " + answer.text());
      assertTrue(answer.raw().headers().firstValue("WWW-Authenticate").orElse("").startsWith("Bearer"), what);
      assertEquals("application/problem+json", answer.contentType(), what);
    });
    Answer none = api.get("/api/v1/approvals/" + id);
    assertEquals(401, none.status());
    Answer status = api.get("/api/v1/approvals/" + id, bearer(ISSUER.token("bob")));
    assertEquals("READY", status.json().path("steps").get(0).path("state").asText(), "nothing changed");
  }

  @Test
  void aHeaderNamingAnotherUserCountsForNothingWhenTokensAreRequired() {
    String id = start("alice", "[\"bob\"]");
    Answer answer = api.post("/api/v1/approvals/" + id + "/claim", null, "X-Overdue-User", "bob");
    assertEquals(401, answer.status(), "development mode's header is no way in: " + answer.text());
  }

  @Test
  void anotherUsersTaskIsNotTheirsToAct() {
    String id = start("alice", "[\"bob\"]");
    assertEquals(404, api.post("/api/v1/approvals/" + id + "/claim", null, bearer(ISSUER.token("frank"))).status());
    Answer requester = api.post("/api/v1/approvals/" + id + "/approve", null, bearer(ISSUER.token("alice")));
    assertEquals(409, requester.status(), "alice may see her request but not decide bob's step: " + requester.text());
  }

  @Test
  void aFloodFromOneCallerIsLimitedWhileOthersAreServed() {
    String flood = ISSUER.token("lena");
    int limited = 0;
    for (int i = 0; i < 120; i++) {
      if (api.get("/api/v1/approvals/NONE", bearer(flood)).status() == 429) {
        limited++;
      }
    }
    assertTrue(limited > 0, "lena's 120 requests in a row met the limit of 40 a second");
    Answer other = api.get("/api/v1/approvals/NONE", bearer(ISSUER.token("carol")));
    assertEquals(404, other.status(), "carol is served meanwhile: " + other.text());
  }

  @Test
  void aRequesterCannotApproveTheirOwnRequestUnderFourEyesWhateverTheirToken() {
    String id = "TOK-" + REQUESTS.incrementAndGet();
    Answer started = api.post("/api/v1/approvals", "{\"requestId\":\"" + id + "\",\"steps\":[{\"name\":\"manager\","
        + "\"approvers\":[\"alice\",\"bob\"],\"notBy\":[\"requester\"]}]}", bearer(ISSUER.token("alice")));
    assertEquals(201, started.status(), started.text());
    Answer claim = api.post("/api/v1/approvals/" + id + "/claim", null, bearer(ISSUER.token("alice")));
    assertEquals(409, claim.status(), claim.text());
    assertTrue(claim.detail().contains("notBy: requester"), claim.detail());
    Answer approve = api.post("/api/v1/approvals/" + id + "/approve", null, bearer(ISSUER.token("alice")));
    assertEquals(409, approve.status(), approve.text());
    Answer status = api.get("/api/v1/approvals/" + id, bearer(ISSUER.token("alice")));
    assertEquals("ACTIVE", status.json().path("state").asText(), "nothing changed");
  }

  @Test
  void noTokenReachesTheLog(CapturedOutput output) {
    String id = start("alice", "[\"bob\"]");
    List<String> tokens = List.of(ISSUER.token("bob"), ISSUER.expired("bob"), ISSUER.forged("bob"),
        ISSUER.forAudience("bob", "account"));
    for (String token : tokens) {
      api.post("/api/v1/approvals/" + id + "/claim", null, bearer(token));
      api.post("/api/v1/approvals/" + id + "/approve", "{\"coment\":1}", bearer(token));
    }
    api.post("/api/v1/approvals/" + id + "/release", null, bearer(tokens.get(0)));
    for (String token : tokens) {
      String signature = token.substring(token.lastIndexOf('.') + 1);
      assertFalse(output.getAll().contains(signature), "a token's signature in the log");
      assertFalse(output.getAll().contains(token.substring(0, token.indexOf('.') + 20)), "a token in the log");
    }
  }

  /** The token's header and claims with {@code alg: none} and no signature. */
  private static String unsigned(String token) {
    String[] parts = token.split("\\.");
    String header = java.util.Base64.getUrlEncoder().withoutPadding()
        .encodeToString("{\"alg\":\"none\"}".getBytes(java.nio.charset.StandardCharsets.UTF_8));
    return header + "." + parts[1] + ".";
  }
}
