package dev.overdue.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.overdue.starter.Processes.Result;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The documentation site builds as the README says, with {@code bin/docs build}: MkDocs in strict
 * mode, so a page missing from the navigation, a broken link or a missing anchor fails it. Needs
 * python3 with venv (MkDocs is installed from PyPI on first use; .ci/run installs it beforehand);
 * skipped without, except under {@code CI=true}.
 */
class DocsSiteIT {
  @Test
  void theSiteBuildsWithNoBrokenLinkOrAnchor() throws Exception {
    String ci = System.getenv("CI");
    assumeTrue(Files.isExecutable(Processes.ROOT.resolve(".tools/docs/bin/mkdocs"))
        || Processes.run(List.of("bash", "-c", "python3 -c 'import venv, ensurepip'"), Map.of(), Duration.ofSeconds(30)).exit() == 0
        || (ci != null && !ci.isBlank()), "python3 with venv is needed to install MkDocs");
    Result build = Processes.run(List.of("bash", "bin/docs", "build"), Map.of(), Duration.ofMinutes(5));
    assertEquals(0, build.exit(), build.toString());
    Path site = Processes.ROOT.resolve("target/site");
    assertTrue(Files.exists(site.resolve("index.html")), build.toString());
    assertTrue(Files.exists(site.resolve("guide/deadlines.html")), build.toString());
    assertTrue(Files.readString(site.resolve("search/search_index.json")).contains("escalat"), "the search index");
  }
}
