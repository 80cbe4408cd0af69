package dev.overdue.bpmn;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.camunda.bpm.model.xml.instance.DomElement;

/**
 * A task's form as the step's {@code form} (or the start event's as the request's {@code
 * dataForm}): Overdue's subset of JSON Schema. Camunda 7's generated forms ({@code
 * camunda:formData}) and Camunda 8's forms embedded in the file (Camunda Forms JSON) map field by
 * field; a field the subset cannot say is reported, the rest of the form kept.
 */
final class Forms {
  private Forms() {}

  private static final Pattern FIELD = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,63}");
  private static final ObjectMapper JSON = new ObjectMapper();

  /** What a form maps to; null when no field does. */
  record Mapped(RequestTree.Mapping schema, int fields) {}

  /** Builds the schema: properties in order, then the required ones. */
  private static final class Builder {
    final RequestTree.Mapping properties = new RequestTree.Mapping();
    final List<String> required = new ArrayList<>();
    int fields;

    Mapped build() {
      if (fields == 0) {
        return null;
      }
      RequestTree.Mapping schema = new RequestTree.Mapping().put("type", "object").put("properties", properties);
      if (!required.isEmpty()) {
        schema.put("required", RequestTree.Sequence.of(required));
      }
      return new Mapped(schema, fields);
    }
  }

  /**
   * Camunda 7's {@code camunda:formData}: types string, long, boolean, date and enum; constraints
   * required, min, max, maxlength. Fields named in {@code decided} are left out: the decision they
   * carried is the step's approve or reject.
   */
  static Mapped camunda7(DomElement formData, Set<String> decided, String owner, ProcessModel model) {
    Builder form = new Builder();
    for (DomElement field : formData.getChildElementsByNameNs(formData.getNamespaceURI(), "formField")) {
      String id = field.getAttribute("id");
      String type = field.getAttribute("type");
      if (id == null || decided.contains(id)) {
        continue;
      }
      String where = owner + " field " + id;
      RequestTree.Mapping property = new RequestTree.Mapping();
      switch (type == null ? "string" : type) {
        case "string" -> property.put("type", "string");
        case "long" -> property.put("type", "integer");
        case "boolean" -> property.put("type", "boolean");
        case "date" -> property.put("type", "string").put("format", "date");
        case "enum" -> property.put("type", "string").put("enum", RequestTree.Sequence.of(values(field)));
        default -> {
          model.unmapped(where, "camunda:formField", "its type '" + type + "' is not one a step's form has (string, number, integer, boolean, date)", false);
          continue;
        }
      }
      property.put("title", Names.text(field.getAttribute("label")));
      for (DomElement validation : field.getChildElementsByNameNs(field.getNamespaceURI(), "validation")) {
        for (DomElement constraint : validation.getChildElementsByNameNs(field.getNamespaceURI(), "constraint")) {
          constrain(property, form, id, constraint.getAttribute("name"), constraint.getAttribute("config"), where, model);
        }
      }
      add(form, id, property, where, "camunda:formField", model);
    }
    return form.build();
  }

  private static List<String> values(DomElement field) {
    List<String> values = new ArrayList<>();
    for (DomElement value : field.getChildElementsByNameNs(field.getNamespaceURI(), "value")) {
      values.add(value.getAttribute("id"));
    }
    return values;
  }

  private static void constrain(RequestTree.Mapping property, Builder form, String id, String name, String config, String where, ProcessModel model) {
    try {
      switch (name == null ? "" : name) {
        case "required" -> form.required.add(id);
        case "min" -> property.put("minimum", Long.parseLong(config.strip()));
        case "max" -> property.put("maximum", Long.parseLong(config.strip()));
        case "maxlength" -> property.put("maxLength", Integer.parseInt(config.strip()));
        case "readonly" -> model.unmapped(where, "camunda:constraint", "readonly: a step's form has no read-only field; the field is asked for", false);
        default -> model.unmapped(where, "camunda:constraint", "the constraint '" + name + "' has no counterpart in a step's form", false);
      }
    } catch (NumberFormatException | NullPointerException e) {
      model.unmapped(where, "camunda:constraint", name + " needs a whole number, got '" + config + "'", false);
    }
  }

  /**
   * Camunda 8's embedded form ({@code zeebe:userTaskForm}, Camunda Forms JSON): textfield,
   * textarea, number, checkbox, select and radio with static values, datetime as a date; required,
   * min, max and maxLength.
   */
  static Mapped camunda8(String json, Set<String> decided, String owner, ProcessModel model) {
    JsonNode schema;
    try {
      schema = JSON.readTree(json);
    } catch (Exception e) {
      model.unmapped(owner, "zeebe:userTaskForm", "its JSON cannot be read: " + e.getMessage().lines().findFirst().orElse(""), false);
      return null;
    }
    Builder form = new Builder();
    for (JsonNode component : schema.path("components")) {
      String key = component.path("key").asText(null);
      String type = component.path("type").asText("");
      if (key == null || decided.contains(key)) {
        continue; // text, spacers and buttons carry no value
      }
      String where = owner + " field " + key;
      RequestTree.Mapping property = new RequestTree.Mapping();
      JsonNode validate = component.path("validate");
      switch (type) {
        case "textfield", "textarea" -> property.put("type", "string");
        case "number" -> property.put("type", "number");
        case "checkbox" -> property.put("type", "boolean");
        case "select", "radio" -> {
          if (!component.path("values").isArray() || component.path("values").isEmpty()) {
            model.unmapped(where, "form " + type, "its values come from a variable; a step's form lists them", false);
            continue;
          }
          List<String> values = new ArrayList<>();
          component.path("values").forEach(v -> values.add(v.path("value").asText()));
          property.put("type", "string").put("enum", RequestTree.Sequence.of(values));
        }
        case "datetime" -> {
          if (!"date".equals(component.path("subtype").asText("date"))) {
            model.unmapped(where, "form datetime", "a step's form has dates, not times of day", false);
            continue;
          }
          property.put("type", "string").put("format", "date");
        }
        default -> {
          model.unmapped(where, "form " + type, "a step's form has text, numbers, yes/no, choices and dates", false);
          continue;
        }
      }
      property.put("title", Names.text(component.path("label").asText(null)));
      if (validate.path("required").asBoolean(false)) {
        form.required.add(key);
      }
      if (validate.has("min")) {
        property.put("minimum", number(validate.get("min")));
      }
      if (validate.has("max")) {
        property.put("maximum", number(validate.get("max")));
      }
      if (validate.has("maxLength")) {
        property.put("maxLength", validate.get("maxLength").asInt());
      }
      add(form, key, property, where, "form " + type, model);
    }
    return form.build();
  }

  private static Object number(JsonNode value) {
    return value.isIntegralNumber() ? (Object) value.asLong() : (Object) value.asDouble();
  }

  private static void add(Builder form, String id, RequestTree.Mapping property, String where, String kind, ProcessModel model) {
    if (id.equalsIgnoreCase("comment") || id.equalsIgnoreCase("comments")) {
      // Two boxes called Comment would puzzle the person deciding.
      model.unmapped(where, kind, "every decision takes a comment of its own, kept in the approval's trail: the form does"
          + " not ask again", false);
      form.required.remove(id);
      return;
    }
    if (!FIELD.matcher(id).matches()) {
      model.unmapped(where, kind, "a form field's name is letters, digits and _, not starting with a digit", false);
      form.required.remove(id);
      return;
    }
    form.properties.put(id, property);
    form.fields++;
  }
}
