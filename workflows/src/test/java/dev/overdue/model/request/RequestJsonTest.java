package dev.overdue.model.request;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.overdue.api.ApprovalRequest;
import dev.overdue.model.RuleViolation;
import dev.overdue.model.request.RequestJson.UnknownField;
import java.util.ArrayList;
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

  private static JsonNode tree(String json) throws Exception {
    return new ObjectMapper().readTree(json);
  }

  /** Every part of a request that holds named fields, once. */
  private static final String EVERY_PART =
      """
      {"requestId": "r", "onTimeout": [{"action": "warn"}],
       "steps": [{"name": "s", "approvers": ["a"],
                  "startDeadlines": [{"name": "d", "for": "PT1H", "escalations": [{"action": "warn"}]}],
                  "listeners": [{"event": "created", "actions": [{"action": "warn"}]}],
                  "outcomes": [{"name": "o", "end": "APPROVED"}]}],
       "timers": [{"name": "t", "limit": "PT1H", "handlers": [{"action": "warn"}]}],
       "data": {"any": {"thing": 1}}}
      """;

  @Test
  void everyUnknownFieldIsNamedWhereItIsAndWhatIsLeftParses() throws Exception {
    JsonNode json = tree(EVERY_PART);
    ObjectNode step = (ObjectNode) json.get("steps").get(0);
    ((ObjectNode) json).put("deadline", "P1D");
    step.putArray("aprovers").add("a");
    ((ObjectNode) step.get("startDeadlines").get(0)).put("escalation", "x");
    ((ObjectNode) step.get("startDeadlines").get(0).get("escalations").get(0)).put("when", 1);
    ((ObjectNode) json.get("timers").get(0)).putObject("handler").put("action", "warn");

    List<UnknownField> unknown = new ArrayList<>();
    JsonNode known = RequestJson.withoutUnknownFields(json, unknown::add);

    assertEquals(
        List.of(
            "steps[0].startDeadlines[0].escalations[0].when",
            "steps[0].startDeadlines[0].escalation",
            "steps[0].aprovers",
            "timers[0].handler",
            "deadline"),
        unknown.stream().map(UnknownField::path).toList());
    assertEquals("aprovers", unknown.get(2).name());
    RequestJson.parse(known);
    assertTrue(json.has("deadline"), "the request itself is left as it was");
  }

  /** Where parse names an unknown field, it lists the same known fields. */
  @Test
  void theFieldsKnownAtEachPlaceAreThoseParseKnows() throws Exception {
    List<String> places =
        List.of("", "/onTimeout/0", "/steps/0", "/steps/0/startDeadlines/0",
            "/steps/0/startDeadlines/0/escalations/0", "/steps/0/listeners/0",
            "/steps/0/listeners/0/actions/0", "/steps/0/outcomes/0", "/timers/0",
            "/timers/0/handlers/0");
    for (String place : places) {
      JsonNode json = tree(EVERY_PART);
      ((ObjectNode) json.at(place)).put("zzz", 1);
      List<UnknownField> unknown = new ArrayList<>();
      RequestJson.withoutUnknownFields(json, unknown::add);
      assertEquals(1, unknown.size(), place);
      String reason = assertThrows(RuleViolation.class, () -> RequestJson.parse(json)).reason();
      assertEquals(
          RequestJson.INVALID + unknown.get(0).path() + ": unknown field (known: "
              + String.join(", ", unknown.get(0).known()) + ")",
          reason,
          place);
    }
  }
}
