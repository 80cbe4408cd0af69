package dev.overdue.starter;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.victools.jsonschema.generator.CustomDefinition;
import com.github.victools.jsonschema.generator.CustomPropertyDefinition;
import com.github.victools.jsonschema.generator.FieldScope;
import com.github.victools.jsonschema.generator.Option;
import com.github.victools.jsonschema.generator.OptionPreset;
import com.github.victools.jsonschema.generator.SchemaGenerator;
import com.github.victools.jsonschema.generator.SchemaGeneratorConfigBuilder;
import com.github.victools.jsonschema.generator.SchemaVersion;
import com.github.victools.jsonschema.module.jackson.JacksonModule;
import dev.overdue.activities.settings.Secret;
import dev.overdue.api.ApprovalRequest;
import dev.overdue.worker.WorkerSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Writes docs/schema's JSON Schemas from the records the request and the settings file are read
 * into ({@link ApprovalRequest}, {@link WorkerSettings}): every record component is a property,
 * nothing else is. What a record's types cannot say (required fields, enums, patterns, limits,
 * descriptions) comes from {@link SchemaRules}, which takes it from the validators' own constants
 * where they have them. Test scope only: the generator never reaches a runtime jar.
 *
 * <p>Draft-07: the draft VS Code's YAML extension and IntelliJ both check and complete fully.
 *
 * <p>Refresh the files: {@value #REFRESH}
 */
final class Schemas {
  static final String REFRESH =
      "mvn -B -o -q test -pl starter -am -Dtest=SchemaFilesTest -Dsurefire.failIfNoSpecifiedTests=false"
          + " -Doverdue.writeSchemas=true";

  static final String REQUEST_FILE = "approval-request.schema.json";
  static final String SETTINGS_FILE = "overdue-settings.schema.json";

  private static final ObjectMapper PRETTY =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private Schemas() {}

  /** The request file's schema: an {@link ApprovalRequest}, plus {@code $schema} for editors. */
  static ObjectNode requestSchema() {
    ObjectNode schema = generator(SchemaRules.REQUEST).generateSchema(ApprovalRequest.class);
    ObjectNode properties = (ObjectNode) schema.get("properties");
    properties.set(
        "$schema",
        JsonNodeFactory.instance
            .objectNode()
            .put("type", "string")
            .put("description", "The schema's path or URL, for editors; bin/overdue drops it."));
    return head(schema, REQUEST_FILE, "Overdue approval request",
        "A request file for `bin/overdue start --file` and `bin/overdue validate --file` (JSON or YAML).");
  }

  /** The worker's settings file ({@code bin/overdue-worker --config}): a {@link WorkerSettings}. */
  static ObjectNode settingsSchema() {
    ObjectNode schema = generator(SchemaRules.SETTINGS).generateSchema(WorkerSettings.class);
    // `directory` may also be the path of a file holding the directory (WorkerSettings.load).
    ObjectNode properties = (ObjectNode) schema.get("properties");
    JsonNode inline = properties.get("directory");
    ObjectNode directory = JsonNodeFactory.instance.objectNode();
    directory.put("description", SchemaRules.SETTINGS.description("WorkerSettings.directory"));
    ArrayNode anyOf = directory.putArray("anyOf");
    anyOf.add(withoutDescription(inline));
    anyOf.addObject().put("type", "string").put("description", "The path of a YAML or JSON file holding the directory, relative to this file.");
    properties.set("directory", directory);
    schema = (ObjectNode) SchemaRules.allowVariables(schema);
    return head(schema, SETTINGS_FILE, "Overdue worker settings",
        "The worker's settings file for `bin/overdue-worker --config`. Any text may be ${ENV_VAR} or ${ENV_VAR:-default}.");
  }

  private static JsonNode withoutDescription(JsonNode node) {
    ObjectNode copy = node.deepCopy();
    copy.remove("description");
    return copy;
  }

  /**
   * {@code $schema}, {@code $id}, title and description first, as editors show them. The id is a
   * name, not an address: editors find the file by the path or URL a user maps it from.
   */
  private static ObjectNode head(ObjectNode schema, String file, String title, String description) {
    ObjectNode ordered = JsonNodeFactory.instance.objectNode();
    ordered.set("$schema", schema.get("$schema"));
    ordered.put("$id", "urn:overdue:schema:" + file);
    ordered.put("title", title);
    ordered.put("description", description);
    for (Iterator<Map.Entry<String, JsonNode>> it = schema.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> field = it.next();
      if (!ordered.has(field.getKey())) {
        ordered.set(field.getKey(), field.getValue());
      }
    }
    return ordered;
  }

  /** {@code Map<String, Object>}: any JSON object. */
  private static boolean anyObject(com.fasterxml.classmate.ResolvedType type) {
    return type.getErasedType() == Map.class && type.getTypeParameters().size() == 2
        && type.getTypeParameters().get(1).getErasedType() == Object.class;
  }

  private static SchemaGenerator generator(SchemaRules rules) {
    SchemaGeneratorConfigBuilder config =
        new SchemaGeneratorConfigBuilder(SchemaVersion.DRAFT_7, OptionPreset.PLAIN_JSON)
            .with(new JacksonModule())
            .with(Option.FORBIDDEN_ADDITIONAL_PROPERTIES_BY_DEFAULT, Option.MAP_VALUES_AS_ADDITIONAL_PROPERTIES);
    // A secret is written as text (its @JsonCreator takes a string); any JSON object (the data, a
    // step's form) inline where it is, not as one shared definition of Map<String, Object>.
    config.forTypesInGeneral()
        .withCustomDefinitionProvider(
            (type, context) ->
                type.getErasedType() == Secret.class
                    ? new CustomDefinition(
                        context.getGeneratorConfig().createObjectNode().put("type", "string"),
                        CustomDefinition.DefinitionType.INLINE,
                        CustomDefinition.AttributeInclusion.NO)
                    : anyObject(type)
                        ? new CustomDefinition(
                            context.getGeneratorConfig().createObjectNode().put("type", "object"),
                            CustomDefinition.DefinitionType.INLINE,
                            CustomDefinition.AttributeInclusion.YES)
                        : null);
    config.forFields()
        // A time limit is text or a number of seconds: a type of its own, not the record's String.
        .withCustomDefinitionProvider(
            (field, context) ->
                rules.timeLimit(key(field))
                    ? new CustomPropertyDefinition(
                        SchemaRules.timeLimit(context.getGeneratorConfig().createObjectNode()),
                        CustomDefinition.AttributeInclusion.YES)
                    : null)
        .withRequiredCheck(field -> rules.required(key(field)))
        .withDescriptionResolver(field -> field.isFakeContainerItemScope() ? null : rules.description(key(field)))
        .withInstanceAttributeOverride(
            (node, field, context) -> {
              Consumer<ObjectNode> shape = rules.shape(key(field), field.isFakeContainerItemScope());
              if (shape != null) {
                shape.accept(node);
              }
            });
    return new SchemaGenerator(config.build());
  }

  /** {@code StepDefinition.approvers}: the record's simple name and the component's. */
  static String key(FieldScope field) {
    return field.getDeclaringType().getErasedType().getSimpleName() + "." + field.getDeclaredName();
  }

  static String text(JsonNode schema) {
    try {
      return PRETTY.writeValueAsString(schema) + "\n";
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Writes both schemas into {@code directory} (docs/schema when run without an argument). */
  static void write(Path directory) throws IOException {
    Files.createDirectories(directory);
    Files.writeString(directory.resolve(REQUEST_FILE), text(requestSchema()));
    Files.writeString(directory.resolve(SETTINGS_FILE), text(settingsSchema()));
  }

  public static void main(String[] args) throws IOException {
    write(Path.of(args.length > 0 ? args[0] : "docs/schema"));
  }
}
