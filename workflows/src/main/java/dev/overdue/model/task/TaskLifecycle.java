package dev.overdue.model.task;

import static dev.overdue.model.task.TaskEvent.ACTIVATE;
import static dev.overdue.model.task.TaskEvent.CLAIM;
import static dev.overdue.model.task.TaskEvent.COMPLETE;
import static dev.overdue.model.task.TaskEvent.DELEGATE;
import static dev.overdue.model.task.TaskEvent.REASSIGN;
import static dev.overdue.model.task.TaskEvent.RELEASE;
import static dev.overdue.model.task.TaskEvent.SKIP;
import static dev.overdue.model.task.TaskEvent.START;
import static dev.overdue.model.task.TaskEvent.STOP;
import static dev.overdue.model.task.TaskState.COMPLETED;
import static dev.overdue.model.task.TaskState.IN_PROGRESS;
import static dev.overdue.model.task.TaskState.OBSOLETE;
import static dev.overdue.model.task.TaskState.PENDING;
import static dev.overdue.model.task.TaskState.READY;
import static dev.overdue.model.task.TaskState.RESERVED;

import dev.overdue.model.TransitionTable;

/**
 * The user-task lifecycle: READY (offered) → RESERVED (claimed) → IN_PROGRESS (started) →
 * COMPLETED; release goes back to READY, and so does a reassignment or a forward; stop goes from
 * IN_PROGRESS back to RESERVED; a delegation makes one person the owner (RESERVED) from any open
 * state; a skip ends an open task OBSOLETE.
 */
public final class TaskLifecycle {
  private TaskLifecycle() {}

  public static final TransitionTable<TaskState, TaskEvent> TABLE =
      TransitionTable.of(TaskState.class, TaskEvent.class)
          .allow(PENDING, ACTIVATE, READY)
          .reject(PENDING, CLAIM, "the step has not started yet")
          .reject(PENDING, START, "the step has not started yet")
          .reject(PENDING, RELEASE, "the step has not started yet")
          .reject(PENDING, REASSIGN, "the step has not started yet")
          .reject(PENDING, COMPLETE, "the step has not started yet")
          .allow(PENDING, TaskEvent.OBSOLETE, OBSOLETE)
          .reject(PENDING, STOP, "the step has not started yet")
          .reject(PENDING, DELEGATE, "the step has not started yet")
          .reject(PENDING, SKIP, "the step has not started yet")
          .reject(READY, ACTIVATE, "the task is already offered")
          .allow(READY, CLAIM, RESERVED)
          // A potential owner may start an offered task directly: starting claims it (WS-HumanTask).
          .allow(READY, START, IN_PROGRESS)
          .reject(READY, RELEASE, "the task is not claimed")
          .allow(READY, REASSIGN, READY)
          // An approver may decide an offered task directly: deciding claims it implicitly.
          .allow(READY, COMPLETE, COMPLETED)
          .allow(READY, TaskEvent.OBSOLETE, OBSOLETE)
          .reject(READY, STOP, "the task is not started")
          .allow(READY, DELEGATE, RESERVED)
          .allow(READY, SKIP, OBSOLETE)
          .reject(RESERVED, ACTIVATE, "the task is already offered")
          .reject(RESERVED, CLAIM, "the task is already claimed")
          .allow(RESERVED, START, IN_PROGRESS)
          .allow(RESERVED, RELEASE, READY)
          .allow(RESERVED, REASSIGN, READY)
          .allow(RESERVED, COMPLETE, COMPLETED)
          .allow(RESERVED, TaskEvent.OBSOLETE, OBSOLETE)
          .reject(RESERVED, STOP, "the task is not started")
          .allow(RESERVED, DELEGATE, RESERVED)
          .allow(RESERVED, SKIP, OBSOLETE)
          .reject(IN_PROGRESS, ACTIVATE, "the task is already offered")
          .reject(IN_PROGRESS, CLAIM, "the task is already claimed and started")
          .reject(IN_PROGRESS, START, "the task is already started")
          .allow(IN_PROGRESS, RELEASE, READY)
          .allow(IN_PROGRESS, REASSIGN, READY)
          .allow(IN_PROGRESS, COMPLETE, COMPLETED)
          .allow(IN_PROGRESS, TaskEvent.OBSOLETE, OBSOLETE)
          .allow(IN_PROGRESS, STOP, RESERVED)
          .allow(IN_PROGRESS, DELEGATE, RESERVED)
          .allow(IN_PROGRESS, SKIP, OBSOLETE)
          .reject(COMPLETED, ACTIVATE, "the task is completed")
          .reject(COMPLETED, CLAIM, "the task is completed")
          .reject(COMPLETED, START, "the task is completed")
          .reject(COMPLETED, RELEASE, "the task is completed")
          .reject(COMPLETED, REASSIGN, "the task is completed")
          .reject(COMPLETED, COMPLETE, "the task is completed")
          .reject(COMPLETED, TaskEvent.OBSOLETE, "the task is completed")
          .reject(COMPLETED, STOP, "the task is completed")
          .reject(COMPLETED, DELEGATE, "the task is completed")
          .reject(COMPLETED, SKIP, "the task is completed")
          .reject(OBSOLETE, ACTIVATE, "the task is obsolete")
          .reject(OBSOLETE, CLAIM, "the task is obsolete")
          .reject(OBSOLETE, START, "the task is obsolete")
          .reject(OBSOLETE, RELEASE, "the task is obsolete")
          .reject(OBSOLETE, REASSIGN, "the task is obsolete")
          .reject(OBSOLETE, COMPLETE, "the task is obsolete")
          .reject(OBSOLETE, TaskEvent.OBSOLETE, "the task is obsolete")
          .reject(OBSOLETE, STOP, "the task is obsolete")
          .reject(OBSOLETE, DELEGATE, "the task is obsolete")
          .reject(OBSOLETE, SKIP, "the task is obsolete")
          .complete();
}
