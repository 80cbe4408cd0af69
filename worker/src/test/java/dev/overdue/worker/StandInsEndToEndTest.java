package dev.overdue.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.activities.OverdueActivities;
import dev.overdue.activities.delivery.Deliveries;
import dev.overdue.activities.settings.Directory;
import dev.overdue.api.ApprovalCommand;
import dev.overdue.api.ApprovalWorkflow;
import dev.overdue.api.StepInfo;
import dev.overdue.client.Approvals;
import dev.overdue.model.request.RequestValidator;
import dev.overdue.workflow.WorkerDirectory;
import io.opentelemetry.api.OpenTelemetry;
import io.temporal.testing.TestWorkflowEnvironment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Absences across a directory change on a running worker: the settings name a directory file with
 * an (empty) absences section, an approval starts, then the file says alice is away and sam stands
 * in; without a restart, refresh-owners brings sam in, and a file that no longer checks is not used.
 */
class StandInsEndToEndTest {
  static final String TEAM = """
      users:
        alice: {name: Alice}
        bob: {name: Bob}
        sam: {name: Sam}
      absences: %s
      """;

  @TempDir Path dir;
  Path team;
  Supplier<Directory> directory;
  TestWorkflowEnvironment env;
  Approvals approvals;

  @BeforeEach
  void startWorker() throws Exception {
    SettingsFiles files = new SettingsFiles(dir);
    team = files.write("team.yaml", TEAM.formatted("{}"));
    Path config = files.write("worker.yaml", "directory: team.yaml\n");
    WorkerSettings settings = WorkerSettings.load(config, SettingsFiles.NO_ENVIRONMENT);
    directory = DirectoryFile.of(config, settings, SettingsFiles.NO_ENVIRONMENT);
    Deliveries deliveries =
        Deliveries.start(settings.notifications().withStore(dir.resolve("delivered.db").toString()), directory,
            Clock.systemUTC(), OpenTelemetry.noop());
    env = ApprovalTestService.start(OverdueActivities.of(deliveries));
    approvals = new Approvals(env.getWorkflowClient(), request -> RequestValidator.refusal(request, Instant.now()));
  }

  @AfterEach
  void stop() {
    WorkerDirectory.use(false);
    env.close();
  }

  private void rewriteTeam(String absences, int secondsLater) throws Exception {
    Files.writeString(team, TEAM.formatted(absences));
    // Later than the version read before, whatever the file system's clock granularity.
    Files.setLastModifiedTime(team, FileTime.from(Instant.now().plusSeconds(secondsLater)));
  }

  private StepInfo manager(String id) {
    return approvals.status(id).steps().get(0);
  }

  @Test
  void anAbsenceAddedToTheDirectoryFileReachesARunningApprovalOnRefreshWithoutARestart() throws Exception {
    String id = approvals.start(
        NotificationDeliveryTest.json(
            "{'requestId':'AWAY-1','requester':'carol','steps':[{'name':'manager','approvers':['alice','bob']}]}"),
        ApprovalWorkflow.DEFAULT_TASK_QUEUE);
    approvals.update(id, new ApprovalCommand.Comment("carol", "Please look at it this week."));
    assertEquals(List.of("alice", "bob"), manager(id).potentialOwners());

    rewriteTeam("{alice: {until: '2099-12-31', substitute: sam}}", 5);
    approvals.update(id, new ApprovalCommand.RefreshOwners("carol"));
    assertEquals(List.of("alice", "bob", "sam"), manager(id).potentialOwners());
    assertTrue(approvals.history(id).stream().anyMatch(h -> h.name().equals("StandIn")
        && h.input().get("substitute").asText().equals("sam")), "the trail says sam stands in");

    // A broken version keeps the one read before: sam's stand-in is not lost, nobody new appears.
    rewriteTeam("{alice: {until: 'soon', substitute: nobody}}", 10);
    assertEquals("sam", directory.get().absences().get("alice").substitute());
    approvals.update(id, new ApprovalCommand.Approve("sam", "for alice"));
    assertEquals("APPROVED", approvals.result(id).outcome());
  }
}
