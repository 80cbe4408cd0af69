package dev.overdue.inbox.view;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.MissingNode;

/**
 * The free-form parts of an answer, which the contract's records hold as maps (an approval's data,
 * a step's form), as the trees the pages read them by: they have no shape of their own to type.
 */
public final class FreeForm {
  private static final JsonMapper JSON = JsonMapper.builder().build();

  private FreeForm() {}

  /** {@code value} as a tree; a missing node when there is none, as a path to an absent field gives. */
  public static JsonNode tree(Object value) {
    return value == null ? MissingNode.getInstance() : JSON.valueToTree(value);
  }
}
