package dev.overdue.inbox.view;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import tools.jackson.databind.json.JsonMapper;

/**
 * The trail's DataChanged event as a sentence: "the amount was changed from 1,850 to 2,000 by
 * bob", values written as the request's details are ({@link DataRows}).
 */
final class Changes {
  /** The trail's input is the contract's JSON; the page's formatting reads this inbox's. */
  private static final JsonMapper JSON = JsonMapper.builder().build();

  private Changes() {}

  static String sentence(JsonNode detail) {
    List<String> clauses = new ArrayList<>();
    for (JsonNode change : detail.path("changes")) {
      String field = "the " + field(change.path("field").asText());
      JsonNode before = change.path("old");
      JsonNode after = change.path("new");
      if (absent(before)) {
        clauses.add(field + " was set to " + value(after));
      } else if (absent(after)) {
        clauses.add(field + " was removed");
      } else {
        clauses.add(field + " was changed from " + value(before) + " to " + value(after));
      }
    }
    if (clauses.isEmpty()) {
      return null;
    }
    String by = detail.path("by").asText(null);
    return Words.list(clauses) + (by == null ? "" : " by " + by);
  }

  /** "costCentre" reads "cost centre"; a nested "supplier.name" reads "supplier › name". */
  private static String field(String path) {
    return String.join(" › ", Arrays.stream(path.split("\\.")).map(p -> Words.label(p).toLowerCase(Locale.ROOT)).toList());
  }

  private static boolean absent(JsonNode value) {
    return value.isMissingNode() || value.isNull();
  }

  /** The value as the request's details show it: the trail's JSON read as the page reads data. */
  private static String value(JsonNode value) {
    return DataRows.text(JSON.readTree(value.toString()));
  }
}
