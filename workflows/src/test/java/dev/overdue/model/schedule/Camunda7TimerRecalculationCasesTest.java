package dev.overdue.model.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.overdue.api.ApprovalCommand;
import dev.overdue.model.RuleViolation;
import dev.overdue.model.process.ApprovalProcess;
import dev.overdue.model.process.Edition;
import dev.overdue.model.process.Fixtures;
import dev.overdue.model.request.RequestJson;
import java.time.Instant;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Camunda 7's recalculateJobDuedate date expectations, ported as rows ({@code
 * published/camunda7-timer-recalculation.tsv}).
 *
 * <p>Camunda's test: a timer whose expression reads a process variable, the variable changed (or
 * not), then {@code recalculateJobDuedate(job, creationDateBased)}, which evaluates the expression
 * again and counts it from the job's creation or from now. Overdue's equivalent, run through the
 * model as a request would: an approval started at {@code created} whose step has a deadline
 * computed from its data ({@code 'for': '=data.limit'}; a cycle as a literal {@code cycle}, as
 * Overdue takes no cycle from data); at {@code recalculated} the data is changed (the requester's
 * {@code UpdateData}) when the row changes it, and {@code recalculate} is sent with the same calendar (UTC office hours). The answer
 * is the deadline's date afterwards, or the refusal of {@code recalculate}. Overdue's recalculate
 * has no creation/now option ({@code basis} is the engine's only): it counts calendar-dependent
 * dates again from their base, and never evaluates a limit again.
 */
class Camunda7TimerRecalculationCasesTest {
  static Stream<PublishedCases.Case> cases() {
    return PublishedCases.load("camunda7-timer-recalculation").cases().stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void overdueAnswers(PublishedCases.Case row) {
    String[] dateAfter = new String[1];
    row.check(answer(row, dateAfter));
    assertEquals(row.get("overdue-date"), dateAfter[0], row + ": the deadline's date after recalculate");
  }

  /**
   * Overdue's answer to recalculate (the deadline's new date, or the refusal); {@code dateAfter[0]}
   * gets the deadline's date once the command was answered, refused or not ({@code -} when the
   * approval did not start).
   */
  static String answer(PublishedCases.Case row, String[] dateAfter) {
    String limit = row.get("limit");
    CalendarSettings calendar = new CalendarSettings(row.get("zone"), null, null, null);
    // A cycle from data gives no date in Overdue ("it gave the cycle 'R/PT15M', not a duration or a
    // date-time") and the cycle field takes no expression: a cycle is written literally, with the
    // value the variable has when the job is created; the changed data cannot reach it.
    String deadline =
        CycleText.isCycle(limit) ? "'cycle':'" + limit + "'" : "'for':'=data.limit'";
    String json =
        ("{'requestId':'PO-1','requester':'carol','data':{'limit':'%s'},'steps':[{'name':'manager',"
                + "'approvers':['alice'],'completionDeadlines':[{'name':'due',%s,"
                + "'escalations':[{'action':'warn'}]}]}]}")
            .formatted(limit, deadline)
            .replace('\'', '"');
    Instant created = Instant.parse(row.get("created"));
    Instant recalculated = Instant.parse(row.get("recalculated"));
    dateAfter[0] = "-";
    ApprovalProcess process;
    try {
      process = ApprovalProcess.start(RequestJson.parse(json), created, calendar, Edition.CURRENT);
    } catch (RuleViolation e) {
      return PublishedCases.refused(e);
    }
    try {
      if (!row.get("changed").equals("-")) {
        process.apply(
            new ApprovalCommand.UpdateData(
                "carol", Fixtures.object(RequestJson.tree(Map.of("limit", row.get("changed"))))),
            recalculated);
      }
      process.apply(new ApprovalCommand.Recalculate("ops"), recalculated, calendar);
      return dueDate(process);
    } catch (RuleViolation e) {
      return PublishedCases.refused(e);
    } finally {
      dateAfter[0] = dueDate(process);
    }
  }

  private static String dueDate(ApprovalProcess process) {
    return process.timer("manager.due").orElseThrow().expiresAt().map(Instant::toString).orElse("none");
  }
}
