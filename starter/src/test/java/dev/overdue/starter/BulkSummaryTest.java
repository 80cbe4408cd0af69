package dev.overdue.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.starter.BulkSummary.Group;
import dev.overdue.starter.BulkSummary.Result;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class BulkSummaryTest {
  @Test
  void theExitCodeIsThatOfTheWorstAnswerFailedOverRefusedOverApplied() {
    BulkSummary summary = new BulkSummary("suspend", 4);
    summary.applied("approval-1", "process suspended");
    assertEquals(ExitCodes.DONE, summary.exitCode());

    summary.refused("approval-2", "the process is already suspended");
    assertEquals(ExitCodes.REFUSED, summary.exitCode());

    summary.failed("approval-3", "cannot reach Temporal", ExitCodes.UNAVAILABLE);
    assertEquals(ExitCodes.UNAVAILABLE, summary.exitCode());

    summary.failed("approval-4", "unexpected error: boom", ExitCodes.UNEXPECTED);
    summary.applied("approval-5", "process suspended");
    assertEquals(ExitCodes.UNEXPECTED, summary.exitCode());
  }

  @Test
  void noAnswerYetIsDone() {
    assertEquals(ExitCodes.DONE, new BulkSummary("resume", 0).exitCode());
  }

  @Test
  void refusalsAreGroupedByReasonTheMostFrequentFirst() {
    BulkSummary summary = new BulkSummary("suspend", 6);
    summary.refused("approval-1", "b: not now");
    summary.refused("approval-2", "the process is already suspended");
    summary.refused("approval-3", "a: not now");
    summary.refused("approval-4", "the process is already suspended");
    summary.applied("approval-5", "process suspended");
    summary.refused("approval-6", "the process is already suspended");

    assertEquals(
        List.of(
            new Group("the process is already suspended", 3),
            new Group("a: not now", 1),
            new Group("b: not now", 1)),
        summary.groups(Result.REFUSED));
    assertEquals(List.of(new Group("process suspended", 1)), summary.groups(Result.APPLIED));
    assertEquals(List.of(), summary.groups(Result.FAILED));
  }

  @Test
  void theSummaryCountsEachResultThenListsItsMessagesWithHowManyApprovalsGaveEach() {
    BulkSummary summary = new BulkSummary("suspend", 20);
    for (int i = 0; i < 15; i++) {
      summary.applied("approval-" + i, "process suspended");
    }
    for (int i = 15; i < 20; i++) {
      summary.refused("approval-" + i, "the process is already suspended");
    }

    assertEquals(
        List.of(
            "suspend: 20 approvals, 15 applied, 5 refused, 0 failed in 2.0 s (10.0 approvals/s)",
            "  applied  15  process suspended",
            "  refused   5  the process is already suspended"),
        summary.lines(Duration.ofSeconds(2)));
  }

  @Test
  void beyondTenMessagesOfAResultTheRestAreCountedInOneLine() {
    BulkSummary summary = new BulkSummary("approve", 12);
    for (int i = 0; i < 12; i++) {
      summary.failed("approval-" + i, "approval " + i + " did not answer", ExitCodes.UNAVAILABLE);
    }

    List<String> lines = summary.lines(Duration.ofSeconds(1));

    assertEquals(1 + BulkSummary.GROUPS_SHOWN + 1, lines.size(), String.join("\n", lines));
    assertEquals(
        "  failed    2  (2 other messages: each approval's line is above)",
        lines.get(lines.size() - 1));
  }

  @Test
  void appliedAnswersThatAllDifferAreCountedWithAnExampleNotListed() {
    BulkSummary summary = new BulkSummary("extend-deadline", 5);
    for (int i = 0; i < 5; i++) {
      summary.applied("approval-" + i, "timer process expires 2026-11-29T03:00:0" + i + "Z");
    }

    assertEquals(
        "  applied  5  (5 different answers, e.g. timer process expires 2026-11-29T03:00:00Z)",
        summary.lines(Duration.ofSeconds(1)).get(1));
  }

  @Test
  void anApprovalThatDidNotApplyTheCommandGetsALineWithItsAnswer() {
    BulkSummary summary = new BulkSummary("suspend", 1);

    assertEquals(
        "refused  approval-PO-1: the process is already suspended",
        BulkSummary.line(summary.refused("approval-PO-1", "the process is already suspended")));
  }

  @Test
  void theProgressLineOfTheLongestCommandOverAThousandApprovalsFitsATerminal() {
    BulkSummary summary = new BulkSummary("extend-deadline", 1_000);
    for (int i = 0; i < 999; i++) {
      summary.applied("approval-" + i, "ok");
    }
    summary.refused("approval-x", "no");

    String status = Bulk.status(summary, Duration.ofSeconds(125).toNanos());

    assertEquals(
        "extend-deadline [##########] 1000/1000: 999 applied, 1 refused, 0 failed, 125 s", status);
    assertTrue(status.length() <= ProgressLine.WIDTH, status);
  }

  @Test
  void theProgressBarFillsInProportion() {
    assertEquals("[..........]", ProgressLine.bar(0, 1000, 10));
    assertEquals("[#####.....]", ProgressLine.bar(500, 1000, 10));
    assertEquals("[##########]", ProgressLine.bar(1000, 1000, 10));
    assertEquals("[##########]", ProgressLine.bar(0, 0, 10));
  }
}
