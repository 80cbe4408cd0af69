package dev.overdue.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.starter.CliHarness.Run;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code overdue start --config}: the candidate groups and reassignment targets of a request are
 * checked against the worker's directory before anything starts.
 */
class DirectoryCheckTest {
  private static CliHarness cli;
  @TempDir static Path dir;

  @BeforeAll
  static void startService() {
    cli = new CliHarness();
  }

  @AfterAll
  static void stopService() {
    cli.close();
  }

  private static Path write(String name, String text) throws IOException {
    return Files.writeString(dir.resolve(name), text);
  }

  private static String request(String id, String group, String reassignTo) {
    return "requestId: " + id + "\nrequester: carol\nsteps:\n  - name: manager\n    candidateGroups: [" + group + "]\n"
        + "    startDeadlines:\n      - name: late\n        for: PT4H\n"
        + "        escalations: [ { action: reassign, to: [" + reassignTo + ", requester] } ]\n";
  }

  @Test
  void unknownGroupsAndNamesAreRefusedNamingTheFieldAndNothingStarts() throws IOException {
    Path config = write("worker.yaml", "directory: people.yaml\n");
    write("people.yaml", "users:\n  frank: { email: frank@example.com }\n"
        + "groups:\n  finance: [frank]\n  legal: [frank]\n");
    Path file = write("bad.yaml", request("DIR-1", "procurement", "fronk"));
    Run run = cli.run("start", "--file", file.toString(), "--config", config.toString()).expect(ExitCodes.REFUSED);
    assertEquals(
        "invalid approval request:\n"
            + "  1. steps[0].candidateGroups: 'procurement' is not a group in the directory of " + config
            + " (groups: finance, legal)\n"
            + "  2. steps[0].startDeadlines[0].escalations[0].to: 'fronk' is neither a user nor a group in the"
            + " directory of " + config + "\n",
        run.err());
    assertTrue(cli.run("status", "DIR-1").exitCode() != 0);
  }

  @Test
  void knownGroupsAndUsersStart() throws IOException {
    Path config = write("worker-ok.yaml", "directory:\n  users: { frank: {} }\n  groups: { finance: [frank] }\n");
    Path file = write("good.yaml", request("DIR-2", "finance", "frank"));
    cli.run("start", "--file", file.toString(), "--config", config.toString()).expect(0);
    cli.run("status", "DIR-2").expect(0);
  }
}
