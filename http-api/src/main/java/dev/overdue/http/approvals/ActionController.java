package dev.overdue.http.approvals;

import dev.overdue.api.ApprovalCommand;
import dev.overdue.api.CommandResult;
import dev.overdue.api.Declarations;
import dev.overdue.api.Declared;
import dev.overdue.api.Input;
import dev.overdue.http.problems.ApiProblem;
import dev.overdue.http.security.Caller;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import java.lang.reflect.RecordComponent;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.springframework.http.MediaType;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.http.server.ServletServerHttpRequest;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.RequestMappingInfo;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The task actions, one route for every command the contract declares with an action ({@link
 * Declared#http}): {@code POST /api/v1/approvals/{id}/<path>}, whose body holds the command's
 * fields but {@code user}, which is the caller. Each is an Update the workflow validates before
 * it changes anything: a refusal (409) is the workflow's own reason, so an action on a task that
 * changed since the caller's list was read answers what the task is now. The body is bound as
 * strictly as every other (JsonConfiguration): an unknown field or one of another JSON type is a
 * 400 naming it, and so is a required field left out or blank. {@link ActionDocuments} writes each
 * action's OpenAPI entry from the same declaration.
 */
@RestController(ActionController.NAME)
@Tag(name = "Task actions", description = "What a person does with a task; the workflow decides whether it may.")
class ActionController {
  static final String NAME = "actionController";

  /** Where the actions are, before each one's path. */
  static final String BASE = "/api/v1/approvals/{id}/";

  /** The commands with an action, by its path. */
  static final Map<String, Class<? extends ApprovalCommand>> ACTIONS = Declarations.actions();

  private final ApprovalDesk desk;
  private final JsonMapper json;

  ActionController(ApprovalDesk desk, JsonMapper json, RequestMappingHandlerMapping mappings)
      throws NoSuchMethodException {
    this.desk = desk;
    this.json = json;
    // One mapping for every action, its paths from the declaration: other paths and methods are
    // answered as before (404, 405 with Allow). By the bean's name, as the annotated controllers
    // are mapped: springdoc documents only the handlers of @RestController beans it finds by name.
    mappings.registerMapping(
        RequestMappingInfo.paths(BASE + "{action:" + String.join("|", ACTIONS.keySet()) + "}")
            .methods(RequestMethod.POST)
            .produces(MediaType.APPLICATION_JSON_VALUE)
            .options(mappings.getBuilderConfiguration())
            .build(),
        NAME,
        ActionController.class.getDeclaredMethod(
            "act", Caller.class, String.class, String.class, JsonNode.class, String.class, HttpServletRequest.class));
  }

  CommandResult act(@AuthenticationPrincipal Caller caller, @PathVariable String id, @PathVariable String action,
      @RequestBody(required = false) JsonNode body,
      @RequestHeader(name = IdempotencyKeys.HEADER, required = false) String key, HttpServletRequest request) {
    Class<? extends ApprovalCommand> type = ACTIONS.get(action);
    return desk.act(caller, id, command(type, action, body, caller.user(), request), key);
  }

  /** The command {@code body} describes, sent by {@code user}; a 400 naming what is wrong with it. */
  private ApprovalCommand command(
      Class<? extends ApprovalCommand> type, String action, JsonNode body, String user, HttpServletRequest request) {
    List<RecordComponent> fields = bodyFields(type);
    if (body == null && fields.stream().anyMatch(field -> Declarations.input(field).required())) {
      throw ApiProblem.badInput("body", "the body is not the JSON this call takes");
    }
    ObjectNode input = json.createObjectNode();
    if (body != null) {
      if (!body.isObject()) {
        throw ApiProblem.badInput("body", "the body is not the JSON this call takes: " + action + " takes an object");
      }
      for (String name : body.propertyNames()) {
        if (fields.stream().noneMatch(field -> field.getName().equals(name))) {
          throw ApiProblem.badInput(name, "unknown field: " + action + " takes "
              + (fields.isEmpty() ? "none" : String.join(", ", fields.stream().map(RecordComponent::getName).toList())));
        }
      }
      input.setAll((ObjectNode) body);
    }
    input.put("user", user);
    ApprovalCommand command;
    try {
      command = json.treeToValue(input, type);
    } catch (JacksonException wrongType) {
      // Said as every other unreadable body is (Problems): the field and the JSON type it takes.
      throw new HttpMessageNotReadableException(wrongType.getOriginalMessage(), wrongType,
          new ServletServerHttpRequest(request));
    }
    for (RecordComponent field : fields) {
      Input declared = Declarations.input(field);
      if (declared.required() && missing(Declarations.value(command, field))) {
        throw ApiProblem.badInput(field.getName(), "required: " + declared.expected());
      }
    }
    return command;
  }

  /** The fields a body may hold: the command's, but who sends it. */
  static List<RecordComponent> bodyFields(Class<? extends ApprovalCommand> type) {
    return Declarations.fields(type).stream().filter(field -> !Declarations.isSender(field)).toList();
  }

  /** Left out, blank text, or no names (or a blank one). */
  private static boolean missing(Object value) {
    if (value instanceof String text) {
      return text.isBlank();
    }
    if (value instanceof Collection<?> names) {
      return names.isEmpty() || names.stream().anyMatch(name -> !(name instanceof String text) || text.isBlank());
    }
    return value == null;
  }
}
