package dev.overdue.http.tasks;

import static dev.overdue.api.ApprovalSearchAttributes.POTENTIAL_OWNERS;

import dev.overdue.api.StatusInfo;
import dev.overdue.api.http.TaskPage;
import dev.overdue.api.http.TaskSummary;
import dev.overdue.client.Approvals;
import dev.overdue.client.WorkList;
import dev.overdue.http.ApiSettings;
import dev.overdue.http.security.Caller;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowExecutionMetadata;
import io.temporal.common.SearchAttributes;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.springframework.stereotype.Component;

/**
 * The lists: which approvals a caller can act on, read from Temporal's visibility store by the
 * search attributes each approval publishes (docs/guide/work-lists.md), then sorted and paged here.
 * "Claimable" is exactly the users the workflow would take a claim from, as the workflow publishes
 * them; where it had to cut a long list (a group of hundreds), the API asks the workflow itself.
 */
@Component
class TaskSearch {
  /** The lists one may ask for. */
  enum View { MINE, CLAIMABLE, ALL, REQUESTED }

  private final WorkflowClient client;
  private final Approvals approvals;
  private final ApiSettings settings;

  TaskSearch(WorkflowClient client, Approvals approvals, ApiSettings settings) {
    this.client = client;
    this.approvals = approvals;
    this.settings = settings;
  }

  TaskPage search(Caller caller, View view, TaskFilter filter, String sort, int limit, String cursor, Instant now) {
    // Every parameter is checked before the visibility store is asked: a bad one answers at once.
    Comparator<TaskSummary> order = TaskSort.comparator(sort);
    Cursor after = cursor == null || cursor.isBlank() ? null : Cursor.decode(cursor, sort);
    WorkList list = query(caller, view, filter, now);
    List<TaskSummary> rows = new ArrayList<>();
    int scanned = 0;
    boolean complete = true;
    try (Stream<WorkflowExecutionMetadata> executions = client.listExecutions(list.query())) {
      for (WorkflowExecutionMetadata execution : (Iterable<WorkflowExecutionMetadata>) executions::iterator) {
        if (scanned == settings.scanLimit()) {
          complete = false;
          break;
        }
        scanned++;
        SearchAttributes attributes = execution.getTypedSearchAttributes();
        if (view == View.CLAIMABLE && !offeredTo(caller, execution, attributes)) {
          continue;
        }
        TaskSummary row = summary(execution, now);
        if (matchesText(row, filter.text())) {
          rows.add(row);
        }
      }
    }
    rows.sort(order);
    List<TaskSummary> page = rows.stream()
        .filter(row -> after == null || TaskSort.after(sort, row, after))
        .limit(limit + 1L)
        .toList();
    String next = null;
    if (page.size() > limit) {
      page = page.subList(0, limit);
      TaskSummary last = page.get(limit - 1);
      next = new Cursor(sort, TaskSort.key(sort, last), TaskSort.place(last)).encode();
    }
    return new TaskPage(page, next, scanned, complete);
  }

  private WorkList query(Caller caller, View view, TaskFilter filter, Instant now) {
    WorkList list = new WorkList();
    switch (view) {
      case MINE -> list.ownedBy(caller.user());
      case CLAIMABLE -> list.claimableByOrCut(caller.user());
      case REQUESTED -> list.requestedBy(caller.user()).includingClosed();
      case ALL -> { }
    }
    if (filter.dueBefore() != null) {
      list.dueBefore(filter.dueBefore());
    }
    if (filter.dueAfter() != null) {
      list.dueAfter(filter.dueAfter());
    }
    if (Boolean.TRUE.equals(filter.overdue())) {
      list.dueBefore(now);
    }
    if (filter.priorityFrom() != null) {
      list.withPriority(filter.priorityFrom(), filter.priorityTo());
    }
    if (filter.step() != null) {
      list.inStep(filter.step());
    }
    if (filter.requester() != null) {
      list.requestedBy(filter.requester());
    }
    return list;
  }

  /**
   * Listed by name, or on a cut list whose full answer only the workflow has: then its {@code
   * status} says whether the caller is among those a claim would be taken from.
   */
  private boolean offeredTo(Caller caller, WorkflowExecutionMetadata execution, SearchAttributes attributes) {
    List<String> named = attributes.get(POTENTIAL_OWNERS);
    if (named != null && named.contains(caller.user())) {
      return true;
    }
    try {
      StatusInfo status = approvals.status(execution.getExecution().getWorkflowId());
      return status.steps().stream()
          .filter(step -> step.name().equals(status.currentStep()) && "READY".equals(step.state()))
          .anyMatch(step -> step.potentialOwners() != null && step.potentialOwners().contains(caller.user())
              && (step.excludedOwners() == null || !step.excludedOwners().contains(caller.user())));
    } catch (RuntimeException gone) {
      return false; // ended or unreachable since it was listed: nothing to claim
    }
  }

  static TaskSummary summary(WorkflowExecutionMetadata execution, Instant now) {
    WorkList.Entry entry = WorkList.Entry.of(execution);
    Instant started = execution.getStartTime();
    return new TaskSummary(
        Approvals.requestId(entry.workflowId()),
        entry.workflowId(),
        entry.title(),
        entry.requester(),
        entry.approvalState(),
        entry.currentStep(),
        entry.taskState(),
        entry.currentOwner(),
        entry.priority(),
        entry.dueDate(),
        entry.dueDate() != null && Instant.parse(entry.dueDate()).isBefore(now),
        entry.nextDeadline(),
        entry.hasWarnings(),
        entry.candidateGroups(),
        started == null ? null : started.toString(),
        execution.getExecution().getRunId(),
        entry.facts(),
        entry.decidedBy());
  }

  /** The text filter: a word of the title or the request id, ignoring case. */
  private static boolean matchesText(TaskSummary row, String text) {
    if (text == null) {
      return true;
    }
    String wanted = text.toLowerCase(Locale.ROOT);
    return row.id().toLowerCase(Locale.ROOT).contains(wanted)
        || (row.title() != null && row.title().toLowerCase(Locale.ROOT).contains(wanted));
  }
}
