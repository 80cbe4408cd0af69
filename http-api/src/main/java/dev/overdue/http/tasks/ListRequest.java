package dev.overdue.http.tasks;

import dev.overdue.http.problems.ApiProblem;
import dev.overdue.http.security.Caller;
import dev.overdue.index.DataCondition;
import dev.overdue.index.TaskQuery;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A list's parameters read and checked in one place, for the list endpoints and for saved views
 * alike (so a view saves only what its list takes): which list, its filters, its data searches and
 * its sort. A bad parameter is a 400 naming it; view=all is a 403 for anyone but an administrator.
 */
record ListRequest(TaskQuery.View view, TaskFilter filter, List<DataCondition> data, String sort) {
  /** The lists, as a saved view's {@code list} parameter names them. */
  enum Kind { TASKS, REQUESTS }

  static ListRequest of(Kind kind, Caller caller, Map<String, String[]> parameters) {
    // Checked in the order the list endpoints always checked them: view, filters, data, sort.
    if (kind == Kind.REQUESTS) {
      TaskFilter filter = TaskFilter.of(null, null, null, null, value(parameters, "step"), null, value(parameters, "q"));
      return new ListRequest(TaskQuery.View.REQUESTED, filter, DataFilters.of(parameters), sorted(parameters, "-started"));
    }
    String view = value(parameters, "view");
    TaskQuery.View chosen = switch (view == null ? "claimable" : view.toLowerCase(Locale.ROOT)) {
      case "mine" -> TaskQuery.View.MINE;
      case "claimable" -> TaskQuery.View.CLAIMABLE;
      case "all" -> TaskQuery.View.ALL;
      default -> throw ApiProblem.badInput("view", "mine, claimable or all");
    };
    if (chosen == TaskQuery.View.ALL && !caller.admin()) {
      throw ApiProblem.forbidden("view=all lists every open approval: for administrators only");
    }
    TaskFilter filter = TaskFilter.of(value(parameters, "dueBefore"), value(parameters, "dueAfter"),
        overdue(value(parameters, "overdue")), value(parameters, "priority"), value(parameters, "step"),
        value(parameters, "requester"), value(parameters, "q"));
    return new ListRequest(chosen, filter, DataFilters.of(parameters), sorted(parameters, "due"));
  }

  private static String sorted(Map<String, String[]> parameters, String otherwise) {
    String sort = value(parameters, "sort");
    TaskSort.of(sort == null ? otherwise : sort);
    return sort == null ? otherwise : sort;
  }

  /** A parameter's values as Spring binds them to one String: joined by commas; null when absent. */
  private static String value(Map<String, String[]> parameters, String name) {
    String[] values = parameters.get(name);
    return values == null || values.length == 0 ? null : String.join(",", values);
  }

  /** As Spring reads a Boolean parameter. */
  private static Boolean overdue(String value) {
    if (value == null || value.isBlank()) {
      return null;
    }
    return switch (value.strip().toLowerCase(Locale.ROOT)) {
      case "true", "on", "yes", "1" -> true;
      case "false", "off", "no", "0" -> false;
      default -> throw ApiProblem.badInput("overdue", "true or false");
    };
  }
}
