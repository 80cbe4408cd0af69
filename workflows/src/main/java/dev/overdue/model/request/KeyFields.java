package dev.overdue.model.request;

import dev.overdue.api.ApprovalRequest;
import dev.overdue.model.Texts;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * A request's {@code keyFields}: the top-level keys of its data that work lists show and sort by.
 * Few, so a row stays one line; each one the data has or its form asks for, so a list never shows
 * a column nobody can fill.
 */
final class KeyFields {
  private KeyFields() {}

  static void problems(ApprovalRequest request, Consumer<String> problems) {
    List<String> keys = request.keyFields();
    if (keys.size() > RequestValidator.MAX_KEY_FIELDS) {
      problems.accept("keyFields: at most " + RequestValidator.MAX_KEY_FIELDS + " key fields, got " + keys.size());
      return;
    }
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < keys.size(); i++) {
      String key = keys.get(i);
      String at = "keyFields[" + i + "]";
      if (key == null || key.isBlank()) {
        problems.accept(at + ": a key of data is needed, got " + Texts.quote(key));
      } else if (!seen.add(key)) {
        problems.accept(at + ": " + Texts.quote(key) + " is named twice");
      } else if (!request.data().containsKey(key) && !formHas(request.dataForm(), key)) {
        problems.accept(at + ": " + Texts.quote(key) + " is neither a key of data nor a field of dataForm");
      }
    }
  }

  private static boolean formHas(Map<String, Object> dataForm, String key) {
    return dataForm != null && dataForm.get("properties") instanceof Map<?, ?> properties && properties.containsKey(key);
  }
}
