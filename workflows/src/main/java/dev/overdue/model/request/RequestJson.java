package dev.overdue.model.request;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.introspect.BeanPropertyDefinition;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.overdue.api.ApprovalRequest;
import dev.overdue.api.JsonBuffers;
import dev.overdue.model.RuleViolation;
import dev.overdue.model.Texts;
import java.util.Collection;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Reads an approval request strictly: an unknown field (a typo such as {@code approver}) is an
 * error that names the field and where it is, never silently ignored.
 */
public final class RequestJson {
  private RequestJson() {}

  /** How {@link #parse(JsonNode)} begins its reason when the request is not one it can read. */
  public static final String INVALID = "invalid approval request: ";

  private static final ObjectMapper STRICT =
      JsonBuffers.perCall(new ObjectMapper())
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
      throw new RuleViolation(INVALID + describe(e));
    }
  }

  /** A field the request has where none of that name is known: {@code path} names it. */
  public record UnknownField(String path, String name, List<String> known) {}

  /**
   * {@code json} without the fields {@link #parse(JsonNode)} would refuse as unknown, each passed to
   * {@code unknown} in the order of the text: so that a client can name them all at once and check
   * the rest. The fields known at each place are the request's records' own, as Jackson reads
   * them; {@code data} is the request's own and takes any. {@code json} itself is left as it is.
   */
  public static JsonNode withoutUnknownFields(JsonNode json, Consumer<UnknownField> unknown) {
    JsonNode copy = json == null ? null : json.deepCopy();
    if (copy != null) {
      removeUnknown(copy, STRICT.constructType(ApprovalRequest.class), "", unknown);
    }
    return copy;
  }

  private static void removeUnknown(
      JsonNode node, JavaType type, String at, Consumer<UnknownField> unknown) {
    if (type.isCollectionLikeType() || type.isArrayType()) {
      for (int i = 0; node.isArray() && i < node.size(); i++) {
        removeUnknown(node.get(i), type.getContentType(), at + "[" + i + "]", unknown);
      }
      return;
    }
    if (!(node instanceof ObjectNode object) || !isRecord(type)) {
      return; // a value, a type mismatch (parse names it) or free-form data
    }
    Map<String, JavaType> fields = new LinkedHashMap<>();
    BeanDescription description = STRICT.getDeserializationConfig().introspect(type);
    for (BeanPropertyDefinition field : description.findProperties()) {
      fields.put(field.getName(), field.getPrimaryType());
    }
    for (Iterator<Map.Entry<String, JsonNode>> it = object.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> field = it.next();
      String where = (at.isEmpty() ? "" : at + ".") + field.getKey();
      JavaType fieldType = fields.get(field.getKey());
      if (fieldType == null) {
        unknown.accept(
            new UnknownField(
                where, field.getKey(), fields.keySet().stream().sorted().toList()));
        it.remove();
      } else {
        removeUnknown(field.getValue(), fieldType, where, unknown);
      }
    }
  }

  /** The request's own parts (steps, timers, ...): records of its package. */
  private static boolean isRecord(JavaType type) {
    return type.getRawClass().isRecord()
        && type.getRawClass().getPackageName().equals(ApprovalRequest.class.getPackageName());
  }

  public static ApprovalRequest parse(String json) {
    try {
      return parse(STRICT.readTree(json));
    } catch (JsonProcessingException e) {
      throw new RuleViolation(
          "the request is not valid JSON: " + Texts.abbreviate(e.getOriginalMessage(), 300));
    }
  }

  /** A continue-as-new snapshot (the process's {@code ProcessSnapshot}) read as strictly as a request. */
  public static <T> T snapshot(JsonNode json, Class<T> type) {
    try {
      return STRICT.treeToValue(json, type);
    } catch (JsonProcessingException e) {
      throw new RuleViolation("invalid continuation snapshot: " + describe(e));
    }
  }

  public static JsonNode tree(Object value) {
    return STRICT.valueToTree(value);
  }

  /** A JSON object as the request's {@code data} holds it: fields in their order. */
  @SuppressWarnings("unchecked")
  public static Map<String, Object> data(JsonNode object) {
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
