package dev.overdue.inbox.web;

import dev.overdue.inbox.requests.RequestType;
import dev.overdue.inbox.requests.RequestTypes;
import dev.overdue.inbox.view.Words;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;

/**
 * The orders a list offers, as the API names them: by due date, priority and start, and by each
 * key field the inbox's request types name ("Amount (EUR), highest first"), once however many
 * types name it; numbers highest or lowest first, text A to Z or Z to A.
 */
@Component
class ListSorts {
  private final Map<String, String> options;

  @Autowired
  ListSorts(RequestTypes types) {
    this(types.all());
  }

  ListSorts(List<RequestType> types) {
    Map<String, String> sorts = new LinkedHashMap<>();
    sorts.put("due", "due soonest first");
    sorts.put("-due", "due latest first");
    sorts.put("priority", "highest priority first");
    sorts.put("-started", "newest first");
    sorts.put("started", "oldest first");
    for (RequestType type : types) {
      for (JsonNode key : type.template().path("keyFields")) {
        JsonNode field = type.dataForm().path("properties").path(key.asString());
        String label = field.path("title").isString() ? field.path("title").asString() : Words.label(key.asString());
        boolean number = field.path("type").asString("").matches("number|integer");
        String sort = "data." + key.asString();
        if (number) {
          sorts.putIfAbsent("-" + sort, label + ", highest first");
          sorts.putIfAbsent(sort, label + ", lowest first");
        } else {
          sorts.putIfAbsent(sort, label + ", A to Z");
          sorts.putIfAbsent("-" + sort, label + ", Z to A");
        }
      }
    }
    this.options = Collections.unmodifiableMap(sorts);
  }

  /** Each order's value for the API and its label, in the select's order. */
  Map<String, String> options() {
    return options;
  }
}
