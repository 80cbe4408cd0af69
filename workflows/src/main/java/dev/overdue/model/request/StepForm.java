package dev.overdue.model.request;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.overdue.model.Texts;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.regex.Pattern;

/**
 * A step's {@code form}: the output it asks for (and a request's {@code dataForm}: the data its
 * requester gives), written as a small subset of JSON Schema — {@code
 * {"type":"object","properties":{...},"required":[...]}}, each property a string, number, integer
 * or boolean with {@code format: date}, {@code enum}, {@code title}, {@code description}, {@code
 * minimum}, {@code maximum} or {@code maxLength}. A web inbox renders it and checks it as the person
 * types; the workflow checks a decision's {@code output} against it, so a refusal names the field.
 *
 * <p>Hand-written rather than a JSON Schema library: an approval must give the same answer to the
 * same output for its whole life, replays included, and six keywords do not earn a dependency
 * whose upgrades could change that answer.
 */
public final class StepForm {
  /** A field name: what a template, an expression or a spreadsheet column can use as it is. */
  public static final Pattern FIELD_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,63}");

  public static final int MAX_FIELDS = 50;
  public static final int MAX_VALUES = 100;
  public static final int MAX_DESCRIPTION_LENGTH = 2000;

  /** The types a field may have, as {@code type} names them. */
  public static final List<String> TYPES = List.of("string", "number", "integer", "boolean");
  public static final List<String> FORM_KEYWORDS = List.of("type", "properties", "required");
  public static final List<String> FIELD_KEYWORDS =
      List.of("type", "format", "enum", "title", "description", "minimum", "maximum", "maxLength");

  private final Map<String, FormField> fields;
  private final Set<String> required;

  private StepForm(Map<String, FormField> fields, Set<String> required) {
    this.fields = fields;
    this.required = required;
  }

  /** Every problem of the form {@code form} at {@code at} (such as {@code steps[1].form}). */
  static void problems(String at, Map<String, Object> form, Consumer<String> problems) {
    read(at, RequestJson.tree(form), problems);
  }

  /** The form a started approval has: checked at its start, so read without complaint. */
  public static StepForm of(Map<String, Object> form) {
    return read("form", RequestJson.tree(form), problem -> {});
  }

  /**
   * Why {@code output} does not fit the form of step {@code step}, one problem a line; none when it
   * does. A decision that {@code settles} the step (approve, complete but not rejected) must give
   * every required field; a rejection only gives its fields the right types. A null field is not
   * given (the output merges into the data, where null removes it).
   */
  public List<String> outputProblems(String step, JsonNode output, boolean settles) {
    List<String> problems = new ArrayList<>();
    if (output != null && !output.isNull() && !output.isObject()) {
      problems.add(
          "output: the form of step " + step + " asks for its fields (" + fieldList() + ") as an object, got "
              + FormField.shown(output));
      return problems;
    }
    fitProblems("output", "the form of step " + step, output, settles, problems::add);
    if (problems.size() > RequestValidator.MAX_PROBLEMS_LISTED) {
      int more = problems.size() - RequestValidator.MAX_PROBLEMS_LISTED;
      problems.subList(RequestValidator.MAX_PROBLEMS_LISTED, problems.size()).clear();
      problems.add("… and " + more + " more problems");
    }
    return problems;
  }

  /**
   * Every problem of a request's {@code dataForm}, named as {@code dataForm.…}; when it has none,
   * every way the request's {@code data} does not fit it, named as {@code data.<field>}: what the
   * requester gives at the start is checked as a decision's output is.
   */
  static void dataProblems(Map<String, Object> form, Map<String, Object> data, Consumer<String> problems) {
    List<String> formProblems = new ArrayList<>();
    StepForm read = read("dataForm", RequestJson.tree(form), formProblems::add);
    formProblems.forEach(problems);
    if (formProblems.isEmpty()) {
      read.fitProblems("data", "the data form", RequestJson.tree(data), true, problems);
    }
  }

  /**
   * How the object {@code given} (or nothing) does not fit this form, each problem named {@code
   * <at>.<field>}; {@code whose} names the form for a field it does not have. With {@code
   * complete}, every required field must be given.
   */
  private void fitProblems(String at, String whose, JsonNode given, boolean complete, Consumer<String> problems) {
    for (FormField field : fields.values()) {
      JsonNode value = given == null ? null : given.get(field.name());
      if (value == null || value.isNull()) {
        if (complete && required.contains(field.name())) {
          problems.accept(at + "." + field.name() + ": " + field.needed() + " is needed, got "
              + (value == null ? "nothing" : "null"));
        }
      } else {
        field.problem(value).ifPresent(p -> problems.accept(at + "." + field.name() + ": " + p));
      }
    }
    if (given != null) {
      for (Iterator<String> names = given.fieldNames(); names.hasNext(); ) {
        String name = names.next();
        if (!fields.containsKey(name)) {
          // A name that is no field name is shown as JSON, so a line break in it stays on the line.
          String shown = FIELD_NAME.matcher(name).matches()
              ? name : FormField.shown(TextNode.valueOf(name));
          problems.accept(at + "." + shown + ": " + whose + " has no field " + shown + "; it has " + fieldList());
        }
      }
    }
  }

  private String fieldList() {
    return Texts.list(List.copyOf(fields.keySet()));
  }

  /**
   * The fields of {@code form} for a person, as {@code status} prints them: "amount (number,
   * required), costCentre (string)"; what is no field is left out.
   */
  public static String describe(Map<String, Object> form) {
    return of(form).describe();
  }

  /** One line per field, for a person: "amount (number, required), costCentre (string)". */
  public String describe() {
    List<String> described = new ArrayList<>();
    for (FormField field : fields.values()) {
      String type =
          field.date() ? "date"
              : field.values() != null ? "one of " + String.join("/", field.values())
              : field.type().keyword();
      described.add(field.name() + " (" + type + (required.contains(field.name()) ? ", required" : "") + ")");
    }
    return String.join(", ", described);
  }

  // ---- reading the schema ------------------------------------------------------------------

  private static StepForm read(String at, JsonNode form, Consumer<String> problems) {
    Map<String, FormField> fields = new LinkedHashMap<>();
    Set<String> required = new LinkedHashSet<>();
    if (form == null || !form.isObject()) {
      problems.accept(at + ": must be an object such as {\"type\":\"object\",\"properties\":{\"amount\":{\"type\":\"number\"}}}");
      return new StepForm(fields, required);
    }
    unknownKeywords(at, form, FORM_KEYWORDS, "a form has", problems);
    JsonNode type = form.get("type");
    if (type == null || !"object".equals(type.textValue())) {
      problems.accept(at + ".type: must be \"object\", got " + FormField.shown(type));
    }
    JsonNode properties = form.get("properties");
    if (properties == null || !properties.isObject()) {
      problems.accept(at + ".properties: required: an object of fields, such as {\"amount\":{\"type\":\"number\"}}, got "
          + FormField.shown(properties));
    } else if (properties.isEmpty()) {
      problems.accept(at + ".properties: at least one field");
    } else if (properties.size() > MAX_FIELDS) {
      problems.accept(at + ".properties: at most " + MAX_FIELDS + " fields, got " + properties.size());
    } else {
      properties.fields().forEachRemaining(property -> {
        String name = property.getKey();
        if (!FIELD_NAME.matcher(name).matches()) {
          problems.accept(at + ".properties: " + Texts.quote(name)
              + " is not a field name: letters, digits and _, not starting with a digit (at most 64)");
          return;
        }
        field(at + ".properties." + name, name, property.getValue(), problems)
            .ifPresent(field -> fields.put(name, field));
      });
    }
    JsonNode names = form.get("required");
    if (names != null) {
      if (!names.isArray()) {
        problems.accept(at + ".required: must be a list of field names, got " + FormField.shown(names));
      } else {
        for (int i = 0; i < names.size(); i++) {
          JsonNode name = names.get(i);
          String where = at + ".required[" + i + "]";
          if (!name.isTextual()) {
            problems.accept(where + ": must be a field name, got " + FormField.shown(name));
          } else if (properties == null || !properties.isObject() || !properties.has(name.textValue())) {
            problems.accept(where + ": " + Texts.quote(name.textValue()) + " is not a field of the form"
                + (properties != null && properties.isObject() && !properties.isEmpty()
                    ? " (fields: " + Texts.list(names(properties)) + ")" : ""));
          } else if (!required.add(name.textValue())) {
            problems.accept(where + ": " + Texts.quote(name.textValue()) + " is listed twice");
          }
        }
      }
    }
    return new StepForm(fields, required);
  }

  /** The field {@code name} at {@code at}; empty (its problems told) when it is no field. */
  private static Optional<FormField> field(String at, String name, JsonNode property, Consumer<String> problems) {
    if (!property.isObject()) {
      problems.accept(at + ": must be an object such as {\"type\":\"number\"}, got " + FormField.shown(property));
      return Optional.empty();
    }
    Problems counted = new Problems(problems);
    unknownKeywords(at, property, FIELD_KEYWORDS, "a field has", counted);
    JsonNode typeNode = property.get("type");
    Optional<FormField.Type> type = typeNode == null || !typeNode.isTextual() ? Optional.empty() : FormField.Type.of(typeNode.textValue());
    if (type.isEmpty()) {
      counted.accept(at + ".type: must be one of " + String.join(", ", TYPES)
          + (typeNode == null ? "" : ", got " + FormField.shown(typeNode)));
    }
    boolean string = type.filter(t -> t == FormField.Type.STRING).isPresent();
    boolean number = type.filter(t -> t == FormField.Type.NUMBER || t == FormField.Type.INTEGER).isPresent();
    boolean date = false;
    JsonNode format = property.get("format");
    if (format != null) {
      if (!"date".equals(format.textValue())) {
        counted.accept(at + ".format: only \"date\" is known, got " + FormField.shown(format));
      } else if (type.isPresent() && !string) {
        counted.accept(at + ".format: only a string field has a format");
      } else {
        date = true;
      }
    }
    List<String> values = enumValues(at + ".enum", property.get("enum"), type.isPresent() && !string, counted);
    text(at + ".title", property.get("title"), RequestValidator.MAX_TITLE_LENGTH, counted);
    text(at + ".description", property.get("description"), MAX_DESCRIPTION_LENGTH, counted);
    BigDecimal minimum = bound(at + ".minimum", property.get("minimum"), type.isPresent() && !number, counted);
    BigDecimal maximum = bound(at + ".maximum", property.get("maximum"), type.isPresent() && !number, counted);
    if (minimum != null && maximum != null && maximum.compareTo(minimum) < 0) {
      counted.accept(at + ".maximum: " + FormField.plain(maximum) + " is below the minimum " + FormField.plain(minimum));
    }
    Integer maxLength = null;
    JsonNode length = property.get("maxLength");
    if (length != null) {
      if (!length.isIntegralNumber() || !length.canConvertToInt() || length.intValue() < 1) {
        counted.accept(at + ".maxLength: must be a whole number of characters, at least 1, got " + FormField.shown(length));
      } else if (type.isPresent() && !string) {
        counted.accept(at + ".maxLength: only a string field has a maxLength");
      } else {
        maxLength = length.intValue();
      }
    }
    if (counted.found > 0 || type.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(new FormField(name, type.get(), date, values, minimum, maximum, maxLength));
  }

  private static List<String> enumValues(String at, JsonNode values, boolean notString, Consumer<String> problems) {
    if (values == null) {
      return null;
    }
    if (notString) {
      problems.accept(at + ": only a string field has a list of values");
      return null;
    }
    if (!values.isArray() || values.isEmpty()) {
      problems.accept(at + ": must be a non-empty list of texts, got " + FormField.shown(values));
      return null;
    }
    if (values.size() > MAX_VALUES) {
      problems.accept(at + ": at most " + MAX_VALUES + " values, got " + values.size());
      return null;
    }
    Set<String> listed = new LinkedHashSet<>();
    for (int i = 0; i < values.size(); i++) {
      JsonNode value = values.get(i);
      if (!value.isTextual()) {
        problems.accept(at + "[" + i + "]: must be text, got " + FormField.shown(value));
      } else if (!listed.add(value.textValue())) {
        problems.accept(at + "[" + i + "]: " + Texts.quote(value.textValue()) + " is listed twice");
      }
    }
    return List.copyOf(listed);
  }

  private static void text(String at, JsonNode text, int max, Consumer<String> problems) {
    if (text == null) {
      return;
    }
    if (!text.isTextual()) {
      problems.accept(at + ": must be text, got " + FormField.shown(text));
    } else if (text.textValue().length() > max) {
      problems.accept(at + ": too long (" + text.textValue().length() + " characters, at most " + max + ")");
    }
  }

  private static BigDecimal bound(String at, JsonNode bound, boolean notNumber, Consumer<String> problems) {
    if (bound == null) {
      return null;
    }
    Optional<BigDecimal> number = FormField.number(bound);
    if (number.isEmpty()) {
      problems.accept(at + ": " + (bound.isNumber() ? FormField.TOO_LARGE : "must be a number, got " + FormField.shown(bound)));
      return null;
    }
    if (notNumber) {
      problems.accept(at + ": only a number or integer field has one");
      return null;
    }
    return number.get();
  }

  private static void unknownKeywords(
      String at, JsonNode object, List<String> known, String has, Consumer<String> problems) {
    object.fieldNames().forEachRemaining(keyword -> {
      if (!known.contains(keyword)) {
        String shown = Texts.abbreviate(keyword, Texts.QUOTED_LENGTH);
        List<String> meant = known.stream().filter(k -> closeTo(keyword, k)).toList();
        problems.accept(at + "." + shown + ": unknown keyword"
            + (meant.isEmpty()
                ? " (" + has + " " + String.join(", ", known) + ")"
                : "; did you mean " + String.join(" or ", meant) + "?"));
      }
    });
  }

  /** A likely typo: the same but for case, or at most two letters changed, added or dropped (one in a short word). */
  static boolean closeTo(String typed, String known) {
    String a = typed.toLowerCase(Locale.ROOT);
    String b = known.toLowerCase(Locale.ROOT);
    if (Math.abs(a.length() - b.length()) > 2 || a.length() > 64) {
      return false;
    }
    int[] previous = new int[b.length() + 1];
    int[] row = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      row[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int change = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        row[j] = Math.min(Math.min(row[j - 1] + 1, previous[j] + 1), previous[j - 1] + change);
      }
      int[] swap = previous;
      previous = row;
      row = swap;
    }
    return previous[b.length()] <= (b.length() < 4 ? 1 : 2);
  }

  private static List<String> names(JsonNode properties) {
    List<String> names = new ArrayList<>();
    properties.fieldNames().forEachRemaining(names::add);
    return names;
  }

  /** Counts the problems passed on: a field with any is no field. */
  private static final class Problems implements Consumer<String> {
    private final Consumer<String> to;
    private int found;

    Problems(Consumer<String> to) {
      this.to = to;
    }

    @Override
    public void accept(String problem) {
      found++;
      to.accept(problem);
    }
  }
}
