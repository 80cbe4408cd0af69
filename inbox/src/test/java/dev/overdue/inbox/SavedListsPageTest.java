package dev.overdue.inbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.client.Approvals;
import dev.overdue.http.TemporalWithWorker;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Saved lists on the list page, over the real API: carol saves her filtered list shared with
 * finance, sees it beside the tabs and opens it; frank, in finance, sees it but cannot delete it.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, useMainMethod = SpringBootTest.UseMainMethod.ALWAYS, properties = "management.server.port=0")
class SavedListsPageTest {
  private static final TemporalWithWorker TEMPORAL = TemporalWithWorker.shared();
  private static final RunningApi API = RunningApi.on(TEMPORAL);
  private static final Pattern LINK = Pattern.compile("<a href=\"([^\"]+)\">Invoices of ACME</a>");

  @DynamicPropertySource
  static void api(DynamicPropertyRegistry properties) {
    properties.add("overdue.inbox.api-url", API::url);
  }

  @AfterAll
  static void stop() {
    API.close();
  }

  @LocalServerPort int port;

  /** An attribute's text as the browser reads it: Mustache escapes = and &. */
  private static String html(String attribute) {
    return attribute.replace("&#x3D;", "=").replace("&amp;", "&");
  }

  @Test
  void aSavedListIsListedOpensAndIsSharedWithTheGroup() throws Exception {
    String id = "SAVED-" + System.nanoTime();
    String request = ("{'requester':'alice','requestId':'" + id + "','title':'Invoice ACME " + id + "',"
        + "'data':{'amount':12000},'steps':[{'name':'manager','approvers':['carol']}]}").replace('\'', '"');
    new Approvals(TEMPORAL.client).start(new com.fasterxml.jackson.databind.ObjectMapper().readTree(request), "overdue");
    PageClient carol = new PageClient(port).signIn("carol", "finance");
    String filtered = "/tasks?view=claimable&q=" + id;
    long giveUp = System.nanoTime() + 30_000_000_000L;
    while (!carol.open(filtered).body().contains(id)) {
      assertTrue(System.nanoTime() < giveUp, "the list never showed " + id);
      Thread.sleep(200);
    }
    String page = carol.open(filtered).body();
    assertTrue(page.contains("<label for=\"saveName\">Save this list as</label>"), page);
    assertTrue(page.contains("<option value=\"\">Only me</option><option value=\"finance\">finance</option>"), page);

    PageClient.Page saved = carol.post("/tasks/saved", Map.of("view", "claimable", "q", id, "data.amount>", "10000",
        "name", "Invoices of ACME", "sharedWith", "finance"));
    assertEquals(302, saved.status(), saved.body());
    String after = carol.open(saved.location().replaceFirst("^https?://[^/]+", "")).body();
    assertTrue(after.contains("Saved this list as “Invoices of ACME”, shared with finance."), after);
    assertTrue(after.contains("<h2 id=\"saved-lists\">Saved lists</h2>"), after);
    assertTrue(after.contains("(Shared with finance)"), after);
    Matcher link = LINK.matcher(after);
    assertTrue(link.find(), after);
    String opened = carol.open(html(link.group(1))).body();
    assertTrue(opened.contains("Invoice ACME " + id), "the saved list shows the task: " + opened);
    assertTrue(opened.contains("aria-label=\"Delete the saved list Invoices of ACME\""), "hers to delete");
    assertTrue(opened.contains("name=\"data.amount&gt;\" value=\"10000\""), "the data search kept: " + opened);
    String smaller = html(link.group(1)).replace("%3E=10000", "%3E=20000");
    assertFalse(carol.open(smaller).body().contains("Invoice ACME " + id), "the data search applies");

    PageClient.Page taken = carol.post("/tasks/saved", Map.of("view", "claimable", "name", "Invoices of ACME"));
    String again = carol.open(taken.location().replaceFirst("^https?://[^/]+", "")).body();
    assertTrue(again.contains("Not saved.") && again.contains("already"), again);

    PageClient frank = new PageClient(port).signIn("frank", "finance");
    String his = frank.open("/tasks").body();
    assertTrue(his.contains("Invoices of ACME</a> <span class=\"shared\">(Shared with finance by carol)</span>"), his);
    assertFalse(his.contains("Delete the saved list Invoices of ACME"), "not his to delete");
    // The shared list runs as frank: carol's task is not his to act on, and the empty list says so.
    String hisView = frank.open(html(link.group(1))).body();
    assertFalse(hisView.contains("Invoice ACME " + id), hisView);
    assertTrue(hisView.contains("class=\"empty\">Nothing waits for you to claim it.</td>"), hisView);
    assertFalse(new PageClient(port).signIn("lena", "legal").open("/tasks").body().contains("Invoices of ACME"));

    Matcher delete = Pattern.compile("action=\"(/tasks/saved/[^\"]+/delete)\"").matcher(opened);
    assertTrue(delete.find(), opened);
    assertEquals(302, carol.post(delete.group(1), Map.of()).status());
    assertFalse(carol.open("/tasks").body().contains("Invoices of ACME"));
  }
}
