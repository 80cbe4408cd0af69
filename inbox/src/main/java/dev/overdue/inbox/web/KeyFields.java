package dev.overdue.inbox.web;

import dev.overdue.inbox.requests.RequestType;
import dev.overdue.inbox.view.Words;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * The key fields the request types name, each once (the first type's form says how), as the list
 * page offers them to order and to search by: labelled by the form's title, else the key in words.
 */
final class KeyFields {
  /** One key field: its key in the data, its label, and whether the form makes it a number. */
  record KeyField(String key, String label, boolean number) {}

  private KeyFields() {}

  static List<KeyField> of(List<RequestType> types) {
    Map<String, KeyField> byKey = new LinkedHashMap<>();
    for (RequestType type : types) {
      for (JsonNode key : type.template().path("keyFields")) {
        String name = key.asString();
        JsonNode field = type.dataForm().path("properties").path(name);
        String label = field.path("title").isString() ? field.path("title").asString() : Words.label(name);
        byKey.putIfAbsent(name, new KeyField(name, label, field.path("type").asString("").matches("number|integer")));
      }
    }
    return List.copyOf(byKey.values());
  }
}
