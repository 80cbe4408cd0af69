package dev.overdue.http.problems;

import java.util.Collection;
import java.util.Map;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.exc.MismatchedInputException;
import tools.jackson.databind.exc.PropertyBindingException;

/**
 * A value of the wrong JSON type said in JSON's words, as the CLI says it ("expected text, got a
 * number"), rather than Jackson's Java type names.
 */
public final class JsonShapes {
  private JsonShapes() {}

  /** "expected text, got a number", or null when {@code e} is not a value of the wrong type. */
  static String mismatch(Throwable e) {
    if (!(e instanceof MismatchedInputException mismatch) || e instanceof PropertyBindingException
        || mismatch.getTargetType() == null) {
      return null;
    }
    String got = got(mismatch.getCurrentToken());
    return "expected " + expected(mismatch.getTargetType()) + (got == null ? "" : ", got " + got);
  }

  /** What JSON a field of {@code type} takes: "text", "a whole number", "an array", ... */
  public static String expected(Class<?> type) {
    if (Collection.class.isAssignableFrom(type) || type.isArray()) {
      return "an array";
    }
    if (CharSequence.class.isAssignableFrom(type) || type == char.class || type == Character.class || type.isEnum()) {
      return "text";
    }
    if (type == Boolean.class || type == boolean.class) {
      return "true or false";
    }
    if (type == Integer.class || type == Long.class || type == Short.class || type == Byte.class
        || (type.isPrimitive() && type != double.class && type != float.class)) {
      return "a whole number";
    }
    if (Number.class.isAssignableFrom(type) || type.isPrimitive()) {
      return "a number";
    }
    if (type.getName().startsWith("java.time.")) {
      return "text (an ISO-8601 date-time)";
    }
    return Map.class.isAssignableFrom(type) || !type.getName().startsWith("java.") ? "an object" : "another type";
  }

  private static String got(JsonToken token) {
    if (token == null) {
      return null;
    }
    return switch (token) {
      case VALUE_STRING -> "text";
      case VALUE_NUMBER_INT -> "a whole number";
      case VALUE_NUMBER_FLOAT -> "a number with a fraction";
      case VALUE_TRUE, VALUE_FALSE -> "true or false";
      case VALUE_NULL -> "null";
      case START_ARRAY -> "an array";
      case START_OBJECT -> "an object";
      default -> null;
    };
  }
}
