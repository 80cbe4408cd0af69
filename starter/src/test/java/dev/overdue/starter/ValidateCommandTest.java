package dev.overdue.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.starter.CliHarness.Run;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code overdue validate --file}: the checks of {@code start --file} without starting anything
 * and without a Temporal server; and the {@code $schema} key editors need in a JSON request.
 */
class ValidateCommandTest {
  private static final Path EXAMPLES = Processes.ROOT.resolve("docs/examples");

  @TempDir Path dir;

  /** Counts connection attempts; there is no server to connect to. */
  private final AtomicInteger connections = new AtomicInteger();

  private Run validate(String... args) {
    String[] line = new String[args.length + 1];
    line[0] = "validate";
    System.arraycopy(args, 0, line, 1, args.length);
    assertFalse(Commands.connects(line), "main would connect in the background");
    Run run = CliHarness.run(() -> {
      connections.incrementAndGet();
      throw new IllegalStateException("no Temporal server here");
    }, line);
    assertEquals(0, connections.get(), "validate tried to connect");
    return run;
  }

  @Test
  void aValidFileSaysSoWithItsStepsAndTimers() throws IOException {
    Run run = validate("--file", EXAMPLES.resolve("po-4711.json").toString()).expect(ExitCodes.DONE);
    assertEquals("valid: PO-4711 (2 steps, 1 timer)\n", run.out().replace("\r", ""));
    assertEquals("", run.err());

    Run yaml = validate("--file", EXAMPLES.resolve("expense.yaml").toString()).expect(ExitCodes.DONE);
    assertEquals("valid: EXP-7 (2 steps, 0 timers)\n", yaml.out().replace("\r", ""));
  }

  @Test
  void withOutputJsonAValidFileIsADocument() {
    Run run = validate("--file", EXAMPLES.resolve("po-4711.json").toString(), "-o", "json").expect(ExitCodes.DONE);
    assertEquals("{\"valid\":true,\"requestId\":\"PO-4711\",\"steps\":2,\"timers\":1}",
        run.out().replaceAll("\\s", ""));
  }

  @Test
  void anInvalidFileIsRefusedWithEveryProblemAsStartRefusesIt() throws IOException {
    Path file = Files.writeString(dir.resolve("bad.yaml"),
        "requestId: BAD 1\nsteps: [{ name: a.b, approvers: [alice] }]\ntimeout: P1M\n");
    Run run = validate("--file", file.toString()).expect(ExitCodes.REFUSED);
    assertEquals("", run.out());
    assertTrue(run.err().startsWith("invalid approval request:\n"), run.err());
    assertTrue(run.err().contains("requestId: required; letters, digits and . _ : - (at most 100), got 'BAD 1'"), run.err());
    assertTrue(run.err().contains("steps[0].name: required; letters, digits, _ and - (no dots), got 'a.b'"), run.err());
    assertTrue(run.err().contains("timeout: 'P1M': months and years have no fixed length"), run.err());

    Path unknown = Files.writeString(dir.resolve("typo.json"),
        "{\"requestId\": \"T-1\", \"steps\": [{\"name\": \"m\", \"approver\": [\"alice\"]}]}");
    assertTrue(validate("--file", unknown.toString()).expect(ExitCodes.REFUSED).err()
        .contains("steps[0].approver: unknown field"));

    Path broken = Files.writeString(dir.resolve("broken.json"), "{\"requestId\": ");
    assertTrue(validate("--file", broken.toString()).expect(ExitCodes.REFUSED).err()
        .contains("is not valid JSON: line 1"));
    assertTrue(validate("--file", dir.resolve("none.yaml").toString()).expect(ExitCodes.REFUSED).err()
        .contains("no such file"));
  }

  /** Every unknown field at once, each with what it was probably meant to be, then the rules. */
  @Test
  void everyProblemIsNumberedInOneRun() throws IOException {
    Path file = Files.writeString(dir.resolve("typos.yaml"),
        "requestId: T-1\ntitel: Laptop\ntimeout: P1M\n"
            + "steps:\n  - name: manager\n    aprovers: [alice]\n    approvers: [bob]\n"
            + "    startDeadlines: [ { name: late, for: PT4H, escalations: [ { action: warn, conditon: 'true' } ] } ]\n"
            + "  - { name: finance, approvers: [frank], deadline: P1D }\n");
    Run run = validate("--file", file.toString()).expect(ExitCodes.REFUSED);
    assertEquals("", run.out());
    assertEquals(
        "invalid approval request:\n"
            + "  1. titel: unknown field; did you mean title?\n"
            + "  2. steps[0].aprovers: unknown field; did you mean approvers?\n"
            + "  3. steps[0].startDeadlines[0].escalations[0].conditon: unknown field; did you mean condition?\n"
            + "  4. steps[1].deadline: unknown field (known: approvers, assignee, candidateGroups,"
            + " completionDeadlines, distinctFrom, excludedOwners, followUp, form, listeners, name, notBy, offerTimeout, onOfferTimeout,"
            + " onTimeout, outcomes, priority, skippable, startDeadlines, timeout, title)\n"
            + "  5. timeout: 'P1M': months and years have no fixed length; give days (P30D) instead\n",
        run.err());
  }

  /** The worker's settings (docs/examples/team.yaml) are not a request with unknown fields. */
  @Test
  void aWorkerSettingsFileIsSaidToBeOne() {
    Run run = validate("--file", EXAMPLES.resolve("team.yaml").toString()).expect(ExitCodes.REFUSED);
    assertEquals(
        "this is a worker settings file (it has directory), not an approval request: pass it to"
            + " bin/overdue-worker --config\n",
        run.err());
    try (CliHarness cli = new CliHarness()) {
      assertEquals(run.err(), cli.run("start", "--file", EXAMPLES.resolve("team.yaml").toString())
          .expect(ExitCodes.REFUSED).err());
    }
  }

  @Test
  void withTheWorkersConfigTheDirectoryIsCheckedToo() throws IOException {
    String team = EXAMPLES.resolve("team.yaml").toString();
    validate("--file", EXAMPLES.resolve("expense.yaml").toString(), "--config", team).expect(ExitCodes.DONE);

    Path file = Files.writeString(dir.resolve("groups.yaml"),
        "requestId: G-1\ntitel: Chairs\nsteps: [{ name: review, candidateGroups: [finanse] }]\n");
    Run run = validate("--file", file.toString(), "--config", team).expect(ExitCodes.REFUSED);
    // With the request's own problems, in the same run.
    assertTrue(run.err().startsWith("invalid approval request:\n  1. titel: unknown field; did you mean title?\n"
        + "  2. steps[0].candidateGroups: 'finanse' is not a group in the directory of"), run.err());
  }

  @Test
  void usageErrorsExitTwo() {
    assertTrue(validate().expect(ExitCodes.USAGE).err().contains("Missing required option: '--file=FILE'"));
    assertTrue(validate("--file", "x.json", "--fiel", "y").expect(ExitCodes.USAGE).err().contains("Unknown option"));
  }

  /** Editors find a JSON file's schema by its "$schema" key: validate and start both take it. */
  @Test
  void aJsonRequestMayNameItsSchema() throws IOException {
    String request = Files.readString(EXAMPLES.resolve("po-4711.json"))
        .replaceFirst("\\{", "{\n  \"\\$schema\": \"../schema/approval-request.schema.json\",")
        .replace("PO-4711", "PO-SCHEMA");
    Path file = Files.writeString(dir.resolve("with-schema.json"), request);
    assertTrue(RequestFiles.read(file.toString(), System.in).has("requestId"));
    assertFalse(RequestFiles.read(file.toString(), System.in).has("$schema"));
    validate("--file", file.toString()).expect(ExitCodes.DONE);
    try (CliHarness cli = new CliHarness()) {
      Run started = cli.run("start", "--file", file.toString()).expect(ExitCodes.DONE);
      assertTrue(started.out().startsWith("started approval PO-SCHEMA"), started.out());
    }
  }
}
