package dev.overdue.http.tasks;

import dev.overdue.api.http.TaskSummary;
import dev.overdue.http.problems.ApiProblem;
import java.util.Comparator;
import java.util.function.Function;

/**
 * The orders a list can take: by due date (soonest first, undated last), by priority (0, the
 * highest, first), or by start; {@code -} before a name reverses it. Ties go by workflow id and run, so
 * the order is total and a cursor names one place in it. Temporal's SQL visibility cannot sort,
 * so the API sorts what it read.
 */
enum TaskSort {
  DUE("due", summary -> summary.dueDate() == null ? "~" : summary.dueDate()),
  PRIORITY("priority", summary -> summary.priority() == null ? "99" : String.format("%02d", summary.priority())),
  STARTED("started", summary -> summary.startedAt() == null ? "" : summary.startedAt());

  private final String name;
  /** A key that sorts as text: ISO instants in UTC do, priorities are padded. */
  private final Function<TaskSummary, String> key;

  TaskSort(String name, Function<TaskSummary, String> key) {
    this.name = name;
    this.key = key;
  }

  String key(TaskSummary summary) {
    return key.apply(summary);
  }

  /** {@code due}, {@code -priority}, …: its comparator over rows, by key then workflow id and run. */
  static Comparator<TaskSummary> comparator(String sort) {
    Comparator<TaskSummary> order = Comparator.comparing(named(sort)::key);
    return (reversed(sort) ? order.reversed() : order).thenComparing(TaskSort::place);
  }

  /** The key of a row for a cursor, in the same terms as {@link #comparator}. */
  static String key(String sort, TaskSummary summary) {
    return named(sort).key(summary);
  }

  /** Whether a row comes after the cursor's in {@code sort}'s order. */
  static boolean after(String sort, TaskSummary summary, Cursor cursor) {
    int byKey = key(sort, summary).compareTo(cursor.key());
    if (byKey != 0) {
      return reversed(sort) ? byKey < 0 : byKey > 0;
    }
    return place(summary).compareTo(cursor.place()) > 0;
  }

  /** Where a row stands among rows of equal sort key: its workflow id, then its run. */
  static String place(TaskSummary summary) {
    return summary.workflowId() + ' ' + (summary.runId() == null ? "" : summary.runId());
  }

  private static boolean reversed(String sort) {
    return sort.startsWith("-");
  }

  /** The order {@code sort} names, without its {@code -}. */
  private static TaskSort named(String sort) {
    return of(reversed(sort) ? sort.substring(1) : sort);
  }

  private static TaskSort of(String name) {
    for (TaskSort sort : values()) {
      if (sort.name.equals(name)) {
        return sort;
      }
    }
    throw ApiProblem.badInput("sort", "one of due, priority, started, each with - before it to reverse");
  }
}
