package dev.overdue.inbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
 * A task's page and its actions, over the real API and a worker on the embedded service, in
 * development mode: what a person reads, that a GET never acts (not even a notification's action
 * link), that every action needs the page's CSRF token, a refusal shown with the workflow's reason,
 * and what a person typed shown as text, never as markup.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, useMainMethod = SpringBootTest.UseMainMethod.ALWAYS, properties = "management.server.port=0")
class TaskPageTest {
  private static final TemporalWithWorker TEMPORAL = TemporalWithWorker.shared();
  private static final RunningApi API = RunningApi.on(TEMPORAL);
  private static int requests;

  @DynamicPropertySource
  static void api(DynamicPropertyRegistry properties) {
    properties.add("overdue.inbox.api-url", API::url);
    properties.add("overdue.inbox.zone", () -> "Europe/Zurich");
  }

  @AfterAll
  static void stop() {
    API.close();
  }

  @LocalServerPort int port;

  private static synchronized String id(String name) {
    return name + "-" + (++requests);
  }

  private String start(String requester, String json) {
    String id = id("PO");
    String request = json.replace("{'requestId':'ID'", "{'requester':'" + requester + "','requestId':'" + id + "'")
        .replace('\'', '"');
    try {
      new Approvals(TEMPORAL.client).start(new com.fasterxml.jackson.databind.ObjectMapper().readTree(request), "overdue");
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalArgumentException(request, e);
    }
    return id;
  }

  @Test
  void theTaskPageSaysWhatIsAskedWhatHappensIfNobodyActsAndWhatThePersonMayDo() {
    String id = start("carol", "{'requestId':'ID','title':'Laptop for Dana','data':{'amount':12000,'costCentre':'CC-7',"
        + "'urgent':true},'steps':[{'name':'manager','title':'Manager approval','approvers':['alice','bob'],"
        + "'startDeadlines':[{'name':'pick-up','for':'PT4H','escalations':[{'action':'reassign','to':['frank']}]}]}]}");
    PageClient alice = new PageClient(port).signIn("alice", "");
    PageClient.Page page = alice.open("/tasks/" + id);
    assertEquals(200, page.status(), page.body());
    String body = page.body();
    assertTrue(body.contains("Laptop for Dana"), body);
    assertTrue(body.contains("<dt>Cost centre</dt><dd>CC-7</dd>"), "data as labels and values: " + body);
    assertTrue(body.contains("<dt>Amount</dt><dd>12,000</dd>"), body);
    assertTrue(body.contains("<dt>Urgent</dt><dd>yes</dd>"), body);
    assertTrue(body.contains("If nobody starts work on “Manager approval” by "), "the forecast in words: " + body);
    assertTrue(body.contains("it goes to frank instead"), body);
    assertTrue(body.contains("value=\"claim\""), "alice may claim: " + body);
    assertTrue(body.contains("value=\"approve\""), body);
    assertTrue(body.contains("Development mode"), "marked on every page");
    assertFalse(body.contains("/requests/new"), "no request types, no New request tab");

    PageClient carol = new PageClient(port).signIn("carol", "");
    String hers = carol.open("/tasks/" + id).body();
    assertFalse(hers.contains("value=\"approve\""), "the requester may not decide: " + hers);
    assertTrue(hers.contains("value=\"reassign\""), hers);
  }

  @Test
  void aStepsFormBecomesInputsAndTheWorkflowRefusesAnOutputThatDoesNotFitNamingTheField() {
    String id = start("carol", "{'requestId':'ID','steps':[{'name':'finance','approvers':['frank'],'form':{'type':'object',"
        + "'properties':{'amount':{'type':'number','title':'Amount paid','minimum':0},'paidOn':{'type':'string','format':'date'},"
        + "'method':{'type':'string','enum':['card','transfer']},'receipt':{'type':'boolean','description':'A receipt is attached'}},"
        + "'required':['amount','paidOn']}}]}");
    PageClient frank = new PageClient(port).signIn("frank", "");
    String page = frank.open("/tasks/" + id).body();
    assertTrue(page.contains("<label for=\"field-amount\">Amount paid <span class=\"required\">(required)</span></label>"), page);
    assertTrue(page.contains("name=\"output.amount\" type=\"number\" inputmode=\"decimal\" step=\"any\" min=\"0\" required"), page);
    assertTrue(page.contains("name=\"output.paidOn\" type=\"date\" required"), page);
    assertTrue(page.contains("<option value=\"transfer\">transfer</option>"), page);
    assertTrue(page.contains("name=\"output.receipt\" type=\"checkbox\""), page);
    assertTrue(page.contains("A receipt is attached"), "help text: " + page);

    PageClient.Page refused = frank.post("/tasks/" + id,
        Map.of("action", "approve", "key", "f-1", "output.amount", "ten", "output.paidOn", "2026-12-01"));
    assertEquals(409, refused.status(), refused.body());
    assertTrue(refused.body().contains("output.amount: a number is needed, got &quot;ten&quot;"), refused.body());
    assertEquals("READY", new Approvals(TEMPORAL.client).status(id).steps().get(0).state(), "nothing changed");

    PageClient.Page approved = frank.post("/tasks/" + id, Map.of("action", "approve", "key", "f-2",
        "output.amount", "120.50", "output.paidOn", "2026-12-01", "output.method", "transfer", "output.receipt", "true"));
    assertEquals(302, approved.status(), approved.body());
    Map<String, Object> data = new Approvals(TEMPORAL.client).status(id).data();
    assertEquals(120.5, ((Number) data.get("amount")).doubleValue(), "a number, typed by the form");
    assertEquals("2026-12-01", data.get("paidOn"));
    assertEquals(Boolean.TRUE, data.get("receipt"));
  }

  @Test
  void theRequesterChangesADetailAndANumberStaysANumber() {
    String id = start("carol", "{'requestId':'ID','data':{'amount':12000,'supplier':'ACME'},"
        + "'steps':[{'name':'manager','approvers':['alice']}]}");
    PageClient carol = new PageClient(port).signIn("carol", "");
    String page = carol.open("/tasks/" + id).body();
    assertTrue(page.contains("<option value=\"amount\">Amount</option>"), page);
    assertEquals(302, carol.post("/tasks/" + id,
        Map.of("action", "update-data", "key", "c-1", "dataKey", "amount", "dataValue", "9500")).status());
    assertEquals(9500, ((Number) new Approvals(TEMPORAL.client).status(id).data().get("amount")).intValue());
    assertTrue(carol.open("/tasks/" + id).body().contains("<dt>Amount</dt><dd>9,500</dd>"));
    assertEquals(400, carol.post("/tasks/" + id, Map.of("action", "update-data", "key", "c-2", "dataValue", "1")).status(),
        "no detail chosen: nothing sent");
  }

  @Test
  void anActionIsAPostWithTheCsrfTokenAndADoubleSubmitActsOnce() {
    String id = start("carol", "{'requestId':'ID','steps':[{'name':'manager','approvers':['alice']}]}");
    PageClient alice = new PageClient(port).signIn("alice", "");
    alice.open("/tasks/" + id);
    PageClient.Page forged = alice.post("/tasks/" + id, Map.of("_csrf", "forged", "action", "claim"));
    assertEquals(403, forged.status(), "no valid CSRF token, no action");
    Map<String, String> claim = Map.of("action", "claim", "key", "page-1");
    assertEquals(302, alice.post("/tasks/" + id, claim).status());
    PageClient.Page again = alice.post("/tasks/" + id, claim);
    assertEquals(302, again.status(), "the same page's key: the first answer again, not a refusal");
    PageClient.Page after = alice.open("/tasks/" + id);
    assertTrue(after.body().contains("You took this task"), after.body());
    assertTrue(after.body().contains("claimed by you"), after.body());
    long claims = new Approvals(TEMPORAL.client).history(id).stream()
        .filter(entry -> entry.name().equals("claim") && entry.accepted()).count();
    assertEquals(1, claims, "claimed once");
  }

  @Test
  void aRefusalIsShownWithTheWorkflowsReasonAndChangesNothing() {
    String id = start("carol", "{'requestId':'ID','steps':[{'name':'manager','approvers':['alice','bob']}]}");
    PageClient alice = new PageClient(port).signIn("alice", "");
    PageClient bob = new PageClient(port).signIn("bob", "");
    alice.open("/tasks/" + id);
    bob.open("/tasks/" + id);
    assertEquals(302, alice.post("/tasks/" + id, Map.of("action", "claim", "key", "a-1")).status());
    PageClient.Page refused = bob.post("/tasks/" + id, Map.of("action", "approve", "key", "b-1", "comment", "fine by me"));
    assertEquals(409, refused.status());
    assertTrue(refused.body().contains("is claimed by alice; only they can decide it"), refused.body());
    assertTrue(refused.body().contains("fine by me"), "what bob typed is kept: " + refused.body());
    assertEquals("RESERVED", new Approvals(TEMPORAL.client).status(id).steps().get(0).state());
  }

  @Test
  void theFourEyesRuleOffersTheRequesterNoDecisionAndRefusesOneSentAnywayWithItsReason() {
    String id = start("carol", "{'requestId':'ID','steps':[{'name':'manager','approvers':['alice','carol'],'notBy':['requester']}]}");
    PageClient carol = new PageClient(port).signIn("carol", "");
    String page = carol.open("/tasks/" + id).body();
    assertFalse(page.contains("value=\"approve\""), "no decision offered to the requester: " + page);
    PageClient.Page refused = carol.post("/tasks/" + id, Map.of("action", "approve", "key", "c-1"));
    assertEquals(409, refused.status());
    assertTrue(refused.body().contains("notBy: requester"), "the workflow's four-eyes reason: " + refused.body());
    assertEquals("ACTIVE", new Approvals(TEMPORAL.client).status(id).state());
  }

  @Test
  void theRequesterSeesByWhenAndRemindsThemOnceAnHour() {
    String id = start("carol", "{'requestId':'ID','steps':[{'name':'manager','title':'Manager approval','approvers':['alice','bob'],"
        + "'timeout':'P3D'}]}");
    PageClient carol = new PageClient(port).signIn("carol", "");
    String page = carol.open("/tasks/" + id).body();
    assertTrue(page.contains("To be decided by <time"), "the deadline, said to whom waits for it: " + page);
    assertTrue(page.contains("class=\"quiet action-nudge\">Remind alice and bob now</button>"), page);
    assertEquals(302, carol.post("/tasks/" + id, Map.of("action", "nudge", "key", "n-1")).status());
    String after = carol.open("/tasks/" + id).body();
    assertTrue(after.contains("A reminder went to the people it waits for"), after);
    assertFalse(after.contains("value=\"nudge\""), "no button the workflow would refuse within the hour: " + after);
    assertTrue(after.contains("They were reminded just now; you can remind them again in 59 min."), after);
    assertEquals(1, new Approvals(TEMPORAL.client).history(id).stream()
        .filter(entry -> entry.name().equals("nudge") && entry.accepted()).count());
  }

  @Test
  void anActionLinkPreparesTheActionForItsRecipientAndNeverActsOnAGet() {
    String id = start("carol", "{'requestId':'ID','steps':[{'name':'manager','approvers':['alice','bob']}]}");
    PageClient bob = new PageClient(port);
    PageClient.Page toSignIn = bob.get("/tasks/" + id + "?action=approve&for=bob");
    assertEquals(302, toSignIn.status(), "signed out: to the sign-in first");
    bob.signIn("bob", "");
    PageClient.Page prepared = bob.open("/tasks/" + id + "?action=approve&for=bob");
    assertTrue(prepared.body().contains("Confirm: Approve"), prepared.body());
    assertEquals("READY", new Approvals(TEMPORAL.client).status(id).steps().get(0).state(), "a GET never acts");

    PageClient alice = new PageClient(port).signIn("alice", "");
    PageClient.Page notHers = alice.open("/tasks/" + id + "?action=approve&for=bob");
    assertTrue(notHers.body().contains("This link was sent to bob, and you are signed in as alice"), notHers.body());
    assertFalse(notHers.body().contains("Confirm:"), notHers.body());

    assertEquals(302, bob.post("/tasks/" + id, Map.of("action", "approve", "key", "link-1")).status());
    assertEquals("APPROVED", new Approvals(TEMPORAL.client).status(id).state());
  }

  @Test
  void whatPeopleTypedIsShownAsTextAndThePagesForbidInlineScripts() {
    String payload = "<script>alert(1)</script><img src=x onerror=alert(2)>";
    String id = start("carol", "{'requestId':'ID','title':'" + payload.replace("\"", "") + "','data':{'note':'" + payload
        + "'},'steps':[{'name':'manager','approvers':['alice']}]}");
    PageClient alice = new PageClient(port).signIn("alice", "");
    alice.open("/tasks/" + id);
    alice.post("/tasks/" + id, Map.of("action", "reject", "key", "x-1", "comment", payload));
    PageClient.Page page = alice.open("/tasks/" + id);
    assertFalse(page.body().contains("<script>alert"), page.body());
    assertFalse(page.body().contains("<img src=x"), page.body());
    assertTrue(page.body().contains("&lt;script&gt;alert(1)&lt;/script&gt;"), page.body());
    String policy = page.header("Content-Security-Policy");
    assertNotNull(policy);
    assertTrue(policy.contains("script-src 'self'") && !policy.contains("unsafe-inline"), policy);
    assertTrue(policy.contains("frame-ancestors 'none'"), policy);
    assertEquals("same-origin", page.header("Referrer-Policy"));
  }

  /** carol requests; alice and bob may act on "manager"; frank's "finance" may be skipped; ada administers. */
  private static final String OPERATIONS = "{'requestId':'ID','businessAdministrators':['ada'],'steps':["
      + "{'name':'manager','title':'Manager approval','approvers':['alice','bob']},"
      + "{'name':'finance','title':'Finance','approvers':['frank'],'skippable':true}]}";

  @Test
  void theTaskOperationsAreOfferedOnlyToThoseTheActionsQueryListsThemFor() {
    String id = start("carol", OPERATIONS);
    String alice = new PageClient(port).signIn("alice", "").open("/tasks/" + id).body();
    assertTrue(alice.contains("class=\"quiet action-forward\">Pass on</button>"), alice);
    assertTrue(alice.contains("<input id=\"forward-to\" name=\"to\""), "pass on's own field: " + alice);
    assertTrue(alice.contains("name=\"text\""), "alice may comment: " + alice);
    for (String notHers : new String[] {"stop", "delegate", "resolve", "nominate", "skip", "set-priority"}) {
      assertFalse(alice.contains("value=\"" + notHers + "\""), notHers + " is not alice's: " + alice);
    }
    assertFalse(alice.contains("id=\"delegate-to\""), "no field of an action not hers: " + alice);
    assertFalse(alice.contains("name=\"priority\""), alice);

    String ada = new PageClient(port).signIn("ada", "").open("/tasks/" + id).body();
    assertTrue(ada.contains("class=\"quiet action-nominate\">Add people</button>"), "a business administrator: " + ada);
    assertTrue(ada.contains("class=\"quiet action-set-priority\">Change priority</button>"), ada);
    assertTrue(ada.contains("<option value=\"5\" selected>5 – normal</option>"), ada);
    assertTrue(ada.contains("<option value=\"0\">0 – highest</option>"), ada);
    assertFalse(ada.contains("value=\"approve\""), "who manages a step does not decide it: " + ada);
  }

  @Test
  void aDelegateFormPostsToWhoHoldsItAndTheDelegateHandsItBack() {
    String id = start("carol", OPERATIONS);
    PageClient alice = new PageClient(port).signIn("alice", "");
    alice.open("/tasks/" + id);
    assertEquals(302, alice.post("/tasks/" + id, Map.of("action", "claim", "key", "d-1")).status());
    String claimed = alice.open("/tasks/" + id).body();
    assertTrue(claimed.contains("class=\"quiet action-delegate\">Hand to someone</button>"), claimed);
    PageClient.Page delegated = alice.post("/tasks/" + id,
        Map.of("action", "delegate", "key", "d-2", "to", " dora ", "comment", "while I am away"));
    assertEquals(302, delegated.status(), delegated.body());
    var step = new Approvals(TEMPORAL.client).status(id).steps().get(0);
    assertEquals("dora", step.owner(), "{to: dora}, stripped");
    assertEquals("alice", step.delegatedBy());
    assertTrue(new Approvals(TEMPORAL.client).history(id).stream()
        .anyMatch(entry -> entry.name().equals("delegate") && entry.accepted()), "sent as delegate");

    PageClient dora = new PageClient(port).signIn("dora", "");
    String hers = dora.open("/tasks/" + id).body();
    assertTrue(hers.contains("Delegated by alice"), hers);
    assertTrue(hers.contains("class=\"quiet action-resolve\">Hand back to alice</button>"), hers);
    assertEquals(302, dora.post("/tasks/" + id, Map.of("action", "resolve", "key", "d-3")).status());
    assertEquals("alice", new Approvals(TEMPORAL.client).status(id).steps().get(0).owner(), "handed back");
    assertEquals(400, alice.post("/tasks/" + id, Map.of("action", "delegate", "key", "d-4")).status(),
        "no one named: nothing sent");
  }

  @Test
  void aCommentReachesTheApprovalAndIsListedAsTextWithWhoAndWhen() {
    String id = start("carol", OPERATIONS);
    PageClient bob = new PageClient(port).signIn("bob", "");
    assertTrue(bob.open("/tasks/" + id).body().contains("No comments yet."));
    String payload = "<script>alert(1)</script> Is the quote attached?";
    assertEquals(302, bob.post("/tasks/" + id, Map.of("action", "comment", "key", "c-1", "text", payload)).status());
    var comments = new Approvals(TEMPORAL.client).status(id).comments();
    assertEquals(1, comments.size(), String.valueOf(comments));
    assertEquals("bob", comments.get(0).user());
    assertEquals(payload, comments.get(0).text(), "{text} as typed");
    String page = bob.open("/tasks/" + id).body();
    assertTrue(page.contains("Your comment was added."), page);
    assertTrue(page.contains("<strong>bob</strong> <time title=\""), "who and when: " + page);
    assertTrue(page.contains("&lt;script&gt;alert(1)&lt;/script&gt; Is the quote attached?"), page);
    assertFalse(page.contains("<script>alert"), page);

    PageClient frank = new PageClient(port).signIn("frank", "");
    frank.open("/tasks/" + id);
    PageClient.Page refused = frank.post("/tasks/" + id, Map.of("action", "comment", "key", "f-1", "text", "me too"));
    assertEquals(409, refused.status(), "frank is on a later step only: " + refused.body());
    assertTrue(refused.body().contains("Your comment was not added: “me too”"), refused.body());
  }

  @Test
  void aCommentTooLongIsRefusedInWordsAndWhatWasTypedIsKeptInTheForm() {
    String id = start("carol", OPERATIONS);
    PageClient bob = new PageClient(port).signIn("bob", "");
    bob.open("/tasks/" + id);
    String typed = "Is the quote attached? " + "x".repeat(100 * 1024 - 23);
    PageClient.Page refused = bob.post("/tasks/" + id, Map.of("action", "comment", "key", "long-1", "text", typed));
    assertEquals(422, refused.status(), "nothing sent: " + refused.body().replace(typed, "…"));
    String page = refused.body();
    assertTrue(page.contains("Your comment is too long: at most 2,000 characters; you typed 102,400."), page.replace(typed, "…"));
    assertTrue(page.contains("name=\"text\" rows=\"3\" maxlength=\"2000\" aria-invalid=\"true\" aria-describedby=\"too-long\">"
        + typed + "</textarea>"), "what was typed, in the form again, marked: " + page.replace(typed, "…"));
    assertFalse(page.contains("bytes"), "no words of the API's");
    var comments = new Approvals(TEMPORAL.client).status(id).comments();
    assertTrue(comments == null || comments.isEmpty(), "no comment added: " + comments);

    PageClient.Page decision = bob.post("/tasks/" + id, Map.of("action", "approve", "key", "long-2", "comment", typed));
    assertEquals(422, decision.status());
    assertTrue(decision.body().contains("Your comment is too long: at most 10,000 characters; you typed 102,400."),
        decision.body().replace(typed, "…"));
    assertTrue(decision.body().contains("name=\"comment\" rows=\"2\" aria-invalid=\"true\" aria-describedby=\"too-long\">"
        + typed + "</textarea>"), "what was typed, in the form again, marked");
    assertEquals("READY", new Approvals(TEMPORAL.client).status(id).steps().get(0).state(), "not approved");
  }

  @Test
  void aSkippedStepSaysSoInTheStepsList() {
    String id = start("carol", OPERATIONS);
    PageClient alice = new PageClient(port).signIn("alice", "");
    alice.open("/tasks/" + id);
    assertEquals(302, alice.post("/tasks/" + id, Map.of("action", "approve", "key", "s-1")).status());
    PageClient frank = new PageClient(port).signIn("frank", "");
    assertTrue(frank.open("/tasks/" + id).body().contains("class=\"quiet action-skip\">Skip this step</button>"));
    assertEquals(302, frank.post("/tasks/" + id, Map.of("action", "skip", "key", "s-2", "reason", "under the limit")).status());
    String page = frank.open("/tasks/" + id).body();
    assertTrue(page.contains("<strong>Finance</strong>: Skipped by you"), page);
    assertTrue(page.contains("“under the limit”"), page);
  }

  @Test
  void aTaskThePersonMayNotSeeReadsAsOneThatDoesNotExist() {
    String id = start("carol", "{'requestId':'ID','steps':[{'name':'manager','approvers':['alice']}]}");
    PageClient mallory = new PageClient(port).signIn("mallory", "");
    PageClient.Page hidden = mallory.open("/tasks/" + id);
    PageClient.Page absent = mallory.open("/tasks/NO-SUCH-" + id);
    assertEquals(404, hidden.status());
    assertEquals(404, absent.status());
    assertEquals(withoutToken(hidden.body()).replace(id, ""), withoutToken(absent.body()).replace("NO-SUCH-" + id, ""));
  }

  /** A page without its form token, which differs on every page shown. */
  private static String withoutToken(String page) {
    return page.replaceAll("name=\"_csrf\" value=\"[^\"]+\"", "name=\"_csrf\"");
  }

  @Test
  void theSessionCookieIsHttpOnlyAndSameSite() {
    PageClient visitor = new PageClient(port);
    PageClient.Page signIn = visitor.get("/sign-in");
    visitor.post("/sign-in", Map.of("user", "alice"));
    String cookie = signIn.response().headers().allValues("Set-Cookie").stream().findFirst()
        .orElseGet(() -> visitor.post("/sign-in", Map.of("user", "alice")).header("Set-Cookie"));
    assertNotNull(cookie, "a session cookie");
    assertTrue(cookie.contains("HttpOnly"), cookie);
    assertTrue(cookie.contains("SameSite=Lax"), cookie);
  }
}
