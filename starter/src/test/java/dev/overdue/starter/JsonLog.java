package dev.overdue.starter;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;

/** A worker's output under {@code --log-format json}: one JSON object per line, nothing else. */
final class JsonLog {
  private static final ObjectMapper JSON = new ObjectMapper();

  private JsonLog() {}

  /** Every line of {@code output} as an object; fails on the first line that is not one. */
  static List<JsonNode> lines(String output) {
    List<JsonNode> lines = new ArrayList<>();
    for (String line : output.lines().toList()) {
      JsonNode node;
      try {
        node = JSON.readTree(line);
      } catch (JsonProcessingException e) {
        throw new AssertionError("not a JSON line: " + line + "\n" + output, e);
      }
      assertTrue(node != null && node.isObject(), () -> "not a JSON object: " + line);
      lines.add(node);
    }
    assertFalse(lines.isEmpty(), "no log lines");
    return lines;
  }

  /** The first line whose message contains {@code text}. */
  static JsonNode line(List<JsonNode> lines, String text) {
    return lines.stream()
        .filter(line -> line.path("formattedMessage").asText().contains(text))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no line says '" + text + "': " + lines));
  }
}
