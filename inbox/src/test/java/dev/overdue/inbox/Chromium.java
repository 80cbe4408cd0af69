package dev.overdue.inbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.deque.html.axecore.results.Results;
import com.deque.html.axecore.results.Rule;
import com.deque.html.axecore.selenium.AxeBuilder;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebDriverException;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Debian's headless Chromium driven by Selenium (paths set, so Selenium Manager never downloads a
 * browser), with axe-core's accessibility check and screenshots: target/screenshots, or
 * docs/screenshots with -Doverdue.writeScreenshots=true.
 */
final class Chromium implements AutoCloseable {
  static final Path BROWSER = Path.of("/usr/bin/chromium");
  static final Path DRIVER = Path.of("/usr/bin/chromedriver");
  private static final Path SCREENSHOTS = Boolean.getBoolean("overdue.writeScreenshots")
      ? Path.of("..", "docs", "screenshots") : Path.of("target", "screenshots");

  final WebDriver driver;

  Chromium(Path profile, Path log) {
    assertTrue(Files.isExecutable(BROWSER), BROWSER + " missing: apt-get install chromium");
    assertTrue(Files.isExecutable(DRIVER), DRIVER + " missing: apt-get install chromium-driver");
    ChromeOptions options = new ChromeOptions();
    options.setBinary(BROWSER.toFile());
    options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--disable-dev-shm-usage", "--user-data-dir=" + profile.toAbsolutePath(), "--window-size=1400,1000");
    ChromeDriverService service = new ChromeDriverService.Builder()
        .usingDriverExecutable(DRIVER.toFile()).usingAnyFreePort().withLogFile(log.toFile()).build();
    driver = new ChromeDriver(service, options);
    driver.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(45)).scriptTimeout(Duration.ofSeconds(45));
  }

  /**
   * Waits until {@code condition} holds. A page being replaced (after a click, or htmx swapping a
   * part) leaves elements found just before it: Chromium reports them stale, or, when the node went
   * between the find and the read, "does not belong to the document"; either way it is asked again.
   */
  static void waitFor(WebDriver driver, Duration timeout, Function<WebDriver, Boolean> condition, String what) {
    new WebDriverWait(driver, timeout).withMessage(what).ignoring(StaleElementReferenceException.class)
        .until(page -> {
          try {
            return condition.apply(page);
          } catch (WebDriverException e) {
            if (e instanceof StaleElementReferenceException
                || String.valueOf(e.getMessage()).contains("does not belong to the document")) {
              return false;
            }
            throw e;
          }
        });
  }

  /** The window at {@code width} px (and a height that shows a screenful). */
  void width(int width) {
    ((org.openqa.selenium.chrome.ChromeDriver) driver).executeCdpCommand("Emulation.clearDeviceMetricsOverride", java.util.Map.of());
    driver.manage().window().setSize(new Dimension(width, width < 600 ? 860 : 1000));
  }

  /** A viewport of exactly {@code width} × {@code height} CSS px, as a screen a person holds shows the page. */
  void size(int width, int height) {
    ((org.openqa.selenium.chrome.ChromeDriver) driver).executeCdpCommand("Emulation.setDeviceMetricsOverride",
        java.util.Map.of("width", width, "height", height, "deviceScaleFactor", 1, "mobile", width < 600));
  }

  /**
   * Whether every element {@code selector} finds lies wholly in the first screen of the page: seen
   * without scrolling. False when none is found.
   */
  boolean inFirstScreen(String selector) {
    Object seen = ((org.openqa.selenium.JavascriptExecutor) driver).executeScript(
        "window.scrollTo(0, 0);"
            + "const found = [...document.querySelectorAll(arguments[0])];"
            + "return found.length > 0 && found.every(e => { const r = e.getBoundingClientRect();"
            + " return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth; });",
        selector);
    return Boolean.TRUE.equals(seen);
  }

  /** axe-core's WCAG 2 A and AA rules over the current page: none may fail. */
  void accessible(String page) {
    Results results = new AxeBuilder().withTags(java.util.List.of("wcag2a", "wcag2aa", "wcag21a", "wcag21aa")).analyze(driver);
    String violations = results.getViolations().stream()
        .map(rule -> rule.getId() + ": " + rule.getHelp() + " " + nodes(rule))
        .collect(Collectors.joining("\n"));
    assertEquals("", violations, page + " fails accessibility rules");
  }

  private static String nodes(Rule rule) {
    return rule.getNodes().stream().map(node -> String.valueOf(node.getTarget())).collect(Collectors.joining(", "));
  }

  void screenshot(String name) throws Exception {
    new org.openqa.selenium.interactions.Actions(driver).moveToLocation(0, 0).perform();
    File shot = ((TakesScreenshot) driver).getScreenshotAs(OutputType.FILE);
    Files.createDirectories(SCREENSHOTS);
    Path target = SCREENSHOTS.resolve(name);
    Files.copy(shot.toPath(), target, StandardCopyOption.REPLACE_EXISTING);
    // Readable by all, as the rest of the checkout (the browser writes its files private).
    Files.setPosixFilePermissions(target, java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));
    assertTrue(Files.size(target) < 400_000, name + " is " + Files.size(target) + " bytes: keep screenshots small");
  }

  @Override
  public void close() {
    driver.quit();
  }
}
