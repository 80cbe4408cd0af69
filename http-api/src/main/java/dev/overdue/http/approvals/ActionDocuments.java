package dev.overdue.http.approvals;

import dev.overdue.api.ApprovalCommand;
import dev.overdue.api.Declarations;
import dev.overdue.api.Declared;
import dev.overdue.api.Input;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.RequestBody;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.core.Ordered;

/**
 * Each task action's OpenAPI entry, from its command's declaration: springdoc documents the one
 * route of {@link ActionController} once, as {@code .../{action}}; this puts in its place an
 * operation per action with its summary, who may send it, and its body's schema made of the
 * record's fields (required ones not blank, optional ones nullable, no other field). The route's
 * parameters (the id, the Idempotency-Key; not the action, which the path now says) and answer
 * are springdoc's, shared by all. Runs first:
 * the other customizers (the problem answers, the Idempotency-Key's rule) then see every action.
 */
public final class ActionDocuments implements OpenApiCustomizer, Ordered {
  /** A text with something other than blanks: what a required text or name must be. */
  static final String NOT_BLANK = "\\S";

  @Override
  public int getOrder() {
    return Ordered.HIGHEST_PRECEDENCE;
  }

  @Override
  public void customise(OpenAPI openApi) {
    String route = ActionController.BASE + "{action}";
    PathItem generic = openApi.getPaths().remove(route);
    if (generic == null) {
      throw new IllegalStateException("no " + route + " in the OpenAPI document");
    }
    Operation template = generic.getPost();
    Set<String> operationIds = openApi.getPaths().values().stream()
        .flatMap(item -> item.readOperations().stream())
        .map(Operation::getOperationId)
        .collect(Collectors.toSet());
    ActionController.ACTIONS.forEach((path, type) -> {
      Declared declared = Declarations.of(type);
      Declared.Http http = Declarations.http(type);
      List<RecordComponent> fields = ActionController.bodyFields(type);
      boolean bodyRequired = fields.stream().anyMatch(field -> Declarations.input(field).required());
      openApi.getComponents().addSchemas(http.body(), body(fields));
      String name = Declarations.name(type);
      // As springdoc names a second operation of the same name (the start of a request is "start").
      String operationId = operationIds.contains(name) ? name + "_1" : name;
      Operation operation = new Operation()
          .operationId(operationId)
          .summary(http.summary())
          .description("By " + declared.sentBy() + ".")
          .tags(template.getTags())
          .parameters(template.getParameters().stream().filter(parameter -> !parameter.getName().equals("action")).toList())
          .requestBody(new RequestBody()
              .required(bodyRequired ? true : null)
              .content(new Content().addMediaType("application/json",
                  new MediaType().schema(new Schema<>().$ref("#/components/schemas/" + http.body())))))
          .responses(template.getResponses());
      openApi.getPaths().addPathItem(ActionController.BASE + path, new PathItem().post(operation));
    });
  }

  /** An object of exactly {@code fields}. */
  private static Schema<?> body(List<RecordComponent> fields) {
    Schema<?> body = typed("object");
    body.additionalProperties(false);
    List<String> required = new ArrayList<>();
    for (RecordComponent field : fields) {
      Input input = Declarations.input(field);
      body.addProperty(field.getName(), property(field.getType(), input));
      if (input.required()) {
        required.add(field.getName());
      }
    }
    if (!required.isEmpty()) {
      body.required(required);
    }
    return body;
  }

  private static Schema<?> property(Class<?> type, Input input) {
    String json = type == List.class ? "array" : type == Map.class ? "object" : type == Integer.class ? "integer" : "string";
    Schema<?> property = input.required() ? typed(json) : typed(json, "null");
    switch (json) {
      case "array" -> property.items(notBlank(typed("string"), true))
          .minItems(input.required() ? 1 : null);
      case "object" -> property.additionalProperties(new Schema<>());
      case "integer" -> {
        property.format("int32");
        if (input.range().length == 2) {
          property.minimum(BigDecimal.valueOf(input.range()[0])).maximum(BigDecimal.valueOf(input.range()[1]));
        }
      }
      default -> notBlank(property, input.required());
    }
    if (!input.expected().isEmpty()) {
      property.description(input.expected());
    }
    return property;
  }

  /** A schema of {@code types}, as a set: the document is OpenAPI 3.1, whose writer leaves a plain type out. */
  private static Schema<?> typed(String... types) {
    return new Schema<>().types(new LinkedHashSet<>(List.of(types)));
  }

  /** A required text: not blank. */
  private static Schema<?> notBlank(Schema<?> text, boolean required) {
    return required ? text.minLength(1).pattern(NOT_BLANK) : text;
  }
}
