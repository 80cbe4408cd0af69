package dev.overdue.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** A required field left out is refused, on the command line, with how to give it. */
class TaskOutputHintTest {
  @Test
  void oneFieldLeftOutIsGivenWithTaskOutput() {
    assertEquals(
        "output.costCentre: text is needed, got nothing; give it with --task-output '{\"costCentre\": \"…\"}'",
        TaskOutputHint.added("output.costCentre: text is needed, got nothing", false));
    assertEquals(
        "output.amount: a number is needed, got null; give it with --task-output '{\"amount\": …}'",
        TaskOutputHint.added("output.amount: a number is needed, got null", false));
  }

  @Test
  void aFieldLeftOutOfAGivenOutputIsAddedToIt() {
    assertEquals(
        "output.payBy: a date (YYYY-MM-DD, such as 2026-12-31) is needed, got nothing; add \"payBy\": \"…\" to --task-output",
        TaskOutputHint.added("output.payBy: a date (YYYY-MM-DD, such as 2026-12-31) is needed, got nothing", true));
  }

  @Test
  void otherRefusalsAreLeftAsTheWorkflowSaidThem() {
    String wrongType = "output.amount: a number is needed, got \"ten\"";
    assertEquals(wrongType, TaskOutputHint.added(wrongType, true));
    String notOwner = "mallory is not a potential owner of step manager (candidate users: alice, bob)";
    assertEquals(notOwner, TaskOutputHint.added(notOwner, false));
    String data = "data.costCentre: text is needed, got nothing";
    assertEquals(data, TaskOutputHint.added(data, false));
  }
}
