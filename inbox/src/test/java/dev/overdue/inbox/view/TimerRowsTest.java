package dev.overdue.inbox.view;

import static dev.overdue.inbox.view.Invoice.DATES;
import static dev.overdue.inbox.view.Invoice.NOW;
import static dev.overdue.inbox.view.Invoice.manager;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.overdue.api.StatusInfo;
import dev.overdue.api.StepInfo;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The timers table: what each waits for with its step's title, its state and date in words; a finished step's left out. */
class TimerRowsTest {
  private static List<TimerRows.Row> rows(StatusInfo status) {
    return TimerRows.of(status, Titles.of(status), DATES, NOW);
  }

  @Test
  void eachTimerIsNamedByWhatItWaitsForNeverByItsId() {
    assertEquals(List.of(
        new TimerRows.Row("The due date of “Approve invoice (manager)”", "running", "Thursday 17 Dec, 10:00 — in 3 days",
            "Thu 17 Dec 2026, 10:00 CET"),
        new TimerRows.Row("The reminders about “Approve invoice (manager)”", "running", "Tuesday 15 Dec, 10:00 — in 24 h",
            "Tue 15 Dec 2026, 10:00 CET"),
        new TimerRows.Row("The deadline to decide “Approve invoice (manager)” (escalate manager)", "running",
            "Saturday 19 Dec, 10:00 — in 5 days", "Sat 19 Dec 2026, 10:00 CET"),
        new TimerRows.Row("The deadline to decide “Approve finance” (finance deadline)", "not started", "—", ""),
        new TimerRows.Row("The timer “Follow up”", "paused", "Saturday 12 Dec, 10:00 — 2 days ago", "Sat 12 Dec 2026, 10:00 CET")),
        rows(Invoice.STATUS));
  }

  @Test
  void theCurrentStepIsToBeDecidedByItsDueDateAsTheListsSay() {
    StepInfo manager = TaskView.currentStep(Invoice.STATUS);
    Deadline due = Deadline.of(manager, Invoice.STATUS.timers(), true, DATES, NOW);
    assertEquals("Decide by Thursday 17 Dec, 10:00 — in 3 days", due.lead() + " " + due.when() + " — " + due.relative());
    Deadline late = Deadline.of(manager, Invoice.STATUS.timers(), true, DATES, NOW.plus(Duration.ofDays(5)));
    assertEquals("It was to be decided by Thursday 17 Dec, 10:00 — 2 days ago",
        late.lead() + " " + late.when() + " — " + late.relative());
    assertEquals(null, Deadline.of(null, Invoice.STATUS.timers(), true, DATES, NOW), "an ended approval has no step to decide");
  }

  @Test
  void aDecidedStepsTimersAndClearedOnesAreLeftOut() {
    StatusInfo status = Invoice.status("'currentStep':'approve-finance','steps':["
        + manager("'state':'COMPLETED','outcome':'APPROVED','decidedBy':'alice'")
        + ",{'name':'approve-finance','state':'READY','candidateGroups':['finance']}],"
        + "'timers':[{'name':'approve-manager.completion','kind':'COMPLETION','step':'approve-manager','state':'OFF',"
        + "'expiresAt':'2026-12-16T09:00:00Z'},{'name':'approve-finance.acceptance','kind':'ACCEPTANCE','step':'approve-finance',"
        + "'state':'OFF','expiresAt':'2026-12-10T09:00:00Z','expired':true},{'name':'process','kind':'PROCESS','state':'OFF',"
        + "'cleared':true}]");
    assertEquals(List.of(new TimerRows.Row("The deadline to take “Approve finance”", "passed",
        "Thursday 10 Dec, 10:00 — 4 days ago", "Thu 10 Dec 2026, 10:00 CET")), rows(status));
  }
}
