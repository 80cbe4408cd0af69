package dev.overdue.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.overdue.activities.OverdueActivities;
import dev.overdue.activities.delivery.Deliveries;
import dev.overdue.api.ApprovalSearchAttributes;
import dev.overdue.client.ApprovalDataConverter;
import dev.overdue.workflow.ApprovalWorkflowImpl;
import io.temporal.client.WorkflowClientOptions;
import io.temporal.testing.TestEnvironmentOptions;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.worker.Worker;

/**
 * The time-skipping test service with Overdue, the updatable-timer sample's loop, the bare-sleep
 * baseline and the bare-timer purchase order on one task queue.
 */
final class BenchTestService {
  private static final ObjectMapper JSON = new ObjectMapper();

  private BenchTestService() {}

  static TestWorkflowEnvironment start(String queue) {
    TestWorkflowEnvironment env = TestWorkflowEnvironment.newInstance(
            TestEnvironmentOptions.newBuilder().setWorkflowClientOptions(WorkflowClientOptions.newBuilder().setDataConverter(ApprovalDataConverter.create()).build()).build());
    ApprovalSearchAttributes.DEFINITIONS.forEach(env::registerSearchAttribute);
    Worker worker = env.newWorker(queue);
    worker.registerWorkflowImplementationTypes(ApprovalWorkflowImpl.OPTIONS, ApprovalWorkflowImpl.class);
    worker.registerWorkflowImplementationTypes(
        UpdatableTimerWorkflow.Impl.class, SleepBaselineWorkflow.Impl.class, BarePurchaseOrderWorkflow.Impl.class);
    worker.registerActivitiesImplementations(OverdueActivities.of(Deliveries.logOnly()));
    worker.registerActivitiesImplementations(new BarePurchaseOrderWorkflow.NoMail());
    env.start();
    return env;
  }

  static JsonNode json(String text) {
    try {
      return JSON.readTree(text);
    } catch (Exception e) {
      throw new IllegalArgumentException(text, e);
    }
  }
}
