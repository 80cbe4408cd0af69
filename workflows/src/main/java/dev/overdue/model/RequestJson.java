package dev.overdue.model;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import dev.overdue.api.ApprovalRequest;
import java.util.stream.Collectors;

/**
 * Reads an approval request strictly: an unknown field (a typo such as {@code approver}) is an
 * error that names the field and where it is, never silently ignored.
 */
public final class RequestJson {
  private RequestJson() {}

  private static final ObjectMapper STRICT =
      new ObjectMapper()
          .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
          .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

  public static ApprovalRequest parse(JsonNode json) {
    if (json == null || !json.isObject()) {
      throw new RuleViolation(
          "the request must be one JSON object, got "
              + (json == null ? "nothing" : json.getNodeType().toString()));
    }
    try {
      return STRICT.treeToValue(json, ApprovalRequest.class);
    } catch (JsonProcessingException e) {
      throw new RuleViolation("invalid approval request: " + describe(e));
    }
  }

  public static ApprovalRequest parse(String json) {
    try {
      return parse(STRICT.readTree(json));
    } catch (JsonProcessingException e) {
      throw new RuleViolation(
          "the request is not valid JSON: " + Texts.abbreviate(e.getOriginalMessage(), 300));
    }
  }

  public static ProcessSnapshot snapshot(JsonNode json) {
    try {
      return STRICT.treeToValue(json, ProcessSnapshot.class);
    } catch (JsonProcessingException e) {
      throw new RuleViolation("invalid continuation snapshot: " + describe(e));
    }
  }

  public static JsonNode tree(Object value) {
    return STRICT.valueToTree(value);
  }

  /** "steps[0].approver: unknown field" rather than Jackson's class-and-source paragraph. */
  private static String describe(JsonProcessingException e) {
    String where = "";
    if (e instanceof JsonMappingException mapping) {
      where =
          mapping.getPath().stream()
              .map(r -> r.getFieldName() != null
                  ? "." + Texts.abbreviate(r.getFieldName(), Texts.QUOTED_LENGTH)
                  : "[" + r.getIndex() + "]")
              .collect(Collectors.joining())
              .replaceFirst("^\\.", "");
    }
    if (e instanceof UnrecognizedPropertyException unknown) {
      return where
          + ": unknown field (known: "
          + unknown.getKnownPropertyIds().stream().map(String::valueOf).sorted().collect(Collectors.joining(", "))
          + ")";
    }
    String reason = Texts.abbreviate(e.getOriginalMessage().split("\n")[0], 300);
    return where.isEmpty() ? reason : where + ": " + reason;
  }
}
