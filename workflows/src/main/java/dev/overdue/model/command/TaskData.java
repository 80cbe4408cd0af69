package dev.overdue.model.command;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.overdue.api.JsonBuffers;
import dev.overdue.model.RuleViolation;
import dev.overdue.model.request.RequestValidator;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * An approval's data changed by a JSON Merge Patch (RFC 7396): {@code updateData}, and the {@code
 * output} a decision may carry (the Serverless Workflow user task merges its completed payload
 * into the task data; WS-HumanTask has task output). A member set to null is removed, an object
 * merges into an object, anything else replaces. Each change is kept as its path with the old and
 * the new value.
 */
public final class TaskData {
  private TaskData() {}

  /** One value that changed: {@code path} in dots ({@code customer.tier}); null means absent. */
  public record Change(String path, JsonNode before, JsonNode after) {}

  /** {@code data} patched by {@code patch}: a new object, {@code data} untouched. */
  public static JsonNode merged(JsonNode data, JsonNode patch) {
    return mergePatch(data == null ? null : data.deepCopy(), patch);
  }

  /**
   * {@code data} patched by {@code patch}, refused when the result is larger than a request's data
   * may be. {@code data} is untouched.
   */
  public static JsonNode mergedWithinLimit(JsonNode data, JsonNode patch) {
    JsonNode merged = merged(data, patch);
    int length = JsonBuffers.text(merged).length();
    if (length > RequestValidator.MAX_DATA_LENGTH) {
      throw new RuleViolation(
          "the data would be too large (" + length + " characters of JSON, at most "
              + RequestValidator.MAX_DATA_LENGTH + ")");
    }
    return merged;
  }

  /** The audit trail's record of {@code changes} made by {@code by}: each field, old and new. */
  public static ObjectNode trailDetail(List<Change> changes, String by) {
    ObjectNode detail = JsonNodeFactory.instance.objectNode().put("by", by);
    ArrayNode changed = detail.putArray("changes");
    for (Change change : changes) {
      ObjectNode entry = changed.addObject().put("field", change.path());
      entry.set("old", change.before());
      entry.set("new", change.after());
    }
    return detail;
  }

  // RFC 7396, section 2.
  private static JsonNode mergePatch(JsonNode target, JsonNode patch) {
    if (!patch.isObject()) {
      return patch;
    }
    ObjectNode result =
        target != null && target.isObject() ? (ObjectNode) target : JsonNodeFactory.instance.objectNode();
    for (Iterator<Map.Entry<String, JsonNode>> it = patch.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> member = it.next();
      if (member.getValue().isNull()) {
        result.remove(member.getKey());
      } else {
        result.set(member.getKey(), mergePatch(result.get(member.getKey()), member.getValue()));
      }
    }
    return result;
  }

  /** What differs from {@code before} to {@code after}, object by object, in key order. */
  public static List<Change> changes(JsonNode before, JsonNode after) {
    List<Change> changes = new ArrayList<>();
    collect("", before, after, changes);
    return changes;
  }

  private static void collect(String path, JsonNode before, JsonNode after, List<Change> changes) {
    if (before != null && after != null && before.isObject() && after.isObject()) {
      TreeSet<String> keys = new TreeSet<>();
      before.fieldNames().forEachRemaining(keys::add);
      after.fieldNames().forEachRemaining(keys::add);
      for (String key : keys) {
        collect(path.isEmpty() ? key : path + "." + key, before.get(key), after.get(key), changes);
      }
    } else if (before == null ? after != null : !before.equals(after)) {
      changes.add(new Change(path, before, after));
    }
  }
}
