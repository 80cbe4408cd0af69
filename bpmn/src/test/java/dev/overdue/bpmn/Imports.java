package dev.overdue.bpmn;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.overdue.model.request.RequestJson;
import dev.overdue.model.request.RequestValidator;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** The tests' ways in: a file or a string through the import, and the workflow's check of what it wrote. */
final class Imports {
  private Imports() {}

  static final Path EXAMPLES = Path.of("..", "docs", "examples", "bpmn");
  static final Instant NOW = Instant.parse("2026-12-01T09:00:00Z");
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

  static ImportedRequest example(String file) throws IOException, BpmnImportException {
    try (InputStream in = Files.newInputStream(EXAMPLES.resolve(file))) {
      return BpmnImport.read(in, null, file);
    }
  }

  static ImportedRequest of(String bpmn) throws BpmnImportException {
    return of(bpmn, null);
  }

  static ImportedRequest of(String bpmn, String process) throws BpmnImportException {
    return BpmnImport.read(new ByteArrayInputStream(bpmn.getBytes(StandardCharsets.UTF_8)), process, "test.bpmn");
  }

  /**
   * What the workflow's own check finds wrong with the request as written in YAML (read back as
   * a user's file is), with a requester added as the header asks: unknown fields, then rules,
   * leaving out those about placeholders still to fill in.
   */
  static List<String> problems(ImportedRequest imported) throws IOException {
    JsonNode read = YAML.readTree(imported.yaml());
    List<Placeholders.Gap> gaps = Placeholders.in(read);
    ((ObjectNode) read).put("requester", "carol");
    List<String> problems = new ArrayList<>();
    JsonNode known = RequestJson.withoutUnknownFields(read, unknown -> problems.add("unknown field " + unknown));
    RequestValidator.problems(RequestJson.parse(known), NOW).stream()
        .filter(problem -> !Placeholders.about(problem, gaps)) // the user's to fill in, as validate says
        .forEach(problems::add);
    return problems;
  }

  /** The unmapped parts' lines, for assertions that read like the report. */
  static List<String> report(ImportedRequest imported) {
    return imported.unmapped().stream().map(u -> (u.blocks() ? "blocks " : "") + u.line()).toList();
  }
}
