package dev.overdue.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.starter.Processes.Result;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher (dist/src/lib/java.bash, overdue_native_cli) runs the CLI's native executable,
 * ${JAR%.jar}-native, when it is newer than the jar, and else returns to the JVM; OVERDUE_CLI=jvm
 * always returns, OVERDUE_CLI=native never does (docs/NATIVE.md).
 */
class NativeLauncherTest {
  private static final Path LAUNCHER = Processes.ROOT.resolve("dist/src/lib/java.bash");

  @TempDir Path dir;
  private Path jar;
  private Path nativeCli;

  @BeforeEach
  void files() throws Exception {
    jar = Files.writeString(dir.resolve("overdue.jar"), "");
    // A native executable that says what it was given, in place of the CLI.
    nativeCli = Files.writeString(
        dir.resolve("overdue-native"), "#!/bin/bash\nprintf 'native %s %s' \"$OVERDUE_COMMAND\" \"$*\"\n");
    Files.setPosixFilePermissions(nativeCli, PosixFilePermissions.fromString("rwx------"));
  }

  /** overdue_native_cli JAR status PO-1 in a script run as bin/overdue; "jvm" when it returns. */
  private Result launch(String overdueCli) throws Exception {
    Map<String, String> env = new HashMap<>(Map.of("PATH", "/usr/bin:/bin"));
    if (overdueCli != null) {
      env.put("OVERDUE_CLI", overdueCli);
    }
    return Processes.run(
        List.of("bash", "-c", ". \"$1\"; overdue_native_cli \"$2\" status PO-1; printf jvm",
            "bin/overdue", LAUNCHER.toString(), jar.toString()),
        env, Processes.DEFAULT_TIMEOUT);
  }

  private void jarIs(long secondsAfterNative) throws Exception {
    Instant made = Instant.parse("2026-11-28T08:00:00Z");
    Files.setLastModifiedTime(nativeCli, FileTime.from(made));
    Files.setLastModifiedTime(jar, FileTime.from(made.plusSeconds(secondsAfterNative)));
  }

  @Test
  void aNativeExecutableNewerThanTheJarRuns() throws Exception {
    jarIs(-60);
    Result result = launch(null);
    assertEquals("native bin/overdue status PO-1", result.out(), result.toString());
    assertEquals("native bin/overdue status PO-1", launch("native").out());
  }

  @Test
  void theJvmRunsWhenTheNativeExecutableIsOlderMissingOrNotWanted() throws Exception {
    jarIs(60);
    assertEquals("jvm", launch(null).out(), "made from an older jar");
    jarIs(-60);
    assertEquals("jvm", launch("jvm").out(), "OVERDUE_CLI=jvm");
    Files.delete(nativeCli);
    assertEquals("jvm", launch(null).out(), "none built");
  }

  @Test
  void overdueCliNativeSaysWhyItCannot() throws Exception {
    jarIs(60);
    Result older = launch("native");
    assertEquals(127, older.exit(), older.toString());
    assertTrue(older.err().contains("is older than"), older.err());
    Files.delete(nativeCli);
    Result missing = launch("native");
    assertEquals(127, missing.exit(), missing.toString());
    assertTrue(missing.err().contains("is missing"), missing.err());
    Result typo = launch("nativ");
    assertEquals(2, typo.exit(), typo.toString());
  }
}
