package dev.overdue.model.expression;

import dev.cel.common.values.NullValue;
import dev.overdue.model.RuleViolation;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The values a condition reads, brought to what CEL knows: {@code step} and {@code process} with
 * exactly their fields, maps in key order, numbers as int or double, null as CEL's null. A value a
 * condition cannot read is a {@link RuleViolation} naming where it is.
 */
final class ConditionValues {
  private ConditionValues() {}

  /** Exactly the known fields, in their fixed order; a missing one is null, others are dropped. */
  static Map<String, Object> withFields(
      Map<String, Object> given, List<String> fields, String name) {
    Map<String, Object> known = new LinkedHashMap<>();
    for (String field : fields) {
      known.put(field, adapt(given == null ? null : given.get(field), name + "." + field));
    }
    return known;
  }

  /**
   * Keys in sorted order: {@code data.map(k, k)} and the like iterate a map, and the answer must
   * not depend on which Map class the caller happened to build (Map.of's order changes from one
   * JVM to the next).
   */
  static Map<String, Object> adaptMap(Map<?, ?> map, String path) {
    Map<String, Object> byKey = new TreeMap<>();
    for (Map.Entry<?, ?> entry : map.entrySet()) {
      byKey.put(String.valueOf(entry.getKey()), entry.getValue());
    }
    Map<String, Object> adapted = new LinkedHashMap<>();
    for (Map.Entry<String, Object> entry : byKey.entrySet()) {
      adapted.put(entry.getKey(), adapt(entry.getValue(), path + "." + entry.getKey()));
    }
    return adapted;
  }

  /**
   * CEL knows int (Java Long), double, string, bool, list, map and null (its own NullValue):
   * Jackson's Integer, BigInteger, BigDecimal and Java null are brought to those.
   */
  static Object adapt(Object value, String path) {
    if (value == null) {
      return NullValue.NULL_VALUE;
    }
    if (value instanceof String || value instanceof Boolean || value instanceof Long
        || value instanceof Double) {
      return value;
    }
    if (value instanceof Integer || value instanceof Short || value instanceof Byte) {
      return ((Number) value).longValue();
    }
    if (value instanceof Float) {
      return ((Float) value).doubleValue();
    }
    if (value instanceof BigInteger) {
      BigInteger big = (BigInteger) value;
      return big.bitLength() < 64 ? (Object) big.longValue() : (Object) big.doubleValue();
    }
    if (value instanceof BigDecimal) {
      return ((BigDecimal) value).doubleValue();
    }
    if (value instanceof Map) {
      return adaptMap((Map<?, ?>) value, path);
    }
    if (value instanceof Collection) {
      List<Object> list = new ArrayList<>();
      int index = 0;
      for (Object item : (Collection<?>) value) {
        list.add(adapt(item, path + "[" + index++ + "]"));
      }
      return list;
    }
    if (value instanceof CharSequence || value instanceof Enum) {
      return value.toString();
    }
    throw new RuleViolation(
        path + " is a " + value.getClass().getSimpleName() + ", which a condition cannot read");
  }
}
