package dev.overdue.bpmn;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.comments.CommentLine;
import org.yaml.snakeyaml.comments.CommentType;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;

/**
 * The imported request as maps, lists and scalars in the order they are written, each part with
 * an optional comment naming the BPMN element it came from. It is written as YAML with those
 * comments (SnakeYAML's node API, the only writer that keeps them) and read as JSON by the tests
 * and {@code -o json}.
 */
final class RequestTree {
  private RequestTree() {}

  /** A value written as null (a plain Java null leaves a key out). */
  static final Object NULL = new Object() {
    @Override
    public String toString() {
      return "null";
    }
  };

  /** A value and the comment written above it (null: none). */
  record Part(Object value, String comment) {}

  /** A map whose keys keep their order. */
  static final class Mapping {
    private final Map<String, Part> entries = new LinkedHashMap<>();

    Mapping put(String key, Object value) {
      return put(key, value, null);
    }

    /** Sets {@code key}; a null value leaves it out. */
    Mapping put(String key, Object value, String comment) {
      if (value != null) {
        entries.put(key, new Part(value, comment));
      }
      return this;
    }

    boolean has(String key) {
      return entries.containsKey(key);
    }

    List<String> keys() {
      return List.copyOf(entries.keySet());
    }

    Object get(String key) {
      Part part = entries.get(key);
      return part == null ? null : part.value();
    }
  }

  /** A list. */
  static final class Sequence {
    private final List<Part> items = new ArrayList<>();

    Sequence add(Object value) {
      return add(value, null);
    }

    Sequence add(Object value, String comment) {
      items.add(new Part(value, comment));
      return this;
    }

    boolean isEmpty() {
      return items.isEmpty();
    }

    boolean contains(Object value) {
      return items.stream().anyMatch(part -> part.value().equals(value));
    }

    Object first() {
      return items.get(0).value();
    }

    int size() {
      return items.size();
    }

    static Sequence of(List<?> values) {
      Sequence sequence = new Sequence();
      values.forEach(sequence::add);
      return sequence;
    }
  }

  /** {@code root} as a YAML document, {@code header} above it as comment lines. */
  static String yaml(Mapping root, List<String> header) {
    DumperOptions options = new DumperOptions();
    options.setProcessComments(true);
    options.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
    options.setIndicatorIndent(2);
    options.setIndentWithIndicator(true);
    options.setWidth(100);
    MappingNode node = (MappingNode) node(root);
    if (!node.getValue().isEmpty()) {
      Node first = node.getValue().get(0).getKeyNode();
      List<CommentLine> lines = new ArrayList<>(comments(header));
      lines.addAll(first.getBlockComments() == null ? List.of() : first.getBlockComments());
      first.setBlockComments(lines);
    }
    StringWriter out = new StringWriter();
    new Yaml(options).serialize(node, out);
    return out.toString();
  }

  /** {@code value} as JSON, comments dropped. */
  static JsonNode json(Object value) {
    JsonNodeFactory nodes = JsonNodeFactory.instance;
    if (value instanceof Mapping mapping) {
      ObjectNode object = nodes.objectNode();
      mapping.entries.forEach((key, part) -> object.set(key, json(part.value())));
      return object;
    }
    if (value instanceof Sequence sequence) {
      ArrayNode array = nodes.arrayNode();
      sequence.items.forEach(part -> array.add(json(part.value())));
      return array;
    }
    if (value instanceof Integer number) {
      return nodes.numberNode(number);
    }
    if (value instanceof Long number) {
      // as a reader of the file would get it: an int when it fits
      return number == number.intValue() ? nodes.numberNode(number.intValue()) : nodes.numberNode(number);
    }
    if (value instanceof Double number) {
      return nodes.numberNode(number);
    }
    if (value instanceof Boolean bool) {
      return nodes.booleanNode(bool);
    }
    if (value == NULL) {
      return nodes.nullNode();
    }
    return nodes.textNode(String.valueOf(value));
  }

  private static Node node(Object value) {
    if (value instanceof Mapping mapping) {
      List<NodeTuple> tuples = new ArrayList<>();
      mapping.entries.forEach(
          (key, part) -> {
            Node keyNode = scalar(key);
            keyNode.setBlockComments(comments(part.comment()));
            tuples.add(new NodeTuple(keyNode, node(part.value())));
          });
      return new MappingNode(Tag.MAP, tuples, DumperOptions.FlowStyle.BLOCK);
    }
    if (value instanceof Sequence sequence) {
      List<Node> items = new ArrayList<>();
      for (Part part : sequence.items) {
        Node item = node(part.value());
        if (!inLine(item, part.comment())) {
          item.setBlockComments(comments(part.comment()));
        }
        items.add(item);
      }
      boolean scalars = sequence.items.stream().noneMatch(p -> p.value() instanceof Mapping || p.value() instanceof Sequence);
      boolean commented = sequence.items.stream().anyMatch(p -> p.comment() != null);
      return new SequenceNode(
          Tag.SEQ,
          items,
          scalars && !commented ? DumperOptions.FlowStyle.FLOW : DumperOptions.FlowStyle.BLOCK);
    }
    if (value instanceof Integer || value instanceof Long) {
      return new ScalarNode(Tag.INT, value.toString(), null, null, DumperOptions.ScalarStyle.PLAIN);
    }
    if (value instanceof Double) {
      return new ScalarNode(Tag.FLOAT, value.toString(), null, null, DumperOptions.ScalarStyle.PLAIN);
    }
    if (value == NULL) {
      return new ScalarNode(Tag.NULL, "null", null, null, DumperOptions.ScalarStyle.PLAIN);
    }
    if (value instanceof Boolean) {
      return new ScalarNode(Tag.BOOL, value.toString(), null, null, DumperOptions.ScalarStyle.PLAIN);
    }
    return scalar(String.valueOf(value));
  }

  /**
   * Puts a list item's comment after its first value ({@code - name: manager  # BPMN userTask …}),
   * where a reader looks for it; false when that value is not a scalar.
   */
  private static boolean inLine(Node item, String comment) {
    if (comment == null || !(item instanceof MappingNode mapping) || mapping.getValue().isEmpty()) {
      return false;
    }
    Node first = mapping.getValue().get(0).getValueNode();
    if (!(first instanceof ScalarNode)) {
      return false;
    }
    first.setInLineComments(List.of(new CommentLine(null, null, " " + comment.replace('\n', ' '), CommentType.IN_LINE)));
    return true;
  }

  private static Node scalar(String text) {
    return new ScalarNode(Tag.STR, text, null, null, DumperOptions.ScalarStyle.PLAIN);
  }

  private static List<CommentLine> comments(String comment) {
    return comment == null ? null : comments(List.of(comment.split("\n")));
  }

  private static List<CommentLine> comments(List<String> lines) {
    List<CommentLine> comments = new ArrayList<>();
    for (String line : lines) {
      comments.add(new CommentLine(null, null, line.isEmpty() ? "" : " " + line, CommentType.BLOCK));
    }
    return comments;
  }
}
