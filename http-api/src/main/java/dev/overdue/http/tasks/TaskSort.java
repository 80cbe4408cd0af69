package dev.overdue.http.tasks;

import dev.overdue.http.problems.ApiProblem;
import dev.overdue.index.Sort;

/**
 * The orders a list can take, as the query string names them: {@code due} (soonest first),
 * {@code priority} (0, the highest, first), {@code followUp}, {@code started}, or {@code
 * data.<key>} (a field of the request's data: numbers as numbers before text, text ignoring case);
 * rows without a value last either way, {@code -} before a name reverses it. The index sorts
 * (docs/guide/work-lists.md).
 */
final class TaskSort {
  /** The sorts, for the OpenAPI document. */
  static final String PATTERN = "^-?(due|priority|followUp|started|data\\.[A-Za-z0-9_-]{1,100})$";

  private TaskSort() {}

  /** {@code sort} checked: a 400 naming the parameter for one no list has. */
  static Sort of(String sort) {
    try {
      return Sort.parse(sort);
    } catch (IllegalArgumentException unknown) {
      throw ApiProblem.badInput(
          "sort", "one of due, priority, followUp, started or data.<a field of the request's data>, each with - before it to reverse");
    }
  }
}
