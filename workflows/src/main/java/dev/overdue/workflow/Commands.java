package dev.overdue.workflow;

import com.fasterxml.jackson.databind.JsonNode;
import dev.overdue.api.ApprovalCommand;
import dev.overdue.model.Command;
import dev.overdue.model.Edition;
import dev.overdue.model.RequestValidator;
import dev.overdue.model.RuleViolation;
import dev.overdue.model.Texts;
import dev.overdue.model.TimeLimit;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns a command's name and JSON input into a typed {@link Command}, strictly: unknown commands,
 * unknown fields, wrong types and malformed limits are refused with a reason naming the field.
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
          "limit", TimeLimit.MAX_TEXT_LENGTH,
          "by", TimeLimit.MAX_TEXT_LENGTH);

  /**
   * The commands, and the fields of each, an approval knows by its edition: one started before a
   * command or field existed refuses it as it always did, so its history replays.
   */
  private static final Map<Edition, Map<String, Set<String>>> FIELDS = new EnumMap<>(Edition.class);

  static {
    Map<String, Set<String>> current = new LinkedHashMap<>();
    ApprovalCommand.ALL.keySet().forEach(name -> current.put(name, Set.copyOf(ApprovalCommand.fields(name))));

    Map<String, Set<String>> beforeTasks = new LinkedHashMap<>();
    beforeTasks.put("enableTimer", Set.of("timer", "user"));
    beforeTasks.put("disableTimer", Set.of("timer", "user"));
    beforeTasks.put("suspend", Set.of("reason"));
    beforeTasks.put("resume", Set.of());
    beforeTasks.put("extendDeadline", Set.of("timer", "limit", "by", "user"));
    beforeTasks.put("claim", Set.of("step", "user"));
    beforeTasks.put("start", Set.of("step", "user"));
    beforeTasks.put("release", Set.of("step", "user"));
    beforeTasks.put("approve", Set.of("user", "comment"));
    beforeTasks.put("reject", Set.of("user", "comment"));
    beforeTasks.put("complete", Set.of("user", "outcome", "comment"));
    beforeTasks.put("abort", Set.of("reason"));

    Map<String, Set<String>> beforeDeadlines = new LinkedHashMap<>();
    beforeDeadlines.put("enableTimer", Set.of("timer"));
    beforeDeadlines.put("disableTimer", Set.of("timer"));
    beforeDeadlines.put("suspend", Set.of("reason"));
    beforeDeadlines.put("resume", Set.of());
    beforeDeadlines.put("extendDeadline", Set.of("timer", "limit", "by"));
    beforeDeadlines.put("claim", Set.of("step", "user"));
    beforeDeadlines.put("release", Set.of("step", "user"));
    beforeDeadlines.put("approve", Set.of("user", "comment"));
    beforeDeadlines.put("reject", Set.of("user", "comment"));
    beforeDeadlines.put("abort", Set.of("reason"));
    for (Edition edition : Edition.values()) {
      FIELDS.put(
          edition, edition.knowsTasks() ? current : edition.knowsDeadlines() ? beforeTasks : beforeDeadlines);
    }
  }

  public static final List<String> NAMES = List.copyOf(FIELDS.get(Edition.CURRENT).keySet());

  /** Whether command {@code name}, as the approval knows it, has a {@code user} field. */
  public static boolean takesUser(String name, Edition knownTo) {
    return FIELDS.get(knownTo).getOrDefault(name, Set.of()).contains("user");
  }

  /**
   * @param knownTo the commands the approval knows: one started before a command or field existed
   *     refuses it as it always did, so its history replays
   */
  public static Command parse(String name, JsonNode input, Edition knownTo) {
    Map<String, Set<String>> known = FIELDS.get(knownTo);
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
    switch (name) {
      case "enableTimer":
        return new Command.EnableTimer(required(input, "timer"), optional(input, "user"));
      case "disableTimer":
        return new Command.DisableTimer(required(input, "timer"), optional(input, "user"));
      case "suspend":
        return new Command.Suspend(optional(input, "reason"));
      case "resume":
        return new Command.Resume();
      case "extendDeadline":
        {
          String limit = optional(input, "limit");
          String by = optional(input, "by");
          Command.ExtendDeadline.requireOneOf(limit, by);
          return new Command.ExtendDeadline(
              required(input, "timer"),
              limit == null ? null : TimeLimit.parse(limit, null, rules(knownTo)),
              by == null ? null : TimeLimit.parseDuration(by),
              optional(input, "user"));
        }
      case "claim":
        return new Command.Claim(optional(input, "step"), required(input, "user"));
      case "start":
        return new Command.Start(optional(input, "step"), required(input, "user"));
      case "complete":
        return new Command.Complete(
            required(input, "user"), required(input, "outcome"), optional(input, "comment"),
            object(input, "output"));
      case "release":
        return new Command.Release(optional(input, "step"), required(input, "user"));
      case "approve":
        return new Command.Approve(required(input, "user"), optional(input, "comment"), object(input, "output"));
      case "reject":
        return new Command.Reject(required(input, "user"), optional(input, "comment"), object(input, "output"));
      case "abort":
        return new Command.Abort(required(input, "reason"));
      case "recalculate":
        return new Command.Recalculate(optional(input, "user"));
      case "updateData":
        {
          String user = required(input, "user");
          JsonNode data = object(input, "data");
          if (data == null) {
            throw new RuleViolation("'data' is required: a JSON object to merge into the approval's data");
          }
          return new Command.UpdateData(user, data);
        }
      case "reassign":
        return new Command.Reassign(required(input, "user"), names(input, "to"));
      case "refreshOwners":
        return new Command.RefreshOwners(optional(input, "user"));
      default:
        throw new IllegalStateException("no parser for " + name);
    }
  }

  /** A JSON object, or null when absent; at most as large as the request's data may be. */
  private static JsonNode object(JsonNode input, String field) {
    JsonNode value = input == null ? null : input.get(field);
    if (value == null || value.isNull()) {
      return null;
    }
    if (!value.isObject()) {
      throw new RuleViolation("'" + field + "' must be a JSON object, got " + value.getNodeType());
    }
    int length = value.toString().length();
    if (length > RequestValidator.MAX_DATA_LENGTH) {
      throw new RuleViolation(
          "'" + field + "' is too large (" + length + " characters of JSON, at most "
              + RequestValidator.MAX_DATA_LENGTH + ")");
    }
    return value;
  }

  /** A non-empty list of names (users, groups, roles), each as long as a user name may be. */
  private static List<String> names(JsonNode input, String field) {
    JsonNode value = input == null ? null : input.get(field);
    if (value == null || value.isNull() || (value.isArray() && value.isEmpty())) {
      throw new RuleViolation("'" + field + "' is required: one or more users or groups");
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
        throw new RuleViolation("'" + field + "' must hold names, got " + Texts.abbreviate(name.toString(), 40));
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

  /** Limits are read by the approval's edition: cycles with schedules or without. */
  private static Edition rules(Edition knownTo) {
    return knownTo;
  }

  private static String required(JsonNode input, String field) {
    String value = optional(input, field);
    if (value == null || value.isBlank()) {
      throw new RuleViolation("'" + field + "' is required");
    }
    return value;
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
