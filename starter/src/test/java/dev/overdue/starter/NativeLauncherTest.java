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
 * ${JAR%.jar}-native, when it was made from this jar — the sha256 kept in
 * overdue-native.lib/overdue.jar.sha256 is the one Maven wrote in overdue.jar.sha256 — whatever
 * the files' times, and else returns to the JVM; OVERDUE_CLI=jvm always returns, OVERDUE_CLI=native
 * never does (docs/NATIVE.md).
 */
class NativeLauncherTest {
  private static final Path LAUNCHER = Processes.ROOT.resolve("dist/src/lib/java.bash");
  private static final String JAR_SHA256 = "5f".repeat(32);

  @TempDir Path dir;
  private Path jar;
  private Path nativeCli;
  private Path madeFrom;

  @BeforeEach
  void files() throws Exception {
    jar = Files.writeString(dir.resolve("overdue.jar"), "");
    Files.writeString(dir.resolve("overdue.jar.sha256"), JAR_SHA256 + "\n");
    // A native executable that says what it was given, in place of the CLI.
    nativeCli = Files.writeString(
        dir.resolve("overdue-native"), "#!/bin/bash\nprintf 'native %s %s' \"$OVERDUE_COMMAND\" \"$*\"\n");
    Files.setPosixFilePermissions(nativeCli, PosixFilePermissions.fromString("rwx------"));
    madeFrom = Files.writeString(
        Files.createDirectories(dir.resolve("overdue-native.lib")).resolve("overdue.jar.sha256"), JAR_SHA256 + "\n");
  }

  /** overdue_native_cli JAR status PO-1 in a script run as bin/overdue (set -e, as it is); "jvm" when it returns. */
  private Result launch(String overdueCli) throws Exception {
    Map<String, String> env = new HashMap<>(Map.of("PATH", "/usr/bin:/bin"));
    if (overdueCli != null) {
      env.put("OVERDUE_CLI", overdueCli);
    }
    return Processes.run(
        List.of("bash", "-c", "set -euo pipefail; . \"$1\"; overdue_native_cli \"$2\" status PO-1; printf jvm",
            "bin/overdue", LAUNCHER.toString(), jar.toString()),
        env, Processes.DEFAULT_TIMEOUT);
  }

  private void jarIs(long secondsAfterNative) throws Exception {
    Instant made = Instant.parse("2026-11-28T08:00:00Z");
    Files.setLastModifiedTime(nativeCli, FileTime.from(made));
    Files.setLastModifiedTime(jar, FileTime.from(made.plusSeconds(secondsAfterNative)));
  }

  @Test
  void aNativeExecutableMadeFromTheJarRunsWhateverTheTimes() throws Exception {
    // Maven wrote the same jar again after the native build: newer, same sha256.
    jarIs(60);
    Result result = launch(null);
    assertEquals("native bin/overdue status PO-1", result.out(), result.toString());
    assertEquals("native bin/overdue status PO-1", launch("native").out());
    jarIs(-60);
    assertEquals("native bin/overdue status PO-1", launch(null).out());
    // A stamp without its end of line (written by hand) reads the same.
    Files.writeString(madeFrom, JAR_SHA256);
    assertEquals("native bin/overdue status PO-1", launch(null).out());
  }

  @Test
  void theJvmRunsWhenTheNativeExecutableIsFromAnotherJarMissingOrNotWanted() throws Exception {
    jarIs(-60);
    Files.writeString(madeFrom, "0a".repeat(32) + "\n");
    assertEquals("jvm", launch(null).out(), "made from another jar, though newer");
    Files.delete(madeFrom);
    assertEquals("jvm", launch(null).out(), "no record of the jar it was made from");
    Files.writeString(madeFrom, JAR_SHA256 + "\n");
    Files.delete(dir.resolve("overdue.jar.sha256"));
    assertEquals("jvm", launch(null).out(), "a jar without its sha256 (not built by Maven)");
    Files.writeString(dir.resolve("overdue.jar.sha256"), JAR_SHA256 + "\n");
    assertEquals("jvm", launch("jvm").out(), "OVERDUE_CLI=jvm");
    Files.delete(nativeCli);
    assertEquals("jvm", launch(null).out(), "none built");
  }

  @Test
  void overdueCliNativeSaysWhyItCannot() throws Exception {
    Files.writeString(madeFrom, "0a".repeat(32) + "\n");
    Result other = launch("native");
    assertEquals(127, other.exit(), other.toString());
    assertTrue(other.err().contains("is not made from " + jar), other.err());
    Files.delete(nativeCli);
    Result missing = launch("native");
    assertEquals(127, missing.exit(), missing.toString());
    assertTrue(missing.err().contains("is missing"), missing.err());
    Result typo = launch("nativ");
    assertEquals(2, typo.exit(), typo.toString());
  }
}
