package dev.overdue.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.overdue.starter.ExitCodes;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code bin/overdue bench}: each benchmark prints how it ran and, as its last line, one JSON object
 * of figures. A program of its own (the bench module's jar), so the CLI carries no test server.
 */
@Command(
    name = "overdue bench",
    mixinStandardHelpOptions = true,
    description = "Run a benchmark; results and how they were made: docs/BENCHMARKS.md.",
    subcommands = {
      HistoryCommand.class,
      ReplayCommand.class,
      ScaleCommand.class,
      BulkCommand.class,
      CliCommand.class,
      CostCommand.class,
      BillCommand.class,
      ProfileCommand.class,
      ApiCommand.class,
      IndexCommand.class,
      InboxCommand.class
    })
public final class BenchCli {
  static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  /** The server a bench uses: {@code --address}, else TEMPORAL_ADDRESS, else null (its own dev server). */
  static String server(String address) {
    String environment = System.getenv("TEMPORAL_ADDRESS");
    return address != null ? address : environment != null && !environment.isBlank() ? environment : null;
  }

  public static void main(String[] args) {
    System.exit(new CommandLine(new BenchCli()).execute(args));
  }

  /** {@code figures} as one JSON line: the last line of every bench's output. */
  static String oneLine(Object figures) throws com.fasterxml.jackson.core.JsonProcessingException {
    return JSON.copy().disable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(figures);
  }

  /** True, naming the first missing one and how to build it on stderr, when a jar under {@code root} is missing. */
  static boolean missingJar(Path root, List<String> jars) {
    for (String jar : jars) {
      if (!Files.isRegularFile(root.resolve(jar))) {
        System.err.println(root.resolve(jar) + " is missing: build with mvn -B -DskipTests -pl bench -am package");
        return true;
      }
    }
    return false;
  }

  /** A bench that failed: why on stderr ({@code where}, e.g. its logs, after it), its stack trace with OVERDUE_DEBUG. */
  static int failed(String bench, RuntimeException e, String where) {
    System.err.println("bench " + bench + " failed: " + e.getMessage() + where);
    if (System.getenv("OVERDUE_DEBUG") != null) {
      e.printStackTrace();
    }
    return ExitCodes.UNEXPECTED;
  }

  /** Where a run of {@code bench} keeps its logs: target/bench-NAME/yyyyMMdd-HHmmss. */
  static Path runDir(Path root, String bench) {
    return root.resolve("target/bench-" + bench + "/" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
  }

  /** The repository: where this jar lies (bench/target/overdue-bench.jar), else the working directory's. */
  static Path root() throws URISyntaxException {
    Path here = Path.of(BenchCli.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    for (Path dir = here; dir != null; dir = dir.getParent()) {
      if (Files.isRegularFile(dir.resolve("bin/dev-server"))) {
        return dir;
      }
    }
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      if (Files.isRegularFile(dir.resolve("bin/dev-server"))) {
        return dir;
      }
    }
    return Path.of("").toAbsolutePath();
  }

  static String cpuModel() {
    try {
      return Files.readAllLines(Path.of("/proc/cpuinfo")).stream()
              .filter(l -> l.startsWith("model name"))
              .findFirst()
              .map(l -> l.substring(l.indexOf(':') + 1).strip())
              .orElse("cpu unknown")
          + ", " + memory();
    } catch (Exception e) {
      return "cpu unknown";
    }
  }

  private static String memory() throws IOException {
    return Files.readAllLines(Path.of("/proc/meminfo")).stream()
        .filter(l -> l.startsWith("MemTotal:"))
        .findFirst()
        .map(l -> Long.parseLong(l.replaceAll("[^0-9]", "")) / 1024 / 1024 + " GiB memory")
        .orElse("memory unknown");
  }

  static void describeMachine(String command) {
    Runtime runtime = Runtime.getRuntime();
    System.out.printf(
        "# %s%n# %s %s, %d cpus, max heap %d MiB, Java %s%n",
        command,
        System.getProperty("os.name"),
        System.getProperty("os.arch"),
        runtime.availableProcessors(),
        runtime.maxMemory() >> 20,
        ManagementFactory.getRuntimeMXBean().getVmVersion());
  }
}
