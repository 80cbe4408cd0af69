package dev.overdue.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.starter.CliHarness.Run;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import io.temporal.api.workflowservice.v1.QueryWorkflowRequest;
import io.temporal.api.workflowservice.v1.QueryWorkflowResponse;
import io.temporal.client.WorkflowClient;
import io.temporal.serviceclient.WorkflowServiceStubs;
import io.temporal.serviceclient.WorkflowServiceStubsOptions;
import io.temporal.testserver.TestServer;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * "no approval X" from the worker's in-memory service (bin/overdue-worker starts one when no
 * server answers) says that it keeps nothing and where approvals started on the dev server are;
 * from a Temporal server it says nothing more.
 */
class NoApprovalTest {
  @Test
  void theWorkersInMemoryServiceIsSaidToForgetApprovals() throws IOException {
    int port = Processes.freePort();
    // The service the worker starts (EmbeddedTemporal): port-bound, timers in real time.
    TestServer.PortBoundTestServer server = TestServer.createPortBoundServer(port, true);
    WorkflowServiceStubs stubs =
        WorkflowServiceStubs.newServiceStubs(
            WorkflowServiceStubsOptions.newBuilder().setTarget("127.0.0.1:" + port).build());
    try {
      WorkflowClient client = WorkflowClient.newInstance(stubs);
      Run status = CliHarness.run(client, "status", "PO-5001").expect(ExitCodes.REFUSED);
      assertEquals(
          "no approval PO-5001 (workflow approval-PO-5001); Temporal at 127.0.0.1:"
              + port
              + " (namespace default) is the worker's in-memory Temporal service, which keeps"
              + " nothing across restarts; approvals started on bin/dev-server are not here: stop"
              + " the worker, start bin/dev-server (with its --db-filename, if it had one), then"
              + " bin/overdue-worker again\n",
          status.err());

      Run approve =
          CliHarness.run(client, "approve", "PO-5001", "--user", "alice").expect(ExitCodes.REFUSED);
      assertTrue(approve.err().startsWith("approval PO-5001 is not running"), approve.err());
      assertTrue(approve.err().contains("is the worker's in-memory Temporal service"), approve.err());
    } finally {
      stubs.shutdownNow();
      server.close();
    }
  }

  @Test
  void aTemporalServerIsNotTakenForIt() {
    try (FakeTemporal server =
        new FakeTemporal(
            new FakeTemporal.Server() {
              @Override
              public void queryWorkflow(
                  QueryWorkflowRequest request, StreamObserver<QueryWorkflowResponse> response) {
                response.onError(
                    Status.NOT_FOUND.withDescription("workflow not found").asRuntimeException());
              }
            })) {
      Run status = CliHarness.run(server.client(), "status", "PO-5001").expect(ExitCodes.REFUSED);
      assertEquals("no approval PO-5001 (workflow approval-PO-5001)\n", status.err());
    }
  }
}
