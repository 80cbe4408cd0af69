package dev.overdue.workflow;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.overdue.api.PlanEntry;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * A cycle with an ISO 8601 end counts back from it (version shape-16): `plan` shows its dates
 * before they come, and the timer fires at them, not at the end.
 */
class CountedBackCyclesWorkflowTest {
  static final ApprovalTestEnvironment t = new ApprovalTestEnvironment();

  @AfterAll
  static void close() {
    t.close();
  }

  @Test
  void threeRemindersBeforeAFixedEndAreInThePlanAndFireThere() {
    Instant end = t.now().plus(Duration.ofHours(6)).truncatedTo(ChronoUnit.HOURS);
    String id =
        t.start(
            "{'requestId':'BACK-1','steps':[{'name':'manager','approvers':['alice'],'completionDeadlines':["
                + "{'name':'countdown','cycle':'R3/PT1H/" + end + "','escalations':[{'action':'warn'}]}]}]}");
    List<String> planned =
        t.approvals.plan(id).stream()
            .filter(e -> "manager.countdown".equals(e.timer()))
            .map(PlanEntry::at)
            .distinct()
            .toList();
    List<String> expected =
        List.of(end.minus(Duration.ofHours(3)).toString(), end.minus(Duration.ofHours(2)).toString(),
            end.minus(Duration.ofHours(1)).toString());
    assertEquals(expected, planned, "three reminders, the last an hour before the end");
    assertEquals("R3/PT1H/" + end.atOffset(ZoneOffset.UTC), t.timer(id, "manager.countdown").limit());

    t.sleep(Duration.between(t.now(), end.plus(Duration.ofHours(1))));
    assertEquals(3, t.timer(id, "manager.countdown").firings());
    List<String> warnedAt =
        t.status(id).warnings().stream().map(w -> w.at()).toList();
    assertEquals(expected, warnedAt.stream().map(a -> Instant.parse(a).truncatedTo(ChronoUnit.SECONDS).toString()).toList());
  }
}
