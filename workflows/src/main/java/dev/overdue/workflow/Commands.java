package dev.overdue.workflow;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.overdue.api.ApprovalCommand;
import dev.overdue.api.JsonBuffers;
import dev.overdue.model.RuleViolation;
import dev.overdue.model.Texts;
import dev.overdue.model.command.CommandInputs;
import dev.overdue.model.request.RequestValidator;
import dev.overdue.model.schedule.TimeLimit;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns a command's name and JSON input into its {@link ApprovalCommand}, strictly: unknown commands,
 * unknown fields, wrong types and required fields left out (as declared) are refused with a reason
 * naming the field. A limit's, a duration's and a date's form is the rule's to check.
 */
public final class Commands {
  private Commands() {}

  /**
   * The longest text field, a {@code reason} or {@code comment}: keeps one hostile payload from
   * bloating the history and the audit trail.
   */
  public static final int MAX_FIELD_LENGTH = 10_000;

  /** The other fields are names and limits, much shorter (a user name as the request allows it). */
  private static final Map<String, Integer> MAX_LENGTHS =
      Map.of(
          "timer", RequestValidator.MAX_USER_LENGTH,
          "step", RequestValidator.MAX_USER_LENGTH,
          "user", RequestValidator.MAX_USER_LENGTH,
          "outcome", RequestValidator.MAX_USER_LENGTH,
          "to", RequestValidator.MAX_USER_LENGTH,
          "limit", TimeLimit.MAX_TEXT_LENGTH,
          "by", TimeLimit.MAX_TEXT_LENGTH,
          "at", TimeLimit.MAX_TEXT_LENGTH);

  /** The commands, and the fields of each. */
  private static final Map<String, Set<String>> FIELDS = new LinkedHashMap<>();

  static {
    ApprovalCommand.ALL.keySet().forEach(name -> FIELDS.put(name, Set.copyOf(ApprovalCommand.fields(name))));
  }

  public static final List<String> NAMES = List.copyOf(FIELDS.keySet());

  /** Whether command {@code name} has a {@code user} field. */
  public static boolean takesUser(String name) {
    return FIELDS.getOrDefault(name, Set.of()).contains("user");
  }

  /** The typed command {@code name} with {@code input}, or the reason it is refused. */
  public static ApprovalCommand parse(String name, JsonNode input) {
    Map<String, Set<String>> known = FIELDS;
    Set<String> fields = known.get(name);
    if (fields == null) {
      throw new RuleViolation(
          "unknown command " + Texts.quote(name) + " (commands: "
              + String.join(", ", known.keySet()) + ")");
    }
    if (input != null && !input.isNull() && !input.isObject()) {
      throw new RuleViolation(name + " takes one JSON object, got " + input.getNodeType());
    }
    if (input != null) {
      for (Iterator<String> it = input.fieldNames(); it.hasNext(); ) {
        String field = it.next();
        if (!fields.contains(field)) {
          throw new RuleViolation(
              "unknown field " + Texts.quote(field) + " for " + name + " (fields: "
                  + (fields.isEmpty() ? "none" : String.join(", ", fields.stream().sorted().toList()))
                  + ")");
        }
      }
    }
    ApprovalCommand command = bind(ApprovalCommand.ALL.get(name), input);
    CommandInputs.requireDeclared(command);
    return command;
  }

  /**
   * {@code input} as the API record {@code type}: its components are the fields, each read strictly
   * by its type (a text, a JSON object, a list of names). A new command needs no parser of its own.
   */
  private static ApprovalCommand bind(Class<? extends ApprovalCommand> type, JsonNode input) {
    RecordComponent[] components = type.getRecordComponents();
    Class<?>[] types = new Class<?>[components.length];
    Object[] values = new Object[components.length];
    for (int i = 0; i < components.length; i++) {
      types[i] = components[i].getType();
      values[i] = read(input, components[i].getName(), types[i]);
    }
    try {
      return type.getDeclaredConstructor(types).newInstance(values);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot bind " + type.getSimpleName(), e);
    }
  }

  private static Object read(JsonNode input, String field, Class<?> type) {
    if (type == String.class) {
      return optional(input, field);
    }
    if (type == Map.class) {
      JsonNode value = object(input, field);
      return value == null ? null : JSON.convertValue(value, AS_MAP);
    }
    if (type == List.class) {
      return names(input, field);
    }
    if (type == Integer.class) {
      return integer(input, field);
    }
    throw new IllegalStateException("no reader for field " + field + " of type " + type.getSimpleName());
  }

  /** JSON objects into a record's maps: plain Jackson, nulls kept (a merge patch removes by them). */
  private static final ObjectMapper JSON = JsonBuffers.perCall(new ObjectMapper());
  private static final TypeReference<Map<String, Object>> AS_MAP = new TypeReference<>() {};

  /** A JSON object, or null when absent; at most as large as the request's data may be. */
  private static JsonNode object(JsonNode input, String field) {
    JsonNode value = input == null ? null : input.get(field);
    if (value == null || value.isNull()) {
      return null;
    }
    if (!value.isObject()) {
      throw new RuleViolation("'" + field + "' must be a JSON object, got " + value.getNodeType());
    }
    int length = JsonBuffers.text(value).length();
    if (length > RequestValidator.MAX_DATA_LENGTH) {
      throw new RuleViolation(
          "'" + field + "' is too large (" + length + " characters of JSON, at most "
              + RequestValidator.MAX_DATA_LENGTH + ")");
    }
    return value;
  }

  /** A non-empty list of names (users, groups, roles), each as long as a user name may be; null when none. */
  private static List<String> names(JsonNode input, String field) {
    JsonNode value = input == null ? null : input.get(field);
    if (value == null || value.isNull() || (value.isArray() && value.isEmpty())) {
      return null;
    }
    if (!value.isArray()) {
      throw new RuleViolation("'" + field + "' must be a list of names, got " + value.getNodeType());
    }
    if (value.size() > RequestValidator.MAX_APPROVERS) {
      throw new RuleViolation(
          "'" + field + "' names at most " + RequestValidator.MAX_APPROVERS + ", got " + value.size());
    }
    List<String> names = new ArrayList<>();
    for (JsonNode name : value) {
      if (!name.isTextual() || name.asText().isBlank()) {
        throw new RuleViolation("'" + field + "' must hold names, got " + Texts.abbreviate(JsonBuffers.text(name), 40));
      }
      if (name.asText().length() > RequestValidator.MAX_USER_LENGTH) {
        throw new RuleViolation(
            "'" + field + "': a name is too long (" + name.asText().length() + " characters, at most "
                + RequestValidator.MAX_USER_LENGTH + ")");
      }
      names.add(name.asText());
    }
    return names;
  }

  /** A whole number, or null when absent. */
  private static Integer integer(JsonNode input, String field) {
    JsonNode value = input == null ? null : input.get(field);
    if (value == null || value.isNull()) {
      return null;
    }
    if (value.isIntegralNumber() && value.canConvertToInt()) {
      return value.intValue();
    }
    if (value.isTextual() && value.asText().strip().matches("-?\\d{1,9}")) {
      return Integer.parseInt(value.asText().strip());
    }
    throw new RuleViolation("'" + field + "' must be a whole number, got " + Texts.abbreviate(JsonBuffers.text(value), 40));
  }

  /** Strings as given; numbers as their text (a limit may be a number of seconds). */
  private static String optional(JsonNode input, String field) {
    JsonNode value = input == null ? null : input.get(field);
    if (value == null || value.isNull()) {
      return null;
    }
    if (!value.isTextual() && !value.isNumber()) {
      throw new RuleViolation("'" + field + "' must be a string, got " + value.getNodeType());
    }
    String text = value.asText();
    int max = MAX_LENGTHS.getOrDefault(field, MAX_FIELD_LENGTH);
    if (text.length() > max) {
      throw new RuleViolation(
          "'" + field + "' is too long (" + text.length() + " characters, at most " + max + ")");
    }
    return text;
  }
}
