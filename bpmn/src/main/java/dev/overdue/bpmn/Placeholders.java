package dev.overdue.bpmn;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What the import cannot know (who asks, the approval's data) is written as a placeholder text
 * that {@code validate} and {@code start} refuse, each naming what to fill in: a typed stand-in
 * (an amount of 1, no requester) would start an approval nobody meant.
 */
public final class Placeholders {
  private Placeholders() {}

  static final String PREFIX = "(fill in) ";

  /** One place still to fill in: where in the request, and what it asks for. */
  public record Gap(String path, String what) {
    /** {@code requester: fill in who asks for this approval (import-bpmn left a placeholder)}. */
    public String problem() {
      return path + ": fill in " + what + " (import-bpmn left a placeholder)";
    }
  }

  /** The placeholder asking for {@code what}. */
  static String of(String what) {
    return PREFIX + what;
  }

  /** Every placeholder left in {@code request}, in the file's order. */
  public static List<Gap> in(JsonNode request) {
    List<Gap> gaps = new ArrayList<>();
    collect("", request, gaps);
    return gaps;
  }

  /** Whether {@code problem} (from the request's other checks) is about a place still to fill in. */
  public static boolean about(String problem, List<Gap> gaps) {
    return gaps.stream().anyMatch(gap -> problem.startsWith(gap.path() + ":") || problem.startsWith(gap.path() + "."));
  }

  private static void collect(String path, JsonNode node, List<Gap> gaps) {
    if (node == null) {
      return;
    }
    if (node.isTextual() && node.textValue().startsWith(PREFIX)) {
      gaps.add(new Gap(path, node.textValue().substring(PREFIX.length())));
    } else if (node.isObject()) {
      for (Map.Entry<String, JsonNode> field : (Iterable<Map.Entry<String, JsonNode>>) node::fields) {
        collect(path.isEmpty() ? field.getKey() : path + "." + field.getKey(), field.getValue(), gaps);
      }
    } else if (node.isArray()) {
      for (int i = 0; i < node.size(); i++) {
        collect(path + "[" + i + "]", node.get(i), gaps);
      }
    }
  }
}
