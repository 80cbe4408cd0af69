package dev.overdue.starter;

import static dev.overdue.starter.Processes.ok;
import static dev.overdue.starter.Processes.overdue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.overdue.starter.Processes.Attempt;
import dev.overdue.starter.Processes.Result;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.IntSummaryStatistics;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * What a person sees: the dev server's Web UI, in Debian's Chromium driven headless by Selenium
 * (the browser and driver paths are set explicitly, so Selenium Manager never downloads one). An
 * approval started by the starter and signalled by the temporal CLI shows its summary, its steps
 * in the details, its title, requester and one line per timer in the current details, readable at
 * 1400 and at 1000 px, and the signals in its event history; one started by the temporal CLI
 * alone still shows its title and requester. The screenshots land in target/screenshots/
 * (docs/screenshots/ with -Doverdue.writeScreenshots=true). Skipped when /usr/bin/chromium is
 * missing, unless CI is set.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class WebUiIT {
  private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
  private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
  /**
   * Screenshots go to target/screenshots, so a test run leaves the work tree clean; refresh the
   * ones in docs/ with -Doverdue.writeScreenshots=true.
   */
  private static final Path SCREENSHOTS =
      Boolean.getBoolean("overdue.writeScreenshots")
          ? Processes.ROOT.resolve("docs/screenshots")
          : Path.of("target/screenshots");
  private static final Duration PAGE = Duration.ofSeconds(45);
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String SUMMARY = "Approval PO-4711: Purchase order 4711 (requested by carol)";

  /** Runs first: no dev server is started for nothing when the test is skipped. */
  @RegisterExtension
  @Order(1)
  static final BeforeAllCallback BROWSER =
      context -> {
        String ci = System.getenv("CI");
        assumeTrue(
            Files.isExecutable(CHROMIUM) || (ci != null && !ci.isBlank()),
            CHROMIUM + " is missing (apt-get install chromium chromium-driver); skipped outside CI");
      };

  @RegisterExtension
  @Order(2)
  static final DevServerExtension temporal = DevServerExtension.withWorker(DevServer.Options.withUi());

  /**
   * Selenium ships no CDP bindings here (excluded in the parent pom: unused); keep its warning
   * about that out of the test output. Held here so the setting is not garbage-collected.
   */
  private static final java.util.logging.Logger CDP_LOG =
      java.util.logging.Logger.getLogger("org.openqa.selenium.devtools");

  static {
    CDP_LOG.setLevel(java.util.logging.Level.SEVERE);
  }

  @TempDir Path profile;
  private WebDriver browser;

  @BeforeEach
  void openBrowser() {
    assertTrue(Files.isExecutable(CHROMIUM), CHROMIUM + " missing: apt-get install chromium");
    assertTrue(Files.isExecutable(CHROMEDRIVER), CHROMEDRIVER + " missing: apt-get install chromium-driver");
    ChromeOptions options = new ChromeOptions();
    options.setBinary(CHROMIUM.toFile());
    options.addArguments(
        "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--disable-dev-shm-usage", "--user-data-dir=" + profile.toAbsolutePath(),
        "--window-size=1600,1100");
    ChromeDriverService service =
        new ChromeDriverService.Builder()
            .usingDriverExecutable(CHROMEDRIVER.toFile())
            .usingAnyFreePort()
            .withLogFile(temporal.logs().resolve("chromedriver.log").toFile())
            .build();
    browser = new ChromeDriver(service, options);
    browser.manage().timeouts().pageLoadTimeout(PAGE).scriptTimeout(PAGE);
    browser.manage().window().setSize(new Dimension(1600, 1100));
  }

  @AfterEach
  void closeBrowser() {
    if (browser != null) {
      browser.quit();
    }
  }

  @Test
  void theApprovalPageShowsSummaryTimersAndSignals() throws Exception {
    DevServer server = temporal.server();
    Map<String, String> env = server.env();
    ok(overdue(env, "start", "--file", "docs/examples/po-4711.json"));
    ok(server.temporal("workflow", "signal", "--workflow-id", "approval-PO-4711",
        "--name", "enableTimer", "--input", "{\"timer\":\"reminder\"}"));
    ok(server.temporal("workflow", "signal", "--workflow-id", "approval-PO-4711",
        "--name", "extendDeadline", "--input", "{\"timer\":\"manager.completion\",\"by\":\"PT12H\"}"));
    ok(server.temporal("workflow", "update", "execute", "--workflow-id", "approval-PO-4711",
        "--name", "claim", "--input", "{\"user\":\"alice\"}"));
    // A second approval whose step limit (2 s) expires: a warning for the work list.
    ok(overdue(env, "start", "--request-id", "PO-4712", "--title", "Laptop", "--requester", "carol",
        "--timeout", "P5D", "--step", "manager=bob", "--step-timeout", "PT2S"));
    Processes.await(Duration.ofSeconds(30), "PO-4712's warning", () -> {
      Result status = ok(overdue(env, "status", "PO-4712", "--json"));
      JsonNode warnings = JSON.readTree(status.out()).get("warnings");
      return warnings.size() > 0 ? Attempt.done(true) : Attempt.notYet(status);
    });

    // The approval's page: its User Metadata tab, at two widths: the panes side by side at
    // 1400 px, one under the other at 1000 px.
    browser.manage().window().setSize(new Dimension(1400, 1100));
    browser.get(server.uiUrl() + "/namespaces/default/workflows/approval-PO-4711");
    waitForText("approval-PO-4711");
    click(By.linkText("User Metadata"));
    waitForText("Current Details");
    List<String> frames = awaitFrames(texts -> texts.size() >= 3
        && texts.stream().anyMatch(t -> t.contains(SUMMARY))
        && texts.stream().anyMatch(t -> t.contains("Steps") && t.contains("Data"))
        && texts.stream().anyMatch(t -> t.contains("claimed by alice") && t.contains("reminder")));
    String summary = frames.stream().filter(t -> t.contains(SUMMARY)).findFirst().orElseThrow();
    assertEquals(SUMMARY, summary.strip(), "the summary: " + frames);
    List<String> details =
        lines(frames.stream().filter(t -> t.contains("Steps")).findFirst().orElseThrow());
    assertEquals(
        List.of("Steps", "- manager: alice, bob · accept within PT4H · complete within P2D",
            "- finance: frank · complete within P1D"),
        details.subList(0, 3),
        "the details: one line per step with its approvers and limits");
    assertTrue(details.contains("Data: amount: 12000 · supplier: ACME"), "the details: " + details);
    List<String> current =
        lines(frames.stream().filter(t -> t.contains("claimed by alice")).findFirst().orElseThrow());
    assertEquals(
        List.of("PO-4711: Purchase order 4711", "requested by carol",
            "ACTIVE · step manager RESERVED, claimed by alice", "Timers (UTC)"),
        current.subList(0, 4),
        "the title and requester head the current details, then state, step and owner");
    // Each timer: its name, state, limit and a short date, as parts of one line of its own.
    String date = "(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \\d{1,2} \\d{4} \\d{2}:\\d{2}";
    List<String> timers = current.subList(4, current.size());
    assertEquals(5, timers.size(), "one line per timer: " + timers);
    for (String expected :
        List.of(
            "process: RUNNING · P5D · expires " + date,
            "manager.acceptance: OFF · PT4H · would expire " + date,
            "manager.completion: RUNNING · until " + date,
            "finance.completion: OFF · P1D",
            "reminder: RUNNING · PT30M · expires " + date)) {
      assertTrue(timers.stream().anyMatch(line -> line.matches("- " + expected)),
          "a line " + expected + " among the timers: " + timers);
    }
    assertDatesReadWhole("1400 px");
    screenshot("approval-user-metadata.png");

    browser.manage().window().setSize(new Dimension(1000, 1400));
    // The panes stack: every frame starts at (about) the same x.
    new WebDriverWait(browser, PAGE).until(d -> {
      IntSummaryStatistics x = d.findElements(By.tagName("iframe")).stream()
          .mapToInt(frame -> frame.getLocation().getX()).summaryStatistics();
      return x.getCount() >= 3 && x.getMax() - x.getMin() < 10;
    });
    scrollToTop(By.linkText("User Metadata"));
    assertDatesReadWhole("1000 px");
    screenshot("approval-user-metadata-1000.png");
    browser.manage().window().setSize(new Dimension(1600, 1100));

    // Its event history: the two signals, each with its name, and the update.
    click(By.partialLinkText("Event History"));
    waitForText("Workflow Execution Signaled");
    List<String> signals = new ArrayList<>();
    new WebDriverWait(browser, PAGE).until(d -> {
      signals.clear();
      d.findElements(By.xpath("//tr[contains(., 'Workflow Execution Signaled')]"))
          .forEach(row -> signals.add(row.getText()));
      return signals.size() == 2;
    });
    assertTrue(signals.stream().anyMatch(row -> row.contains("enableTimer")), signals.toString());
    assertTrue(signals.stream().anyMatch(row -> row.contains("extendDeadline")), signals.toString());
    waitForText("Workflow Execution Update Accepted");
    WebElement table = browser.findElement(By.xpath("//table[.//tr[contains(., 'Workflow Execution Signaled')]]"));
    ((org.openqa.selenium.JavascriptExecutor) browser)
        .executeScript("arguments[0].scrollIntoView({block: 'start'});", table);
    screenshot("approval-event-history.png");

    // Started by the Temporal CLI, an approval has no summary and no details; its current details
    // still open with its title and requester.
    ok(server.temporal("workflow", "start", "--type", "ApprovalWorkflow", "--task-queue", "overdue",
        "--workflow-id", "approval-PO-4713", "--input",
        "{\"requestId\":\"PO-4713\",\"title\":\"Office chairs\",\"requester\":\"dave\","
            + "\"steps\":[{\"name\":\"manager\",\"approvers\":[\"bob\"]}]}"));
    browser.get(server.uiUrl() + "/namespaces/default/workflows/approval-PO-4713");
    waitForText("approval-PO-4713");
    click(By.linkText("User Metadata"));
    waitForText("Current Details");
    List<String> started = awaitFrames(texts -> texts.stream().anyMatch(t -> t.contains("PO-4713")));
    List<String> cli = lines(started.stream().filter(t -> t.contains("PO-4713")).findFirst().orElseThrow());
    assertEquals(
        List.of("PO-4713: Office chairs", "requested by dave", "ACTIVE · step manager READY, offered to bob"),
        cli.subList(0, 3),
        "the current details of an approval started by the Temporal CLI: " + started);

    // The work list with warnings: the workflow list filtered by a search attribute.
    String list = server.uiUrl() + "/namespaces/default/workflows?query=HasWarnings%20%3D%20true";
    Processes.await(Duration.ofSeconds(45), "the Web UI to list approval-PO-4712 as having warnings", () -> {
      browser.get(list);
      try {
        new WebDriverWait(browser, Duration.ofSeconds(10))
            .until(d -> body(d).contains("approval-PO-4712"));
        return Attempt.done(true);
      } catch (org.openqa.selenium.TimeoutException e) {
        return Attempt.notYet(body(browser));
      }
    });
    assertFalse(body(browser).contains("approval-PO-4711"), "PO-4711 has no warnings:\n" + body(browser));
    screenshot("work-list-has-warnings.png");
  }

  /**
   * A human task (docs/examples/expense.yaml): the details name each step's candidate groups,
   * assignee and priority; the current details the reserved step's owner and priority, and the
   * deadline its expression gave.
   */
  @Test
  void aHumanTaskShowsItsGroupsAssigneeAndPriority() throws Exception {
    DevServer server = temporal.server();
    ok(overdue(server.env(), "start", "--file", "docs/examples/expense.yaml"));
    browser.manage().window().setSize(new Dimension(1400, 1100));
    browser.get(server.uiUrl() + "/namespaces/default/workflows/approval-EXP-7");
    waitForText("approval-EXP-7");
    click(By.linkText("User Metadata"));
    waitForText("Current Details");
    List<String> frames = awaitFrames(texts -> texts.stream().anyMatch(t -> t.contains("Steps"))
        && texts.stream().anyMatch(t -> t.contains("claimed by alice")));
    List<String> details = lines(frames.stream().filter(t -> t.contains("Steps")).findFirst().orElseThrow());
    assertEquals(
        List.of("Steps", "- review: alice, bob · assignee =data.reviewer · priority 4",
            "- payout: finance (group) · priority 2"),
        details.subList(0, 3),
        "the details: " + details);
    List<String> current =
        lines(frames.stream().filter(t -> t.contains("claimed by alice")).findFirst().orElseThrow());
    assertEquals("ACTIVE · step review RESERVED, claimed by alice · priority 4", current.get(2), current.toString());
    assertTrue(current.stream().anyMatch(line -> line.startsWith("- review.sla: RUNNING")), current.toString());
    screenshot("human-task.png");
  }

  // ---- helpers -------------------------------------------------------------------------------

  private void click(By by) {
    new WebDriverWait(browser, PAGE).until(d -> {
      List<WebElement> found = d.findElements(by);
      if (found.isEmpty() || !found.get(0).isDisplayed()) {
        return false;
      }
      found.get(0).click();
      return true;
    });
  }

  private void waitForText(String text) {
    try {
      new WebDriverWait(browser, PAGE).until(d -> body(d).contains(text));
    } catch (org.openqa.selenium.TimeoutException e) {
      screenshotForFailure();
      throw new AssertionError("the page never showed '" + text + "':\n" + body(browser), e);
    }
  }

  private static String body(WebDriver driver) {
    return driver.findElement(By.tagName("body")).getText();
  }

  /** A frame's text as a person reads it: its lines, no-break spaces read as spaces. */
  private static List<String> lines(String text) {
    return text.replace('\u00a0', ' ').lines().map(String::strip).filter(line -> !line.isEmpty()).toList();
  }

  private void scrollToTop(By by) {
    ((org.openqa.selenium.JavascriptExecutor) browser)
        .executeScript("arguments[0].scrollIntoView({block: 'start'});", browser.findElement(by));
  }

  /**
   * Every short date ("Nov 24 2026 04:37") the user metadata shows, with the number of lines the
   * browser laid it out on.
   */
  private List<String> datesAndTheirLines() {
    List<String> dates = new ArrayList<>();
    for (WebElement frame : browser.findElements(By.tagName("iframe"))) {
      browser.switchTo().frame(frame);
      @SuppressWarnings("unchecked")
      List<String> found = (List<String>) ((org.openqa.selenium.JavascriptExecutor) browser).executeScript("""
          const found = [];
          const date = /[A-Z][a-z]{2}\\s\\d{1,2}\\s\\d{4}\\s\\d{2}:\\d{2}/g;
          const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            for (const match of node.data.matchAll(date)) {
              const range = document.createRange();
              range.setStart(node, match.index);
              range.setEnd(node, match.index + match[0].length);
              const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
              found.push(match[0].replace(/\\s/g, ' ') + ' on ' + tops.size + ' line(s)');
            }
          }
          return found;""");
      dates.addAll(found);
      browser.switchTo().defaultContent();
    }
    return dates;
  }

  /** The four dates of PO-4711's running timers, each on one line, not broken where it wraps. */
  private void assertDatesReadWhole(String width) {
    List<String> dates = datesAndTheirLines();
    assertEquals(4, dates.size(), "the timers' dates at " + width + ": " + dates);
    assertTrue(dates.stream().allMatch(date -> date.endsWith(" on 1 line(s)")),
        "every date on one line at " + width + ": " + dates);
  }

  /** The Web UI renders summary, details and current details (Markdown) in iframes. */
  private List<String> awaitFrames(java.util.function.Predicate<List<String>> done) {
    List<String> texts = new ArrayList<>();
    try {
      new WebDriverWait(browser, PAGE).until(d -> {
        texts.clear();
        for (WebElement frame : d.findElements(By.tagName("iframe"))) {
          d.switchTo().frame(frame);
          texts.add(body(d));
          d.switchTo().defaultContent();
        }
        return done.test(texts);
      });
    } catch (org.openqa.selenium.TimeoutException e) {
      screenshotForFailure();
      throw new AssertionError("the user metadata never showed what was expected: " + texts, e);
    }
    return List.copyOf(texts);
  }

  private void screenshot(String name) throws Exception {
    // The pointer rests where it last clicked; move it away so that no tooltip covers the page.
    new org.openqa.selenium.interactions.Actions(browser).moveToLocation(0, 0).perform();
    Files.createDirectories(SCREENSHOTS);
    File shot = ((TakesScreenshot) browser).getScreenshotAs(OutputType.FILE);
    Files.createDirectories(SCREENSHOTS);
    Path target = SCREENSHOTS.resolve(name);
    Files.copy(shot.toPath(), target, StandardCopyOption.REPLACE_EXISTING);
    Files.setPosixFilePermissions(target, java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));
    assertTrue(Files.size(target) < 400_000, name + " is " + Files.size(target) + " bytes: keep screenshots small");
  }

  private void screenshotForFailure() {
    try {
      File shot = ((TakesScreenshot) browser).getScreenshotAs(OutputType.FILE);
      Files.copy(shot.toPath(), temporal.logs().resolve("failure.png"), StandardCopyOption.REPLACE_EXISTING);
    } catch (Exception ignored) {
      // the assertion that follows says what went wrong
    }
  }

}
