package dev.overdue.inbox.web;

import dev.overdue.inbox.requests.RequestType;
import dev.overdue.inbox.requests.RequestTypes;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

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
    for (KeyFields.KeyField field : KeyFields.of(types)) {
      String sort = "data." + field.key();
      if (field.number()) {
        sorts.putIfAbsent("-" + sort, field.label() + ", highest first");
        sorts.putIfAbsent(sort, field.label() + ", lowest first");
      } else {
        sorts.putIfAbsent(sort, field.label() + ", A to Z");
        sorts.putIfAbsent("-" + sort, field.label() + ", Z to A");
      }
    }
    this.options = Collections.unmodifiableMap(sorts);
  }

  /** Each order's value for the API and its label, in the select's order. */
  Map<String, String> options() {
    return options;
  }
}
