package dev.overdue.inbox.view;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * A step's {@code form} (the JSON Schema subset the workflow checks a decision's output against)
 * as HTML inputs, with the constraints the browser checks as the person types: required, number
 * ranges, whole numbers, dates, choices, lengths. The workflow checks the same schema again, so
 * the page's checks are a convenience, never the rule.
 */
public final class FormFields {
  /** Form inputs are named {@code output.<field>}. */
  public static final String PREFIX = "output.";

  /** One input. Exactly one of the {@code is…} flags is set. */
  public record Field(String name, String input, String id, String label, String help, boolean required,
      boolean isText, boolean isNumber, boolean isBoolean, boolean isDate, boolean isChoice,
      String step, String min, String max, String maxLength, List<Map<String, String>> options) {}

  private FormFields() {}

  public static List<Field> of(JsonNode form) {
    List<Field> fields = new ArrayList<>();
    if (form == null || !form.path("properties").isObject()) {
      return fields;
    }
    Set<String> required = new HashSet<>();
    form.path("required").forEach(name -> required.add(name.asString()));
    for (Map.Entry<String, JsonNode> property : form.path("properties").properties()) {
      String name = property.getKey();
      JsonNode schema = property.getValue();
      String type = schema.path("type").asString("string");
      boolean choice = schema.path("enum").isArray();
      boolean date = "date".equals(schema.path("format").asString(null));
      boolean number = type.equals("number") || type.equals("integer");
      boolean bool = type.equals("boolean");
      List<Map<String, String>> options = new ArrayList<>();
      schema.path("enum").forEach(value -> options.add(Map.of("value", value.asString(), "label", value.asString())));
      fields.add(new Field(name, PREFIX + name, "field-" + name,
          schema.path("title").asString(Words.label(name)),
          schema.path("description").asString(null),
          required.contains(name),
          !choice && !date && !number && !bool, number, bool, date, choice,
          type.equals("integer") ? "1" : "any",
          text(schema.path("minimum")), text(schema.path("maximum")), text(schema.path("maxLength")),
          options));
    }
    return fields;
  }

  /**
   * The output a submitted form gives, typed by the schema: numbers as numbers and a ticked box
   * as true where they parse; anything else as the text typed, for the workflow to refuse by name.
   */
  public static ObjectNode output(JsonNode form, Map<String, String> submitted) {
    ObjectNode output = JsonNodeFactory.instance.objectNode();
    for (Map.Entry<String, JsonNode> property : form.path("properties").properties()) {
      String name = property.getKey();
      String type = property.getValue().path("type").asString("string");
      String value = submitted.get(PREFIX + name);
      if (type.equals("boolean")) {
        output.put(name, value != null);
      } else if (value == null || value.isBlank()) {
        continue;
      } else if (type.equals("number") || type.equals("integer")) {
        try {
          output.put(name, new BigDecimal(value.strip()));
        } catch (NumberFormatException notANumber) {
          output.put(name, value);
        }
      } else {
        output.put(name, value);
      }
    }
    return output;
  }

  private static String text(JsonNode value) {
    return value.isNumber() ? value.asString() : null;
  }
}
