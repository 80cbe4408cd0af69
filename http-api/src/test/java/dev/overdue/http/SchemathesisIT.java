package dev.overdue.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The OpenAPI document is exact, by schema-driven property-based tests: schemathesis (pinned, from
 * PyPI into .tools/schemathesis by src/test/python/schemathesis-venv, which .ci/run runs) reads the
 * document the API serves and sends every operation data made from it, valid and invalid ({@code
 * --mode all}), to an API on a dev server with a worker, as alice in development mode. Each answer
 * must be one the document lists for the operation, with its content type and its schema, and
 * none a 5xx. The approval id in the paths is mostly one of the approvals started here (as alice,
 * from docs/examples/po-4711.json), so the reads answer real statuses, timers, plans and trails
 * with their nulls. Bounded: {@value #EXAMPLES} examples an operation, a fixed seed, one worker,
 * traffic to 127.0.0.1 only; the API's per-caller rate limit is raised for it. Without
 * schemathesis (no python3 with venv, or no PyPI) the test is skipped, except under CI.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = "overdue.api.requests-per-second=100000")
class SchemathesisIT {
  private static final Path MODULE = ModuleDirectory.HTTP_API;
  private static final Path VENV = MODULE.resolve("src/test/python/schemathesis-venv");
  private static final Path EXAMPLE = MODULE.resolve("../docs/examples/po-4711.json").normalize();
  private static final Path WORK = MODULE.resolve("target/schemathesis");
  /** Test cases per operation and phase: the whole run stays within a couple of minutes on 2 cores. */
  static final int EXAMPLES = 15;
  static final long SEED = 4711;
  private static final Pattern SUMMARY = Pattern.compile("(\\d+) generated, (\\d+) passed|Test cases:\\s*\\n?\\s*(\\d+)");

  private static final TemporalWithWorker TEMPORAL = TemporalWithWorker.onDevServer("schemathesis", Map.of());

  @DynamicPropertySource
  static void temporal(DynamicPropertyRegistry properties) {
    TEMPORAL.register(properties);
  }

  @AfterAll
  static void stop() {
    TEMPORAL.close();
  }

  @LocalServerPort int port;

  @Test
  void everyAnswerIsOneTheDocumentDescribes() throws Exception {
    Path schemathesis = schemathesis();
    ApiClient api = new ApiClient(port);
    String request = Files.readString(EXAMPLE).replace("\"requester\": \"carol\",", "");
    String run = Long.toString(System.currentTimeMillis(), 36).toUpperCase();
    List<String> ids = new ArrayList<>();
    for (int i = 1; i <= 3; i++) {
      String id = "ST-" + run + "-" + i;
      ApiClient.Answer started = api.post("/api/v1/approvals", request.replace("PO-4711", id), ApiClient.as("alice"));
      assertEquals(201, started.status(), started.text());
      ids.add(id);
    }
    // One a step further (finance's), one ended: answers in other states, with their nulls.
    assertEquals(200, api.post("/api/v1/approvals/" + ids.get(1) + "/approve", "{}", ApiClient.as("bob")).status());
    assertEquals(200, api.post("/api/v1/approvals/" + ids.get(2) + "/reject", "{\"comment\":\"no\"}", ApiClient.as("bob")).status());

    Files.createDirectories(WORK);
    Path config = WORK.resolve("schemathesis.toml");
    Files.writeString(config, "[dictionaries.approvals]\nvalues = [" + String.join(", ", ids.stream().map(id -> "\"" + id + "\"").toList())
        + "]\n\n[parameters]\n\"path.id\" = { dictionary = \"approvals\", probability = 0.9 }\n");
    List<String> command = List.of(schemathesis.toString(), "--no-color", "--config-file", config.toString(), "run",
        "http://127.0.0.1:" + port + "/v3/api-docs",
        "--checks", "not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance",
        "--mode", "all", "--phases", "examples,coverage,fuzzing",
        "--max-examples", Integer.toString(EXAMPLES), "--seed", Long.toString(SEED), "--workers", "1",
        "--request-timeout", "20", "--header", "X-Overdue-User: alice",
        "--suppress-health-check", "all", "--warnings", "off", "--generation-database", "none",
        "--report", "junit", "--report-dir", WORK.resolve("report").toString());
    long began = System.nanoTime();
    Result result = run(command, WORK, Duration.ofMinutes(4));
    double seconds = (System.nanoTime() - began) / 1e9;
    String out = result.output();
    System.out.printf("SchemathesisIT: schemathesis ran for %.1f s:%n%s%n", seconds, out);
    assertEquals(0, result.exit(), "schemathesis found answers the OpenAPI document does not describe:\n" + out);
    Matcher summary = SUMMARY.matcher(out);
    assertTrue(summary.find(), "schemathesis said how many cases it ran:\n" + out);
  }

  /** schemathesis, installed when missing; skipped when it cannot be, except under CI. */
  private static Path schemathesis() throws Exception {
    Result venv = run(List.of("bash", VENV.toString()), MODULE, Duration.ofMinutes(5));
    String[] lines = venv.output().strip().split("\n");
    Path schemathesis = Path.of(lines[lines.length - 1]);
    if (venv.exit() != 0 || !Files.isExecutable(schemathesis)) {
      String why = "schemathesis could not be installed (" + VENV + ", exit " + venv.exit() + "); it needs python3 with"
          + " venv (Debian: python3-venv, which .ci/run installs) and, once, PyPI:\n" + venv.output();
      if ("true".equals(System.getenv("CI"))) {
        fail(why);
      }
      Assumptions.abort(why);
    }
    return schemathesis;
  }

  private record Result(int exit, String output) {}

  /** {@code command} in {@code directory} (schemathesis keeps its caches there), its output and errors together, bounded in time. */
  private static Result run(List<String> command, Path directory, Duration timeout) throws IOException, InterruptedException {
    Path output = Files.createTempFile("schemathesis", ".txt");
    try {
      ProcessBuilder builder = new ProcessBuilder(new ArrayList<>(command)).directory(directory.toFile())
          .redirectErrorStream(true).redirectOutput(output.toFile());
      builder.environment().keySet().removeIf(k -> k.startsWith("OVERDUE_") || k.startsWith("PYTHON"));
      // No proxy: the traffic stays on 127.0.0.1.
      builder.environment().keySet().removeIf(k -> k.toLowerCase().endsWith("_proxy"));
      Process process;
      try {
        process = builder.start();
      } catch (IOException e) {
        return new Result(127, command.get(0) + ": " + e.getMessage());
      }
      if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        fail(String.join(" ", command) + " did not end within " + timeout.toSeconds() + " s:\n"
            + Files.readString(output, StandardCharsets.UTF_8));
      }
      return new Result(process.exitValue(), Files.readString(output, StandardCharsets.UTF_8));
    } finally {
      Files.deleteIfExists(output);
    }
  }
}
