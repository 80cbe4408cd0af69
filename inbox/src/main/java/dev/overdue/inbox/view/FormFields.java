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
 * A form (the JSON Schema subset the workflow checks a step's output, or a request's data,
 * against) as HTML inputs, with the constraints the browser checks as the person types: required,
 * number ranges, whole numbers, dates, choices, lengths. The workflow checks the same schema again,
 * so the page's checks are a convenience, never the rule.
 */
public final class FormFields {
  /** A decision's inputs are named {@code output.<field>}. */
  public static final String OUTPUT = "output.";
  /** A new request's inputs are named {@code data.<field>}: as the workflow names their problems. */
  public static final String DATA = "data.";

  /**
   * One input, with what the person typed ({@code value}, {@code checked}) and the workflow's
   * {@code problem} with it, when a page is shown again after a refusal. Exactly one of the {@code
   * is…} flags is set.
   */
  public record Field(String name, String input, String id, String label, String help, boolean required,
      boolean isText, boolean isNumber, boolean isBoolean, boolean isDate, boolean isChoice,
      String step, String min, String max, String maxLength, List<Map<String, Object>> options,
      String value, boolean checked, String problem) {}

  private FormFields() {}

  /** {@code form}'s inputs, named {@code prefix<field>}, empty. */
  public static List<Field> of(JsonNode form, String prefix) {
    return of(form, prefix, Map.of(), Map.of());
  }

  /**
   * {@code form}'s inputs, named {@code prefix<field>}, holding the {@code submitted} values, each
   * with its problem from {@code problems} (by field name).
   */
  public static List<Field> of(
      JsonNode form, String prefix, Map<String, String> submitted, Map<String, String> problems) {
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
      String value = submitted.get(prefix + name);
      List<Map<String, Object>> options = new ArrayList<>();
      schema.path("enum").forEach(option -> options.add(Map.of(
          "value", option.asString(), "label", option.asString(), "selected", option.asString().equals(value))));
      fields.add(new Field(name, prefix + name, "field-" + name,
          schema.path("title").asString(Words.label(name)),
          schema.path("description").asString(null),
          required.contains(name),
          !choice && !date && !number && !bool, number, bool, date, choice,
          type.equals("integer") ? "1" : "any",
          text(schema.path("minimum")), text(schema.path("maximum")), text(schema.path("maxLength")),
          options, bool ? null : value, bool && value != null, problems.get(name)));
    }
    return fields;
  }

  /**
   * The object a submitted form gives, typed by the schema: numbers as numbers and a ticked box as
   * true where they parse; anything else as the text typed, for the workflow to refuse by name.
   */
  public static ObjectNode values(JsonNode form, Map<String, String> submitted, String prefix) {
    ObjectNode output = JsonNodeFactory.instance.objectNode();
    for (Map.Entry<String, JsonNode> property : form.path("properties").properties()) {
      String name = property.getKey();
      String type = property.getValue().path("type").asString("string");
      String value = submitted.get(prefix + name);
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
