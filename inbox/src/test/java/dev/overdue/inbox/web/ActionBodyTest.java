package dev.overdue.inbox.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.api.StatusInfo;
import dev.overdue.inbox.api.ApiProblem;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** The task API's body of an action, from what its form sent: its own fields, read by their kind. */
class ActionBodyTest {
  private static final ZoneId ZURICH = ZoneId.of("Europe/Zurich");
  private static final Supplier<StatusInfo> NO_READ = () -> {
    throw new AssertionError("the status is read only where the body needs it");
  };

  private static String body(String action, Map<String, String> fields) {
    return ActionBody.of(action, fields, NO_READ, ZURICH).toString();
  }

  @Test
  void namesAreSplitOnCommasAndStrippedAndTheCommentGoesAlong() {
    assertEquals("{\"to\":[\"bob\",\"finance\"],\"comment\":\"away\"}",
        body("forward", Map.of("to", " bob, finance ,", "comment", "away", "key", "k-1")));
    assertEquals("{\"to\":\"dora\"}", body("delegate", Map.of("to", " dora ", "comment", " ")),
        "a blank comment is left out");
  }

  @Test
  void aFieldOfAnotherActionIsNeverSent() {
    assertEquals("{\"to\":[\"bob\"]}", body("reassign", Map.of("to", "bob", "reason", "x", "priority", "1", "comment", "y")));
  }

  @Test
  void aClaimReadsNothingAndSendsNothing() {
    assertEquals("{}", body("claim", Map.of("comment", "x", "to", "bob")));
  }

  @Test
  void aDayIsItsStartInTheInboxsZoneAndAPriorityANumber() {
    assertEquals("{\"at\":\"2026-12-10T00:00+01:00\"}", body("set-follow-up", Map.of("at", "2026-12-10")));
    assertEquals("{\"priority\":2}", body("set-priority", Map.of("priority", "2")));
  }

  @Test
  void aRequiredFieldLeftEmptyIsAskedForInThePagesWordsAndNothingIsSent() {
    ApiProblem missing = assertThrows(ApiProblem.class, () -> body("delegate", Map.of("to", " ")));
    assertEquals(400, missing.status());
    assertEquals("Fill in “Hand to” first.", missing.getMessage());
    assertEquals("Fill in “Why this step is not needed” first.",
        assertThrows(ApiProblem.class, () -> body("skip", Map.of())).getMessage());
    String notADay = assertThrows(ApiProblem.class, () -> body("set-follow-up", Map.of("at", "next week"))).getMessage();
    assertTrue(notADay.startsWith("Choose a day, such as "), notADay);
  }

  @Test
  void aCorrectedDetailKeepsItsType() {
    Supplier<StatusInfo> status = () -> new StatusInfo("PO-1", null, "carol", "ACTIVE", null, "manager", List.of(),
        List.of(), List.of(), Map.of("amount", 1850), 0L);
    assertEquals("{\"data\":{\"amount\":2000}}",
        ActionBody.of("update-data", Map.of("dataKey", "amount", "dataValue", "2000"), status, ZURICH).toString());
  }
}
