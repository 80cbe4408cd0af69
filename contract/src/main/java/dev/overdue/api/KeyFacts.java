package dev.overdue.api;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A request's key fields ({@code keyFields}) as the facts a work list shows: the start puts them
 * in the approval's memo ({@code Approvals.MEMO_FACTS}), the workflow writes them again when the
 * data changes one of them, and the lists read them ({@code WorkList.Entry}).
 */
public final class KeyFacts {
  private KeyFacts() {}

  /** The request's key fields with their labels and no values: what the approval keeps. */
  public static List<KeyFact> columns(ApprovalRequest request) {
    List<KeyFact> columns = new ArrayList<>();
    for (String key : request.keyFields()) {
      columns.add(new KeyFact(key, label(request.dataForm(), key), null));
    }
    return List.copyOf(columns);
  }

  /** The {@code columns} with their values in {@code data} now, in their order. */
  public static List<KeyFact> of(List<KeyFact> columns, Map<String, Object> data) {
    List<KeyFact> facts = new ArrayList<>();
    for (KeyFact column : columns) {
      facts.add(new KeyFact(column.key(), column.label(), data == null ? null : data.get(column.key())));
    }
    return facts;
  }

  /** The data form's {@code title} of {@code key} ("Amount (EUR)"); null when it has none. */
  private static String label(Map<String, Object> dataForm, String key) {
    if (dataForm != null && dataForm.get("properties") instanceof Map<?, ?> properties
        && properties.get(key) instanceof Map<?, ?> property && property.get("title") instanceof String title
        && !title.isBlank()) {
      return title;
    }
    return null;
  }
}
