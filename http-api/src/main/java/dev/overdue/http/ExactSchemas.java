package dev.overdue.http;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.overdue.api.CommandResult;
import dev.overdue.api.CommentInfo;
import dev.overdue.api.HistoryEntry;
import dev.overdue.api.KeyFact;
import dev.overdue.api.PlanEntry;
import dev.overdue.api.StatusInfo;
import dev.overdue.api.StepInfo;
import dev.overdue.api.TimerChange;
import dev.overdue.api.TimerDerivation;
import dev.overdue.api.TimerInfo;
import dev.overdue.api.WarningInfo;
import dev.overdue.api.http.Actions;
import dev.overdue.api.http.Me;
import dev.overdue.api.http.SavedView;
import dev.overdue.api.http.TaskCounts;
import dev.overdue.api.http.TaskPage;
import dev.overdue.api.http.TaskSummary;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.springdoc.core.customizers.OpenApiCustomizer;

/**
 * What the answers' schemas cannot learn from the records alone, said from the records: the
 * client library's records (shared with the workflow, so without OpenAPI annotations) and the
 * API's own. Every field a record writes is required (it is always in the answer, null or not),
 * but those its record leaves out when null ({@code @JsonInclude(NON_NULL)}); a field is
 * nullable unless it is a Java primitive or listed here as always set. The list is the workflow's
 * (dev.overdue.model.process.ProcessViews and its peers): what it never leaves null, also in the answers
 * of older workers. A record added to the API's answers and not listed here fails
 * OpenApiDocumentTest, so none is left out by accident.
 */
final class ExactSchemas implements OpenApiCustomizer {
  /** Each answer's record and its reference fields that are never null. */
  static final Map<Class<?>, Set<String>> ANSWERS = new LinkedHashMap<>();

  static {
    ANSWERS.put(TaskPage.class, Set.of("tasks"));
    ANSWERS.put(TaskCounts.class, Set.of("mine", "claimable", "requested"));
    ANSWERS.put(TaskSummary.class, Set.of("id", "workflowId", "facts"));
    ANSWERS.put(KeyFact.class, Set.of("key"));
    ANSWERS.put(StatusInfo.class, Set.of("requestId", "requester", "state", "steps", "timers", "warnings"));
    ANSWERS.put(StepInfo.class, Set.of("name", "state"));
    ANSWERS.put(TimerInfo.class, Set.of("name", "kind", "state", "limit"));
    ANSWERS.put(TimerDerivation.class, Set.of("rule"));
    ANSWERS.put(TimerChange.class, Set.of("at", "change"));
    ANSWERS.put(PlanEntry.class, Set.of("at", "when", "timer", "kind", "action"));
    ANSWERS.put(HistoryEntry.class, Set.of("at", "kind", "name"));
    ANSWERS.put(WarningInfo.class, Set.of("at", "message"));
    ANSWERS.put(CommentInfo.class, Set.of("at", "step", "user", "text"));
    ANSWERS.put(CommandResult.class, Set.of("command", "message"));
    ANSWERS.put(named("dev.overdue.http.approvals.ApprovalController$Started"), Set.of("id", "workflowId", "runId"));
    ANSWERS.put(Actions.class, Set.of("actions"));
    ANSWERS.put(Me.class, Set.of("user", "groups"));
    ANSWERS.put(SavedView.class, Set.of("id", "owner", "name", "query", "createdAt"));
  }

  /** The Idempotency-Key header's rule (IdempotencyKeys): 1 to 255 visible ASCII characters. */
  static final String IDEMPOTENCY_KEY = "Idempotency-Key";

  @Override
  public void customise(OpenAPI openApi) {
    Map<String, Schema> schemas = openApi.getComponents().getSchemas();
    for (Map.Entry<Class<?>, Set<String>> answer : ANSWERS.entrySet()) {
      Schema<?> schema = schemas.get(answer.getKey().getSimpleName());
      if (schema == null) {
        throw new IllegalStateException("no schema " + answer.getKey().getSimpleName() + " in the OpenAPI document");
      }
      exact(answer.getKey(), schema, answer.getValue());
    }
    openApi.getPaths().values().forEach(item -> item.readOperations().forEach(operation -> {
      if (operation.getParameters() == null) {
        return;
      }
      for (Parameter parameter : operation.getParameters()) {
        if ("header".equals(parameter.getIn()) && IDEMPOTENCY_KEY.equals(parameter.getName())) {
          parameter.description("Repeats of a POST with the same key by the same caller, on the same approval and"
              + " with the same body, are answered as the first and change nothing: 1 to 255 visible ASCII characters");
          parameter.getSchema().minLength(1).maxLength(255).pattern("^[\\x21-\\x7e]{1,255}$");
        }
      }
    }));
  }

  private static void exact(Class<?> record, Schema<?> schema, Set<String> neverNull) {
    List<String> required = new ArrayList<>();
    Map<String, Schema> properties = schema.getProperties();
    for (RecordComponent component : record.getRecordComponents()) {
      String name = component.getName();
      Schema<?> property = properties.get(name);
      if (property == null) {
        throw new IllegalStateException(record.getSimpleName() + "." + name + " has no schema");
      }
      JsonInclude include = component.getAccessor().getAnnotation(JsonInclude.class);
      if (include == null) {
        include = component.getAnnotation(JsonInclude.class);
      }
      boolean omittedWhenNull = include != null && include.value() == JsonInclude.Include.NON_NULL;
      if (!omittedWhenNull) {
        required.add(name);
      }
      if (!component.getType().isPrimitive() && !neverNull.contains(name) && !omittedWhenNull) {
        properties.put(name, nullable(property));
      }
    }
    for (String name : neverNull) {
      if (!properties.containsKey(name)) {
        throw new IllegalStateException(record.getSimpleName() + " has no field " + name);
      }
    }
    schema.required(required.stream().sorted().toList());
  }

  /** {@code property} or null: a type gains "null"; a reference is one of it and null. */
  private static Schema<?> nullable(Schema<?> property) {
    if (property.get$ref() != null) {
      Schema<?> none = new Schema<>();
      none.addType("null");
      return new Schema<>().anyOf(List.of(new Schema<>().$ref(property.get$ref()), none));
    }
    Set<String> types = property.getTypes();
    if (types == null || types.isEmpty()) {
      if (property.getType() == null) {
        return property; // any JSON already
      }
      property.addType(property.getType());
    }
    property.addType("null");
    return property;
  }

  private static Class<?> named(String name) {
    try {
      return Class.forName(name);
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException(e);
    }
  }
}
