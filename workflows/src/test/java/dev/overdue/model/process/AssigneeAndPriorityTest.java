package dev.overdue.model.process;

import static dev.overdue.model.process.DeadlinesTest.fire;
import static dev.overdue.model.process.DeadlinesTest.problems;
import static dev.overdue.model.process.DeadlinesTest.start;
import static dev.overdue.model.process.Fixtures.T0;
import static dev.overdue.model.process.Fixtures.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.api.ApprovalCommand;
import dev.overdue.api.HistoryEntry;
import dev.overdue.api.StepInfo;
import dev.overdue.model.ProcessState;
import dev.overdue.model.timer.TimerState;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A step's assignee (WS-HumanTask: the task is created, then assigned to them, reserved) given as
 * a user or an expression over the data, and its priority: 0 (highest) to 10, 5 by default,
 * raised by a {@code setPriority} escalation.
 */
class AssigneeAndPriorityTest {
  static String assigned(String assignee) {
    return "{'requestId':'PO-1','requester':'carol','data':{'owner':'bob'},'steps':[{'name':'manager',"
        + "'approvers':['alice'],'assignee':'" + assignee + "','offerTimeout':'PT1H',"
        + "'listeners':[{'event':'created','actions':[{'action':'warn'}]},"
        + "{'event':'assigned','actions':[{'action':'warn'}]}]}]}";
  }

  private static StepInfo manager(ApprovalProcess process) {
    return process.status().steps().get(0);
  }

  @Test
  void anAssignedTaskIsCreatedThenReservedAndItsAcceptanceTimerDoesNotRun() {
    ApprovalProcess process = start(assigned("bob"));
    StepInfo step = manager(process);
    assertEquals("RESERVED", step.state());
    assertEquals("bob", step.owner());
    assertEquals("bob", step.assignee());
    assertEquals(List.of("alice", "bob"), step.potentialOwners());
    assertEquals(TimerState.OFF, process.timer("manager.acceptance").orElseThrow().state());
    List<String> events = process.history().stream().filter(h -> h.name().equals("TaskListener"))
        .map(h -> h.input().get("event").asText()).toList();
    assertEquals(List.of("created", "assigned"), events);
    process.apply(new ApprovalCommand.Approve("bob", null), at("PT2H"));
    assertEquals(ProcessState.APPROVED, process.state());
  }

  @Test
  void theAssigneeMayBeAnExpressionOverTheData() {
    ApprovalProcess process = start(assigned("=data.owner"));
    assertEquals("bob", manager(process).owner());
  }

  @Test
  void anAssigneeThatCannotBeEvaluatedLeavesTheTaskOfferedWithAWarning() {
    ApprovalProcess process = start(assigned("=data.deputy"));
    StepInfo step = manager(process);
    assertEquals("READY", step.state());
    assertNull(step.owner());
    assertEquals(TimerState.RUNNING, process.timer("manager.acceptance").orElseThrow().state());
    String warning = process.warnings().get(0).message();
    assertTrue(warning.startsWith("step manager is not assigned: its assignee '=data.deputy' could not be evaluated:"
        + " expression failed: key 'deputy' is not present in map"), warning);
  }

  @Test
  void aBadAssigneeExpressionRefusesTheStartNamingTheField() {
    assertEquals(List.of("steps[0].assignee: the expression gives bool, not a text (a user name)"),
        problems(assigned("=data.owner == 1")));
    assertTrue(problems(assigned("=data.owner +")).get(0).startsWith("steps[0].assignee: "));
  }

  @Test
  void priorityIsFiveUnlessTheStepSaysAndMustBeFromZeroToTen() {
    assertEquals(5, manager(start(assigned("bob"))).priority());
    String urgent = "{'requestId':'PO-2','steps':[{'name':'s','approvers':['a'],'priority':1}]}";
    assertEquals(1, manager(start(urgent)).priority());
    assertEquals(List.of("steps[0].priority: from 0 (highest) to 10 (lowest), got 11"),
        problems(urgent.replace("'priority':1", "'priority':11")));
  }

  static final String RAISED =
      "{'requestId':'PO-3','requester':'carol','steps':[{'name':'manager','approvers':['alice'],"
          + "'startDeadlines':[{'name':'late','for':'PT4H','escalations':[{'action':'setPriority','priority':1}]},"
          + "{'name':'later','for':'PT8H','escalations':[{'action':'warn','name':'urgent','condition':'step.priority <= 2'}]}]}]}";

  @Test
  void aSetPriorityEscalationRaisesThePriorityAndLaterConditionsSeeIt() {
    ApprovalProcess process = start(RAISED);
    fire(process, at("PT4H"));
    assertEquals(1, manager(process).priority());
    fire(process, at("PT8H"));
    HistoryEntry changed = process.history().stream().filter(h -> h.name().equals("PriorityChanged"))
        .findFirst().orElseThrow();
    assertEquals(5, changed.input().get("old").asInt());
    assertEquals(1, changed.input().get("new").asInt());
    String conditions = process.history().stream().filter(h -> h.name().equals("TimerExpired"))
        .reduce((first, second) -> second).orElseThrow().input().get("conditions").toString();
    assertTrue(conditions.contains("\"result\":\"true\""), conditions);
  }

  @Test
  void setPriorityNeedsAPriorityInRange() {
    assertEquals(
        List.of("steps[0].startDeadlines[0].escalations[0]: setPriority needs 'priority': 0 (highest) to 10"),
        problems(RAISED.replace("'priority':1", "'priorty':1").replace("'priorty':1", "'x':1")
            .replace(",'x':1", "")));
    assertTrue(problems(RAISED.replace("'priority':1", "'priority':-1")).get(0)
        .endsWith("setPriority 'priority': from 0 (highest) to 10 (lowest), got -1"));
  }

  @Test
  void thePlanShowsTheNewPriority() {
    ApprovalProcess process = start(RAISED);
    assertEquals(List.of("priority 1"), process.plan(T0).get(0).targets());
    assertEquals("setPriority", process.plan(T0).get(0).action());
  }
}
