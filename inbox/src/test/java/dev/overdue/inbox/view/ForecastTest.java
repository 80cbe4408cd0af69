package dev.overdue.inbox.view;

import static dev.overdue.inbox.view.Invoice.DATES;
import static dev.overdue.inbox.view.Invoice.NOW;
import static dev.overdue.inbox.view.Invoice.TITLES;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * "If nobody acts": each plan entry says, with the step's title, by when and who is told or what
 * happens; bold (escalation) exactly for what changes who decides, or decides.
 */
class ForecastTest {
  /** One plan entry of the manager's step on Thursday 17 Dec, 10:00 in Zurich. */
  private static Forecast.Line line(String kind, String action, String targets) {
    return line("'at':'2026-12-17T09:00:00Z','when':'at','timer':'approve-manager.escalate-manager','kind':'" + kind
        + "','step':'approve-manager','action':'" + action + "','targets':[" + targets + "]");
  }

  private static Forecast.Line line(String entry) {
    List<Forecast.Line> lines = Forecast.of(Invoice.plan("{" + entry + "}"), TITLES, DATES, NOW);
    assertEquals(1, lines.size(), String.valueOf(lines));
    return lines.get(0);
  }

  private static void says(String sentence, boolean escalation, Forecast.Line line) {
    assertEquals(sentence, line.sentence());
    assertEquals(escalation, line.escalation(), sentence);
  }

  @Test
  void aWarningIsNotedOnTheRequestAndIsNotBold() {
    says("If “Approve invoice (manager)” is not decided by Thu 17 Dec, 10:00, a warning is noted on the request.", false,
        line("COMPLETION", "warn", ""));
  }

  @Test
  void aReminderNamesWhoIsRemindedAndIsNotBold() {
    says("If “Approve invoice (manager)” is not decided by Thu 17 Dec, 10:00, alice and bob are reminded.", false,
        line("COMPLETION_DEADLINE", "notify", "'alice','bob'"));
    says("If “Approve invoice (manager)” is not decided by Thu 17 Dec, 10:00, carol's manager is reminded.", false,
        line("COMPLETION_DEADLINE", "notify", "'manager:carol'"));
    says("If “Approve invoice (manager)” is not decided by Thu 17 Dec, 10:00, the approvers are reminded.", false,
        line("COMPLETION_DEADLINE", "notify", "'potentialOwners'"));
  }

  @Test
  void aReassignmentSaysWhoGetsItInsteadAndIsBold() {
    says("If nobody starts work on “Approve invoice (manager)” by Thu 17 Dec, 10:00, it goes to dora instead.", true,
        line("START_DEADLINE", "reassign", "'dora'"));
    says("If nobody takes “Approve invoice (manager)” by Thu 17 Dec, 10:00, it stays where it is, with a warning: nobody is"
        + " named to take it over.", true, line("ACCEPTANCE", "reassign", ""));
  }

  @Test
  void aDecisionSaysHowTheRequestEndsAndIsBold() {
    says("If “Approve invoice (manager)” is not decided by Thu 17 Dec, 10:00, the request is rejected automatically.", true,
        line("COMPLETION_DEADLINE", "decide", "'REJECTED'"));
    says("If “Approve invoice (manager)” is not decided by Thu 17 Dec, 10:00, “Approve invoice (manager)” is approved"
        + " automatically.", true, line("COMPLETION_DEADLINE", "decide", "'APPROVED'"));
    says("If “Approve invoice (manager)” is not decided by Thu 17 Dec, 10:00, “Approve invoice (manager)” is decided"
        + " automatically as “Needs legal”.",
        true, line("COMPLETION_DEADLINE", "decide", "'needs-legal'"));
  }

  @Test
  void aReleaseGivesItBackAndIsBold() {
    says("If whoever takes “Approve invoice (manager)” has not decided it by Thu 17 Dec, 10:00, it is taken back from"
        + " whoever took it and offered to everyone again.", true, line("CLAIM_DEADLINE", "release", ""));
  }

  @Test
  void aNewPriorityIsAWordAndIsNotBold() {
    says("If “Approve invoice (manager)” is not decided by Thu 17 Dec, 10:00, its priority becomes highest.", false,
        line("COMPLETION_DEADLINE", "setPriority", "'priority 0'"));
  }

  @Test
  void theWholeRequestsDeadlineAndAUserTimerAreSaidWithoutIds() {
    says("If the whole request is not decided by Thu 17 Dec, 10:00, the request is rejected automatically.", true,
        line("'at':'2026-12-17T09:00:00Z','when':'at','timer':'process','kind':'PROCESS','action':'decide','targets':['REJECTED']"));
    says("When the timer “Follow up” goes off on Thu 17 Dec, 10:00, carol is reminded.", false,
        line("'at':'2026-12-17T09:00:00Z','when':'at','timer':'follow-up','kind':'USER','action':'notify','targets':['carol']"));
  }

  @Test
  void anApprovalOnHoldSaysWhenItHappensOnceTakenOffHold() {
    says("If “Approve invoice (manager)” is not decided by Thu 17 Dec, 10:00, alice is reminded (if the request is taken off"
        + " hold by then).", false, line("'at':'2026-12-17T09:00:00Z','when':'at, if resumed by then','kind':'COMPLETION',"
        + "'step':'approve-manager','action':'notify','targets':['alice']"));
  }

  @Test
  void aRepeatedReminderIsOneLineSayingWhenAgain() {
    String reminder = "'when':'at','timer':'approve-manager.remind-manager','kind':'COMPLETION_DEADLINE','step':'approve-manager',"
        + "'action':'notify','name':'notify','targets':['alice','bob']";
    String escalation = "{'at':'2026-12-16T12:00:00Z','when':'at','timer':'approve-manager.escalate-manager',"
        + "'kind':'COMPLETION_DEADLINE','step':'approve-manager','action':'reassign','name':'reassign','targets':['dora']}";
    List<Forecast.Line> lines = Forecast.of(Invoice.plan("{'at':'2026-12-15T09:00:00Z'," + reminder + "}," + escalation
        + ",{'at':'2026-12-16T09:00:00Z'," + reminder + "},{'at':'2026-12-17T09:00:00Z'," + reminder + "}"), TITLES, DATES, NOW);
    assertEquals(List.of("If “Approve invoice (manager)” is not decided by Tue 15 Dec, 10:00, alice and bob are reminded, and"
        + " again on Wed 16 Dec, 10:00 and Thu 17 Dec, 10:00.",
        "If “Approve invoice (manager)” is not decided by Wed 16 Dec, 13:00, it goes to dora instead."),
        lines.stream().map(Forecast.Line::sentence).toList());

    StringBuilder daily = new StringBuilder();
    for (int day = 15; day <= 24; day++) {
      daily.append(day == 15 ? "" : ",").append("{'at':'2026-12-").append(day).append("T09:00:00Z',").append(reminder).append("}");
    }
    assertEquals("If “Approve invoice (manager)” is not decided by Tue 15 Dec, 10:00, alice and bob are reminded, and 9 more"
        + " times until Thu 24 Dec, 10:00.", Forecast.of(Invoice.plan(daily.toString()), TITLES, DATES, NOW).get(0).sentence());
  }

  @Test
  void whatWillNotHappenIsNotListed() {
    String superseded = "{'at':'2026-12-17T09:00:00Z','when':'at','kind':'START_DEADLINE','step':'approve-manager',"
        + "'action':'reassign','targets':['erin'],'note':'superseded by approve-manager.a/reassign'}";
    String conditionFalse = "{'at':'2026-12-17T09:00:00Z','when':'at','kind':'START_DEADLINE','step':'approve-manager',"
        + "'action':'notify','targets':['erin'],'condition':'data.amount > 5000','conditionNow':'false'}";
    assertEquals(List.of(), Forecast.of(Invoice.plan(superseded + "," + conditionFalse), TITLES, DATES, NOW));
    assertEquals(List.of(), Forecast.of(null, TITLES, DATES, NOW));
  }
}
