package dev.overdue.index;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** SQL text with its bound parameters in order: values never go into the text. */
final class Sql {
  private final StringBuilder text = new StringBuilder();
  private final List<Object> params = new ArrayList<>();

  Sql() {}

  Sql(String text, Object... params) {
    add(text, params);
  }

  Sql add(String fragment, Object... values) {
    text.append(fragment);
    params.addAll(Arrays.asList(values));
    return this;
  }

  Sql add(Sql other) {
    text.append(other.text);
    params.addAll(other.params);
    return this;
  }

  String text() {
    return text.toString();
  }

  List<Object> params() {
    return params;
  }

  @Override
  public String toString() {
    return text.toString();
  }
}
