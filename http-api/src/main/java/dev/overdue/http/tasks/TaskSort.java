package dev.overdue.http.tasks;

import dev.overdue.api.KeyFact;
import dev.overdue.api.http.TaskSummary;
import dev.overdue.http.problems.ApiProblem;
import java.math.BigDecimal;
import java.util.Comparator;
import java.util.Locale;
import java.util.function.Function;

/**
 * The orders a list can take: by due date (soonest first, undated last), by priority (0, the
 * highest, first), by start, or by one of the request's key facts ({@code data.amount}: numbers as
 * numbers, text ignoring case, rows without it last either way); {@code -} before a name reverses
 * it. Ties go by workflow id and run, so the order is total and a cursor names one place in it.
 * Temporal's SQL visibility cannot sort, so the API sorts what it read.
 */
enum TaskSort {
  DUE("due", summary -> summary.dueDate() == null ? "~" : summary.dueDate()),
  PRIORITY("priority", summary -> summary.priority() == null ? "99" : String.format("%02d", summary.priority())),
  STARTED("started", summary -> summary.startedAt() == null ? "" : summary.startedAt());

  /** What a sort by a key fact begins with: {@code data.amount}. */
  static final String DATA = "data.";
  /** The sorts, for the OpenAPI document: a name, or {@code data.} and a key without control characters. */
  static final String PATTERN = "^-?(due|priority|started|data\\.[^\\x00-\\x1f\\x7f-\\x9f]+)$";

  private final String name;
  /** A key that sorts as text: ISO instants in UTC do, priorities are padded. */
  private final Function<TaskSummary, String> key;

  TaskSort(String name, Function<TaskSummary, String> key) {
    this.name = name;
    this.key = key;
  }

  /** {@code due}, {@code -priority}, {@code data.amount}, …: its comparator over rows, by key then workflow id and run. */
  static Comparator<TaskSummary> comparator(String sort) {
    check(sort);
    Comparator<TaskSummary> byKey = (a, b) -> compareKeys(sort, key(sort, a), key(sort, b));
    return byKey.thenComparing(TaskSort::place);
  }

  /** The key of a row for a cursor, in the same terms as {@link #comparator}. */
  static String key(String sort, TaskSummary summary) {
    String name = unreversed(sort);
    return name.startsWith(DATA) ? FactKey.of(summary, name.substring(DATA.length())) : of(name).key.apply(summary);
  }

  /** Whether a row comes after the cursor's in {@code sort}'s order. */
  static boolean after(String sort, TaskSummary summary, Cursor cursor) {
    int byKey = compareKeys(sort, key(sort, summary), cursor.key());
    return byKey != 0 ? byKey > 0 : place(summary).compareTo(cursor.place()) > 0;
  }

  /** Whether a cursor's {@code key} is one {@link #key} gives for {@code sort}. */
  static boolean readable(String sort, String key) {
    return !unreversed(sort).startsWith(DATA) || FactKey.readable(key);
  }

  /** Where a row stands among rows of equal sort key: its workflow id, then its run. */
  static String place(TaskSummary summary) {
    return summary.workflowId() + ' ' + (summary.runId() == null ? "" : summary.runId());
  }

  /** Two keys of {@code sort} in its order, reversal included. */
  private static int compareKeys(String sort, String a, String b) {
    boolean reversed = sort.startsWith("-");
    if (unreversed(sort).startsWith(DATA)) {
      return FactKey.compare(a, b, reversed);
    }
    int order = a.compareTo(b);
    return reversed ? -order : order;
  }

  private static String unreversed(String sort) {
    return sort.startsWith("-") ? sort.substring(1) : sort;
  }

  /** Refuses a sort no list has, before anything is read. */
  private static void check(String sort) {
    String name = unreversed(sort);
    if (name.startsWith(DATA)) {
      if (!sort.matches(PATTERN) || sort.length() > TaskFilter.MAX_TEXT) {
        throw unknown();
      }
      return;
    }
    of(name);
  }

  private static TaskSort of(String name) {
    for (TaskSort sort : values()) {
      if (sort.name.equals(name)) {
        return sort;
      }
    }
    throw unknown();
  }

  private static RuntimeException unknown() {
    return ApiProblem.badInput(
        "sort", "one of due, priority, started or data.<a key field>, each with - before it to reverse");
  }

  /**
   * A key fact as a sort key that a cursor can carry: {@code n} and the number, {@code t} and the
   * text in lower case, empty when the row has no such fact. Numbers come before text.
   */
  static final class FactKey {
    private FactKey() {}

    static String of(TaskSummary summary, String key) {
      if (summary.facts() == null) {
        return "";
      }
      for (KeyFact fact : summary.facts()) {
        if (fact.key().equals(key) && fact.value() != null) {
          Object value = fact.value();
          String text = value instanceof Number number ? "n" + new BigDecimal(number.toString()).toPlainString()
              : "t" + value.toString().toLowerCase(Locale.ROOT);
          // A cursor is lines: a line break in a value would end its key.
          return text.replace('\n', ' ');
        }
      }
      return "";
    }

    /** Whether {@code key} is one {@link #of} makes: a cursor's comes back from the caller. */
    static boolean readable(String key) {
      if (key.isEmpty() || key.charAt(0) == 't') {
        return true;
      }
      try {
        return key.charAt(0) == 'n' && new BigDecimal(key.substring(1)) != null;
      } catch (NumberFormatException notANumber) {
        return false;
      }
    }

    /** The order of two keys; an empty one (no fact) last, reversed or not. */
    static int compare(String a, String b, boolean reversed) {
      if (a.isEmpty() || b.isEmpty()) {
        return Boolean.compare(a.isEmpty(), b.isEmpty());
      }
      int order;
      if (a.charAt(0) != b.charAt(0)) {
        order = a.charAt(0) == 'n' ? -1 : 1;
      } else if (a.charAt(0) == 'n') {
        order = new BigDecimal(a.substring(1)).compareTo(new BigDecimal(b.substring(1)));
      } else {
        order = a.compareTo(b);
      }
      return reversed ? -order : order;
    }
  }
}
