package dev.overdue.bpmn;

import java.util.Locale;
import java.util.Map;

/**
 * The request's {@code data}: a placeholder ({@link Placeholders}) for every field the start form
 * requires and for every variable the request's expressions read, each saying what to give, which
 * {@code validate} refuses until it is given. A variable the start form lacks is added to it,
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
          data.put(field, placeholder(field, (RequestTree.Mapping) properties.get(field)));
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
        data.put(field, Placeholders.of(use), "read as =data." + variable);
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

  /** The placeholder for a field the start form requires: what it asks for, as the form describes it. */
  private static String placeholder(String name, RequestTree.Mapping field) {
    Object title = field.get("title");
    String what = title == null ? title(name) : String.valueOf(title);
    Object values = field.get("enum");
    if (values instanceof RequestTree.Sequence sequence && sequence.size() > 0) {
      return Placeholders.of(what + ", one of the form's values");
    }
    Object minimum = field.get("minimum");
    return Placeholders.of(what + switch (String.valueOf(field.get("type"))) {
      case "integer" -> ", a whole number" + (minimum != null ? " from " + minimum : "");
      case "number" -> ", a number" + (minimum != null ? " from " + minimum : "");
      case "boolean" -> ", true or false";
      default -> "date".equals(field.get("format")) ? ", a date (2027-01-31)" : "";
    });
  }
}
