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
  /** One row: the label and the value, both shown as text (the template escapes them). */
  public record Row(String label, String value) {}

  /** Deeper than this, the rest of a value is shown as it is. */
  private static final int MAX_DEPTH = 4;

  private DataRows() {}

  public static List<Row> of(JsonNode data) {
    List<Row> rows = new ArrayList<>();
    if (data != null && data.isObject()) {
      add(rows, "", data, 0);
    }
    return rows;
  }

  private static void add(List<Row> rows, String prefix, JsonNode node, int depth) {
    for (Map.Entry<String, JsonNode> field : node.properties()) {
      String label = prefix + Words.label(field.getKey());
      JsonNode value = field.getValue();
      if (value.isObject() && depth < MAX_DEPTH && !value.isEmpty()) {
        add(rows, label + " › ", value, depth + 1);
      } else {
        rows.add(new Row(label, text(value)));
      }
    }
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
