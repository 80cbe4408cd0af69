package dev.overdue.http.tasks;

import dev.overdue.api.http.TaskCounts;
import dev.overdue.api.http.TaskPage;
import dev.overdue.api.http.TaskSummary;
import dev.overdue.api.index.IndexedApproval;
import dev.overdue.http.security.Caller;
import dev.overdue.index.DataCondition;
import dev.overdue.index.Keyset;
import dev.overdue.index.Sort;
import dev.overdue.index.TaskIndex;
import dev.overdue.index.TaskQuery;
import java.time.Instant;
import java.util.List;
import org.springframework.stereotype.Component;

/**
 * The lists: which approvals a caller can act on, read from the task index the workflows feed
 * (docs/guide/work-lists.md). "Claimable" is the users the workflow would take a claim from, as it
 * sent them; where a group was too large to name its members, the caller's own groups join it.
 * Every list is complete, sorted and paged by the index.
 */
@Component
class TaskSearch {
  private final TaskIndex index;

  TaskSearch(TaskIndex index) {
    this.index = index;
  }

  /** A page of the list, as {@code caller} sees it. */
  TaskPage search(Caller caller, ListRequest list, int limit, String cursor, Instant now) {
    // Every parameter is checked before the index is asked: a bad one answers at once.
    String sort = list.sort();
    Sort order = TaskSort.of(sort);
    Keyset after = cursor == null || cursor.isBlank() ? null : Cursor.decode(cursor, sort, order);
    TaskQuery query = query(caller, list.view(), list.filter(), list.data(), now).sort(order).after(after).limit(limit).build();
    List<IndexedApproval> rows = index.list(query);
    List<IndexedApproval> page = rows.size() > limit ? rows.subList(0, limit) : rows;
    String next = rows.size() > limit ? Cursor.encode(sort, Keyset.of(order, page.get(limit - 1))) : null;
    long total = index.count(query);
    return new TaskPage(page.stream().map(row -> summary(row, now)).toList(), next, rows.size(), true, total);
  }

  /** How many tasks each of the caller's lists has: the inbox's badges. */
  TaskCounts counts(Caller caller) {
    long mine = index.count(query(caller, TaskQuery.View.MINE, TaskFilter.NONE, List.of(), null).build());
    long claimable = index.count(query(caller, TaskQuery.View.CLAIMABLE, TaskFilter.NONE, List.of(), null).build());
    long requested = index.count(query(caller, TaskQuery.View.REQUESTED_OPEN, TaskFilter.NONE, List.of(), null).build());
    Long all = caller.admin() ? index.count(query(caller, TaskQuery.View.ALL, TaskFilter.NONE, List.of(), null).build()) : null;
    return new TaskCounts(mine, claimable, requested, all);
  }

  private static TaskQuery.Builder query(
      Caller caller, TaskQuery.View view, TaskFilter filter, List<DataCondition> data, Instant now) {
    TaskQuery.Builder query = TaskQuery.builder(view, caller.user())
        .groups(caller.groups())
        .dueBefore(filter.dueBefore())
        .dueAfter(filter.dueAfter())
        .priorityFrom(filter.priorityFrom())
        .priorityTo(filter.priorityTo())
        .step(filter.step())
        .requester(filter.requester())
        .text(filter.text())
        .data(data);
    if (Boolean.TRUE.equals(filter.overdue())) {
      query.overdue(true, now);
    }
    return query;
  }

  static TaskSummary summary(IndexedApproval row, Instant now) {
    return new TaskSummary(
        row.requestId(),
        row.workflowId(),
        row.title(),
        row.requester(),
        row.state(),
        row.step(),
        row.taskState(),
        row.owner(),
        row.priority(),
        row.dueDate(),
        row.dueDate() != null && Instant.parse(row.dueDate()).isBefore(now),
        row.nextDeadline(),
        row.hasWarnings(),
        row.candidateGroups(),
        row.startedAt(),
        row.runId(),
        row.facts(),
        row.decidedBy());
  }
}
