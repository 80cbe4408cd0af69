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
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The OpenAPI document is enough to write a client: the Python client openapi-generator writes
 * from docs/reference/openapi.json at every build (target/generated-python, package
 * {@code overdue_client}) drives src/test/python/scenario.py against the API, on a dev server
 * (bob's claimable list needs a real visibility store): a start, the claimable list, a claim, an
 * approval with a comment, the status and the history, a 404 and a 409 with its problem+json.
 *
 * <p>Needs python3 with venv. The client's dependencies (its requirements.txt: urllib3, pydantic,
 * python-dateutil, typing-extensions) come from PyPI into a virtual environment kept in
 * .tools/python-client, made again only when the requirements change; the client itself is
 * installed into it from target/generated-python at every run, without the network
 * (src/test/python/client-venv).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class GeneratedClientIT {
  private static final Path MODULE = ModuleDirectory.HTTP_API;
  private static final Path GENERATED = MODULE.resolve("target/generated-python");
  private static final Path SCENARIO = MODULE.resolve("src/test/python/scenario.py");
  private static final Path CLIENT_VENV = MODULE.resolve("src/test/python/client-venv");

  private static final TemporalWithWorker TEMPORAL = TemporalWithWorker.onDevServer("generated-client", Map.of());

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
  void theGeneratedPythonClientDrivesAnApprovalAndItsRefusals() throws Exception {
    assertTrue(Files.isRegularFile(GENERATED.resolve("overdue_client/__init__.py")),
        GENERATED + " has no generated client: the build's generate-test-resources phase writes it (mvn verify)");
    long began = System.nanoTime();
    Path python = clientVenv();
    System.out.printf("GeneratedClientIT: the client installed for %s (%.1f s)%n", python, (System.nanoTime() - began) / 1e9);

    began = System.nanoTime();
    Result run = run(List.of(python.toString(), SCENARIO.toString(), "http://127.0.0.1:" + port), Duration.ofMinutes(3));
    String out = run.output();
    System.out.printf("GeneratedClientIT: the scenario (%.1f s):%n%s", (System.nanoTime() - began) / 1e9, out);
    assertEquals(0, run.exit(), "the scenario with the generated client:\n" + out);
    assertTrue(out.contains("bob can claim "), out);
    assertTrue(out.contains("alice sees APPROVED, decided by bob"), out);
    assertTrue(out.contains("frank's claim of ") && out.contains(": 404"), out);
    assertTrue(out.contains("alice's approval of ") && out.contains(": 409"), out);
    assertTrue(out.strip().endsWith("scenario passed"), out);
  }

  /**
   * The virtual environment's python, with the client's requirements (from PyPI, made again when
   * they change) and this build's generated client installed: src/test/python/client-venv, which
   * .ci/run runs beforehand too.
   */
  private static Path clientVenv() throws Exception {
    Result venv = run(List.of("bash", CLIENT_VENV.toString(), GENERATED.toString()), Duration.ofMinutes(5));
    String[] lines = venv.output().strip().split("\n");
    Path python = Path.of(lines[lines.length - 1]);
    if (venv.exit() != 0 || !Files.isExecutable(python)) {
      fail("the generated Python client's environment (" + CLIENT_VENV + ", exit " + venv.exit() + "); it needs"
          + " python3 with venv (Debian: python3-venv, which .ci/run installs) and, once, PyPI:\n" + venv.output());
    }
    return python;
  }

  private record Result(int exit, String output) {}

  /** {@code command} in the module's directory, its output and errors together, bounded in time. */
  private static Result run(List<String> command, Duration timeout) throws IOException, InterruptedException {
    Path output = Files.createTempFile("generated-client", ".txt");
    try {
      ProcessBuilder builder = new ProcessBuilder(new ArrayList<>(command)).directory(MODULE.toFile())
          .redirectErrorStream(true).redirectOutput(output.toFile());
      builder.environment().keySet().removeIf(k -> k.startsWith("OVERDUE_") || k.startsWith("PYTHON"));
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
