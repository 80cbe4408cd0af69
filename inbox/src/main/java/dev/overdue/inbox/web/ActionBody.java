package dev.overdue.inbox.web;

import dev.overdue.api.ApprovalCommand;
import dev.overdue.api.Declarations;
import dev.overdue.api.Input;
import dev.overdue.api.StatusInfo;
import dev.overdue.api.StepInfo;
import dev.overdue.inbox.api.ApiProblem;
import dev.overdue.inbox.view.DataRows;
import dev.overdue.inbox.view.FormFields;
import dev.overdue.inbox.view.FreeForm;
import dev.overdue.inbox.view.TaskView;
import java.lang.reflect.RecordComponent;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The task API's body for an action of the task page, from the fields its form sent: each field
 * the command declares, read by its kind (names separated by commas, a whole number, a day, text),
 * never a field of another action. A required one left empty is asked for in the page's words
 * before anything is sent; the workflow checks the rest.
 */
final class ActionBody {
  private ActionBody() {}

  /**
   * The body of {@code action}; {@code status} is read only where the body needs it (a decision's
   * form, a detail's type), so a claim reads nothing first.
   */
  static ObjectNode of(String action, Map<String, String> fields, Supplier<StatusInfo> status, ZoneId zone) {
    Class<? extends ApprovalCommand> type = Declarations.actions().get(action);
    ObjectNode body = JsonNodeFactory.instance.objectNode();
    for (RecordComponent component : Declarations.fields(type)) {
      String name = component.getName();
      Input input = Declarations.input(component);
      if (name.equals("output")) {
        output(body, fields, status);
      } else if (name.equals("data")) {
        body.set("data", detail(fields, status));
      } else if (name.equals("outcome")) {
        body.put("outcome", fields.getOrDefault("outcome", ""));
      } else if (!input.ask().isEmpty()) {
        String typed = fields.getOrDefault(name, "").strip();
        if (typed.isEmpty()) {
          if (input.required()) {
            throw new ApiProblem(400, "Fill in “" + input.ask() + "” first.");
          }
          continue;
        }
        put(body, component, input, typed, zone);
      }
    }
    return body;
  }

  private static void put(ObjectNode body, RecordComponent component, Input input, String typed, ZoneId zone) {
    String name = component.getName();
    if (component.getType() == List.class) {
      ArrayNode names = body.putArray(name);
      Arrays.stream(typed.split(",")).map(String::strip).filter(s -> !s.isEmpty()).forEach(names::add);
    } else if (component.getType() == Integer.class) {
      body.put(name, number(typed, input));
    } else if (input.label().equals("WHEN")) {
      body.put(name, startOf(typed, zone));
    } else if (name.equals("comment")) {
      body.put(name, CommentTooLong.checked(typed, name, CommentTooLong.WITH_AN_ACTION));
    } else if (name.equals("text")) {
      body.put(name, CommentTooLong.checked(typed, name, CommentTooLong.ON_THE_THREAD));
    } else {
      body.put(name, typed);
    }
  }

  /** The step's form as the decision's {@code output}, typed by the form. */
  private static void output(ObjectNode body, Map<String, String> fields, Supplier<StatusInfo> status) {
    StepInfo step = TaskView.currentStep(status.get());
    JsonNode form = FreeForm.tree(step == null ? null : step.form());
    ObjectNode output = FormFields.values(form, fields, FormFields.OUTPUT);
    if (!output.isEmpty()) {
      body.set("output", output);
    }
  }

  /** One detail of the request and its new value, typed like the value it replaces. */
  private static ObjectNode detail(Map<String, String> fields, Supplier<StatusInfo> status) {
    String key = fields.getOrDefault("dataKey", "");
    if (key.isBlank()) {
      throw new ApiProblem(400, "Choose the detail to correct, then its new value.");
    }
    ObjectNode data = JsonNodeFactory.instance.objectNode();
    data.set(key, DataRows.typed(FreeForm.tree(status.get().data()), key, fields.getOrDefault("dataValue", "")));
    return data;
  }

  private static int number(String typed, Input input) {
    try {
      return Integer.parseInt(typed);
    } catch (NumberFormatException notANumber) {
      throw new ApiProblem(400, "Choose “" + input.ask() + "” from the list.");
    }
  }

  /** A day as the date input gives it (2026-12-10): its start in the inbox's zone. */
  private static String startOf(String day, ZoneId zone) {
    try {
      return LocalDate.parse(day).atStartOfDay(zone).toOffsetDateTime().toString();
    } catch (DateTimeParseException notADay) {
      throw new ApiProblem(400, "Choose a day, such as " + LocalDate.now(zone).plusDays(7) + ".");
    }
  }
}
