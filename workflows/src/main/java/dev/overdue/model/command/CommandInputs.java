package dev.overdue.model.command;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.overdue.api.ApprovalCommand;
import dev.overdue.api.Declarations;
import dev.overdue.api.Declared;
import dev.overdue.api.Input;
import dev.overdue.api.JsonBuffers;
import dev.overdue.model.RuleViolation;
import dev.overdue.model.schedule.IsoDuration;
import dev.overdue.model.schedule.TimeLimit;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * What a command's fields must be beyond their JSON type, read from its declaration ({@link Input}),
 * and its fields read as the rules need them: a time limit, a duration, a follow-up date, a JSON
 * object as a tree. A new command's required fields need no code here.
 */
public final class CommandInputs {
  private CommandInputs() {}

  /** Plain Jackson, nulls kept: a merge patch removes by them. */
  private static final ObjectMapper JSON = JsonBuffers.perCall(new ObjectMapper());

  /**
   * Refuses {@code command} when its {@code oneOf} fields are not given exactly one, or a required
   * field is left out or blank, with the declaration's words, in the record's order.
   */
  public static void requireDeclared(ApprovalCommand command) {
    requireOneOf(command);
    for (RecordComponent field : Declarations.fields(command.getClass())) {
      Input input = Declarations.input(field);
      if (input.required() && missing(Declarations.value(command, field))) {
        throw new RuleViolation(
            "'" + field.getName() + "' is required" + (input.missing().isEmpty() ? "" : ": " + input.missing()));
      }
    }
  }

  /** Refuses {@code command} unless exactly one of its declared {@code oneOf} fields is given. */
  static void requireOneOf(ApprovalCommand command) {
    Declared declared = Declarations.of(command.getClass());
    if (declared.oneOf().length == 0) {
      return;
    }
    List<String> named = new ArrayList<>();
    int given = 0;
    for (RecordComponent field : Declarations.fields(command.getClass())) {
      if (List.of(declared.oneOf()).contains(field.getName())) {
        named.add("'" + field.getName() + "' (" + Declarations.input(field).missing() + ")");
        given += Declarations.value(command, field) == null ? 0 : 1;
      }
    }
    if (given != 1) {
      throw new RuleViolation(command.name() + " needs exactly one of " + String.join(" and ", named));
    }
  }

  /** A time limit as a command gives it: a duration, seconds, a date-time, a cycle. */
  static TimeLimit limit(String text) {
    return text == null ? null : TimeLimit.parse(text, null);
  }

  /** A duration, or null when none is given. */
  static IsoDuration duration(String text) {
    return text == null ? null : IsoDuration.parse(text);
  }

  /** A follow-up date: a limit from now, or null for {@code none}, which clears it. */
  static TimeLimit followUp(String at) {
    return at == null || at.strip().equalsIgnoreCase("none") ? null : limit(at);
  }

  /**
   * A JSON object field as the tree it was read from: a tree parsed from JSON holds ints, longs, big
   * integers and doubles, and comes back with the same nodes and member order.
   */
  public static JsonNode tree(Map<String, Object> object) {
    return object == null ? null : JSON.valueToTree(object);
  }

  private static boolean missing(Object value) {
    return value == null
        || (value instanceof String text && text.isBlank())
        || (value instanceof Collection<?> many && many.isEmpty());
  }
}
