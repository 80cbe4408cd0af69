package dev.overdue.worker;

import dev.overdue.activities.delivery.Deliveries;
import dev.overdue.worker.Health.Check;
import io.grpc.StatusRuntimeException;
import io.temporal.api.workflowservice.v1.DescribeNamespaceRequest;
import io.temporal.serviceclient.WorkflowServiceStubs;
import io.temporal.worker.WorkerFactory;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/** The worker's own checks, from the parts it runs: the service stubs, the factory, the store. */
final class WorkerHealth {
  /** A Temporal check that takes longer fails: a probe must answer within its own timeout. */
  static final Duration TEMPORAL_DEADLINE = Duration.ofSeconds(2);
  /** How long a Temporal check's answer stands for the probes that follow it. */
  static final Duration TEMPORAL_CACHE = Duration.ofSeconds(2);

  private WorkerHealth() {}

  /**
   * @param embedded whether this process runs the in-memory service: readiness says so, since
   *     everything it holds is lost when the worker exits
   */
  static Health of(
      WorkflowServiceStubs stubs,
      String address,
      String namespace,
      boolean embedded,
      WorkerFactory factory,
      String taskQueue,
      Deliveries deliveries,
      RunningActivities activities) {
    Supplier<Check> temporal =
        Health.cached(() -> temporal(stubs, address, namespace, embedded), TEMPORAL_CACHE, System::nanoTime);
    Supplier<Check> alive =
        () -> factory.isTerminated()
            ? Check.failed("worker", "shut down")
            : Check.ok("worker", factory.isShutdown() ? "draining, " + running(activities.count()) : "running");
    Supplier<Check> polling =
        () -> factory.isStarted() && !factory.isShutdown()
            ? Check.ok("worker", "polling task queue '" + taskQueue + "', " + running(activities.count()))
            : Check.failed("worker", factory.isShutdown() ? "polling stopped" : "not started yet");
    Supplier<Check> store =
        () -> {
          Deliveries.Reachability reachability = deliveries.reachable();
          return reachability.ok()
              ? Check.ok("store", reachability.detail())
              : Check.failed("store", reachability.detail());
        };
    return new Health(List.of(alive), List.of(temporal, polling, store), System::nanoTime);
  }

  /** "1 activity running", "2 activities running". */
  static String running(int count) {
    return count + (count == 1 ? " activity" : " activities") + " running";
  }

  /** One DescribeNamespace, the call the worker's start makes too: the connection, TLS, the key. */
  static Check temporal(WorkflowServiceStubs stubs, String address, String namespace, boolean embedded) {
    String where = address + ", namespace " + namespace;
    String lost = embedded ? "; the embedded IN-MEMORY service: all is lost when this worker exits" : "";
    long start = System.nanoTime();
    try {
      stubs
          .blockingStub()
          .withDeadlineAfter(TEMPORAL_DEADLINE.toMillis(), TimeUnit.MILLISECONDS)
          .describeNamespace(DescribeNamespaceRequest.newBuilder().setNamespace(namespace).build());
      return Check.ok("temporal", where + ", " + (System.nanoTime() - start) / 1_000_000 + " ms" + lost);
    } catch (StatusRuntimeException e) {
      String description = e.getStatus().getDescription();
      return Check.failed(
          "temporal",
          where + ": " + e.getStatus().getCode() + (description == null ? "" : ": " + description.strip()) + lost);
    }
  }
}
