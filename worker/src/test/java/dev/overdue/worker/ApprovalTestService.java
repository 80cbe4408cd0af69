package dev.overdue.worker;

import dev.overdue.activities.TaskIndexWriter;
import dev.overdue.api.ApprovalSearchAttributes;
import dev.overdue.api.ApprovalWorkflow;
import dev.overdue.client.ApprovalDataConverter;
import dev.overdue.index.TaskIndexes;
import dev.overdue.workflow.ApprovalWorkflowImpl;
import dev.overdue.workflow.activities.TaskIndexActivities;
import io.temporal.client.WorkflowClientOptions;
import io.temporal.testing.TestEnvironmentOptions;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.worker.Worker;
import java.util.ArrayList;
import java.util.List;

/**
 * An in-memory Temporal service as the worker's tests need it: the approvals' data converter, their
 * search attributes registered, and a worker on the default task queue hosting the workflow as the
 * worker registers it, with {@code activities} and, unless they have one, the task index's writer
 * on an index of its own (a workflow task that cannot run its local activity fails). Started.
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
    List<Object> all = new ArrayList<>(List.of(activities));
    if (all.stream().noneMatch(TaskIndexActivities.class::isInstance)) {
      all.add(new TaskIndexWriter(TaskIndexes.temporary()));
    }
    worker.registerActivitiesImplementations(all.toArray());
    env.start();
    return env;
  }
}
