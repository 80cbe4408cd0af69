package dev.overdue.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.starter.CliHarness.Run;
import dev.overdue.starter.Processes.Result;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The commands the CLI's messages suggest are written as the user ran the CLI: {@code next:
 * bin/overdue status PO-4711} after {@code bin/overdue start}, {@code overdue status ...} when it
 * is on the PATH. The launcher (dist/src/lib/java.bash, which bin/overdue sources) says how in
 * OVERDUE_COMMAND.
 */
class CommandNameTest {
  private static final Path LAUNCHER = Processes.ROOT.resolve("dist/src/lib/java.bash");
  private static final String SCRIPT = Processes.ROOT.resolve("bin/overdue").toString();

  @TempDir Path dir;

  /** {@code overdue_command_name} in a script run as {@code arg0}, with {@code path} as PATH. */
  private static String nameRunAs(String arg0, String path) throws Exception {
    Result result =
        Processes.run(
            List.of("bash", "-c", ". \"$1\"; overdue_command_name", arg0, LAUNCHER.toString()),
            Map.of("PATH", path),
            Processes.DEFAULT_TIMEOUT);
    assertEquals(0, result.exit(), result.toString());
    return result.out().strip();
  }

  @Test
  void theLauncherNamesTheCliAsItWasRun() throws Exception {
    assertEquals("bin/overdue", nameRunAs("bin/overdue", "/usr/bin:/bin"));
    assertEquals(SCRIPT, nameRunAs(SCRIPT, "/usr/bin:/bin"));
    // Found on the PATH by its name (the shell then runs it by its full path).
    assertEquals("overdue", nameRunAs(SCRIPT, Processes.ROOT.resolve("bin") + ":/usr/bin:/bin"));
  }

  @Test
  void theLauncherPassesTheNameToTheCli() throws Exception {
    // A java that prints what it was given, in place of the CLI.
    Path java = Files.writeString(dir.resolve("java"), "#!/bin/bash\nprintf '%s' \"$OVERDUE_COMMAND\"\n");
    Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwx------"));
    Result result =
        Processes.run(
            List.of(
                "bash",
                "-c",
                ". \"$1\"; java=\"$2\"; java_major=17; overdue_run_cli overdue.jar status PO-1",
                "bin/overdue",
                LAUNCHER.toString(),
                java.toString()),
            Map.of("PATH", "/usr/bin:/bin", "OVERDUE_CLI_CDS", "off"),
            Processes.DEFAULT_TIMEOUT);
    assertEquals("bin/overdue", result.out(), result.toString());
  }

  @Test
  void startSuggestsTheNextCommandsAsTheCliWasRun() {
    try (CliHarness cli = new CliHarness()) {
      Run run =
          cli.runWith(
                  Map.of(Printer.COMMAND_VARIABLE, "bin/overdue"),
                  "start", "--request-id", "PO-4711", "--step", "manager=alice")
              .expect(ExitCodes.DONE);
      assertTrue(run.out().contains("next:\n  bin/overdue status PO-4711\n"), run.out());
      assertTrue(run.out().contains("  bin/overdue approve PO-4711 --user alice"), run.out());

      Run plain =
          cli.runWith(Map.of(), "start", "--request-id", "PO-4712", "--step", "manager=alice")
              .expect(ExitCodes.DONE);
      assertTrue(plain.out().contains("next:\n  overdue status PO-4712\n"), plain.out());

      Run again =
          cli.runWith(
                  Map.of(Printer.COMMAND_VARIABLE, "/opt/my tools/overdue"),
                  "start", "--request-id", "PO-4711", "--step", "manager=alice")
              .expect(ExitCodes.REFUSED);
      assertTrue(again.err().contains("see `'/opt/my tools/overdue' status PO-4711`"), again.err());
    }
  }

  @Test
  void aMistypedCommandIsCorrectedAsTheCliWasRun() {
    Run run =
        CliHarness.run(
                () -> {
                  throw new AssertionError("a usage error needs no server");
                },
                Map.of(Printer.COMMAND_VARIABLE, "bin/overdue"),
                "aprove", "PO-1")
            .expect(ExitCodes.USAGE);
    assertTrue(run.err().contains("Did you mean: bin/overdue approve?"), run.err());
    assertTrue(run.err().contains("Try 'bin/overdue --help'"), run.err());
  }
}
