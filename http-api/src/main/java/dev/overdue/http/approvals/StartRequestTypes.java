package dev.overdue.http.approvals;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.type.LogicalType;
import dev.overdue.api.ApprovalRequest;
import dev.overdue.http.problems.ApiProblem;
import dev.overdue.http.problems.JsonShapes;

/**
 * A start request's values have their fields' JSON types, as every other body of the API: what
 * the workflow's reader (Jackson 2, which coerces) would take only by coercing — {@code "title": 5}
 * as "5", {@code "priority": "3"} as 3 — is a 400 naming the field and the type expected. Anything
 * else it would refuse (an unknown field, an array where an object goes) is left to its rules,
 * which name every problem (422).
 */
final class StartRequestTypes {
  private static final JsonMapper STRICT = JsonMapper.builder()
      .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
      .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
      .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
      .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
      .withCoercionConfig(LogicalType.Textual, config -> config
          .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
          .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
          .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
      .build();
  /** The workflow's reader, but for unknown fields. */
  private static final JsonMapper COERCING = JsonMapper.builder()
      .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
      .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
      .build();

  private StartRequestTypes() {}

  static void check(JsonNode request) {
    try {
      STRICT.treeToValue(request, ApprovalRequest.class);
    } catch (MismatchedInputException strict) {
      if (readsWhenCoerced(request) && strict.getTargetType() != null) {
        String field = path(strict);
        throw ApiProblem.badInput(field, "expected " + JsonShapes.expected(strict.getTargetType())
            + got(request.at(pointer(strict))));
      }
    } catch (JsonProcessingException | IllegalArgumentException other) {
      // not a question of types: the workflow's rules name it
    }
  }

  private static boolean readsWhenCoerced(JsonNode request) {
    try {
      COERCING.treeToValue(request, ApprovalRequest.class);
      return true;
    } catch (JsonProcessingException | IllegalArgumentException refused) {
      return false;
    }
  }

  private static String path(JsonMappingException e) {
    StringBuilder path = new StringBuilder();
    for (JsonMappingException.Reference ref : e.getPath()) {
      path.append(ref.getFieldName() != null ? (path.isEmpty() ? "" : ".") + ref.getFieldName() : "[" + ref.getIndex() + "]");
    }
    return path.isEmpty() ? "body" : path.toString();
  }

  private static String pointer(JsonMappingException e) {
    StringBuilder pointer = new StringBuilder();
    for (JsonMappingException.Reference ref : e.getPath()) {
      pointer.append('/').append(ref.getFieldName() != null
          ? ref.getFieldName().replace("~", "~0").replace("/", "~1") : String.valueOf(ref.getIndex()));
    }
    return pointer.toString();
  }

  private static String got(JsonNode value) {
    if (value.isTextual()) {
      return ", got text";
    }
    if (value.isBoolean()) {
      return ", got true or false";
    }
    if (value.isNumber()) {
      return value.isIntegralNumber() ? ", got a whole number" : ", got a number with a fraction";
    }
    return "";
  }
}
