package dev.overdue.starter;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.starter.CliHarness.Run;
import io.temporal.client.WorkflowClient;
import io.temporal.serviceclient.WorkflowServiceStubs;
import io.temporal.serviceclient.WorkflowServiceStubsOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Nothing listens on the address: one line naming it, the hint, exit 3. */
class ConnectionFailureTest {
  static final String NOWHERE = "127.0.0.1:1";
  WorkflowServiceStubs stubs;
  WorkflowClient client;

  @BeforeEach
  void pointAtNothing() {
    stubs =
        WorkflowServiceStubs.newServiceStubs(
            WorkflowServiceStubsOptions.newBuilder().setTarget(NOWHERE).build());
    client = WorkflowClient.newInstance(stubs);
  }

  @AfterEach
  void shutdown() {
    stubs.shutdownNow();
  }

  @Test
  void unreachableServiceIsNamedWithTheDevServerHintFirst() {
    Run run = CliHarness.run(client, "status", "PO-4711").expect(ExitCodes.UNAVAILABLE);

    assertTrue(
        run.err().startsWith("cannot reach Temporal at " + NOWHERE + " (namespace default)"),
        run.err());
    assertTrue(run.err().contains("UNAVAILABLE"), run.err());
    // The worker alone would start an in-memory service that forgets every approval.
    assertTrue(
        run.err()
            .contains(
                "is a Temporal server running? start the dev server with bin/dev-server (it keeps"
                    + " approvals across worker restarts, with --db-filename across its own too,"
                    + " and has the Web UI), then bin/overdue-worker; bin/overdue-worker alone"
                    + " starts an in-memory service that forgets every approval when it exits"),
        run.err());
    assertTrue(run.err().lines().count() == 1, run.err());
  }

  @Test
  void unreadableConnectionSettingsAreReportedAsUnavailable() {
    ClientFactory broken =
        () -> {
          throw new UncheckedIOException(
              "cannot read the Temporal client configuration",
              new IOException("bad TOML at line 3"));
        };

    Run run = CliHarness.run(broken, "status", "PO-4711").expect(ExitCodes.UNAVAILABLE);

    assertTrue(
        run.err()
            .startsWith(
                "cannot set up the Temporal connection: cannot read the Temporal client"
                    + " configuration: bad TOML at line 3"),
        run.err());
  }

  @Test
  void aBadRequestIsReportedWithoutContactingTheService() {
    Run run = CliHarness.run(client, "start", "--request-id", "PO-1").expect(ExitCodes.REFUSED);

    assertTrue(run.err().contains("steps: at least one step is required"), run.err());
  }
}
