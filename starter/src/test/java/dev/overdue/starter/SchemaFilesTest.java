package dev.overdue.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import dev.overdue.api.ApprovalRequest;
import dev.overdue.worker.WorkerSettings;
import java.io.IOException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/schema holds exactly what {@link Schemas} generates from the records today: a field added
 * to a request or settings record, or a limit changed in a validator, fails here until the files
 * are refreshed ({@link Schemas#REFRESH}, which this test runs with -Doverdue.writeSchemas=true).
 */
class SchemaFilesTest {
  static final Path DOCS = Processes.ROOT.resolve("docs/schema");

  /**
   * The schemas hold the records' shape, found by walking them: from {@link ApprovalRequest} and
   * {@link WorkerSettings}, every record component is a property and every property a component,
   * and each component whose type is a record (or a list or map of one) is walked where the schema
   * puts it. A record added to a request's or a settings file's parts is checked without a line here.
   */
  @Test
  void everyRecordComponentIsAPropertyAndEveryPropertyAComponent() {
    List<String> walked = new ArrayList<>();
    JsonNode request = Schemas.requestSchema();
    walk(ApprovalRequest.class, request, request, Set.of("$schema"), "", walked);
    JsonNode settings = Schemas.settingsSchema();
    walk(WorkerSettings.class, settings, settings, Set.of(), "", walked);
    // Not a vacuous walk: it reached the deepest parts of both.
    assertTrue(walked.contains("HandlerDefinition /steps/completionDeadlines/escalations"), walked.toString());
    assertTrue(walked.contains("Person /directory/users"), walked.toString());
  }

  /** A row of the reference's table of fields: {@code | a step (`StepDefinition`) | `name`, `title`, … |}. */
  private static final Pattern FIELDS_ROW = Pattern.compile("(?m)^\\| [^|]*\\(`([A-Za-z]+)`\\) \\| ([^|]+) \\|$");
  private static final Pattern NAME = Pattern.compile("`([^`]+)`");

  /**
   * The reference's table of a request's fields (docs/reference/approval-contract.md) has a row
   * for each record of the request, with exactly its fields, and no other row.
   */
  @Test
  void theReferenceListsEveryFieldOfEveryRecordOfTheRequest() throws IOException {
    Map<String, Set<String>> expected = new TreeMap<>();
    records(ApprovalRequest.class, expected);
    Map<String, Set<String>> listed = new TreeMap<>();
    Matcher row = FIELDS_ROW.matcher(Files.readString(Processes.ROOT.resolve("docs/reference/approval-contract.md")));
    while (row.find()) {
      Set<String> fields = new TreeSet<>();
      NAME.matcher(row.group(2)).results().forEach(name -> fields.add(name.group(1)));
      listed.put(row.group(1), fields);
    }
    assertEquals(expected, listed);
  }

  /** {@code record} and every record among its parts, each with its fields' names. */
  private static void records(Class<?> record, Map<String, Set<String>> found) {
    if (found.put(record.getSimpleName(), components(record, Set.of())) != null) {
      return;
    }
    for (RecordComponent component : record.getRecordComponents()) {
      Class<?> part = recordIn(component.getGenericType());
      if (part != null) {
        records(part, found);
      }
    }
  }

  /** Checks {@code record} against its object schema at {@code schema}, then its parts that are records. */
  private static void walk(Class<?> record, JsonNode root, JsonNode schema, Set<String> more, String at, List<String> walked) {
    JsonNode object = objectAt(root, schema);
    assertEquals(components(record, more), names(object.path("properties")), record.getSimpleName() + " at " + at);
    walked.add(record.getSimpleName() + " " + at);
    for (RecordComponent component : record.getRecordComponents()) {
      Class<?> part = recordIn(component.getGenericType());
      if (part != null && part != record) {
        walk(part, root, object.path("properties").path(name(component)), Set.of(), at + "/" + name(component), walked);
      }
    }
  }

  /**
   * The object schema a record has at {@code schema}: through a {@code $ref}, a list's items, a
   * map's values, or the alternatives of an {@code anyOf} or {@code allOf}.
   */
  private static JsonNode objectAt(JsonNode root, JsonNode schema) {
    if (schema.has("$ref")) {
      return objectAt(root, root.at(schema.get("$ref").asText().substring(1)));
    }
    if (schema.has("properties")) {
      return schema;
    }
    if (schema.has("items")) {
      return objectAt(root, schema.get("items"));
    }
    if (schema.path("additionalProperties").isObject()) {
      return objectAt(root, schema.get("additionalProperties"));
    }
    for (String combined : List.of("anyOf", "allOf")) {
      for (JsonNode alternative : schema.path(combined)) {
        JsonNode object = objectAt(root, alternative);
        if (object.has("properties")) {
          return object;
        }
      }
    }
    return schema;
  }

  /** The record {@code type} is, or holds as a list's element or a map's value; null when none. */
  private static Class<?> recordIn(Type type) {
    if (type instanceof Class<?> plain) {
      return plain.isRecord() ? plain : null;
    }
    if (type instanceof ParameterizedType generic) {
      Type[] arguments = generic.getActualTypeArguments();
      return recordIn(arguments[arguments.length - 1]);
    }
    return null;
  }

  private static String name(RecordComponent component) {
    // @JsonProperty reaches the accessor, not the component (it has no RECORD_COMPONENT target).
    JsonProperty renamed = component.getAccessor().getAnnotation(JsonProperty.class);
    return renamed != null && !renamed.value().isEmpty() ? renamed.value() : component.getName();
  }

  private static Set<String> components(Class<?> record, Set<String> more) {
    Set<String> names = new TreeSet<>(more);
    for (RecordComponent component : record.getRecordComponents()) {
      names.add(name(component));
    }
    return names;
  }

  private static Set<String> names(JsonNode properties) {
    Set<String> names = new TreeSet<>();
    properties.fieldNames().forEachRemaining(names::add);
    return names;
  }

  @Test
  void thePublishedSchemasAreTheOnesTheRecordsGive(@TempDir Path generated) throws IOException {
    if (Boolean.getBoolean("overdue.writeSchemas")) {
      Schemas.write(DOCS);
    }
    Schemas.write(generated);
    for (String file : List.of(Schemas.REQUEST_FILE, Schemas.SETTINGS_FILE)) {
      Path published = DOCS.resolve(file);
      String expected = Files.readString(generated.resolve(file));
      String actual = Files.exists(published) ? Files.readString(published) : "(missing)";
      assertEquals(expected, actual,
          "docs/schema/" + file + " is not what the records give; refresh it with:\n  " + Schemas.REFRESH);
    }
  }
}
