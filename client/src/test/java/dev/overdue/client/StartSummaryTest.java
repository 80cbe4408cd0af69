package dev.overdue.client;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.overdue.api.ApprovalRequest;
import dev.overdue.api.ApprovalRequest.StepDefinition;
import dev.overdue.api.ApprovalRequest.TimerDefinition;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What the Web UI shows of an approval the client started: its summary and static details. */
class StartSummaryTest {
  private static final Map<String, Object> DATA = new LinkedHashMap<>();

  static {
    DATA.put("amount", 12000);
    DATA.put("supplier", "ACME");
    DATA.put("lines", List.of(1, 2));
  }

  private static final ApprovalRequest PO_4711 =
      new ApprovalRequest(
          "PO-4711",
          "Purchase order 4711",
          "carol",
          DATA,
          "P5D",
          null,
          List.of(
              new StepDefinition(
                  "manager", "Manager approval", List.of("alice", "bob"), "PT4H", null, "P2D", null),
              new StepDefinition(
                  "finance", null, List.of("frank"), null, null, "2026-11-28T17:00:00+01:00", null)),
          List.of(
              new TimerDefinition("reminder", "PT30M", null),
              new TimerDefinition("daily", null, null, "R/P1D", null, null)));

  /** What the Web UI shows: no-break spaces read as spaces. */
  private static String read(String markdown) {
    return markdown.replace('\u00a0', ' ');
  }

  @Test
  void theSummaryNamesRequestTitleAndRequester() {
    assertEquals(
        "Approval PO-4711: Purchase order 4711 (requested by carol)",
        StartSummary.summary(PO_4711));
  }

  @Test
  void theDetailsGiveOneLinePerStepThenTheProcessTimeoutTheUserTimersAndTheData() {
    assertEquals(
        List.of(
            "**Steps**",
            "- **manager**: alice, bob · accept within PT4H · complete within P2D",
            "- **finance**: frank · complete by Nov 28 2026 16:00 UTC",
            "",
            "**Process**: complete within P5D",
            "**User timers**: reminder PT30M · daily R/P1D",
            "**Data**: amount: 12000 · supplier: ACME · lines: [1,2]"),
        read(StartSummary.details(PO_4711)).lines().toList());
  }

  @Test
  void aDetailsLineWrapsOnlyBetweenItsParts() {
    String step = StartSummary.details(PO_4711).lines().toList().get(1);
    assertEquals(
        List.of("-", "**manager**:\u00a0alice,\u00a0bob", "·", "accept\u00a0within\u00a0PT4H", "·",
            "complete\u00a0within\u00a0P2D"),
        List.of(step.split(" ")));
  }

  @Test
  void aRequestWithoutLimitsTimersOrDataListsOnlyItsSteps() {
    ApprovalRequest bare =
        new ApprovalRequest("PO-1", null, null, null, null, null,
            List.of(new StepDefinition("manager", null, List.of("alice"), null, null, null, null)), null);
    assertEquals("**Steps**\n- **manager**: alice\n", read(StartSummary.details(bare)));
    assertEquals("Approval PO-1", StartSummary.summary(bare));
  }

  @Test
  void aStepNamesItsCandidateGroupsItsAssigneeAndItsPriority() {
    ApprovalRequest groups =
        new ApprovalRequest("PO-2", null, null, null, null, null,
            List.of(new StepDefinition("payout", null, List.of("alice"), null, null, null, null,
                null, null, null, null, List.of("finance"), "=data.reviewer", 2)), null);
    assertEquals(
        "**Steps**\n- **payout**: alice, finance (group) · assignee =data.reviewer · priority 2\n",
        read(StartSummary.details(groups)));
  }
}
