package dev.overdue.model.request;

import com.fasterxml.jackson.databind.JsonNode;
import dev.overdue.api.JsonBuffers;
import dev.overdue.model.Texts;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * One field of a {@link StepForm}: its type, and what a value of it must be. Its problems say what
 * is needed in plain words ("a number is needed, got \"ten\""), since the person who reads them
 * filled in the form.
 */
record FormField(
    String name,
    Type type,
    boolean date,
    List<String> values,
    BigDecimal minimum,
    BigDecimal maximum,
    Integer maxLength) {

  enum Type {
    STRING("text"),
    NUMBER("a number"),
    INTEGER("a whole number"),
    BOOLEAN("true or false");

    private final String needed;

    Type(String needed) {
      this.needed = needed;
    }

    /** The keyword's value: {@code string}, {@code number}, ... */
    String keyword() {
      return name().toLowerCase(Locale.ROOT);
    }

    static Optional<Type> of(String keyword) {
      for (Type type : values()) {
        if (type.keyword().equals(keyword)) {
          return Optional.of(type);
        }
      }
      return Optional.empty();
    }
  }

  /** ISO-8601 calendar dates only: 2026-02-30 is no date. */
  private static final DateTimeFormatter DATE =
      DateTimeFormatter.ofPattern("uuuu-MM-dd").withResolverStyle(ResolverStyle.STRICT);

  private static final Pattern DATE_SHAPE = Pattern.compile("\\d{4}-\\d{2}-\\d{2}");

  /** A JSON number beyond a double's range (1e400), which Jackson reads as infinity. */
  static final String TOO_LARGE = "too large a number";

  /** How much of a wrong value a problem shows. */
  private static final int SHOWN_LENGTH = 60;

  FormField {
    values = values == null ? null : List.copyOf(values);
  }

  /** What a value of this field is, in words: "a number", "a date (YYYY-MM-DD)", "one of ...". */
  String needed() {
    if (values != null) {
      return "one of " + Texts.list(values.stream().map(v -> "\"" + v + "\"").toList());
    }
    if (date) {
      return "a date (YYYY-MM-DD, such as 2026-12-31)";
    }
    return type.needed;
  }

  /** The value's problem, without the field's name; empty when it fits. {@code value} is not null. */
  Optional<String> problem(JsonNode value) {
    String got = ", got " + shown(value);
    switch (type) {
      case STRING -> {
        if (!value.isTextual()) {
          return Optional.of(needed() + " is needed" + got);
        }
        String text = value.textValue();
        if (values != null && !values.contains(text)) {
          return Optional.of(needed() + " is needed" + got);
        }
        if (date && !isDate(text)) {
          return Optional.of(needed() + " is needed" + got);
        }
        if (maxLength != null && text.codePointCount(0, text.length()) > maxLength) {
          return Optional.of(
              "must be at most " + maxLength + " characters, got " + text.codePointCount(0, text.length()));
        }
        return Optional.empty();
      }
      case BOOLEAN -> {
        return value.isBoolean() ? Optional.empty() : Optional.of(needed() + " is needed" + got);
      }
      default -> {
        Optional<BigDecimal> given = number(value);
        if (given.isEmpty() && value.isNumber()) {
          return Optional.of(TOO_LARGE);
        }
        if (given.isEmpty() || (type == Type.INTEGER && !isWhole(given.get()))) {
          return Optional.of(needed() + " is needed" + got);
        }
        BigDecimal number = given.get();
        if (minimum != null && number.compareTo(minimum) < 0) {
          return Optional.of("must be at least " + plain(minimum) + got);
        }
        if (maximum != null && number.compareTo(maximum) > 0) {
          return Optional.of("must be at most " + plain(maximum) + got);
        }
        return Optional.empty();
      }
    }
  }

  /** The value as JSON, cut short: {@code "ten"}, {@code 12}, {@code true}, or its kind. */
  static String shown(JsonNode value) {
    if (value == null || value.isMissingNode()) {
      return "nothing";
    }
    if (value.isObject()) {
      return "an object";
    }
    if (value.isArray()) {
      return "a list";
    }
    String json = JsonBuffers.text(value);
    return json.length() <= SHOWN_LENGTH ? json : json.substring(0, SHOWN_LENGTH) + "…";
  }

  /** A JSON number as a decimal; empty for anything else, and for one too large for a double (1e400). */
  static Optional<BigDecimal> number(JsonNode value) {
    if (!value.isNumber() || ((value.isDouble() || value.isFloat()) && !Double.isFinite(value.doubleValue()))) {
      return Optional.empty();
    }
    return Optional.of(value.decimalValue());
  }

  static boolean isDate(String text) {
    if (!DATE_SHAPE.matcher(text).matches()) {
      return false;
    }
    try {
      LocalDate.parse(text, DATE);
      return true;
    } catch (DateTimeParseException e) {
      return false;
    }
  }

  static boolean isWhole(BigDecimal number) {
    return number.signum() == 0 || number.stripTrailingZeros().scale() <= 0;
  }

  static String plain(BigDecimal number) {
    return number.signum() == 0 ? "0" : number.stripTrailingZeros().toPlainString();
  }
}
