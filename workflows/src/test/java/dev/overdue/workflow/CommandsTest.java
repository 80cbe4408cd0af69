package dev.overdue.workflow;

import static dev.overdue.workflow.ApprovalTestEnvironment.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.overdue.api.ApprovalCommand;
import dev.overdue.model.RuleViolation;
import dev.overdue.model.command.CommandInputs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Commands' strict parsing: each field has a length limit, refusals quote hostile text shortly. */
class CommandsTest {

  private static String refusal(String command, ObjectNode input) {
    return assertThrows(RuleViolation.class, () -> Commands.parse(command, input)).reason();
  }

  private static ObjectNode with(String field, int length) {
    ObjectNode input = JsonNodeFactory.instance.objectNode();
    if (!field.equals("user")) {
      input.put("user", "alice");
    }
    return input.put(field, "a".repeat(length));
  }

  @ParameterizedTest(name = "{0}.{1} at most {2}")
  @CsvSource({
    "enableTimer, timer, 200",
    "claim, step, 200",
    "claim, user, 200",
    "approve, comment, 10000",
    "reject, comment, 10000",
    "suspend, reason, 10000",
    "abort, reason, 10000",
  })
  void eachFieldHasALengthLimit(String command, String field, int max) {
    ObjectNode ok = with(field, max);
    if (command.equals("suspend") || command.equals("abort") || command.equals("enableTimer")) {
      ok.remove("user");
    }
    Commands.parse(command, ok);
    ObjectNode tooLong = ok.deepCopy().put(field, "a".repeat(max + 1));
    assertEquals(
        "'" + field + "' is too long (" + (max + 1) + " characters, at most " + max + ")",
        refusal(command, tooLong));
  }

  @Test
  void limitAndByHaveTheLimitOfATimeLimitsText() {
    assertEquals(
        "'limit' is too long (101 characters, at most 100)",
        refusal("extendDeadline", ((ObjectNode) json("{'timer':'t'}")).put("limit", "9".repeat(101))));
    assertEquals(
        "'by' is too long (1048576 characters, at most 100)",
        refusal("extendDeadline", ((ObjectNode) json("{'timer':'t'}")).put("by", "P".repeat(1024 * 1024))));
  }

  @Test
  void aHugeUnknownFieldOrCommandIsQuotedShortly() {
    String huge = "f".repeat(1024 * 1024);
    String field = refusal("approve", JsonNodeFactory.instance.objectNode().put(huge, 1));
    assertTrue(field.startsWith("unknown field 'fff"), field);
    assertTrue(field.contains("… (1048576 characters)' for approve (fields: comment, output, user)"), field);
    assertTrue(field.length() < 250, field);
    String command = refusal(huge, null);
    assertTrue(command.startsWith("unknown command 'fff"), command);
    // The name is cut short; the rest is the list of the 25 commands.
    assertTrue(command.length() < 500, command);
  }

  @Test
  void aNumberIsTakenAsItsText() {
    ApprovalCommand.Suspend suspend =
        assertInstanceOf(ApprovalCommand.Suspend.class, Commands.parse("suspend", (ObjectNode) json("{'reason':42}")));
    assertEquals("42", suspend.reason());
  }
  @Test
  void aJsonObjectFieldComesThroughAsItWasSent() {
    String data = "{'z':1,'a':null,'big':123456789012345678901234567890,'long':9007199254740993,"
        + "'x':1.25,'list':[true,'t',{'k':[]}],'nested':{'b':2,'a':1}}";
    ApprovalCommand.UpdateData update =
        assertInstanceOf(ApprovalCommand.UpdateData.class,
            Commands.parse("updateData", ((ObjectNode) json("{'user':'alice'}")).set("data", json(data))));
    assertEquals(json(data), CommandInputs.tree(update.data()));
    assertEquals(json(data).toString(), CommandInputs.tree(update.data()).toString(), "members in their order, numbers as sent");
  }

  @Test
  void aRequiredFieldIsMissedBeforeAnotherIsRead() {
    assertEquals("'user' is required", refusal("reassign", JsonNodeFactory.instance.objectNode()));
    assertEquals("'to' is required: one or more users or groups",
        refusal("reassign", (ObjectNode) json("{'user':'alice','to':[]}")));
    assertEquals("'to' must be a list of names, got STRING", refusal("reassign", (ObjectNode) json("{'user':'alice','to':'bob'}")));
    assertEquals("'data' is required: a JSON object to merge into the approval's data",
        refusal("updateData", (ObjectNode) json("{'user':'alice'}")));
    assertEquals("'outcome' is required", refusal("complete", (ObjectNode) json("{'user':'alice'}")));
  }

  @ParameterizedTest(name = "setPriority {0}")
  @CsvSource(delimiter = '|', value = {
    "{'user':'ada','priority':3}|3",
    "{'user':'ada','priority':'7'}|7",
  })
  void aPriorityIsAWholeNumberAsJsonOrText(String input, int priority) {
    assertEquals(new ApprovalCommand.SetPriority("ada", priority), Commands.parse("setPriority", (ObjectNode) json(input)));
  }

  @ParameterizedTest(name = "{0} {1}: {2}")
  @CsvSource(delimiter = '|', value = {
    "setPriority|{'user':'ada','priority':2.5}|'priority' must be a whole number, got 2.5",
    "setPriority|{'user':'ada'}|'priority' is required: 0 (highest) to 10 (lowest)",
    "delegate|{'user':'ada'}|'to' is required",
    "forward|{'user':'ada','to':'bob'}|'to' must be a list of names, got STRING",
    "nominate|{'user':'ada'}|'to' is required: one or more users or groups",
    "skip|{'user':'ada'}|'reason' is required",
    "comment|{'user':'ada','text':' '}|'text' is required",
    "stop|{'step':'manager'}|'user' is required",
  })
  void theTaskOperationsRefuseWhatTheyCannotRead(String command, String input, String reason) {
    assertEquals(reason, refusal(command, (ObjectNode) json(input)));
  }
}
