package dev.overdue.inbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.api.StatusInfo;
import dev.overdue.client.Approvals;
import dev.overdue.http.TemporalWithWorker;
import java.nio.file.Path;
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
 * Starting a request from the inbox, with docs/examples/request-types (what bin/overdue-up gives
 * the inbox), over the real API and a worker on the embedded service: the types listed, a type's
 * data form rendered with its constraints, a start the workflow refuses shown on the form with what
 * was typed and nothing started, then started in the signed-in person's name; CSRF needed.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, useMainMethod = SpringBootTest.UseMainMethod.ALWAYS, properties = "management.server.port=0")
class NewRequestPageTest {
  private static final TemporalWithWorker TEMPORAL = TemporalWithWorker.shared();
  private static final RunningApi API = RunningApi.on(TEMPORAL);
  private static final Path TYPES = Path.of("..", "docs", "examples", "request-types").toAbsolutePath().normalize();
  private static final Pattern REQUEST_ID = Pattern.compile("name=\"requestId\" value=\"(PO-\\d{4}-[A-Z2-7]{5})\"");

  @DynamicPropertySource
  static void api(DynamicPropertyRegistry properties) {
    properties.add("overdue.inbox.api-url", API::url);
    properties.add("overdue.inbox.request-types", TYPES::toString);
  }

  @AfterAll
  static void stop() {
    API.close();
  }

  @LocalServerPort int port;

  @Test
  void aRequesterPicksATypeFillsInItsDataFormAndTheWorkflowChecksIt() {
    PageClient carol = new PageClient(port).signIn("carol", "");
    String types = carol.open("/requests/new").body();
    assertTrue(types.contains("<a href=\"/requests/new\" aria-current=\"page\">New request</a>"),
        "a tab when types are configured: " + types);
    assertTrue(types.contains("<a href=\"/requests/new/purchase-order\">Purchase order</a>"), types);

    String form = carol.open("/requests/new/purchase-order").body();
    assertTrue(form.contains("name=\"data.amount\" type=\"number\" inputmode=\"decimal\" step=\"any\" min=\"0\" required"), form);
    assertTrue(form.contains("name=\"data.supplier\" type=\"text\" required maxlength=\"200\""), form);
    assertTrue(form.contains("name=\"data.neededBy\" type=\"date\">"), form);
    assertTrue(form.contains("<label for=\"field-costCentre\">Cost centre</label>"), form);
    assertTrue(form.contains("As on the budget, such as IT-200"), "help text: " + form);
    assertTrue(form.contains("name=\"title\" type=\"text\" required maxlength=\"500\" value=\"Purchase order\""), form);
    Matcher given = REQUEST_ID.matcher(form);
    assertTrue(given.find(), "the page's id, <prefix>-<year>-<5 base32>: " + form);
    String id = given.group(1);
    assertTrue(form.contains("<button type=\"submit\">Send request</button>"), "no number on the button: " + form);
    assertTrue(form.contains("Its number will be <strong id=\"request-number\">" + id + "</strong>."), form);
    Map<String, String> typed = Map.of("key", "n-1", "requestId", id, "title", "Purchase order: 40 laptops",
        "data.amount", "ten", "data.supplier", "ACME <b>", "data.neededBy", "2026-12-31");

    PageClient.Page forged = carol.post("/requests/new/purchase-order", with(typed, "_csrf", "forged"));
    assertEquals(403, forged.status(), "no valid CSRF token, no request");

    carol.open("/requests/new/purchase-order");
    PageClient.Page refused = carol.post("/requests/new/purchase-order", typed);
    assertEquals(422, refused.status(), refused.body());
    String shown = refused.body();
    assertTrue(shown.contains("<li>data.amount: a number is needed, got &quot;ten&quot;</li>"), shown);
    assertTrue(shown.contains("aria-invalid=\"true\">"), "the field marked: " + shown);
    assertTrue(shown.contains("value=\"ACME &lt;b&gt;\""), "what was typed kept, as text: " + shown);
    assertTrue(shown.contains("value=\"2026-12-31\""), shown);
    assertTrue(shown.contains("value=\"Purchase order: 40 laptops\""), shown);
    assertTrue(shown.contains("name=\"requestId\" value=\"" + id + "\""), "the same id: nothing was started");
    assertEquals(404, carol.get("/tasks/" + id).status(), "nothing was started");

    PageClient.Page sent = carol.post("/requests/new/purchase-order",
        with(with(typed, "data.amount", "1850"), "key", "n-2"));
    assertEquals(302, sent.status(), sent.body());
    assertTrue(sent.location().endsWith("/tasks/" + id), sent.location());
    PageClient.Page again = carol.post("/requests/new/purchase-order", with(with(typed, "data.amount", "1850"), "key", "n-2"));
    assertEquals(302, again.status(), "a double click: the first answer again, " + again.body());
    String page = carol.open("/tasks/" + id).body();
    assertTrue(page.contains("Your request " + id + " was sent."), page);
    assertTrue(page.contains("<a href=\"/requests/new\">New request</a>"), "the tab on every page: " + page);
    assertTrue(page.contains("Purchase order: 40 laptops"), page);
    assertTrue(page.contains("<dt>Amount (CHF)</dt><dd>1,850</dd>"), "a key field under its form's title: " + page);

    PageClient.Page back = carol.post("/requests/new/purchase-order", with(with(typed, "data.amount", "1900"), "key", "n-3"));
    assertEquals(409, back.status(), "the page's id sent again with other data: " + back.body());
    assertTrue(back.body().contains("exists already"), back.body());
    Matcher fresh = REQUEST_ID.matcher(back.body());
    assertTrue(fresh.find() && !fresh.group(1).equals(id), "the form again, with a new id: " + back.body());

    StatusInfo status = new Approvals(TEMPORAL.client).status(id);
    assertEquals("carol", status.requester(), "the signed-in person is the requester");
    assertEquals("ACME <b>", status.data().get("supplier"));
    assertEquals(1850, ((Number) status.data().get("amount")).intValue(), "started once, with the first data");
    assertEquals("2026-12-31", status.data().get("neededBy"));
  }

  @Test
  void anUnknownTypeIsNotFound() {
    PageClient carol = new PageClient(port).signIn("carol", "");
    assertEquals(404, carol.get("/requests/new/no-such-type").status());
  }

  private static Map<String, String> with(Map<String, String> fields, String name, String value) {
    Map<String, String> more = new java.util.LinkedHashMap<>(fields);
    more.put(name, value);
    return more;
  }
}
