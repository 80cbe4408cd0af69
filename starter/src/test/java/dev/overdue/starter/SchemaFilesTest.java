package dev.overdue.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import dev.overdue.activities.settings.Directory;
import dev.overdue.activities.settings.EmailSettings;
import dev.overdue.activities.settings.NotificationSettings;
import dev.overdue.activities.settings.Person;
import dev.overdue.activities.settings.TemplateSettings;
import dev.overdue.activities.settings.WebhookSettings;
import dev.overdue.api.ApprovalRequest;
import dev.overdue.model.schedule.CalendarSettings;
import dev.overdue.worker.WorkerSettings;
import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/schema holds exactly what {@link Schemas} generates from the records today: a field added
 * to a request or settings record, or a limit changed in a validator, fails here until the files
 * are refreshed ({@link Schemas#REFRESH}, which this test runs with -Doverdue.writeSchemas=true).
 */
class SchemaFilesTest {
  static final Path DOCS = Processes.ROOT.resolve("docs/schema");

  /** Where each record's fields are in the schemas, and the names a file gives them. */
  @Test
  void everyRecordComponentIsAPropertyAndEveryPropertyAComponent() {
    Map<Class<?>, String> request = Map.of(
        ApprovalRequest.class, "/properties",
        ApprovalRequest.StepDefinition.class, "/properties/steps/items/properties",
        ApprovalRequest.TimerDefinition.class, "/properties/timers/items/properties",
        ApprovalRequest.DeadlineDefinition.class, "/definitions/DeadlineDefinition/properties",
        ApprovalRequest.HandlerDefinition.class, "/definitions/HandlerDefinition/properties",
        ApprovalRequest.ListenerDefinition.class, "/properties/steps/items/properties/listeners/items/properties",
        ApprovalRequest.OutcomeDefinition.class, "/properties/steps/items/properties/outcomes/items/properties");
    Map<Class<?>, String> settings = Map.of(
        WorkerSettings.class, "/properties",
        NotificationSettings.class, "/properties/notifications/properties",
        EmailSettings.class, "/properties/notifications/properties/email/properties",
        WebhookSettings.class, "/definitions/WebhookSettings/properties",
        TemplateSettings.class, "/definitions/TemplateSettings/properties",
        Directory.class, "/properties/directory/anyOf/0/properties",
        Person.class, "/definitions/Person/properties",
        CalendarSettings.class, "/properties/calendar/properties");
    JsonNode requestSchema = Schemas.requestSchema();
    request.forEach((type, at) -> assertEquals(
        components(type, type == ApprovalRequest.class ? Set.of("$schema") : Set.of()),
        names(requestSchema.at(at)), type + " at " + at));
    JsonNode settingsSchema = Schemas.settingsSchema();
    settings.forEach((type, at) -> assertEquals(components(type, Set.of()), names(settingsSchema.at(at)), type + " at " + at));
  }

  private static Set<String> components(Class<?> record, Set<String> more) {
    Set<String> names = new TreeSet<>(more);
    for (RecordComponent component : record.getRecordComponents()) {
      // @JsonProperty reaches the accessor, not the component (it has no RECORD_COMPONENT target).
      JsonProperty renamed = component.getAccessor().getAnnotation(JsonProperty.class);
      names.add(renamed != null && !renamed.value().isEmpty() ? renamed.value() : component.getName());
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
