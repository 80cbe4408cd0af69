package dev.overdue.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.overdue.starter.Processes.Result;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The CLI's native executable answers as the JVM does: the CLI reference's command lines
 * (docs/reference/cli.md), then README's and the tutorial's walks, and every command's --help,
 * each run by bash from the repository root as {@code OVERDUE_CLI=jvm} and as
 * {@code OVERDUE_CLI=native}, must print the same stdout and stderr with the same exit code.
 *
 * <p>The same state for both: two dev servers, each with its worker, started alike; each line runs
 * as the JVM against the first, then natively against the second, so that both see the same
 * history, a second or so apart. What legitimately differs between the two is masked, and only
 * that: each server's address (its own free port), run ids (random UUIDs Temporal makes), instants
 * (the servers' clocks a second apart), and the runtime at the end of the {@code --version} line
 * ("native executable" or the Java that ran), which tells the two apart by design.
 *
 * <p>Runs when starter/target/overdue-native was made from starter/target/overdue.jar (native/build.sh,
 * which CI runs through native/ci-build.sh); CI sets OVERDUE_NATIVE_REQUIRED=1, so that it fails
 * there rather than skips.
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class NativeCliIdentityIT {
  private static final Path NATIVE = Processes.ROOT.resolve("starter/target/overdue-native");
  private static final Path CLI_REFERENCE = Docs.DOCS.resolve("reference/cli.md");

  private static final Pattern UUID =
      Pattern.compile("\\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\b");
  private static final Pattern INSTANT =
      Pattern.compile("\\b\\d{4}-\\d{2}-\\d{2}[T ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:?\\d{2})?\\b");
  /** "overdue 1.0.0 (Temporal Java SDK 1.38.0; native executable)" or "(...; Java 17.0.15+6, OpenJDK ...)". */
  private static final Pattern RUNTIME = Pattern.compile("(?m)^(overdue \\S+ \\([^;\\n]*); (native executable|Java [^\\n]*)\\)$");

  private static DevServer jvmServer;
  private static DevServer nativeServer;
  private static WorkerProcess jvmWorker;
  private static WorkerProcess nativeWorker;
  private static Path home;

  @BeforeAll
  static void servers() throws Exception {
    String why = whyNoNative();
    if (why != null) {
      assertFalse(
          "1".equals(System.getenv("OVERDUE_NATIVE_REQUIRED")),
          "OVERDUE_NATIVE_REQUIRED=1, but " + why + ": was native/ci-build.sh run before mvn verify?");
      assumeTrue(false, why + " (native/build.sh, docs/NATIVE.md)");
    }
    Path logs = Processes.logsOf("NativeCliIdentityIT");
    home = logs.resolve("home");
    // Where the reference's completion line writes.
    Files.createDirectories(home.resolve(".local/share/bash-completion/completions"));
    jvmServer = DevServer.start(logs.resolve("jvm"), DevServer.Options.headless());
    nativeServer = DevServer.start(logs.resolve("native"), DevServer.Options.headless());
    jvmWorker = WorkerProcess.start(logs.resolve("jvm/worker.log"), jvmServer.env());
    nativeWorker = WorkerProcess.start(logs.resolve("native/worker.log"), nativeServer.env());
  }

  /** Null when the native executable was made from the jar, as the launcher checks; else what is wrong. */
  private static String whyNoNative() throws Exception {
    if (!Files.isExecutable(NATIVE)) {
      return NATIVE + " was not built";
    }
    Path madeFrom = Processes.ROOT.resolve("starter/target/overdue-native.lib/overdue.jar.sha256");
    Path jarSha256 = Processes.ROOT.resolve("starter/target/overdue.jar.sha256");
    if (!Files.exists(madeFrom) || !Files.exists(jarSha256)
        || !Files.readString(madeFrom).strip().equals(Files.readString(jarSha256).strip())) {
      return NATIVE + " was not made from " + Processes.STARTER_JAR;
    }
    return null;
  }

  @AfterAll
  static void stop() throws Exception {
    for (AutoCloseable running : new AutoCloseable[] {jvmWorker, nativeWorker, jvmServer, nativeServer}) {
      if (running != null) {
        running.close();
      }
    }
  }

  @Test
  void everyLineOfTheCliReferenceTheWalksAndEveryHelpPrintsTheSameBothWays() throws Exception {
    // README's walk and the tutorial first, as QuickStartIT runs them (PO-4711 ends rejected), then
    // the reference's lines, whose `start` of PO-4711 then finds it used, as the page shows.
    List<String> lines = new ArrayList<>();
    for (Path page : List.of(Docs.README, Docs.TUTORIAL)) {
      for (Docs.Step step : Docs.walk(page, "bin/overdue ")) {
        lines.add(step.recipe().line());
      }
    }
    List<Docs.Step> reference = Docs.walk(CLI_REFERENCE, "bin/overdue ");
    assertTrue(reference.size() >= 8, "the CLI reference's lines: " + reference);
    for (Docs.Step step : reference) {
      lines.add(step.recipe().line());
    }
    // What the walks leave out: each command's help and version, a reader's slips.
    lines.add("bin/overdue --help");
    lines.add("bin/overdue --version");
    Set<String> commands = commands(run("jvm", jvmServer, "bin/overdue --help").out());
    assertTrue(commands.size() >= 30 && commands.contains("approve") && commands.contains("import-bpmn"), commands.toString());
    for (String command : commands) {
      lines.add("bin/overdue " + command + " --help");
    }
    // The work lists of every page (DevServerIT's): what they find, both ways.
    for (Docs.Recipe recipe : Docs.recipes("bin/overdue list")) {
      lines.add(recipe.line());
    }
    lines.add("bin/overdue status --version");
    lines.add("bin/overdue status NO-SUCH-REQUEST");
    lines.add("bin/overdue status PO-4711 --json");
    lines.add("bin/overdue history PO-4711 --json");
    lines.add("bin/overdue no-such-command");
    lines.add("bin/overdue approve PO-4711");

    List<String> differences = new ArrayList<>();
    int nonZero = 0;
    for (String line : lines) {
      Result jvm = run("jvm", jvmServer, line);
      Result asNative = run("native", nativeServer, line);
      String expected = mask(jvm, jvmServer);
      String actual = mask(asNative, nativeServer);
      // A list reads the visibility store, which each server fills in its own time after a
      // change: read both again (they change nothing) until they agree, for a while.
      long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
      while (line.startsWith("bin/overdue list") && !expected.equals(actual) && System.nanoTime() < giveUp) {
        Thread.sleep(500);
        jvm = run("jvm", jvmServer, line);
        expected = mask(jvm, jvmServer);
        actual = mask(run("native", nativeServer, line), nativeServer);
      }
      if (!expected.equals(actual)) {
        differences.add("$ " + line + "\n--- JVM:\n" + expected + "\n--- native:\n" + actual);
      }
      nonZero += jvm.exit() != 0 ? 1 : 0;
    }
    System.out.printf("NativeCliIdentityIT: %d lines, %d of them failing alike both ways%n", lines.size(), nonZero);
    assertEquals(List.of(), differences, differences.size() + " of " + lines.size() + " lines differ");
    // The lines did something: most succeed (refusals and slips among them fail alike).
    assertTrue(nonZero > 0 && nonZero < lines.size() / 3, nonZero + " of " + lines.size() + " failed");
    // And the native lines ran natively: the launcher did not quietly fall back to the JVM.
    assertTrue(run("native", nativeServer, "bin/overdue --version").out().strip().endsWith("; native executable)"));
  }

  /** The commands `--help` lists, in its order. */
  private static Set<String> commands(String help) {
    Set<String> commands = new LinkedHashSet<>();
    boolean listed = false;
    for (String line : help.split("\n")) {
      if (line.equals("Commands:")) {
        listed = true;
      } else if (listed) {
        Matcher command = Pattern.compile("^  ([a-z][a-z0-9-]*)(\\s|$)").matcher(line);
        if (command.find()) {
          commands.add(command.group(1));
        } else if (!line.startsWith(" ")) {
          listed = false;
        }
      }
    }
    return commands;
  }

  private static Result run(String cli, DevServer server, String line) throws Exception {
    Map<String, String> env = new HashMap<>(server.env());
    env.put("OVERDUE_CLI", cli);
    // One HOME for both: generate-completion writes under it, the JVM keeps its class-data archive there.
    env.put("HOME", home.toString());
    env.put("XDG_CACHE_HOME", home.resolve(".cache").toString());
    return Processes.run(List.of("bash", "-c", line), env, Processes.DEFAULT_TIMEOUT);
  }

  private static String mask(Result result, DevServer server) {
    String all = "exit " + result.exit() + "\n--- stdout:\n" + result.out() + "\n--- stderr:\n" + result.err();
    all = all.replace(server.address(), "<temporal>");
    all = UUID.matcher(all).replaceAll("<run id>");
    all = INSTANT.matcher(all).replaceAll("<instant>");
    return RUNTIME.matcher(all).replaceAll("$1; <runtime>)");
  }
}
