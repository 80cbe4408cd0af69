package dev.overdue.http.tasks;

import dev.overdue.http.problems.ApiProblem;
import dev.overdue.http.security.Caller;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A saved view's query string, read as the servlet container reads a list's (split at & and at
 * each pair's first =, then percent-decoded as UTF-8) and checked by {@link ListRequest}. It names
 * its list with {@code list=tasks} (the default) or {@code list=requests}; a page's {@code cursor}
 * or {@code limit}, or a parameter no list takes, is a 400 naming it.
 */
final class SavedQuery {
  static final int MAX_LENGTH = 2000;
  private static final Set<String> TASKS =
      Set.of("list", "view", "dueBefore", "dueAfter", "overdue", "priority", "step", "requester", "q", "sort");
  private static final Set<String> REQUESTS = Set.of("list", "step", "q", "sort");

  private SavedQuery() {}

  /** The list the query asks for, as {@code caller} would see it. */
  static ListRequest read(String query, Caller caller) {
    if (query == null || query.length() > MAX_LENGTH) {
      throw ApiProblem.badInput("query", "a list's query string, at most " + MAX_LENGTH + " characters");
    }
    Map<String, String[]> parameters = parameters(query.startsWith("?") ? query.substring(1) : query);
    String[] list = parameters.getOrDefault("list", new String[] {"tasks"});
    ListRequest.Kind kind = switch (String.join(",", list)) {
      case "tasks" -> ListRequest.Kind.TASKS;
      case "requests" -> ListRequest.Kind.REQUESTS;
      default -> throw ApiProblem.badInput("list", "tasks or requests");
    };
    Set<String> known = kind == ListRequest.Kind.TASKS ? TASKS : REQUESTS;
    for (String name : parameters.keySet()) {
      if (!known.contains(name) && !name.startsWith(DataFilters.PREFIX)) {
        throw ApiProblem.badInput(name, "a saved list takes " + String.join(", ", known.stream().sorted().toList())
            + " and data.<field> searches" + (kind == ListRequest.Kind.TASKS ? "" : " for list=requests"));
      }
    }
    return ListRequest.of(kind, caller, parameters);
  }

  private static Map<String, String[]> parameters(String query) {
    Map<String, List<String>> read = new LinkedHashMap<>();
    for (String pair : query.split("&")) {
      if (pair.isEmpty()) {
        continue;
      }
      int equals = pair.indexOf('=');
      String name = decoded(equals < 0 ? pair : pair.substring(0, equals), "query");
      if (name.isEmpty()) {
        throw ApiProblem.badInput("query", "a parameter has no name");
      }
      String value = equals < 0 ? "" : decoded(pair.substring(equals + 1), name);
      read.computeIfAbsent(name, n -> new ArrayList<>()).add(value);
    }
    Map<String, String[]> parameters = new LinkedHashMap<>();
    read.forEach((name, values) -> parameters.put(name, values.toArray(String[]::new)));
    return parameters;
  }

  private static String decoded(String text, String field) {
    try {
      return URLDecoder.decode(text, StandardCharsets.UTF_8);
    } catch (IllegalArgumentException badEscape) {
      throw ApiProblem.badInput(field, "a bad percent escape in " + text);
    }
  }
}
