package dev.overdue.starter;

import java.io.PrintWriter;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;

/**
 * Plain-text tables for the terminal: columns padded to their widest cell, two spaces apart, no
 * trailing blanks. Missing values print as {@code -}; line breaks become spaces.
 */
final class Table {
  static final String NONE = "-";

  private final List<String> headers;
  private final List<List<String>> rows = new ArrayList<>();

  private Table(List<String> headers) {
    this.headers = headers;
  }

  /** A table with a header row. */
  static Table of(String... headers) {
    return new Table(List.of(headers));
  }

  /** Label / value lines, no header row. */
  static Table fields() {
    return new Table(List.of());
  }

  Table row(Object... cells) {
    rows.add(Arrays.stream(cells).map(Table::cell).toList());
    return this;
  }

  boolean isEmpty() {
    return rows.isEmpty();
  }

  void print(PrintWriter out) {
    List<List<String>> lines = new ArrayList<>();
    if (!headers.isEmpty()) {
      lines.add(headers);
    }
    lines.addAll(rows);
    int columns = lines.stream().mapToInt(List::size).max().orElse(0);
    int[] widths = new int[columns];
    for (List<String> line : lines) {
      for (int i = 0; i < line.size(); i++) {
        widths[i] = Math.max(widths[i], line.get(i).length());
      }
    }
    for (List<String> line : lines) {
      StringBuilder text = new StringBuilder();
      for (int i = 0; i < line.size(); i++) {
        if (i > 0) {
          text.append("  ");
        }
        text.append(line.get(i));
        if (i < line.size() - 1) {
          text.append(" ".repeat(widths[i] - line.get(i).length()));
        }
      }
      out.println(text.toString().stripTrailing());
    }
  }

  /** Prints a titled section: the title, then the table, or "none". */
  void print(PrintWriter out, String title) {
    out.println();
    if (isEmpty()) {
      out.println(title + ": none");
      return;
    }
    out.println(title);
    print(out);
  }

  private static String cell(Object value) {
    if (value == null) {
      return NONE;
    }
    if (value instanceof Boolean flag) {
      return flag ? "yes" : "no";
    }
    if (value instanceof Collection<?> items) {
      return items.isEmpty()
          ? NONE
          : String.join(",", items.stream().map(String::valueOf).toList());
    }
    String text = value.toString().replaceAll("\\s+", " ").strip();
    return text.isEmpty() ? NONE : text;
  }

  /** An ISO-8601 instant to the second, for reading; anything else as it is. */
  static String instant(String iso) {
    if (iso == null) {
      return null;
    }
    try {
      return Instant.parse(iso).truncatedTo(ChronoUnit.SECONDS).toString();
    } catch (DateTimeParseException e) {
      return iso;
    }
  }

  /** At most {@code max} characters, the cut marked with "...". */
  static String shorten(String text, int max) {
    if (text == null || text.length() <= max) {
      return text;
    }
    return text.substring(0, Math.max(0, max - 3)) + "...";
  }
}
