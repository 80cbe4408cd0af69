package dev.overdue.inbox.web;

import dev.overdue.inbox.requests.RequestType;
import dev.overdue.inbox.requests.RequestTypes;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;
import org.springframework.util.MultiValueMap;

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
    List<Field> offered = new ArrayList<>();
    for (KeyFields.KeyField field : KeyFields.of(types)) {
      String name = "data." + field.key();
      if (field.number()) {
        offered.add(new Field("data-" + field.key() + "-from", field.label() + " from", name + ">"));
        offered.add(new Field("data-" + field.key() + "-to", field.label() + " to", name + "<"));
      } else {
        offered.add(new Field("data-" + field.key(), field.label() + " contains", name + "~"));
      }
    }
    fields = List.copyOf(offered);
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
