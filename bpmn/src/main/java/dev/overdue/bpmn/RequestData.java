package dev.overdue.bpmn;

import java.util.Locale;
import java.util.Map;

/**
 * The request's {@code data}: a placeholder for every field the start form requires (so the file
 * passes {@code validate} as written, each value to be replaced) and for every variable the
 * request's expressions read (null: to be given). A variable the start form lacks is added to it,
 * as text, since a request with a data form may give only the fields it names.
 */
final class RequestData {
  private RequestData() {}

  /** The data for {@code form} (null: the start event has none) and {@code variables}; null when empty. */
  static RequestTree.Mapping of(RequestTree.Mapping form, Map<String, String> variables) {
    RequestTree.Mapping data = new RequestTree.Mapping();
    if (form != null) {
      RequestTree.Mapping properties = (RequestTree.Mapping) form.get("properties");
      Object required = form.get("required");
      for (String field : properties.keys()) {
        if (required instanceof RequestTree.Sequence names && names.contains(field)) {
          data.put(field, placeholder((RequestTree.Mapping) properties.get(field)));
        }
      }
      variables.forEach((variable, use) -> {
        String field = variable.split("\\.")[0];
        if (!properties.has(field)) {
          properties.put(field, new RequestTree.Mapping().put("type", "string").put("title", title(field))
              .put("description", capitalized(use)));
        }
      });
    }
    variables.forEach((variable, use) -> {
      String field = variable.split("\\.")[0];
      if (!data.has(field)) {
        data.put(field, RequestTree.NULL, "give it: " + use + " (=data." + variable + ")");
      }
    });
    return data.keys().isEmpty() ? null : data;
  }

  /** A field's name as a person reads it: {@code payBy} is "Pay by". */
  static String title(String field) {
    String words = field.replaceAll("([a-z0-9])([A-Z])", "$1 $2").replace('_', ' ').toLowerCase(Locale.ROOT);
    return capitalized(words);
  }

  private static String capitalized(String text) {
    return text.isEmpty() ? text : Character.toUpperCase(text.charAt(0)) + text.substring(1);
  }

  private static Object placeholder(RequestTree.Mapping field) {
    Object values = field.get("enum");
    if (values instanceof RequestTree.Sequence sequence && sequence.size() > 0) {
      return sequence.first();
    }
    Object minimum = field.get("minimum");
    return switch (String.valueOf(field.get("type"))) {
      case "integer", "number" -> minimum != null ? minimum : 0;
      case "boolean" -> false;
      default -> "date".equals(field.get("format")) ? "2027-01-01" : "";
    };
  }
}
