package dev.overdue.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.overdue.api.ApprovalRequest;
import java.util.List;
import org.junit.jupiter.api.Test;

class RequestJsonTest {

  private static final String VALID =
      """
      {"requestId": "po-4711", "title": "Laptop", "requester": "carol", "timeout": "P5D",
       "steps": [{"name": "review", "approvers": ["alice", "bob"], "offerTimeout": "PT4H",
                  "onOfferTimeout": [{"action": "notify", "to": ["boss"], "message": "late"}]}],
       "timers": [{"name": "reminder", "limit": "PT1H"}]}
      """;

  @Test
  void validJsonBecomesTheRequest() {
    ApprovalRequest request = RequestJson.parse(VALID);
    assertEquals("po-4711", request.requestId());
    assertEquals("P5D", request.timeout());
    assertEquals(List.of("alice", "bob"), request.steps().get(0).approvers());
    assertEquals(List.of("boss"), request.steps().get(0).onOfferTimeout().get(0).to());
    assertEquals("PT1H", request.timers().get(0).limit());
    assertEquals(List.of(), request.onTimeout());
    assertEquals(List.of(), request.timers().get(0).handlers());
  }

  @Test
  void unknownFieldIsAnErrorNamingWhereItIs() {
    RuleViolation violation =
        assertThrows(
            RuleViolation.class,
            () ->
                RequestJson.parse(
                    "{\"requestId\": \"r\", \"steps\": [{\"name\": \"s\", \"approver\":"
                        + " [\"a\"]}]}"));
    assertTrue(violation.reason().contains("steps[0].approver: unknown field"), violation.reason());
    assertTrue(violation.reason().contains("approvers"), violation.reason());
  }

  @Test
  void somethingOtherThanAnObjectIsRefused() {
    assertThrows(RuleViolation.class, () -> RequestJson.parse("[1, 2]"));
    assertThrows(RuleViolation.class, () -> RequestJson.parse("\"text\""));
    assertThrows(
        RuleViolation.class, () -> RequestJson.parse(JsonNodeFactory.instance.arrayNode()));
    assertThrows(RuleViolation.class, () -> RequestJson.parse((JsonNode) null));
  }

  @Test
  void invalidJsonIsRefused() {
    RuleViolation violation =
        assertThrows(RuleViolation.class, () -> RequestJson.parse("{\"requestId\": "));
    assertTrue(violation.reason().startsWith("the request is not valid JSON"), violation.reason());
    assertThrows(RuleViolation.class, () -> RequestJson.parse("{\"requestId\": \"r\"} trailing"));
  }

  @Test
  void nullApproverIsARuleViolationNotACrash() {
    assertThrows(
        RuleViolation.class,
        () ->
            RequestJson.parse(
                "{\"requestId\": \"r\", \"steps\": [{\"name\": \"s\", \"approvers\": [null]}]}"));
  }

  @Test
  void treeRoundTripsARequest() {
    ApprovalRequest request = RequestJson.parse(VALID);
    assertEquals(request, RequestJson.parse(RequestJson.tree(request)));
  }

  @org.junit.jupiter.params.ParameterizedTest(name = "{0}")
  @org.junit.jupiter.params.provider.CsvSource(
      delimiter = '|',
      value = {
        "{\"requestId\": \"r\", \"steps\": \"manager\"} | invalid approval request: steps: expected an array, got text",
        "{\"requestId\": \"r\", \"steps\": [{\"name\": \"m\", \"approvers\": \"alice\"}]} | invalid approval request: steps[0].approvers: expected an array, got text",
        "{\"requestId\": \"r\", \"title\": [\"x\"]} | invalid approval request: title: expected text, got an array",
        "{\"requestId\": \"r\", \"data\": [1]} | invalid approval request: data: expected an object, got an array",
        "{\"requestId\": \"r\", \"timers\": {\"name\": \"t\"}} | invalid approval request: timers: expected an array, got an object",
        "{\"requestId\": \"r\", \"steps\": [\"manager\"]} | invalid approval request: steps[0]: expected an object, got text",
      })
  void aValueOfTheWrongShapeIsNamedWithoutJavaTypes(String json, String reason) {
    assertEquals(reason, assertThrows(RuleViolation.class, () -> RequestJson.parse(json)).reason());
  }
}
