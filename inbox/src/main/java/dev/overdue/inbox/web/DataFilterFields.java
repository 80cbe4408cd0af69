package dev.overdue.inbox.web;

import dev.overdue.inbox.requests.RequestType;
import dev.overdue.inbox.requests.RequestTypes;
import dev.overdue.inbox.view.Words;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;
import org.springframework.util.MultiValueMap;
import tools.jackson.databind.JsonNode;

/**
 * The searches over the request's data a list offers: one for each key field the request types
 * name (once), labelled by the type's form — a number from and to ("Amount (EUR) from"), a text
 * that contains ("Supplier contains"). Each field's name is the API's search as a form sends it:
 * {@code data.amount>} with the value 10000 is {@code data.amount>=10000}.
 */
@Component
class DataFilterFields {
  /** One field of the filters' form. */
  record Field(String id, String label, String name) {}

  private final List<Field> fields;

  @Autowired
  DataFilterFields(RequestTypes types) {
    this(types.all());
  }

  DataFilterFields(List<RequestType> types) {
    Map<String, Field> byName = new LinkedHashMap<>();
    for (RequestType type : types) {
      for (JsonNode key : type.template().path("keyFields")) {
        String name = key.asString();
        JsonNode field = type.dataForm().path("properties").path(name);
        String label = field.path("title").isString() ? field.path("title").asString() : Words.label(name);
        if (field.path("type").asString("").matches("number|integer")) {
          byName.putIfAbsent("data." + name + ">", new Field("data-" + name + "-from", label + " from", "data." + name + ">"));
          byName.putIfAbsent("data." + name + "<", new Field("data-" + name + "-to", label + " to", "data." + name + "<"));
        } else {
          byName.putIfAbsent("data." + name + "~", new Field("data-" + name, label + " contains", "data." + name + "~"));
        }
      }
    }
    fields = List.copyOf(byName.values());
  }

  List<Field> fields() {
    return fields;
  }

  /** The form's fields with the values {@code parameters} give them. */
  List<Map<String, String>> model(MultiValueMap<String, String> parameters) {
    List<Map<String, String>> model = new ArrayList<>();
    for (Field field : fields) {
      String value = parameters.getFirst(field.name());
      model.add(Map.of("id", field.id(), "label", field.label(), "name", field.name(), "value", value == null ? "" : value));
    }
    return Collections.unmodifiableList(model);
  }

  /** Whether the form has a field of this name: its value needs no hidden field to stay. */
  boolean offers(String name) {
    return fields.stream().anyMatch(field -> field.name().equals(name));
  }
}
