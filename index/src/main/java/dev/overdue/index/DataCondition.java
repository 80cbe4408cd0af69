package dev.overdue.index;

import java.math.BigDecimal;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A condition on one top-level key of an approval's {@code data}: {@code amount >= 10000}.
 *
 * <p>When {@code value} is a number, GT/GE/LT/LE compare the data's value as a number (a row whose
 * value is not a JSON number does not match); otherwise they compare text, ignoring case. EQ and NE
 * compare numerically when both are numbers, else as text ignoring case. CONTAINS is a substring of
 * the value as text, ignoring case. A row without the key (or with null there) matches only NE.
 *
 * @param key a top-level key of {@code data}: letters, digits, {@code _} and {@code -}
 */
public record DataCondition(String key, Op op, String value) {
  /** Keys are bound as parameters, but also go into a JSON path in SQLite: keep them plain. */
  static final Pattern KEY = Pattern.compile("[A-Za-z0-9_-]{1,100}");

  /** How the data's value is compared with {@code value}. */
  public enum Op {
    EQ, NE, GT, GE, LT, LE, CONTAINS
  }

  public DataCondition {
    checkKey(key);
    Objects.requireNonNull(op, "op");
    Objects.requireNonNull(value, "value");
  }

  /** {@code value} as a number, or null when it is not one. */
  BigDecimal number() {
    try {
      return new BigDecimal(value.trim());
    } catch (NumberFormatException notANumber) {
      return null;
    }
  }

  static String checkKey(String key) {
    if (key == null || !KEY.matcher(key).matches()) {
      throw new IllegalArgumentException(
          "a data key is 1 to 100 letters, digits, '_' or '-', not " + (key == null ? "null" : "'" + key + "'"));
    }
    return key;
  }
}
