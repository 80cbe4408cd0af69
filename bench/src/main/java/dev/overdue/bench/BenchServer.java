package dev.overdue.bench;

import dev.overdue.client.Connection;
import io.temporal.api.workflowservice.v1.DescribeNamespaceRequest;
import io.temporal.serviceclient.WorkflowServiceStubs;
import io.temporal.serviceclient.WorkflowServiceStubsOptions;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/** The Temporal server a bench talks to: a connection to it, and waiting until it answers. */
final class BenchServer {
  private BenchServer() {}

  /** How long a server may take to answer once started. */
  static final Duration START = Duration.ofSeconds(90);

  /**
   * Stubs for {@code address}; {@code configured}: with the connection settings (TLS, API key) of
   * the environment and profile, as for a server the bench did not start itself.
   */
  static WorkflowServiceStubs stubs(String address, boolean configured) {
    WorkflowServiceStubsOptions.Builder builder =
        configured
            ? WorkflowServiceStubsOptions.newBuilder(
                Connection.load().profile().toWorkflowServiceStubsOptions())
            : WorkflowServiceStubsOptions.newBuilder();
    return WorkflowServiceStubs.newServiceStubs(builder.setTarget(address).build());
  }

  /**
   * Waits until the server describes {@code namespace}; fails when {@code server} (the dev server
   * the bench started, or null) exits, or after {@link #START}. {@code checkDeadline} throws once
   * the bench has run past its own time limit.
   */
  static void await(
      WorkflowServiceStubs stubs, String namespace, ChildProcess server, Runnable checkDeadline)
      throws InterruptedException {
    long giveUp = System.nanoTime() + START.toNanos();
    RuntimeException last = null;
    while (System.nanoTime() < giveUp) {
      checkDeadline.run();
      if (server != null && !server.isAlive()) {
        throw new IllegalStateException("the dev server exited:\n" + server.logTail(40));
      }
      try {
        stubs
            .blockingStub()
            .withDeadlineAfter(3, TimeUnit.SECONDS)
            .describeNamespace(
                DescribeNamespaceRequest.newBuilder().setNamespace(namespace).build());
        return;
      } catch (RuntimeException e) {
        last = e;
      }
      Thread.sleep(500);
    }
    throw new IllegalStateException(
        "no Temporal server answered within "
            + START.toSeconds()
            + " s: "
            + last
            + (server == null ? "" : "\n" + server.logTail(40)));
  }
}
