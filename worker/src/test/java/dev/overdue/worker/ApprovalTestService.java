package dev.overdue.worker;

import dev.overdue.api.ApprovalSearchAttributes;
import dev.overdue.api.ApprovalWorkflow;
import dev.overdue.client.ApprovalDataConverter;
import dev.overdue.workflow.ApprovalWorkflowImpl;
import io.temporal.client.WorkflowClientOptions;
import io.temporal.testing.TestEnvironmentOptions;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.worker.Worker;

/**
 * An in-memory Temporal service as the worker's tests need it: the approvals' data converter, their
 * search attributes registered, and a worker on the default task queue hosting the workflow as the
 * worker registers it, with {@code activities}. Started.
 */
final class ApprovalTestService {
  private ApprovalTestService() {}

  static TestWorkflowEnvironment start(Object... activities) {
    TestWorkflowEnvironment env =
        TestWorkflowEnvironment.newInstance(
            TestEnvironmentOptions.newBuilder()
                .setWorkflowClientOptions(
                    WorkflowClientOptions.newBuilder().setDataConverter(ApprovalDataConverter.create()).build())
                .build());
    ApprovalSearchAttributes.DEFINITIONS.forEach(env::registerSearchAttribute);
    Worker worker = env.newWorker(ApprovalWorkflow.DEFAULT_TASK_QUEUE);
    worker.registerWorkflowImplementationTypes(ApprovalWorkflowImpl.OPTIONS, ApprovalWorkflowImpl.class);
    if (activities.length > 0) {
      worker.registerActivitiesImplementations(activities);
    }
    env.start();
    return env;
  }
}
