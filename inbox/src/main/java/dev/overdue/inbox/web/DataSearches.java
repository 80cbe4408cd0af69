package dev.overdue.inbox.web;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.util.LinkedMultiValueMap;
import org.springframework.util.MultiValueMap;

/**
 * A list's searches over the request's data ({@code data.amount>=10000}), as the filters' fields
 * ({@link DataFilterFields}) or a saved list's link carry them: passed on to the API as they came,
 * which checks them; a field left empty searches nothing. They stay with the list through its
 * pages, refreshes and a save.
 */
record DataSearches(MultiValueMap<String, String> query) {
  static DataSearches of(MultiValueMap<String, String> parameters) {
    MultiValueMap<String, String> data = new LinkedMultiValueMap<>();
    parameters.forEach((name, values) -> {
      List<String> given = values.stream().filter(value -> value != null && !value.isBlank()).toList();
      if (name.startsWith("data.") && !given.isEmpty()) {
        data.put(name, given);
      }
    });
    return new DataSearches(data);
  }

  /** For the API: one value a name (the first). */
  Map<String, String> api() {
    Map<String, String> api = new LinkedHashMap<>();
    query.forEach((name, values) -> api.put(name, values.isEmpty() || values.get(0) == null ? "" : values.get(0)));
    return api;
  }

  /** As a form's hidden fields. */
  List<Map<String, String>> fields() {
    return query.entrySet().stream()
        .flatMap(entry -> entry.getValue().stream().map(value -> Map.of("name", entry.getKey(), "value", value == null ? "" : value)))
        .toList();
  }
}
