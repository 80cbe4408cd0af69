package dev.overdue.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.starter.Processes.Result;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code .ci/slowest-tests}, which CI prints after the build and docs/CI.md's table comes from. */
class SlowestTestsScriptTest {
  static final Path SCRIPT = Processes.ROOT.resolve(".ci/slowest-tests");

  @TempDir Path tree;

  private void report(String module, String plugin, String testClass, String seconds) throws Exception {
    Path dir = Files.createDirectories(tree.resolve(module + "/target/" + plugin + "-reports"));
    Files.writeString(dir.resolve("TEST-" + testClass + ".xml"), """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuite xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" version="3.0.2" name="%s" time="%s" tests="3" errors="0" skipped="0" failures="0">
          <testcase name="one" classname="%s" time="1.0"/>
        </testsuite>
        """.formatted(testClass, seconds, testClass));
  }

  private Result run(String... args) throws Exception {
    return Processes.run(
        List.of(SCRIPT.toString(), args.length > 0 ? args[0] : "10", tree.toString()), Map.of(), Duration.ofSeconds(30));
  }

  @Test
  void theSlowestClassesOfUnitAndEndToEndTestsComeFirstWithTheirModule() throws Exception {
    report("workflows", "surefire", "dev.overdue.workflow.ApprovalWorkflowTest", "12.7");
    report("starter", "failsafe", "dev.overdue.starter.FaultsIT", "228.2");
    report("dist", "failsafe", "dev.overdue.starter.FleetIT", "1,288.2"); // surefire's thousands separator
    report("client", "surefire", "dev.overdue.client.ApprovalsTest", "0.049");

    Result result = run("3");
    assertEquals(0, result.exit(), result.toString());
    assertEquals(
        List.of("| seconds | module | class |", "|---:|---|---|", "| 1288.2 | dist | FleetIT |",
            "| 228.2 | starter | FaultsIT |", "| 12.7 | workflows | ApprovalWorkflowTest |"),
        result.out().lines().toList());
  }

  @Test
  void withoutReportsItSaysToBuildFirst() throws Exception {
    Result result = run();
    assertEquals(1, result.exit(), result.toString());
    assertTrue(result.err().contains("run mvn -B verify first"), result.toString());
  }
}
