package dev.overdue.index;

import java.util.Objects;

/**
 * A list's order: {@code due}, {@code priority}, {@code followUp}, {@code started} or {@code
 * data.<key>} (numbers as numbers before text, text ignoring case; values that are neither sort as
 * missing). Rows without a value come last in either direction; ties go by (workflowId, chainId)
 * ascending, so the order is total and a {@link Keyset} names one place in it.
 */
public record Sort(String field, boolean descending) {
  public static final String DATA = "data.";

  public Sort {
    Objects.requireNonNull(field, "field");
    if (field.startsWith(DATA)) {
      DataCondition.checkKey(field.substring(DATA.length()));
    } else if (!(field.equals("due") || field.equals("priority") || field.equals("followUp") || field.equals("started"))) {
      throw new IllegalArgumentException("a sort is due, priority, followUp, started or data.<key>, not '" + field + "'");
    }
  }

  /** Soonest due first: the default. */
  public static Sort byDue() {
    return new Sort("due", false);
  }

  /** {@code due}, {@code -priority}, {@code data.amount}: a leading {@code -} reverses it. */
  public static Sort parse(String text) {
    boolean descending = text.startsWith("-");
    return new Sort(descending ? text.substring(1) : text, descending);
  }

  /** The data key of a {@code data.<key>} sort, else null. */
  String dataKey() {
    return field.startsWith(DATA) ? field.substring(DATA.length()) : null;
  }
}
