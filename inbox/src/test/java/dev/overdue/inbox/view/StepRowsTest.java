package dev.overdue.inbox.view;

import static dev.overdue.inbox.view.Invoice.DATES;
import static dev.overdue.inbox.view.Invoice.manager;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.overdue.api.StatusInfo;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The steps list: titles, who each is for, assigned or claimed as it really is, outcomes as words. */
class StepRowsTest {
  private static List<StepRows.Row> rows(StatusInfo status, String me) {
    return StepRows.of(status, Titles.of(status), DATES, me);
  }

  @Test
  void aStepIsNamedByItsTitleOrAReadableOneAndSaysWhoItIsFor() {
    List<StepRows.Row> rows = rows(Invoice.STATUS, "alice");
    assertEquals(new StepRows.Row("Approve invoice (manager)", true, "waiting for someone to take it", null, null,
        "For alice and bob (managers group)", "high", "Priority 3 on a scale from 0 (highest) to 10 (lowest)"), rows.get(0));
    assertEquals(new StepRows.Row("Approve finance", false, "not reached yet", null, null, "For the finance group", null, null),
        rows.get(1));
  }

  @Test
  void anAssignedStepIsAssignedAndAClaimedOneClaimed() {
    String finance = "{'name':'approve-finance','state':'RESERVED','owner':'frank','assignee':'frank','potentialOwners':['frank']}";
    StatusInfo assigned = Invoice.status("'currentStep':'approve-finance','steps':[" + finance + "]");
    assertEquals("assigned to frank", rows(assigned, "alice").get(0).what());
    assertEquals("assigned to you", rows(assigned, "frank").get(0).what());
    StatusInfo claimed = Invoice.status("'currentStep':'approve-manager','steps':[" + manager("'state':'RESERVED','owner':'bob'") + "]");
    assertEquals("claimed by bob", rows(claimed, "alice").get(0).what());
    assertEquals("claimed by you", rows(claimed, "bob").get(0).what());
    StatusInfo started = Invoice.status("'currentStep':'approve-manager','steps':[" + manager("'state':'IN_PROGRESS','owner':'bob'") + "]");
    assertEquals("bob is working on it", rows(started, "alice").get(0).what());
  }

  @Test
  void anOutcomeSaysWhatWhoAndWhenASkippedStepSkipped() {
    StatusInfo status = Invoice.status("'currentStep':null,'state':'APPROVED','steps':["
        + manager("'state':'COMPLETED','outcome':'APPROVED','decidedBy':'carol','comment':'fine','completedAt':'2026-12-07T09:10:00Z'")
        + ",{'name':'approve-finance','state':'OBSOLETE','outcome':'SKIPPED','decidedBy':'frank','comment':'under the limit'}]");
    List<StepRows.Row> rows = rows(status, "alice");
    assertEquals("Approved by carol, Mon 7 Dec, 10:10", rows.get(0).what());
    assertEquals("fine", rows.get(0).comment());
    assertEquals("Skipped by frank", rows.get(1).what());
    assertEquals("under the limit", rows.get(1).comment());
  }

  @Test
  void aDecisionADeadlineMadeSaysSoWithoutTheWorkflowsNote() {
    StatusInfo status = Invoice.status("'currentStep':null,'state':'REJECTED','steps':[" + manager("'state':'COMPLETED',"
        + "'outcome':'REJECTED','decidedBy':'timer:approve-manager.completion','comment':'decided on expiry of timer"
        + " approve-manager.completion','completedAt':'2026-12-17T09:00:00Z'") + "],'timers':[{'name':'approve-manager.completion',"
        + "'kind':'COMPLETION','step':'approve-manager','state':'OFF','cleared':true}]");
    StepRows.Row row = rows(status, "alice").get(0);
    assertEquals("Rejected automatically: the due date of “Approve invoice (manager)” passed, Thu 17 Dec, 10:00", row.what());
    assertEquals(null, row.comment());
  }

  @Test
  void aStepLeftBehindUndecidedIsNotNeededAnyMore() {
    StatusInfo status = Invoice.status("'currentStep':null,'state':'REJECTED','steps':["
        + "{'name':'approve-finance','state':'OBSOLETE'}]");
    assertEquals("not needed any more", rows(status, "alice").get(0).what());
  }
}
