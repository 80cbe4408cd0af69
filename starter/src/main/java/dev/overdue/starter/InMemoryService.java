package dev.overdue.starter;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.temporal.api.workflowservice.v1.GetClusterInfoRequest;
import io.temporal.api.workflowservice.v1.GetSystemInfoRequest;
import io.temporal.serviceclient.WorkflowServiceStubs;
import java.util.concurrent.TimeUnit;

/**
 * Tells Temporal's in-memory service (temporal-testing's, which bin/overdue-worker starts when no
 * server answers) from a Temporal server: it reports no server version and has no cluster to
 * describe, where every server reports both. Asked only to explain a failure, briefly.
 */
final class InMemoryService {
  private static final long ASK_SECONDS = 5;

  private InMemoryService() {}

  /** True when {@code stubs} reach the in-memory service; false for a server or no answer. */
  static boolean is(WorkflowServiceStubs stubs) {
    try {
      return stubs
              .blockingStub()
              .withDeadlineAfter(ASK_SECONDS, TimeUnit.SECONDS)
              .getSystemInfo(GetSystemInfoRequest.getDefaultInstance())
              .getServerVersion()
              .isEmpty()
          && hasNoClusterInfo(stubs);
    } catch (RuntimeException noAnswer) {
      return false;
    }
  }

  private static boolean hasNoClusterInfo(WorkflowServiceStubs stubs) {
    try {
      stubs
          .blockingStub()
          .withDeadlineAfter(ASK_SECONDS, TimeUnit.SECONDS)
          .getClusterInfo(GetClusterInfoRequest.getDefaultInstance());
      return false;
    } catch (StatusRuntimeException e) {
      return e.getStatus().getCode() == Status.Code.UNIMPLEMENTED;
    }
  }
}
