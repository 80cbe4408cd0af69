package dev.overdue.inbox.view;

import java.text.NumberFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * A request's data as a person reads it: one row per value, its key as a label, nested objects
 * as "Supplier › Name", lists joined, numbers grouped, yes and no for booleans — never raw JSON.
 */
public final class DataRows {
  /**
   * One row: the label and the value, both shown as text (the template escapes them); {@code key}
   * is the data's own key for a value at the top (one a person may change), else null.
   */
  public record Row(String label, String value, String key) {}

  /** Deeper than this, the rest of a value is shown as it is. */
  private static final int MAX_DEPTH = 4;

  private DataRows() {}

  public static List<Row> of(JsonNode data) {
    return of(data, null);
  }

  /**
   * The same, a value at the top labelled by its title in the request's data form when it has one
   * ("Amount (EUR)"), so the page says what the requester was asked.
   */
  public static List<Row> of(JsonNode data, Map<String, String> titles) {
    List<Row> rows = new ArrayList<>();
    if (data != null && data.isObject()) {
      add(rows, "", data, 0, titles == null ? Map.of() : titles);
    }
    return rows;
  }

  private static void add(List<Row> rows, String prefix, JsonNode node, int depth, Map<String, String> titles) {
    for (Map.Entry<String, JsonNode> field : node.properties()) {
      String title = depth == 0 ? titles.get(field.getKey()) : null;
      String label = prefix + (title != null ? title : Words.label(field.getKey()));
      JsonNode value = field.getValue();
      if (value.isObject() && depth < MAX_DEPTH && !value.isEmpty()) {
        add(rows, label + " › ", value, depth + 1, titles);
      } else {
        rows.add(new Row(label, text(value), depth == 0 && !value.isContainer() ? field.getKey() : null));
      }
    }
  }

  /**
   * What a person typed as a new value for {@code key}, typed like the value it replaces: a number
   * stays a number, yes/no a boolean; anything else is text.
   */
  public static JsonNode typed(JsonNode data, String key, String typed) {
    JsonNode old = data == null ? null : data.get(key);
    String text = typed.strip();
    if (old != null && old.isNumber()) {
      try {
        return tools.jackson.databind.node.JsonNodeFactory.instance.numberNode(new java.math.BigDecimal(text));
      } catch (NumberFormatException notANumber) {
        return tools.jackson.databind.node.JsonNodeFactory.instance.stringNode(typed);
      }
    }
    if (old != null && old.isBoolean() && (text.equalsIgnoreCase("yes") || text.equalsIgnoreCase("no"))) {
      return tools.jackson.databind.node.JsonNodeFactory.instance.booleanNode(text.equalsIgnoreCase("yes"));
    }
    return tools.jackson.databind.node.JsonNodeFactory.instance.stringNode(typed);
  }

  static String text(JsonNode value) {
    if (value == null || value.isNull() || value.isMissingNode()) {
      return "—";
    }
    if (value.isBoolean()) {
      return value.booleanValue() ? "yes" : "no";
    }
    if (value.isNumber()) {
      NumberFormat format = NumberFormat.getNumberInstance(Locale.ENGLISH);
      format.setMaximumFractionDigits(10);
      return format.format(value.decimalValue());
    }
    if (value.isString()) {
      return value.stringValue();
    }
    if (value.isArray()) {
      List<String> items = new ArrayList<>();
      value.forEach(item -> items.add(text(item)));
      return items.isEmpty() ? "—" : String.join(", ", items);
    }
    return value.toString();
  }
}
