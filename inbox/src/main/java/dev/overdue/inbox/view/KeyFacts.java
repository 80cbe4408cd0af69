package dev.overdue.inbox.view;

import java.util.List;

/**
 * The few details of a request an approver reads before deciding: those the request names as its
 * key fields (an amount, a supplier), in its order; a request that names none shows its first
 * three plain details.
 */
public final class KeyFacts {
  /** At most this many: more would push the decision out of the first screen. */
  static final int MAX = 3;

  private KeyFacts() {}

  public static List<DataRows.Row> of(List<DataRows.Row> details, List<String> keyFields) {
    if (keyFields == null || keyFields.isEmpty()) {
      return details.stream().filter(row -> row.key() != null).limit(MAX).toList();
    }
    return keyFields.stream()
        .flatMap(key -> details.stream().filter(row -> key.equals(row.key())))
        .limit(MAX)
        .toList();
  }
}
