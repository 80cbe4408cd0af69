package dev.overdue.bpmn;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Camunda 8's linked forms: a user task names a form by id ({@code zeebe:formDefinition
 * formId}), kept in a {@code .form} file (Camunda Forms JSON, its {@code id} at the top) next to
 * the {@code .bpmn} file, as Camunda Modeler saves a project.
 */
public final class LinkedForms {
  private static final ObjectMapper JSON = new ObjectMapper();
  private final Map<String, String> byId;

  private LinkedForms(Map<String, String> byId) {
    this.byId = byId;
  }

  public static LinkedForms none() {
    return new LinkedForms(Map.of());
  }

  /** The forms in {@code directory}'s {@code .form} files; a file that is not a form is passed over. */
  public static LinkedForms in(Path directory) {
    Map<String, String> forms = new HashMap<>();
    if (directory == null || !Files.isDirectory(directory)) {
      return new LinkedForms(forms);
    }
    try (Stream<Path> files = Files.list(directory)) {
      for (Path file : files.filter(f -> f.getFileName().toString().endsWith(".form")).sorted().toList()) {
        try {
          String text = Files.readString(file);
          JsonNode id = JSON.readTree(text).path("id");
          if (id.isTextual()) {
            forms.putIfAbsent(id.asText(), text);
          }
        } catch (IOException e) {
          // not a form: a linked form it held is reported as not found
        }
      }
    } catch (IOException e) {
      return new LinkedForms(forms);
    }
    return new LinkedForms(forms);
  }

  Optional<String> form(String id) {
    return Optional.ofNullable(byId.get(id));
  }
}
