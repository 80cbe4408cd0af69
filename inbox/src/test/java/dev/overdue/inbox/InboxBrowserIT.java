package dev.overdue.inbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.GreenMailUtil;
import com.icegreen.greenmail.util.ServerSetup;
import dev.overdue.activities.settings.EmailSettings;
import dev.overdue.activities.settings.InboxSettings;
import dev.overdue.activities.settings.NotificationSettings;
import dev.overdue.client.Approvals;
import jakarta.mail.internet.MimeMessage;
import dev.overdue.http.TemporalWithWorker;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The inbox as a person uses it, in a real headless Chromium, over a dev server (lists need its
 * visibility store), a worker and the real API: sign in, find the task, claim it, approve it, and
 * watch it leave the others' lists; a refusal from a page gone stale; a task escalating while its
 * list is open; markup typed by people shown as text; an e-mail's action link, opened signed out;
 * axe-core's rules on every page; screenshots
 * at 1,400, 1,000 and 400 px. Skipped when Chromium is missing, unless CI is set.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.DEFINED_PORT, useMainMethod = SpringBootTest.UseMainMethod.ALWAYS,
    properties = {"management.server.port=0", "overdue.inbox.refresh=2s", "overdue.inbox.zone=Europe/Zurich"})
class InboxBrowserIT {
  /** The inbox's port, chosen first: the worker's messages link to it. */
  private static final int PORT = TemporalWithWorker.freePort();
  /** Where the worker's e-mail goes (everyone is {@code <user>@example.com}). */
  private static final GreenMail MAIL = mailServer();
  /** Started once for the class (never in the property source, which Spring may call more than once). */
  private static final TemporalWithWorker temporal = TemporalWithWorker.onDevServer("inbox-browser", Map.of(),
      new NotificationSettings(null, null,
          new EmailSettings("127.0.0.1", MAIL.getSmtp().getPort(), "off", null, null, "Overdue <overdue@example.com>", null),
          null, null, new InboxSettings("http://127.0.0.1:" + PORT)));
  private static final RunningApi api = RunningApi.on(temporal);
  private static int requests;

  @BeforeAll
  static void chromiumOrCi() {
    String ci = System.getenv("CI");
    assumeTrue(Files.isExecutable(Chromium.BROWSER) || (ci != null && !ci.isBlank()),
        Chromium.BROWSER + " is missing (apt-get install chromium chromium-driver); skipped outside CI");
  }

  @DynamicPropertySource
  static void stack(DynamicPropertyRegistry properties) {
    properties.add("overdue.inbox.api-url", api::url);
    properties.add("server.port", () -> PORT);
    properties.add("overdue.inbox.request-types",
        () -> Path.of("..", "docs", "examples", "request-types").toAbsolutePath().normalize().toString());
  }

  private static GreenMail mailServer() {
    GreenMail mail = new GreenMail(new ServerSetup(TemporalWithWorker.freePort(), "127.0.0.1", ServerSetup.PROTOCOL_SMTP));
    mail.start();
    return mail;
  }

  @AfterAll
  static void stop() {
    api.close();
    temporal.close();
    MAIL.stop();
  }

  @TempDir Path profile;
  private Chromium chromium;
  private WebDriver browser;

  @BeforeEach
  void open() {
    chromium = new Chromium(profile, Path.of("target", "chromedriver-inbox.log"));
    browser = chromium.driver;
  }

  @AfterEach
  void close() {
    chromium.close();
  }

  private static synchronized String id(String name) {
    return name + "-" + (++requests);
  }

  private static String start(String requester, String json) throws Exception {
    String request = json.replace("{'requestId':'", "{'requester':'" + requester + "','requestId':'").replace('\'', '"');
    new Approvals(temporal.client).start(new ObjectMapper().readTree(request), "overdue");
    return new ObjectMapper().readTree(request).path("requestId").asText();
  }

  private String url(String path) {
    return "http://127.0.0.1:" + PORT + path;
  }

  /** The line of {@code user}'s mail about {@code id} that starts with {@code label}, once it arrived. */
  private static String mailLine(String user, String id, String label) throws Exception {
    long giveUp = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    while (System.nanoTime() < giveUp) {
      for (MimeMessage message : MAIL.getReceivedMessages()) {
        String body = GreenMailUtil.getBody(message).replace("\r\n", "\n");
        if (message.getAllRecipients()[0].toString().equals(user + "@example.com") && body.contains(id)) {
          for (String line : body.split("\n")) {
            if (line.startsWith(label)) {
              return line.substring(label.length()).strip();
            }
          }
        }
      }
      Thread.sleep(200);
    }
    throw new AssertionError("no mail to " + user + " about " + id + " with a line " + label);
  }

  /** Signs in on the development mode's form, by clicking the user's name. */
  private void signInAs(String user) {
    browser.manage().deleteAllCookies();
    browser.get(url("/sign-in"));
    browser.findElement(By.cssSelector(".pick button[value='" + user + "']")).click();
    waitFor(driver -> driver.getCurrentUrl().contains("/tasks"), "signed in as " + user);
  }

  private void waitFor(java.util.function.Function<WebDriver, Boolean> condition, String what) {
    Chromium.waitFor(browser, Duration.ofSeconds(30), condition, what);
  }

  /** The list's rows' request ids, once the visibility store shows {@code expected} (it trails the workflows). */
  private void awaitRows(String view, String id, boolean present) {
    browser.get(url("/tasks?view=" + view));
    waitFor(driver -> {
      driver.navigate().refresh();
      return driver.findElements(By.xpath("//td//span[@class='id'][text()='" + id + "']")).isEmpty() != present;
    }, id + (present ? " listed" : " gone") + " in " + view);
  }

  @Test
  void anApproverFindsClaimsAndApprovesATaskAndItLeavesTheOthersLists() throws Exception {
    String id = start("carol", "{'requestId':'" + id("PO") + "','title':'Purchase order 4711','data':{'amount':12000,"
        + "'supplier':'ACME','costCentre':'CC-7'},'steps':[{'name':'manager','title':'Manager approval',"
        + "'approvers':['alice','bob'],'timeout':'P2D','form':{'type':'object','properties':{'costCentre':{'type':'string',"
        + "'title':'Cost centre','description':'Where the amount is booked, such as CC-7'},'budgetChecked':{'type':'boolean',"
        + "'title':'Budget checked'}},'required':['costCentre']},'startDeadlines':[{'name':'pick-up','for':'PT4H',"
        + "'escalations':[{'action':'reassign','to':['frank']}]}]},{'name':'finance','title':'Finance approval','approvers':['frank'],'timeout':'P1D'}]}");
    signInAs("bob");
    awaitRows("claimable", id, true);
    signInAs("alice");
    awaitRows("claimable", id, true);
    // Each list's tab says how many tasks it has, from the task index: at least this one here.
    String tab = browser.findElement(By.cssSelector(".top nav a[aria-current='page']")).getText();
    assertTrue(tab.matches("Open to me [1-9][0-9,]*"), tab);
    chromium.accessible("the list");
    for (int width : List.of(1400, 1000, 400)) {
      chromium.width(width);
      chromium.screenshot("inbox-list-" + width + ".png");
    }
    chromium.width(1400);
    browser.findElement(By.linkText("Purchase order 4711")).click();
    waitFor(driver -> driver.getTitle().startsWith("Purchase order 4711"), "the task page");
    assertTrue(browser.findElement(By.cssSelector(".forecast")).getText().contains("it goes to frank instead"));
    chromium.accessible("the task page");
    // Decision first: on a desktop's and a phone's first screen, the deadline and the two decisions.
    for (int[] screen : new int[][] {{1400, 900}, {390, 844}}) {
      chromium.size(screen[0], screen[1]);
      chromium.screenshot("inbox-task-first-screen-" + screen[0] + ".png");
      for (String part : List.of(".deadline", "button[value='approve']", "button[value='reject']")) {
        assertTrue(chromium.inFirstScreen(part), part + " in the first screen at " + screen[0] + "×" + screen[1]);
      }
    }
    assertEquals(List.of("Approve", "Reject"), browser.findElements(By.cssSelector(".buttons.primary button")).stream()
        .map(org.openqa.selenium.WebElement::getText).toList(), "the only primary actions");
    // Only what alice may do now: nothing a business administrator or an owner of the task could.
    for (String notHers : List.of("nominate", "set-priority", "delegate", "stop", "resolve", "release")) {
      assertTrue(browser.findElements(By.cssSelector("[value='" + notHers + "'], #more-" + notHers)).isEmpty(), notHers);
    }
    // Each action behind More actions has its own form, with only its own fields.
    browser.findElement(By.cssSelector(".more-actions > summary")).click();
    browser.findElement(By.cssSelector("#more-reassign > summary")).click();
    assertEquals(List.of("to"), browser.findElements(By.cssSelector("#more-reassign form :is(input, select, textarea):not([type='hidden'])"))
        .stream().map(field -> field.getAttribute("name")).distinct().toList());
    chromium.width(1400);
    ((JavascriptExecutor) browser).executeScript("arguments[0].scrollIntoView()", browser.findElement(By.cssSelector(".more-actions")));
    chromium.screenshot("inbox-task-actions-1400.png");
    browser.navigate().refresh();
    browser.findElement(By.id("comment")).sendKeys("Within budget");
    for (int width : List.of(1400, 1000, 400)) {
      chromium.width(width);
      ((JavascriptExecutor) browser).executeScript("window.scrollTo(0, 0)");
      chromium.screenshot("inbox-task-" + width + ".png");
    }
    chromium.width(1400);
    // A task offered to her is decided without taking it first.
    browser.findElement(By.cssSelector("button[value='approve']")).click();
    // The form is checked as the person goes: the required cost centre is named, nothing is sent.
    waitFor(driver -> !driver.findElement(By.cssSelector("#field-costCentre ~ .problem")).getText().isBlank(), "the field's problem shown");
    assertEquals("true", browser.findElement(By.id("field-costCentre")).getAttribute("aria-invalid"));
    assertEquals("manager", new Approvals(temporal.client).status(id).currentStep(), "not sent");
    browser.findElement(By.id("field-costCentre")).sendKeys("CC-7");
    browser.findElement(By.id("field-budgetChecked")).click();
    browser.findElement(By.cssSelector("button[value='approve']")).click();
    waitFor(driver -> driver.findElement(By.cssSelector(".notice.done")).getText().contains("You approved it"), "approved");
    assertEquals("CC-7", new Approvals(temporal.client).status(id).data().get("costCentre"));
    assertTrue(browser.findElement(By.cssSelector(".trail")).getText().contains("Within budget"));
    assertEquals("finance", new Approvals(temporal.client).status(id).currentStep());

    signInAs("bob");
    awaitRows("claimable", id, false);
    signInAs("frank");
    awaitRows("claimable", id, true);
  }

  @Test
  void theApproveLinkOfTheOfferMailOpensTheTaskAfterSignInAndOneClickApprovesIt() throws Exception {
    String id = start("carol", "{'requestId':'" + id("MAIL") + "','title':'Conference trip','steps':[{'name':'manager',"
        + "'approvers':['alice']}]}");
    String task = mailLine("alice", id, "Open the task:");
    String approve = mailLine("alice", id, "Approve:");
    assertEquals(url("/tasks/" + id), task);
    assertEquals(url("/tasks/" + id + "?action=approve&for=alice"), approve);
    browser.manage().deleteAllCookies();
    browser.get(approve);
    waitFor(driver -> driver.getCurrentUrl().contains("/sign-in"), "signed out: to the sign-in first");
    browser.findElement(By.cssSelector(".pick button[value='alice']")).click();
    waitFor(driver -> driver.getCurrentUrl().equals(approve), "back to the link after sign-in");
    assertEquals("Confirm: Approve", browser.findElement(By.id("h-prepared")).getText());
    assertEquals("READY", new Approvals(temporal.client).status(id).steps().get(0).state(), "opening the link changed nothing");
    chromium.accessible("a prepared action");
    browser.findElement(By.cssSelector("button[value='approve']")).click();
    waitFor(driver -> driver.findElement(By.cssSelector(".notice.done")).getText().contains("You approved it"), "approved");
    assertEquals("APPROVED", new Approvals(temporal.client).status(id).state());
  }

  @Test
  void aPageGoneStaleShowsTheWorkflowsRefusalAndTheFourEyesRuleOffersTheRequesterNoDecision() throws Exception {
    String id = start("carol", "{'requestId':'" + id("FOUR") + "','title':'Team offsite','steps':[{'name':'manager',"
        + "'approvers':['alice','bob','carol'],'notBy':['requester']}]}");
    signInAs("carol");
    browser.get(url("/tasks/" + id));
    assertTrue(browser.findElements(By.cssSelector("button[value='approve']")).isEmpty(), "carol requested it");
    assertTrue(browser.findElements(By.cssSelector("button[value='claim']")).isEmpty());
    signInAs("bob");
    browser.get(url("/tasks/" + id));
    new Approvals(temporal.client).update(id, new dev.overdue.api.ApprovalCommand.Claim(null, "alice"));
    browser.findElement(By.cssSelector("button[value='approve']")).click();
    waitFor(driver -> !driver.findElements(By.cssSelector(".notice.refused")).isEmpty(), "the refusal");
    assertTrue(browser.findElement(By.cssSelector(".notice.refused")).getText()
        .contains("“Manager” is claimed by alice; only they can decide it"), "steps by their titles, even in the workflow's words");
    chromium.accessible("a refusal");
  }

  @Test
  void aTaskEscalatesWhileItsListIsOpenAndLeavesIt() throws Exception {
    String id = start("carol", "{'requestId':'" + id("ESC") + "','title':'Escalating','steps':[{'name':'manager',"
        + "'approvers':['alice'],'startDeadlines':[{'name':'pick-up','for':'PT8S','escalations':[{'action':'reassign','to':['frank']}]}]}]}");
    signInAs("alice");
    awaitRows("claimable", id, true);
    // No reload from here: the list refreshes itself (every 2 s in this test).
    new WebDriverWait(browser, Duration.ofSeconds(60)).withMessage("the escalated task leaves alice's open list")
        .until(driver -> driver.findElements(By.xpath("//td//span[@class='id'][text()='" + id + "']")).isEmpty());
    signInAs("frank");
    awaitRows("claimable", id, true);
  }

  @Test
  void markupPeopleTypedIsShownAsTextAndNeverRuns() throws Exception {
    String payload = "<img src=x onerror=window.overdueXss=1><script>window.overdueXss=2</script>";
    String id = start("carol", "{'requestId':'" + id("XSS") + "','title':'" + payload + "','data':{'note':'" + payload
        + "'},'steps':[{'name':'manager','approvers':['alice']}]}");
    signInAs("alice");
    awaitRows("claimable", id, true);
    browser.get(url("/tasks/" + id));
    browser.findElement(By.id("comment")).sendKeys(payload);
    browser.findElement(By.cssSelector("button[value='reject']")).click();
    waitFor(driver -> driver.findElement(By.cssSelector(".notice.done")).getText().contains("You rejected it"), "rejected");
    assertEquals(payload, browser.findElement(By.tagName("h1")).getText(), "the title, as typed");
    assertTrue(browser.findElement(By.cssSelector(".data")).getText().contains(payload));
    assertTrue(browser.findElement(By.cssSelector(".trail")).getText().contains(payload), "the comment, as typed");
    assertTrue(browser.findElements(By.cssSelector("main img")).isEmpty(), "no element made of the payload");
    assertNull(((JavascriptExecutor) browser).executeScript("return window.overdueXss === undefined ? null : window.overdueXss;"));
    browser.get(url("/tasks?view=requested"));
    assertNull(((JavascriptExecutor) browser).executeScript("return window.overdueXss === undefined ? null : window.overdueXss;"));
    assertFalse(browser.getPageSource().contains("<script>window.overdueXss"));
  }

  @Test
  void theSignInPageSaysItIsDevelopmentModeAndPassesTheAccessibilityRules() throws Exception {
    browser.get(url("/tasks"));
    waitFor(driver -> driver.getCurrentUrl().contains("/sign-in"), "sent to sign in");
    assertTrue(browser.findElement(By.cssSelector(".development")).getText().contains("Development mode"));
    chromium.accessible("the sign-in page");
  }

  @Test
  void theNewRequestPagesPassTheAccessibilityRules() {
    signInAs("carol");
    browser.get(url("/requests/new"));
    chromium.accessible("the request types");
    browser.get(url("/requests/new/purchase-order"));
    assertFalse(browser.findElements(By.cssSelector("input[name='data.amount']")).isEmpty(), browser.getPageSource());
    chromium.accessible("a new request's form");
  }

  /**
   * The migration guide's worked example (docs/guide/migrate-from-camunda.md): the invoice approval
   * imported from Camunda 7 (docs/examples/request-types/invoice-approval.json, which the import
   * writes) asked for on the New request page, its manager step decided with the BPMN form's cost
   * centre, its finance step by the accountant the requester named.
   */
  @Test
  void anInvoiceApprovalImportedFromCamundaIsAskedForAndDecidedInTheInbox() throws Exception {
    signInAs("carol");
    browser.get(url("/requests/new/invoice-approval"));
    chromium.accessible("the imported request type's form");
    browser.findElement(By.name("data.invoiceNumber")).sendKeys("2027-031");
    browser.findElement(By.name("data.amount")).sendKeys("1850");
    browser.findElement(By.name("data.supplier")).sendKeys("ACME");
    browser.findElement(By.name("data.accountant")).sendKeys("frank");
    chromium.width(1000);
    chromium.screenshot("inbox-imported-request-1000.png");
    chromium.width(1400);
    org.openqa.selenium.WebElement send = browser.findElement(By.xpath("//button[normalize-space(.)='Send request']"));
    String id = browser.findElement(By.id("request-number")).getText().strip();
    assertTrue(id.matches("INV-\\d{4}-[A-Z2-7]{5}"), id);
    send.click();
    waitFor(driver -> driver.getPageSource().contains("Your request " + id + " was sent."), "sent");

    signInAs("alice");
    awaitRows("claimable", id, true);
    String offered = browser.findElement(By.xpath("//tr[.//span[@class='id'][text()='" + id + "']]")).getText();
    assertTrue(offered.contains("Approve invoice (manager)") && !offered.contains("approve-manager"),
        "the step by its title: " + offered);
    browser.findElement(By.xpath("//tr[.//span[@class='id'][text()='" + id + "']]//a")).click();
    waitFor(driver -> driver.getTitle().startsWith("Invoice approval"), "the task page");
    // Words, not ids: every step and deadline has a title or a readable name on the page.
    String seen = browser.findElement(By.tagName("main")).getText();
    for (String name : List.of("approve-manager", "approve-finance", "remind-manager", "escalate-manager", "manager-nudge",
        "finance-deadline")) {
      assertFalse(seen.contains(name), name + " on the page: " + seen);
    }
    assertTrue(browser.findElements(By.id("field-approved")).isEmpty(), "the BPMN form's Approve? is the inbox's own button");
    new org.openqa.selenium.support.ui.Select(browser.findElement(By.id("field-costCentre"))).selectByValue("IT");
    chromium.width(1000);
    chromium.screenshot("inbox-imported-task-1000.png");
    chromium.width(1400);
    browser.findElement(By.cssSelector("button[value='approve']")).click();
    waitFor(driver -> driver.findElement(By.cssSelector(".notice.done")).getText().contains("You approved it"), "approved");
    assertEquals("approve-finance", new Approvals(temporal.client).status(id).currentStep());

    signInAs("frank"); // the finance step's assignee, ${accountant} in the BPMN: reserved for him
    awaitRows("mine", id, true);
    browser.findElement(By.xpath("//tr[.//span[@class='id'][text()='" + id + "']]//a")).click();
    waitFor(driver -> driver.getTitle().startsWith("Invoice approval"), "the finance task");
    browser.findElement(By.cssSelector("button[value='approve']")).click();
    waitFor(driver -> driver.findElement(By.cssSelector(".notice.done")).getText().contains("You approved it"), "approved");
    assertEquals("APPROVED", new Approvals(temporal.client).status(id).state());

    // My requests: the invoice's key facts, and how it ended and who decided, in words.
    signInAs("carol");
    browser.get(url("/tasks?view=requested&q=" + id));
    String row = "//tr[.//span[@class='id'][text()='" + id + "']]";
    waitFor(driver -> {
      driver.navigate().refresh();
      return driver.findElements(By.xpath(row + "//td[contains(., 'Approved by frank')]")).size() == 1;
    }, "who decided, once the list shows it");
    assertEquals("Approved", browser.findElement(By.xpath(row + "//span[contains(@class, 'badge')]")).getText());
    String details = browser.findElement(By.xpath(row + "//td[@data-label='Details']")).getText();
    assertTrue(details.contains("Amount (EUR) 1,850") && details.contains("Supplier ACME"), details);
    assertTrue(browser.findElements(By.xpath(row + "//td[normalize-space(.)='']")).isEmpty(), "no empty cell");
    if (browser.findElement(By.cssSelector(".refine")).getAttribute("open") == null) {
      browser.findElement(By.cssSelector(".refine > summary")).click(); // the filters, closed until asked for
    }
    new org.openqa.selenium.support.ui.Select(browser.findElement(By.id("sort"))).selectByVisibleText("Amount (EUR), highest first");
    chromium.accessible("my requests with their key facts and outcomes");
  }
}
