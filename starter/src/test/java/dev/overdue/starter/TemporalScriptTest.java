package dev.overdue.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.overdue.starter.Processes.Result;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bin/temporal, which the docs' Temporal CLI lines run: the {@code temporal} on the PATH with
 * every argument as given, even when bin/ itself is on the PATH. (Without one, bin/dev-server's
 * installation is used, which needs PyPI: DevServerIT runs it.)
 */
class TemporalScriptTest {
  private static final String SCRIPT = Processes.ROOT.resolve("bin/temporal").toString();

  @TempDir Path dir;

  @BeforeEach
  void aTemporalThatSaysWhatItWasGiven() throws Exception {
    Path fake = Files.createDirectories(dir.resolve("bin")).resolve("temporal");
    Files.writeString(fake, "#!/bin/bash\nprintf '%s|' \"$@\"\n");
    Files.setPosixFilePermissions(fake, PosixFilePermissions.fromString("rwx------"));
  }

  private Result temporal(String path, String... args) throws Exception {
    List<String> command = new java.util.ArrayList<>(List.of("bash", SCRIPT));
    command.addAll(List.of(args));
    return Processes.run(command, Map.of("PATH", path), Duration.ofSeconds(30));
  }

  @Test
  void runsTheTemporalOnThePathWithEveryArgumentAsGiven() throws Exception {
    Result result =
        temporal(dir.resolve("bin") + ":/usr/bin:/bin", "workflow", "list", "--query", "A = 'b c'");
    assertEquals("workflow|list|--query|A = 'b c'|", result.out(), result.toString());
  }

  @Test
  void withItsOwnDirectoryFirstOnThePathItDoesNotRunItself() throws Exception {
    Result result =
        temporal(Processes.ROOT.resolve("bin") + ":" + dir.resolve("bin") + ":/usr/bin:/bin", "-v");
    assertEquals("-v|", result.out(), result.toString());
  }
}
