package dev.overdue.index;

import com.fasterxml.jackson.databind.JsonNode;
import dev.overdue.api.index.IndexedApproval;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;

/**
 * Where a page ends: the last row's sort value, workflow id and chain id; the next page starts
 * after it. {@code value} is text: empty when the row has no value; an ISO instant for {@code due},
 * {@code followUp} and {@code started}; the number for {@code priority}; for {@code data.<key>}
 * {@code n} and the number or {@code t} and the text (numbers come before text; the database
 * compares the text in lower case with its own {@code lower()}, the rows' and the cursor's alike).
 */
public record Keyset(String value, String workflowId, String chainId) {
  public Keyset {
    Objects.requireNonNull(value, "value");
    Objects.requireNonNull(workflowId, "workflowId");
    Objects.requireNonNull(chainId, "chainId");
  }

  /** The cursor after {@code lastRow} in {@code sort}'s order. */
  public static Keyset of(Sort sort, IndexedApproval lastRow) {
    return new Keyset(valueOf(sort, lastRow), lastRow.workflowId(), lastRow.chainId());
  }

  /**
   * A keyset as a caller gave it back (a cursor): {@code value} must be one {@link #of} makes for
   * {@code sort}, or IllegalArgumentException.
   */
  public static Keyset checked(Sort sort, String value, String workflowId, String chainId) {
    Keyset keyset = new Keyset(value, workflowId, chainId);
    if (value.isEmpty()) {
      return keyset;
    }
    try {
      if (sort.dataKey() != null) {
        if (value.charAt(0) == 'n') {
          keyset.number();
        } else if (value.charAt(0) != 't') {
          throw new IllegalArgumentException("not a data sort's value");
        }
      } else if (sort.field().equals("priority")) {
        keyset.priority();
      } else {
        keyset.instant();
      }
    } catch (RuntimeException unreadable) {
      throw new IllegalArgumentException("not a value of a " + sort.field() + " sort: " + value, unreadable);
    }
    return keyset;
  }

  /** Whether the row had no value to sort by (it is among the last). */
  boolean missing() {
    return value.isEmpty();
  }

  static String valueOf(Sort sort, IndexedApproval row) {
    String key = sort.dataKey();
    if (key != null) {
      JsonNode node = row.data() == null ? null : row.data().get(key);
      if (node != null && node.isNumber()) {
        return "n" + node.decimalValue().toPlainString();
      }
      return node != null && node.isTextual() ? "t" + node.textValue() : "";
    }
    return switch (sort.field()) {
      case "due" -> instant(row.dueDate());
      case "followUp" -> instant(row.followUp());
      case "started" -> instant(row.startedAt());
      default -> row.priority() == null ? "" : row.priority().toString();
    };
  }

  /** As the index stores it: microseconds. */
  private static String instant(String iso) {
    return iso == null ? "" : Instant.parse(iso).truncatedTo(ChronoUnit.MICROS).toString();
  }

  Instant instant() {
    return Instant.parse(value);
  }

  int priority() {
    return Integer.parseInt(value);
  }

  /** A data sort's value: a number, or null when it is text. */
  BigDecimal number() {
    return value.startsWith("n") ? new BigDecimal(value.substring(1)) : null;
  }

  /** A data sort's text value, or "" when it is a number. */
  String text() {
    return value.startsWith("t") ? value.substring(1) : "";
  }
}
