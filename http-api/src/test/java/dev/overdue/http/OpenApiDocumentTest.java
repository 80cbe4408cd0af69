package dev.overdue.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * The OpenAPI document the API serves is the one in docs/reference/openapi.json: a change to an
 * endpoint, a parameter or a body fails here until the document is written again, with
 * {@code -Doverdue.writeOpenApi=true}.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class OpenApiDocumentTest {
  static final Path DOCUMENT = Path.of("..", "docs", "reference", "openapi.json");
  private static final JsonMapper PRETTY = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();
  private static final TemporalWithWorker TEMPORAL = TemporalWithWorker.shared();

  @DynamicPropertySource
  static void temporal(DynamicPropertyRegistry properties) {
    TEMPORAL.register(properties);
  }


  @LocalServerPort int port;

  @Test
  void theServedDocumentIsTheOneInTheDocs() throws Exception {
    ApiClient.Answer served = new ApiClient(port).get("/v3/api-docs");
    assertEquals(200, served.status(), "the document needs no caller: " + served.text());
    JsonNode document = served.json();
    assertTrue(document.path("openapi").asText().startsWith("3.1"), "OpenAPI 3.1: " + document.path("openapi"));
    String text = PRETTY.writeValueAsString(document) + "\n";
    if (Boolean.getBoolean("overdue.writeOpenApi")) {
      Files.writeString(DOCUMENT, text);
    }
    assertEquals(Files.readString(DOCUMENT), text,
        "docs/reference/openapi.json differs from what the API serves: write it again with -Doverdue.writeOpenApi=true");
  }

  @Test
  void everyPathOfTheApiIsInTheDocument() throws Exception {
    JsonNode paths = new ApiClient(port).get("/v3/api-docs").json().path("paths");
    for (String path : new String[] {"/api/v1/tasks", "/api/v1/requests", "/api/v1/approvals", "/api/v1/approvals/{id}",
        "/api/v1/approvals/{id}/timers", "/api/v1/approvals/{id}/plan", "/api/v1/approvals/{id}/history",
        "/api/v1/approvals/{id}/claim", "/api/v1/approvals/{id}/release", "/api/v1/approvals/{id}/start",
        "/api/v1/approvals/{id}/approve", "/api/v1/approvals/{id}/reject", "/api/v1/approvals/{id}/complete",
        "/api/v1/approvals/{id}/reassign", "/api/v1/approvals/{id}/update-data", "/api/v1/approvals/{id}/stop",
        "/api/v1/approvals/{id}/delegate", "/api/v1/approvals/{id}/resolve", "/api/v1/approvals/{id}/forward",
        "/api/v1/approvals/{id}/nominate", "/api/v1/approvals/{id}/skip", "/api/v1/approvals/{id}/set-priority",
        "/api/v1/approvals/{id}/comment", "/api/v1/approvals/{id}/set-follow-up", "/api/v1/views", "/api/v1/views/{id}",
        "/api/v1/views/{id}/tasks"}) {
      assertTrue(paths.has(path), path + " in " + paths.propertyNames());
    }
  }

  /**
   * Every body and answer says which fields it requires, or that it takes no other (a body whose
   * fields are all optional), and the fields the tester found answered as null say so.
   */
  @Test
  void everySchemaSaysWhatIsRequiredAndWhatMayBeNull() throws Exception {
    JsonNode schemas = new ApiClient(port).get("/v3/api-docs").json().path("components").path("schemas");
    for (String name : schemas.propertyNames()) {
      JsonNode schema = schemas.get(name);
      if (!name.equals("Problem")) {
        assertTrue(schema.has("required") || schema.path("additionalProperties").isBoolean(),
            name + " says neither what it requires nor that it takes nothing else (ExactSchemas, ActionDocuments): " + schema);
      }
    }
    for (String field : new String[] {"TaskPage.next", "TaskSummary.owner", "TaskSummary.priority",
        "StatusInfo.suspendedReason", "StepInfo.owner", "StepInfo.outcome", "StepInfo.decidedBy", "StepInfo.completedAt",
        "TimerInfo.expiresAt", "TimerInfo.derivation", "TimerDerivation.base", "TimerDerivation.calendar",
        "TimerDerivation.catchUp", "PlanEntry.step", "PlanEntry.condition", "PlanEntry.note", "HistoryEntry.reason",
        "HistoryEntry.input", "WarningInfo.step", "TimerChange.oldExpiresAt", "Decision.comment", "Step.step"}) {
      String[] at = field.split("\\.");
      JsonNode property = schemas.path(at[0]).path("properties").path(at[1]);
      boolean nullable = property.path("type").valueStream().anyMatch(type -> type.asText().equals("null"))
          || property.path("anyOf").valueStream().anyMatch(type -> type.path("type").asText().equals("null"))
          || (property.isObject() && !property.has("type") && !property.has("$ref") && !property.has("anyOf"));
      assertTrue(nullable, field + " may be null: " + property);
    }
    for (String field : new String[] {"Completion.outcome", "Reassignment.to", "DataUpdate.data", "Delegation.to",
        "Forwarding.to", "Nomination.to", "Skipping.reason", "Priority.priority", "Note.text", "FollowUp.at"}) {
      String[] at = field.split("\\.");
      assertTrue(schemas.path(at[0]).path("required").valueStream().anyMatch(n -> n.asText().equals(at[1])),
          field + " is required: " + schemas.path(at[0]));
      assertEquals(false, schemas.path(at[0]).path("additionalProperties").asBoolean(true), at[0] + " takes no other field");
    }
  }
}
