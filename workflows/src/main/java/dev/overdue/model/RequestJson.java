package dev.overdue.model;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import dev.overdue.api.ApprovalRequest;
import java.util.Collection;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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

  /** A JSON object as the request's {@code data} holds it: fields in their order. */
  @SuppressWarnings("unchecked")
  static Map<String, Object> data(JsonNode object) {
    return STRICT.convertValue(object, Map.class);
  }

  /** Jackson's "from String value" and the like. */
  private static final Pattern GOT = Pattern.compile("from (\\w+(?:-\\w+)?) value");

  private static final Map<String, String> GOT_SHAPES =
      Map.of("String", "text", "Array", "an array", "Object", "an object", "Integer", "a number",
          "Floating-point", "a number", "Boolean", "true or false", "Null", "null");

  private static String shape(Class<?> type) {
    if (Collection.class.isAssignableFrom(type) || type.isArray()) {
      return "an array";
    }
    if (type == String.class) {
      return "text";
    }
    if (Number.class.isAssignableFrom(type) || (type.isPrimitive() && type != boolean.class)) {
      return "a number";
    }
    if (type == Boolean.class || type == boolean.class) {
      return "true or false";
    }
    return "an object";
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
    if (e instanceof MismatchedInputException mismatch && mismatch.getTargetType() != null) {
      // "steps: expected an array, got text" rather than Jackson's Java type names.
      Matcher got = GOT.matcher(e.getOriginalMessage());
      return (where.isEmpty() ? "" : where + ": ")
          + "expected " + shape(mismatch.getTargetType())
          + (got.find() ? ", got " + GOT_SHAPES.getOrDefault(got.group(1), got.group(1).toLowerCase(Locale.ROOT)) : "");
    }
    String reason = Texts.abbreviate(e.getOriginalMessage().split("\n")[0], 300);
    return where.isEmpty() ? reason : where + ": " + reason;
  }
}
