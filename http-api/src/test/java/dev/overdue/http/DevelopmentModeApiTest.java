package dev.overdue.http;

import static dev.overdue.http.ApiClient.as;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.http.ApiClient.Answer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The API in development mode (no identity provider: the caller is the X-Overdue-User header)
 * over the embedded Temporal service and a real worker: what an approver and a requester get for
 * each call, and the problem+json answers for everything that is refused.
 */
// The class tests what each call answers, not the per-caller rate limit (BearerTokenApiTest does):
// alice and bob send more than 20 requests in some second whenever the machine is quick.
@SpringBootTest(
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = "overdue.api.requests-per-second=100000")
class DevelopmentModeApiTest {
  private static final TemporalWithWorker TEMPORAL = TemporalWithWorker.shared();
  private static int requests;

  @DynamicPropertySource
  static void temporal(DynamicPropertyRegistry properties) {
    TEMPORAL.register(properties);
  }


  @LocalServerPort int port;
  @LocalManagementPort int managementPort;
  ApiClient api;

  @BeforeEach
  void client() {
    api = new ApiClient(port);
  }

  /** A new request id per test: the approvals live on one service for the whole class. */
  private static synchronized String id(String name) {
    return name + "-" + (++requests);
  }

  private String start(String requester, String request) {
    Answer started = api.post("/api/v1/approvals", request.replace('\'', '"'), as(requester));
    assertEquals(201, started.status(), started.text());
    return started.json().path("id").asText();
  }

  @Test
  void aRequesterStartsAnApprovalAndItsApproverDecidesIt() {
    String id = start("alice", "{'requestId':'" + id("PO") + "','title':'Laptop','steps':[{'name':'manager','approvers':['bob']}]}");

    Answer status = api.get("/api/v1/approvals/" + id, as("bob"));
    assertEquals(200, status.status(), status.text());
    assertEquals("alice", status.json().path("requester").asText(), "the caller is the requester");
    assertEquals("manager", status.json().path("currentStep").asText());

    assertEquals(200, api.post("/api/v1/approvals/" + id + "/claim", null, as("bob")).status());
    Answer approved = api.post("/api/v1/approvals/" + id + "/approve", "{\"comment\":\"fine\"}", as("bob"));
    assertEquals(200, approved.status(), approved.text());
    assertEquals("approve", approved.json().path("command").asText());
    assertEquals("APPROVED", api.get("/api/v1/approvals/" + id, as("alice")).json().path("state").asText());
    Answer history = api.get("/api/v1/approvals/" + id + "/history", as("alice"));
    assertTrue(history.text().contains("fine"), "the trail has bob's comment: " + history.text());
  }

  @Test
  void theRequesterNudgesAStepOnceAnHour() {
    String id = start("alice", "{'requestId':'" + id("NUDGE") + "','steps':[{'name':'manager','approvers':['bob']}]}");
    Answer nudged = api.post("/api/v1/approvals/" + id + "/nudge", null, as("alice"));
    assertEquals(200, nudged.status(), nudged.text());
    assertEquals("step manager: bob reminded by alice", nudged.json().path("message").asText());
    Answer again = api.post("/api/v1/approvals/" + id + "/nudge", null, as("alice"));
    assertEquals(409, again.status(), again.text());
    assertTrue(again.text().contains("you can nudge again in"), again.text());
  }

  @Test
  void eachCallerIsToldTheActionsTheWorkflowWouldTakeFromThem() {
    String id = start("alice", "{'requestId':'" + id("ACT") + "','steps':[{'name':'manager','approvers':['bob','carol']}]}");
    assertEquals("[\"claim\",\"start\",\"approve\",\"reject\",\"reassign\",\"update-data\",\"forward\",\"comment\",\"set-follow-up\"]",
        api.get("/api/v1/approvals/" + id + "/actions", as("bob")).json().path("actions").toString());
    assertEquals("[\"reassign\",\"update-data\",\"comment\",\"set-follow-up\",\"nudge\"]",
        api.get("/api/v1/approvals/" + id + "/actions", as("alice")).json().path("actions").toString(), "the requester");
    assertEquals(200, api.post("/api/v1/approvals/" + id + "/claim", null, as("bob")).status());
    assertEquals("[\"reassign\",\"update-data\",\"forward\",\"comment\",\"set-follow-up\"]",
        api.get("/api/v1/approvals/" + id + "/actions", as("carol")).json().path("actions").toString(), "bob claimed it");
    assertEquals(404, api.get("/api/v1/approvals/" + id + "/actions", as("frank")).status(), "a stranger");
  }

  @Test
  void theTaskOperationsDelegateCommentSkipAndSetPriorityThroughHttp() {
    String id = start("alice", "{'requestId':'" + id("OPS") + "','businessAdministrators':['ada'],'steps':["
        + "{'name':'manager','approvers':['bob','carol']},{'name':'finance','approvers':['frank'],'skippable':true},"
        + "{'name':'legal','approvers':['lena']}]}");
    String at = "/api/v1/approvals/" + id;
    ok(api.post(at + "/claim", null, as("bob")));
    ok(api.post(at + "/delegate", "{\"to\":\"dora\",\"comment\":\"while I am away\"}", as("bob")));
    Answer delegated = api.get(at, as("dora"));
    assertEquals("dora", delegated.json().path("steps").get(0).path("owner").asText(), delegated.text());
    assertEquals("bob", delegated.json().path("steps").get(0).path("delegatedBy").asText());
    assertTrue(api.get(at + "/actions", as("dora")).text().contains("\"resolve\""), "dora may hand it back");
    ok(api.post(at + "/resolve", "{\"comment\":\"checked\"}", as("dora")));
    assertEquals("bob", api.get(at, as("bob")).json().path("steps").get(0).path("owner").asText(), "handed back");

    ok(api.post(at + "/comment", "{\"text\":\"Is the quote attached?\"}", as("bob")));
    ok(api.post(at + "/comment", "{\"text\":\"Yes, page 2.\"}", as("alice")));
    Answer status = api.get(at, as("alice"));
    assertEquals(2, status.json().path("commentCount").asInt(), status.text());
    assertEquals("bob", status.json().path("comments").get(0).path("user").asText());
    assertEquals("Yes, page 2.", status.json().path("comments").get(1).path("text").asText());
    Answer refused = api.post(at + "/comment", "{\"text\":\"hi\"}", as("frank"));
    assertEquals(409, refused.status(), "frank is on a later step only: " + refused.text());
    assertTrue(refused.detail().contains("frank may not comment on step manager"), refused.detail());

    ok(api.post(at + "/approve", null, as("bob")));
    ok(api.post(at + "/skip", "{\"reason\":\"under the limit\"}", as("alice")));
    Answer skipped = api.get(at, as("alice"));
    assertEquals("SKIPPED", skipped.json().path("steps").get(1).path("outcome").asText(), skipped.text());
    assertEquals("legal", skipped.json().path("currentStep").asText());
    ok(api.post(at + "/set-priority", "{\"priority\":1}", as("ada")));
    assertEquals(1, api.get(at, as("ada")).json().path("steps").get(2).path("priority").asInt());
    ok(api.post(at + "/set-follow-up", "{\"at\":\"2030-01-15T09:00:00Z\"}", as("lena")));
    Answer followUp = api.get(at, as("lena"));
    assertEquals("2030-01-15T09:00:00Z", followUp.json().path("steps").get(2).path("followUp").asText(), followUp.text());
    ok(api.post(at + "/set-follow-up", "{\"at\":\"none\"}", as("alice")));
    assertTrue(api.get(at, as("alice")).json().path("steps").get(2).path("followUp").isMissingNode(), "cleared");

    for (String[] bad : new String[][] {{"/skip", "{}", "reason"}, {"/delegate", "{}", "to"},
        {"/forward", "{\"to\":[]}", "to"}, {"/set-priority", "{}", "priority"}, {"/comment", "{\"txt\":\"x\"}", "txt"},
        {"/set-follow-up", "{}", "at"}}) {
      Answer answer = api.post(at + bad[0], bad[1], as("lena"));
      assertEquals(400, answer.status(), bad[0] + ": " + answer.text());
      assertEquals(bad[2], answer.json().path("field").asText(), bad[0]);
    }
  }

  private static void ok(Answer answer) {
    assertEquals(200, answer.status(), answer.text());
  }

  @Test
  void theCallerIsToldWhoTheApiTakesThemFor() {
    Answer me = api.get("/api/v1/me", "X-Overdue-User", "ann", "X-Overdue-Groups", "finance, overdue-admins");
    assertEquals(200, me.status(), me.text());
    assertEquals("ann", me.json().path("user").asText());
    assertEquals("[\"finance\",\"overdue-admins\"]", me.json().path("groups").toString());
    assertTrue(me.json().path("admin").asBoolean(), "a member of overdue-admins");
    assertEquals(401, api.get("/api/v1/me").status(), "no caller");
  }

  @Test
  void anApprovalTheCallerMayNotSeeIsNotFoundAsOneThatDoesNotExist() {
    String id = start("alice", "{'requestId':'" + id("HID") + "','steps':[{'name':'manager','approvers':['bob']}]}");
    Answer stranger = api.get("/api/v1/approvals/" + id, as("frank"));
    Answer nothing = api.get("/api/v1/approvals/NO-SUCH-" + id, as("frank"));
    assertEquals(404, stranger.status());
    assertEquals(404, nothing.status());
    assertEquals("application/problem+json", stranger.contentType());
    assertEquals(stranger.json().path("title"), nothing.json().path("title"));

    Answer claim = api.post("/api/v1/approvals/" + id + "/claim", null, as("frank"));
    assertEquals(404, claim.status(), "a refused action tells a stranger nothing: " + claim.text());
    assertEquals("READY", api.get("/api/v1/approvals/" + id, as("bob")).json().path("steps").get(0).path("state").asText());
  }

  @Test
  void aRefusalIsTheWorkflowsOwnReasonAndChangesNothing() {
    String id = start("alice", "{'requestId':'" + id("FOUR") + "','steps':[{'name':'manager','approvers':['alice','bob'],'notBy':['requester']}]}");
    Answer claim = api.post("/api/v1/approvals/" + id + "/claim", null, as("alice"));
    assertEquals(409, claim.status(), claim.text());
    assertEquals("application/problem+json", claim.contentType());
    assertTrue(claim.detail().contains("notBy: requester"), claim.detail());
    Answer status = api.get("/api/v1/approvals/" + id, as("alice"));
    assertEquals("READY", status.json().path("steps").get(0).path("state").asText(), "nothing changed");
    String metrics = new ApiClient(managementPort).get("/actuator/prometheus").text();
    assertTrue(metrics.contains("overdue_api_refusals_total{action=\"claim\"") , "refusals counted: " + metrics);
    assertTrue(metrics.contains("http_server_requests_seconds_count{"), "requests counted");
  }

  @Test
  void aRetryWithTheSameIdempotencyKeyAnswersTheFirstResultAndActsOnce() {
    String id = start("alice", "{'requestId':'" + id("IDEM") + "','steps':[{'name':'manager','approvers':['bob']}]}");
    String[] headers = {"X-Overdue-User", "bob", "Idempotency-Key", "claim-1"};
    Answer first = api.post("/api/v1/approvals/" + id + "/claim", null, headers);
    Answer again = api.post("/api/v1/approvals/" + id + "/claim", null, headers);
    assertEquals(200, first.status(), first.text());
    assertEquals(200, again.status(), again.text());
    assertEquals(first.json(), again.json(), "the first answer, again");
    Answer without = api.post("/api/v1/approvals/" + id + "/claim", null, as("bob"));
    assertEquals(409, without.status(), "a new claim is refused: " + without.text());
    long claims = api.get("/api/v1/approvals/" + id + "/history", as("bob")).json().valueStream()
        .filter(entry -> entry.path("name").asText().equals("claim") && entry.path("accepted").asBoolean())
        .count();
    assertEquals(1, claims, "claimed once");
  }

  @Test
  void aRequestIdWhoseApprovalEndedIsAConflictNamingItsOutcomeUnlessStartedAgain() {
    String id = id("USED");
    String request = "{'requestId':'" + id + "','title':'Desk','steps':[{'name':'manager','approvers':['bob']}]}";
    Answer first = api.post("/api/v1/approvals", request.replace('\'', '"'), as("alice"));
    assertEquals(201, first.status(), first.text());
    String firstRun = first.json().path("runId").asText();
    assertFalse(firstRun.isEmpty(), "the run it started: " + first.text());
    assertEquals(200, api.post("/api/v1/approvals/" + id + "/reject", "{\"comment\":\"no\"}", as("bob")).status());
    // The reject is answered once decided; the run closes just after: wait for that, not for a time.
    new dev.overdue.client.Approvals(TEMPORAL.client).result(id);

    Answer refused = api.post("/api/v1/approvals", request.replace('\'', '"'), as("alice"));
    assertEquals(409, refused.status(), refused.text());
    assertEquals("application/problem+json", refused.contentType());
    assertTrue(refused.detail().startsWith("request " + id + " was already used: approval-" + id + " ended REJECTED on "),
        refused.detail());
    assertTrue(refused.detail().contains("(decided by bob)") && refused.detail().contains("again=true"), refused.detail());
    assertEquals("https://overdue.dev/problems/request-id-used", refused.json().path("type").asText());
    assertEquals(firstRun, refused.json().path("runId").asText());
    assertEquals("REJECTED", refused.json().path("outcome").asText());
    assertEquals("COMPLETED", refused.json().path("executionStatus").asText());
    assertEquals(409, refused.json().path("status").asInt());
    assertEquals("REJECTED", api.get("/api/v1/approvals/" + id, as("alice")).json().path("state").asText(),
        "nothing was started");

    Answer stranger = api.post("/api/v1/approvals",
        request.replace('\'', '"').replace("}]}", "}],\"requester\":\"frank\"}"), as("frank"));
    assertEquals(409, stranger.status(), stranger.text());
    assertFalse(stranger.text().contains("bob") || stranger.text().contains("REJECTED"),
        "a stranger learns nothing of an approval they may not see: " + stranger.text());

    Answer takeover = api.post("/api/v1/approvals?again=true",
        request.replace('\'', '"').replace("}]}", "}],\"requester\":\"frank\"}"), as("frank"));
    assertEquals(403, takeover.status(), "only alice, who asked, may run the number again: " + takeover.text());
    assertEquals("REJECTED", api.get("/api/v1/approvals/" + id, as("alice")).json().path("state").asText(),
        "nothing was started");

    Answer again = api.post("/api/v1/approvals?again=true", request.replace('\'', '"'), as("alice"));
    assertEquals(201, again.status(), again.text());
    String secondRun = again.json().path("runId").asText();
    assertNotEquals(firstRun, secondRun, "a new run");
    assertEquals("ACTIVE", api.get("/api/v1/approvals/" + id, as("alice")).json().path("state").asText(), "the latest run");
    assertEquals("REJECTED", api.get("/api/v1/approvals/" + id + "?run=" + firstRun, as("alice")).json().path("state").asText(),
        "the earlier run, by its run id");
    assertTrue(api.get("/api/v1/approvals/" + id + "/history?run=" + firstRun, as("alice")).text().contains("\"no\""),
        "the earlier run's trail");

    Answer running = api.post("/api/v1/approvals?again=true", request.replace('\'', '"'), as("alice"));
    assertEquals(409, running.status(), "a running approval is never started twice: " + running.text());
    assertTrue(running.detail().contains("is running"), running.detail());
  }

  @Test
  void aRequestTheWorkflowsRulesRefuseIsUnprocessableAndNothingStarts() {
    String id = id("BAD");
    Answer refused = api.post("/api/v1/approvals",
        "{\"requestId\":\"" + id + "\",\"steps\":[{\"name\":\"manager\",\"approvers\":[],\"timeout\":\"soon\"}]}", as("alice"));
    assertEquals(422, refused.status(), refused.text());
    assertTrue(refused.detail().contains("timeout"), refused.detail());
    assertEquals(404, api.get("/api/v1/approvals/" + id, as("alice")).status(), "nothing was started");
  }

  @Test
  void dataThatDoesNotFitTheRequestsDataFormIsUnprocessableNamingTheField() {
    String id = id("FORM");
    Answer refused = api.post("/api/v1/approvals",
        "{\"requestId\":\"" + id + "\",\"data\":{\"amount\":\"ten\"},\"dataForm\":{\"type\":\"object\","
            + "\"properties\":{\"amount\":{\"type\":\"number\",\"minimum\":0},\"supplier\":{\"type\":\"string\"}},"
            + "\"required\":[\"amount\",\"supplier\"]},\"steps\":[{\"name\":\"manager\",\"approvers\":[\"bob\"]}]}",
        as("alice"));
    assertEquals(422, refused.status(), refused.text());
    assertTrue(refused.detail().contains("data.amount: a number is needed, got \"ten\""), refused.detail());
    assertTrue(refused.detail().contains("data.supplier: text is needed, got nothing"), refused.detail());
    assertEquals(404, api.get("/api/v1/approvals/" + id, as("alice")).status(), "nothing was started");
  }

  @Test
  void aRequesterMayNotRequestInSomeoneElsesName() {
    Answer refused = api.post("/api/v1/approvals",
        "{\"requestId\":\"" + id("NAME") + "\",\"requester\":\"bob\",\"steps\":[{\"name\":\"m\",\"approvers\":[\"carol\"]}]}",
        as("alice"));
    assertEquals(422, refused.status(), refused.text());
    assertEquals("requester", refused.json().path("field").asText());
  }

  @Test
  void badInputIsA400NamingTheField() {
    String id = start("alice", "{'requestId':'" + id("IN") + "','steps':[{'name':'manager','approvers':['bob']}]}");
    Answer unknown = api.post("/api/v1/approvals/" + id + "/approve", "{\"coment\":\"typo\"}", as("bob"));
    assertEquals(400, unknown.status(), unknown.text());
    assertEquals("coment", unknown.json().path("field").asText());
    Answer wrongType = api.post("/api/v1/approvals/" + id + "/reassign", "{\"to\":\"carol\"}", as("bob"));
    assertEquals(400, wrongType.status(), wrongType.text());
    assertEquals("to", wrongType.json().path("field").asText());
    Answer notJson = api.post("/api/v1/approvals/" + id + "/approve", "{not json", as("bob"));
    assertEquals(400, notJson.status(), notJson.text());
    Answer deep = api.post("/api/v1/approvals/" + id + "/update-data",
        "{\"data\":" + "{\"a\":".repeat(100) + "1" + "}".repeat(100) + "}", as("bob"));
    assertEquals(400, deep.status(), deep.text());
    Answer huge = api.post("/api/v1/approvals/" + id + "/update-data",
        "{\"data\":{\"x\":\"" + "x".repeat(100_000) + "\"}}", as("bob"));
    assertEquals(413, huge.status(), huge.text());
    Answer noOutcome = api.post("/api/v1/approvals/" + id + "/complete", "{}", as("bob"));
    assertEquals(400, noOutcome.status());
    assertEquals("outcome", noOutcome.json().path("field").asText());
    assertEquals("READY", api.get("/api/v1/approvals/" + id, as("bob")).json().path("steps").get(0).path("state").asText(),
        "nothing changed");
  }

  @Test
  void withoutACallerNothingIsAnswered() {
    Answer anonymous = api.get("/api/v1/tasks");
    assertEquals(401, anonymous.status(), anonymous.text());
    assertEquals("application/problem+json", anonymous.contentType());
    assertEquals(200, api.get("/healthz").status(), "the probes need no caller");
  }
}
