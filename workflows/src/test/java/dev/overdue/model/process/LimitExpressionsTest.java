package dev.overdue.model.process;

import static dev.overdue.model.process.Fixtures.T0;
import static dev.overdue.model.process.Fixtures.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.api.ApprovalCommand;
import dev.overdue.api.TimerInfo;
import dev.overdue.model.ProcessState;
import dev.overdue.model.request.RequestJson;
import dev.overdue.model.request.RequestValidator;
import dev.overdue.model.schedule.CalendarSettings;
import dev.overdue.model.schedule.TimeLimit;
import dev.overdue.model.timer.BusinessTimer;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Time limits from the approval's data: {@code =} and a CEL expression, compiled and type-checked
 * at the start, evaluated when its timer starts, its value read as a literal would be; one that
 * fails leaves its timer off with a warning, and the approval goes on.
 */
class LimitExpressionsTest {
  /** A request in JSON as it is (expressions hold quotes of their own). */
  static String request(String data, String field, String expression) {
    return """
        {"requestId":"PO-1","requester":"carol","data":%s,"steps":[{"name":"manager","approvers":["alice"],
         "completionDeadlines":[{"name":"due","%s":%s,"escalations":[{"action":"warn"}]}]}]}"""
        .formatted(data.replace('\'', '"'), field, RequestJson.tree(expression));
  }

  static ApprovalProcess start(String json) {
    return start(json, null);
  }

  static ApprovalProcess start(String json, CalendarSettings calendar) {
    return ApprovalProcess.start(RequestJson.parse(json), T0, calendar, Edition.CURRENT);
  }

  static List<String> problems(String json) {
    return RequestValidator.problems(RequestJson.parse(json), T0);
  }

  private static TimerInfo due(ApprovalProcess process) {
    return process.timerInfos().stream().filter(t -> t.name().equals("manager.due")).findFirst().orElseThrow();
  }

  @Test
  void aDurationFromTheDataCountsFromWhenTheTimerStarts() {
    ApprovalProcess process =
        start(request("{'slaHours':48}", "for", "=duration(string(data.slaHours) + 'h')"));
    TimerInfo due = due(process);
    assertEquals("RUNNING", due.state());
    assertEquals(at("PT48H").toString(), due.expiresAt());
    assertEquals("=duration(string(data.slaHours) + 'h')", due.limit());
    assertEquals("the expression =duration(string(data.slaHours) + 'h') gave PT48H: " + T0 + " + PT48H",
        due.derivation().rule());
  }

  @Test
  void aTimestampFromTheDataIsAFixedDate() {
    ApprovalProcess process =
        start(request("{'dueAt':'2026-12-01T10:00:00Z'}", "until", "=timestamp(data.dueAt)"));
    assertEquals("2026-12-01T10:00:00Z", due(process).expiresAt());
    assertTrue(due(process).derivation().rule().endsWith("gave 2026-12-01T10:00Z: fixed date 2026-12-01T10:00Z"),
        due(process).derivation().rule());
  }

  @Test
  void aTextInTheLiteralSyntaxCountsInWorkingTimeWhenTheLimitDoes() {
    String json = request("{'sla':'P1D'}", "for", "=data.sla").replace("\"for\"", "\"calendar\":\"business\",\"for\"");
    ApprovalProcess process = start(json, CalendarSettings.officeHours());
    // Monday 09:00 UTC plus one working day of office hours: Tuesday 09:00.
    assertEquals(at("P1D").toString(), due(process).expiresAt());
    assertTrue(due(process).derivation().rule().contains("gave P1D business"), due(process).derivation().rule());
  }

  @Test
  void anExpressionThatFailsLeavesItsTimerOffWithAWarningAndTheApprovalGoesOn() {
    ApprovalProcess process = start(request("{}", "for", "=duration(data.sla)"));
    assertEquals("OFF", due(process).state());
    assertEquals(
        "timer manager.due is off: its limit '=duration(data.sla)' gave no date: expression failed: key 'sla'"
            + " is not present in map. (has(data.key) tells whether a key is there)",
        process.warnings().get(0).message());
    process.apply(new ApprovalCommand.Approve("alice", null), at("PT1H"));
    assertEquals(ProcessState.APPROVED, process.state());
  }

  @Test
  void aDateInThePastOrAZeroDurationGivesNoDate() {
    ApprovalProcess past = start(request("{'dueAt':'2001-01-01T00:00:00Z'}", "until", "=timestamp(data.dueAt)"));
    assertEquals("OFF", due(past).state());
    assertTrue(past.warnings().get(0).message().endsWith("it gave 2001-01-01T00:00Z, which is not in the future"),
        past.warnings().get(0).message());
    ApprovalProcess zero = start(request("{'h':0}", "for", "=duration(string(data.h) + 'h')"));
    assertEquals("OFF", due(zero).state());
  }

  @Test
  void badExpressionsRefuseTheStartNamingTheField() {
    assertEquals(
        List.of("steps[0].completionDeadlines[0].for: the expression gives int, not a duration, a timestamp or a text"),
        problems(request("{}", "for", "=1 + 1")));
    assertTrue(problems(request("{}", "until", "=timestamp(")).get(0)
        .startsWith("steps[0].completionDeadlines[0].until: "));
    assertEquals(List.of("steps[0].completionDeadlines[0].for: step has no field 'dueAt' (it has name, title, state,"
            + " owner, approvers, candidateGroups, potentialOwners, assignee, priority)"),
        problems(request("{}", "for", "=step.dueAt")));
  }

  static final String LATER_STEP =
      "{'requestId':'PO-2','requester':'carol','data':{'sla':'PT8H'},'steps':["
          + "{'name':'manager','approvers':['alice']},"
          + "{'name':'finance','approvers':['frank'],'timeout':'=data.sla'}]}";

  @Test
  void theDataIsReadWhenTheTimerStartsSoAnUpdateBeforeCountsAndAnUpdateAfterDoesNot() {
    ApprovalProcess process = start(LATER_STEP.replace('\'', '"'));
    process.apply(new ApprovalCommand.UpdateData("carol", Fixtures.object(RequestJson.tree(Map.of("sla", "PT2H")))), at("PT1H"));
    process.apply(new ApprovalCommand.Approve("alice", null, Fixtures.object(RequestJson.tree(Map.of("approvedBy", "alice")))), at("PT2H"));
    assertEquals(at("PT4H").toString(), process.timer("finance.completion").orElseThrow().expiresAt().orElseThrow().toString());
    process.apply(new ApprovalCommand.UpdateData("carol", Fixtures.object(RequestJson.tree(Map.of("sla", "PT9H")))), at("PT3H"));
    // The expiration date is fixed once computed.
    assertEquals(at("PT4H").toString(), process.timer("finance.completion").orElseThrow().expiresAt().orElseThrow().toString());
  }

  @Test
  void aUserTimersLimitIsEvaluatedWhenItIsEnabledAndSurvivesAContinueAsNew() {
    ApprovalProcess process =
        start(("{'requestId':'PO-3','data':{'wait':'PT30M'},'steps':[{'name':'s','approvers':['a']}],"
            + "'timers':[{'name':'reminder','limit':'=data.wait'}]}").replace('\'', '"'));
    assertEquals("OFF", process.timer("reminder").orElseThrow().state().name());
    assertEquals("timer reminder enabled, expires " + at("PT1H30M"),
        process.apply(new ApprovalCommand.EnableTimer("reminder", null), at("PT1H")));
    ApprovalProcess restored =
        ApprovalProcess.restore(ProcessSnapshot.of(RequestJson.tree(process.snapshot())), "run-1", at("PT1H"),
            Edition.CURRENT);
    assertEquals(process.timerInfos(), restored.timerInfos());
    Instant next = restored.nextToExpire().flatMap(BusinessTimer::expiresAt).orElseThrow();
    assertEquals(at("PT1H30M"), next);
    assertFalse(restored.timer("reminder").orElseThrow().effectiveLimit() instanceof TimeLimit.FromData);
  }
}
