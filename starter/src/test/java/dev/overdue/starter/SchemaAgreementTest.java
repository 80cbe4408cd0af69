package dev.overdue.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import dev.overdue.starter.CliHarness.Run;
import dev.overdue.worker.WorkerSettings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The published schemas (docs/schema) and Overdue's own checks agree: every example request and
 * settings file, in docs/examples and on the docs' pages, passes both; typical mistakes fail both —
 * the schema, as an editor would flag them, and {@code overdue validate --file} (which runs
 * {@code start}'s checks) or the worker's settings loader.
 */
class SchemaAgreementTest {
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
  private static final Path EXAMPLES = Processes.ROOT.resolve("docs/examples");
  private static final List<String> SETTINGS_EXAMPLES = List.of("overdue.yaml", "team.yaml", "keycloak.yaml");

  @TempDir static Path dir;

  /** A docs block that is a request has a requestId key (a log line may mention one). */
  private static final java.util.regex.Pattern REQUEST_BLOCK =
      java.util.regex.Pattern.compile("(?m)^\\s*\"?requestId\"?\\s*:");

  // ---- requests ----------------------------------------------------------------------------

  @TestFactory
  Stream<DynamicTest> everyExampleRequestIsValidByTheSchemaAndByValidate() throws IOException {
    List<Path> files = new ArrayList<>();
    try (Stream<Path> examples = Files.list(EXAMPLES)) {
      examples.filter(Files::isRegularFile).filter(f -> !SETTINGS_EXAMPLES.contains(f.getFileName().toString())).sorted().forEach(files::add);
    }
    int n = 0;
    for (String block : docsBlocks()) {
      if (REQUEST_BLOCK.matcher(block).find()) {
        files.add(Files.writeString(dir.resolve("readme-" + n++ + (block.startsWith("{") ? ".json" : ".yaml")), block));
      }
    }
    assertTrue(files.size() >= 5, "examples found: " + files);
    return files.stream().map(file -> DynamicTest.dynamicTest(name(file), () -> {
      assertEquals(Set.of(), schema("approval-request").validate(tree(file)));
      Run run = validate(file).expect(ExitCodes.DONE);
      assertTrue(run.out().startsWith("valid: "), run.out());
    }));
  }

  record Bad(String label, String request) {}

  /** Each is a whole request with one mistake in it; every one fails both checks. */
  @TestFactory
  Stream<DynamicTest> typicalMistakesAreInvalidByTheSchemaAndRefusedByValidate() {
    String step = "{ name: manager, approvers: [alice] }";
    List<Bad> bad = List.of(
        new Bad("unknown field", "requestId: B-1\nsteps: [" + step + "]\ndeadline: P1D"),
        new Bad("unknown field in a step", "requestId: B-2\nsteps: [{ name: manager, approver: [alice] }]"),
        new Bad("steps as text", "requestId: B-3\nsteps: manager"),
        new Bad("approvers as text", "requestId: B-4\nsteps: [{ name: m, approvers: alice }]"),
        new Bad("priority as text", "requestId: B-5\nsteps: [{ name: m, approvers: [a], priority: high }]"),
        new Bad("an unknown role in notBy", "requestId: B-5a\nsteps: [{ name: m, approvers: [a], notBy: [boss] }]"),
        new Bad("a form's unknown keyword",
            "requestId: B-5c\nsteps: [{ name: m, approvers: [a], form: { type: object, properties: { amount: { type: number, minLength: 1 } } } }]"),
        new Bad("a form's unknown type",
            "requestId: B-5d\nsteps: [{ name: m, approvers: [a], form: { type: object, properties: { amount: { type: money } } } }]"),
        new Bad("a form's field name with a space",
            "requestId: B-5e\nsteps: [{ name: m, approvers: [a], form: { type: object, properties: { cost centre: { type: string } } } }]"),
        new Bad("a data form's unknown keyword",
            "requestId: B-5f\ndataForm: { type: object, properties: { amount: { type: number, minLength: 1 } } }\nsteps: [{ name: m, approvers: [a] }]"),
        new Bad("an unknown auth policy", "requestId: B-5b\nauth: strict\nsteps: [{ name: m, approvers: [a] }]"),
        new Bad("no steps", "requestId: B-6"),
        new Bad("empty steps", "requestId: B-7\nsteps: []"),
        new Bad("no requestId", "steps: [" + step + "]"),
        new Bad("requestId with a space", "requestId: B 8\nsteps: [" + step + "]"),
        new Bad("step without a name", "requestId: B-9\nsteps: [{ approvers: [alice] }]"),
        new Bad("step name with a dot", "requestId: B-10\nsteps: [{ name: a.b, approvers: [alice] }]"),
        new Bad("calendar not an enum value", "requestId: B-11\ncalendar: weekly\nsteps: [" + step + "]"),
        new Bad("unknown action", "requestId: B-12\nsteps: [" + step + "]\ntimers: [{ name: t, limit: PT1H, handlers: [{ action: email }] }]"),
        new Bad("unknown listener event", "requestId: B-13\nsteps: [{ name: m, approvers: [a], listeners: [{ event: opened, actions: [{ action: warn }] }] }]"),
        new Bad("unknown catchUp", "requestId: B-14\nsteps: [" + step + "]\ntimers: [{ name: t, cycle: R/P1D, catchUp: sometimes }]"),
        new Bad("outcome end not APPROVED or REJECTED", "requestId: B-15\nsteps: [{ name: m, approvers: [a], outcomes: [{ name: x, end: MAYBE }] }]"),
        new Bad("priority 11", "requestId: B-16\nsteps: [{ name: m, approvers: [a], priority: 11 }]"),
        new Bad("a month", "requestId: B-17\ntimeout: P1M\nsteps: [" + step + "]"),
        new Bad("a word for a limit", "requestId: B-18\ntimeout: soon\nsteps: [" + step + "]"),
        new Bad("a cycle for a limit", "requestId: B-19\ntimeout: R3/PT4H\nsteps: [" + step + "]"),
        new Bad("a negative duration", "requestId: B-20\ntimeout: -PT1H\nsteps: [" + step + "]"),
        new Bad("a title of 501 characters", "requestId: B-21\ntitle: " + "t".repeat(501) + "\nsteps: [" + step + "]"),
        new Bad("a listener without actions", "requestId: B-22\nsteps: [{ name: m, approvers: [a], listeners: [{ event: created }] }]"));
    return bad.stream().map(b -> DynamicTest.dynamicTest(b.label(), () -> {
      Path file = Files.writeString(dir.resolve(b.label().replaceAll("\\W", "_") + ".yaml"), b.request());
      assertFalse(schema("approval-request").validate(tree(file)).isEmpty(), "the schema takes it");
      Run run = validate(file).expect(ExitCodes.REFUSED);
      assertEquals("", run.out());
      System.out.println("SCHEMA-AND-VALIDATE-REFUSE | " + b.label() + " | " + run.err().strip().replace("\n", " ⏎ "));
    }));
  }

  /**
   * Every field the schema requires, of every kind of object, is one the validator requires:
   * taken out of a request that has each kind once, both refuse it.
   */
  @TestFactory
  Stream<DynamicTest> whatTheSchemaRequiresTheValidatorRequires() throws IOException {
    JsonNode base = YAML.readTree("""
        requestId: R-1
        steps:
          - name: m
            approvers: [a]
            completionDeadlines: [{ name: d, for: PT1H, escalations: [{ action: warn }] }]
            listeners: [{ event: created, actions: [{ action: warn }] }]
            outcomes: [{ name: o, end: APPROVED }]
        timers: [{ name: t, limit: PT1H, handlers: [{ action: warn }] }]
        """);
    JsonSchema schema = schema("approval-request");
    assertEquals(Set.of(), schema.validate(base));
    assertTrue(Session.REQUEST_CHECK.refusal(base).isEmpty());
    // Where each kind of object is in the schema, and one of it in the request.
    Map<String, String> kinds = Map.of(
        "", "",
        "/properties/steps/items", "/steps/0",
        "/definitions/DeadlineDefinition", "/steps/0/completionDeadlines/0",
        "/properties/steps/items/properties/listeners/items", "/steps/0/listeners/0",
        "/properties/steps/items/properties/outcomes/items", "/steps/0/outcomes/0",
        "/properties/timers/items", "/timers/0",
        "/definitions/HandlerDefinition", "/timers/0/handlers/0");
    List<DynamicTest> tests = new ArrayList<>();
    kinds.forEach((inSchema, inRequest) -> {
      JsonNode required = schema.getSchemaNode().at(inSchema + "/required");
      assertTrue(required.isArray(), "nothing required at " + inSchema);
      for (JsonNode field : required) {
        tests.add(DynamicTest.dynamicTest(inRequest + "/" + field.asText(), () -> {
          JsonNode request = base.deepCopy();
          ((ObjectNode) request.at(inRequest.isEmpty() ? "" : inRequest)).remove(field.asText());
          assertFalse(schema.validate(request).isEmpty(), "the schema takes it");
          assertTrue(Session.REQUEST_CHECK.refusal(request).isPresent(), "the validator takes it");
        }));
      }
    });
    return tests.stream();
  }

  /** The forms a time limit may take, and every action: both checks take each of them. */
  @TestFactory
  Stream<DynamicTest> whatTheValidatorTakesTheSchemaTakes() {
    List<String> requests = new ArrayList<>();
    for (String limit : List.of("PT30M", "P2D", "P1W", "P1DT12H", "300", "1.5", "P3D business",
        "2030-01-01T00:00:00Z", "2030-01-01T17:00:00+01:00", "=timestamp(data.due)")) {
      requests.add("requestId: L-1\ndata: { due: '2030-01-01T00:00:00Z' }\ntimeout: '" + limit
          + "'\nsteps: [{ name: m, approvers: [a] }]");
    }
    requests.add("requestId: L-2\ntimeout: 300\nsteps: [{ name: m, approvers: [a] }]");
    for (JsonNode action : schema("approval-request").getSchemaNode()
        .at("/definitions/HandlerDefinition/properties/action/enum")) {
      String extra = switch (action.asText()) {
        case "notify", "reassign" -> ", to: [bob]";
        case "decide" -> ", outcome: APPROVED";
        case "setPriority" -> ", priority: 1";
        default -> "";
      };
      requests.add("requestId: A-1\nsteps: [{ name: m, approvers: [a] }]\ntimers: [{ name: t, limit: PT1H,"
          + " handlers: [{ action: " + action.asText() + extra + " }] }]");
    }
    return requests.stream().map(request -> DynamicTest.dynamicTest(request.lines().filter(l -> !l.startsWith("requestId")).findFirst().orElse(request), () -> {
      Path file = Files.writeString(dir.resolve("good-" + Math.abs(request.hashCode()) + ".yaml"), request);
      assertEquals(Set.of(), schema("approval-request").validate(tree(file)));
      validate(file).expect(ExitCodes.DONE);
    }));
  }

  // ---- settings ----------------------------------------------------------------------------

  @TestFactory
  Stream<DynamicTest> everyExampleSettingsFileIsValidByTheSchemaAndTheWorker() throws IOException {
    List<Path> files = new ArrayList<>(SETTINGS_EXAMPLES.stream().map(EXAMPLES::resolve).toList());
    files.add(Processes.ROOT.resolve("dist/src/config/overdue.yaml")); // the settings a distribution installs
    int n = 0;
    for (String block : docsBlocks()) {
      if (block.startsWith("notifications:") || block.startsWith("calendar:")) {
        files.add(Files.writeString(dir.resolve("readme-settings-" + n++ + ".yaml"), block));
      }
    }
    assertTrue(files.size() >= 5, "settings examples found: " + files);
    return files.stream().map(file -> DynamicTest.dynamicTest(name(file), () -> {
      assertEquals(Set.of(), schema("overdue-settings").validate(tree(file)));
      WorkerSettings.load(file, ENVIRONMENT);
    }));
  }

  @TestFactory
  Stream<DynamicTest> typicalSettingsMistakesAreInvalidByTheSchemaAndRefusedByTheWorker() {
    List<Bad> bad = List.of(
        new Bad("unknown section", "notification:\n  retention: P30D"),
        new Bad("unknown field", "notifications:\n  email: { host: smtp, from: a@b, user: x }"),
        new Bad("port as a word", "notifications:\n  email: { host: smtp, from: a@b, port: many }"),
        new Bad("port 70000", "notifications:\n  email: { host: smtp, from: a@b, port: 70000 }"),
        new Bad("email without host", "notifications:\n  email: { from: a@b }"),
        new Bad("starttls not an enum value", "notifications:\n  email: { host: smtp, from: a@b, starttls: maybe }"),
        new Bad("webhook without url", "notifications:\n  webhooks: { ops: { format: json } }"),
        new Bad("webhook format not an enum value", "notifications:\n  webhooks: { ops: { url: 'https://x', format: xml } }"),
        new Bad("an issuer without keys", "auth:\n  issuers: [{ issuer: 'https://idp' }]\n  audiences: [overdue]"),
        new Bad("an HMAC algorithm", "auth:\n  issuers: [{ issuer: 'https://idp', jwks: k.json }]\n  audiences: [overdue]\n  algorithms: [HS256]"),
        new Bad("retention not a duration", "notifications:\n  retention: a month"),
        new Bad("template for no event", "notifications:\n  templates: { expired: { subject: x } }"),
        new Bad("inbox url with a query", "notifications:\n  inbox: { url: 'https://inbox.example.com/?tenant=acme' }"),
        new Bad("inbox url without a scheme", "notifications:\n  inbox: { url: inbox.example.com }"),
        new Bad("calendar without zone", "calendar:\n  workingHours: '09:00-17:00'"),
        new Bad("a working day misspelt", "calendar:\n  zone: UTC\n  workingDays: [MONDEY]"),
        new Bad("groups as text", "directory:\n  groups: finance"),
        new Bad("unknown field of a user", "directory:\n  users: { alice: { mail: a@example.com } }"),
        new Bad("user channel not an enum value", "directory:\n  users: { alice: { email: a@example.com, channel: pigeon } }"));
    return bad.stream().map(b -> DynamicTest.dynamicTest(b.label(), () -> {
      Path file = Files.writeString(dir.resolve("settings-" + b.label().replaceAll("\\W", "_") + ".yaml"), b.request());
      assertFalse(schema("overdue-settings").validate(tree(file)).isEmpty(), "the schema takes it");
      WorkerSettings.InvalidSettings refused =
          assertThrows(WorkerSettings.InvalidSettings.class, () -> WorkerSettings.load(file, ENVIRONMENT));
      System.out.println("SCHEMA-AND-WORKER-REFUSE | " + b.label() + " | " + refused.getMessage().replace("\n", " ⏎ "));
    }));
  }

  // ---- helpers -----------------------------------------------------------------------------

  /** The secrets the settings examples keep in the environment; the other variables have defaults. */
  private static final Function<String, String> ENVIRONMENT =
      name -> name.endsWith("_URL") ? "https://hooks.example.com/overdue"
          : name.matches(".*(PASSWORD|SECRET|TOKEN)") ? "secret-" + name : null;

  /** The published file, as an editor loads it. */
  static JsonSchema schema(String name) {
    try {
      JsonNode node = YAML.readTree(Files.readString(SchemaFilesTest.DOCS.resolve(name + ".schema.json")));
      return JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V7).getSchema(node);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The file as an editor sees it: YAML reads JSON too. */
  static JsonNode tree(Path file) throws IOException {
    return YAML.readTree(Files.readString(file));
  }

  /** {@code overdue validate --file}, with a client factory that fails the test if asked. */
  static Run validate(Path file) {
    return CliHarness.run(() -> {
      throw new AssertionError("validate connected to Temporal");
    }, "validate", "--file", file.toString());
  }

  private static String name(Path file) {
    return file.getFileName().toString();
  }

  /** The {@code ```json} and {@code ```yaml} blocks of README.md and the site's pages. */
  private static List<String> docsBlocks() throws IOException {
    return Docs.blocks("json", "yaml");
  }

}
