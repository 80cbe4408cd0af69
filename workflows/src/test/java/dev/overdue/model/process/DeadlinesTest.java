package dev.overdue.model.process;

import static dev.overdue.model.process.Fixtures.T0;
import static dev.overdue.model.process.Fixtures.at;
import static dev.overdue.model.process.Fixtures.derivationOf;
import static dev.overdue.model.process.Fixtures.infoOf;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.api.ApprovalCommand;
import dev.overdue.api.PlanEntry;
import dev.overdue.api.TimerChange;
import dev.overdue.model.ProcessState;
import dev.overdue.model.RuleViolation;
import dev.overdue.model.request.RequestJson;
import dev.overdue.model.request.RequestValidator;
import dev.overdue.model.request.TimerHandler;
import dev.overdue.model.schedule.CalendarSettings;
import dev.overdue.model.schedule.IsoDuration;
import dev.overdue.model.schedule.TimeLimit;
import dev.overdue.model.task.TaskState;
import dev.overdue.model.timer.Expiry;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * WS-HumanTask deadlines and escalations, cycles, listeners, outcomes, business calendars, the
 * plan and derivation trails, in the pure model (the workflow tests run the same rules on
 * Temporal's time-skipping test service).
 */
class DeadlinesTest {

  static ApprovalProcess start(String json) {
    return start(json, T0, null);
  }

  static ApprovalProcess start(String json, Instant now, CalendarSettings calendar) {
    return ApprovalProcess.start(RequestJson.parse(json.replace('\'', '"')), now, calendar, Edition.CURRENT);
  }

  static List<String> problems(String json) {
    return RequestValidator.problems(RequestJson.parse(json.replace('\'', '"')), T0);
  }

  static ApprovalCommand.Start startTask(String user) {
    return new ApprovalCommand.Start(null, user);
  }

  /**
   * What the workflow does when timers are due: expire them, ask the directory, run what fired.
   * Offers told when a step starts are left out: {@link OffersTest} covers them.
   */
  static List<Expiry> fire(ApprovalProcess process, Instant now) {
    List<Expiry> all = new java.util.ArrayList<>(process.expireDue(now));
    TestDirectory.answerAll(process, now);
    process.drainTriggered().stream().filter(e -> e.cause() != Expiry.Cause.OFFERED).forEach(all::add);
    return all;
  }

  static final String TWO_DEADLINES =
      "{'requestId':'PO-1','requester':'carol','data':{'amount':12000,'priority':1},"
          + "'steps':[{'name':'manager','approvers':['alice','bob'],"
          + "'startDeadlines':["
          + "  {'name':'start-soon','for':'PT2H','escalations':[{'action':'notify','to':['potentialOwners']}]},"
          + "  {'name':'start-late','for':'PT8H','escalations':[{'action':'warn'}]}],"
          + "'completionDeadlines':["
          + "  {'name':'due','for':'P2D','escalations':[{'action':'notify','to':['owner','requester']}]}]}]}";

  // ---- deadlines ---------------------------------------------------------------------------

  @Test
  void everyDeadlineIsATimerNamedAfterItsStepRunningFromTheTasksCreation() {
    ApprovalProcess process = start(TWO_DEADLINES);
    assertEquals("START_DEADLINE", infoOf(process, "manager.start-soon").kind());
    assertEquals(at("PT2H").toString(), infoOf(process, "manager.start-soon").expiresAt());
    assertEquals(at("PT8H").toString(), infoOf(process, "manager.start-late").expiresAt());
    assertEquals("COMPLETION_DEADLINE", infoOf(process, "manager.due").kind());
    assertEquals(at("P2D").toString(), infoOf(process, "manager.due").expiresAt());
  }

  @Test
  void severalStartDeadlinesFireOneAfterTheOtherWithTheirOwnEscalations() {
    ApprovalProcess process = start(TWO_DEADLINES);
    List<Expiry> first = fire(process, at("PT2H"));
    assertEquals(1, first.size());
    assertEquals("manager.start-soon", first.get(0).timer());
    assertEquals(Expiry.Cause.DEADLINE_ESCALATED, first.get(0).cause());
    // potentialOwners is the task's approvers at the moment it fires.
    assertEquals(
        List.of(new TimerHandler.Notify(List.of("alice", "bob"), null)), first.get(0).handlers());
    List<Expiry> second = fire(process, at("PT8H"));
    assertEquals(List.of("manager.start-late"), second.stream().map(Expiry::timer).toList());
  }

  @Test
  void startingTheTaskClearsItsStartDeadlinesButNotItsCompletionDeadline() {
    ApprovalProcess process = start(TWO_DEADLINES);
    process.apply(startTask("alice"), at("PT1H"));
    assertEquals(TaskState.IN_PROGRESS, process.currentTask().state());
    assertEquals("alice", process.currentTask().owner().orElseThrow());
    assertTrue(infoOf(process, "manager.start-soon").cleared());
    assertTrue(infoOf(process, "manager.start-late").cleared());
    assertFalse(infoOf(process, "manager.due").cleared());
    assertEquals(List.of(), fire(process, at("PT8H")));
    List<Expiry> due = fire(process, at("P2D"));
    // owner and requester are resolved to the people they are now.
    assertEquals(List.of("alice", "carol"), ((TimerHandler.Notify) due.get(0).handlers().get(0)).to());
  }

  @Test
  void completingTheTaskClearsEveryDeadline() {
    ApprovalProcess process = start(TWO_DEADLINES);
    process.apply(new ApprovalCommand.Approve("bob", null), at("PT1H"));
    for (String timer : List.of("manager.start-soon", "manager.start-late", "manager.due")) {
      assertTrue(infoOf(process, timer).cleared(), timer);
    }
  }

  @Test
  void onlyTheOwnerStartsAClaimedTaskAndOnlyAnApproverAnOfferedOne() {
    ApprovalProcess process = start(TWO_DEADLINES);
    Fixtures.assertRefusedUnchanged(process, startTask("mallory"), T0, "not a potential owner");
    process.apply(new ApprovalCommand.Claim(null, "alice"), T0);
    Fixtures.assertRefusedUnchanged(process, startTask("bob"), T0, "claimed by alice");
    process.apply(startTask("alice"), T0);
    Fixtures.assertRefusedUnchanged(process, startTask("alice"), T0, "already started");
    Fixtures.assertRefusedUnchanged(process, new ApprovalCommand.Approve("bob", null), T0, "claimed by alice");
  }

  // ---- conditions --------------------------------------------------------------------------

  static String conditional(String condition) {
    return "{'requestId':'PO-2','requester':'carol','data':{'amount':12000,'priority':3},"
        + "'steps':[{'name':'manager','approvers':['alice'],"
        + "'completionDeadlines':[{'name':'due','for':'PT1H','escalations':["
        + "  {'name':'big','condition':'" + condition + "','action':'notify','to':['dora']},"
        + "  {'name':'always','action':'warn'}]}]}]}";
  }

  @Test
  void anEscalationRunsOnlyWhenItsConditionHolds() {
    ApprovalProcess yes = start(conditional("data.amount >= 10000 && data.priority <= 3"));
    assertEquals(2, fire(yes, at("PT1H")).get(0).handlers().size());
    ApprovalProcess no = start(conditional("data.amount >= 10000 && data.priority <= 2"));
    assertEquals(List.of(new TimerHandler.Warn("always", null)), fire(no, at("PT1H")).get(0).handlers());
    // The audit trail says which condition decided what.
    String trail = no.history().get(no.history().size() - 1).input().toString();
    assertTrue(trail.contains("\"result\":\"false\""), trail);
  }

  @Test
  void aConditionThatCannotBeEvaluatedIsAWarningAndItsEscalationDoesNotRun() {
    ApprovalProcess process = start(conditional("data.missing > 1"));
    assertEquals(List.of(new TimerHandler.Warn("always", null)), fire(process, at("PT1H")).get(0).handlers());
    assertTrue(process.warnings().get(0).message().contains("could not be evaluated"), process.warnings().toString());
  }

  @Test
  void aBadConditionRejectsTheStartNamingTheField() {
    List<String> problems = problems(conditional("data.amount >= "));
    assertEquals(1, problems.size(), problems.toString());
    assertTrue(problems.get(0).startsWith("steps[0].completionDeadlines[0].escalations[0]: condition"), problems.get(0));
    assertTrue(problems(conditional("dta.amount > 1")).get(0).contains("condition"));
    assertTrue(problems(conditional("data.amount + 1")).get(0).contains("condition"));
  }

  // ---- reassignment ------------------------------------------------------------------------

  static final String TWO_REASSIGNMENTS =
      "{'requestId':'PO-3','requester':'carol','steps':[{'name':'manager','approvers':['alice'],"
          + "'startDeadlines':["
          + "  {'name':'zeta','for':'PT4H','escalations':[{'name':'to-zed','action':'reassign','to':['zed']}]},"
          + "  {'name':'alpha','for':'PT4H','escalations':[{'name':'to-dora','action':'reassign','to':['dora','dan']}]}]}]}";

  @Test
  void ofReassignmentsFiringAtOnceOnlyTheFirstInLexicalOrderApplies() {
    ApprovalProcess process = start(TWO_REASSIGNMENTS);
    process.apply(new ApprovalCommand.Claim(null, "alice"), at("PT1H"));
    List<Expiry> runs = fire(process, at("PT4H"));
    // manager.alpha.to-dora < manager.zeta.to-zed, though zeta is declared first.
    assertEquals(List.of("dora", "dan"), process.currentTask().approvers());
    assertEquals(TaskState.READY, process.currentTask().state());
    assertTrue(process.currentTask().owner().isEmpty());
    Expiry notice = runs.stream().filter(r -> r.cause() == Expiry.Cause.REASSIGNED).findFirst().orElseThrow();
    assertEquals("manager.alpha:reassigned", notice.timer());
    assertEquals("manager.alpha", notice.timerName());
    assertEquals(List.of(new TimerHandler.Notify(List.of("dora", "dan"), null)), notice.handlers());
    String trail = process.history().stream().filter(h -> h.name().equals("Reassignment")).findFirst()
        .orElseThrow().input().toString();
    assertTrue(trail.contains("manager.zeta.to-zed"), trail);
    // The new potential owners may now act; the old one may not.
    Fixtures.assertRefusedUnchanged(process, new ApprovalCommand.Approve("alice", null), at("PT5H"), "not a potential owner");
    process.apply(new ApprovalCommand.Approve("dan", null), at("PT5H"));
    assertEquals(ProcessState.APPROVED, process.state());
  }

  /** Ten unnamed reassignments on one deadline; the first's condition is false. */
  static final String TEN_UNNAMED_REASSIGNMENTS =
      "{'requestId':'PO-3','requester':'carol','steps':[{'name':'manager','approvers':['alice'],"
          + "'startDeadlines':[{'name':'late','for':'PT4H','escalations':["
          + "{'action':'reassign','to':['u1'],'condition':'false'},"
          + java.util.stream.IntStream.rangeClosed(2, 10)
              .mapToObj(i -> "{'action':'reassign','to':['u" + i + "']}")
              .collect(java.util.stream.Collectors.joining(","))
          + "]}]}]}";

  @Test
  void unnamedReassignmentsKeepTheirDocumentOrder() {
    ApprovalProcess process = start(TEN_UNNAMED_REASSIGNMENTS);
    fire(process, at("PT4H"));
    // The second, not reassign#10 (which comes first as text).
    assertEquals(List.of("u2"), process.currentTask().approvers());
    List<PlanEntry> plan = start(TEN_UNNAMED_REASSIGNMENTS).plan(T0);
    assertNull(plan.stream().filter(e -> e.name().equals("reassign#2")).findFirst().orElseThrow().note());
    assertTrue(
        plan.stream().filter(e -> e.name().equals("reassign#10")).findFirst().orElseThrow().note()
            .contains("superseded by manager.late.reassign#2"));
  }

  @Test
  void thePlanNotesTheSupersededReassignment() {
    ApprovalProcess process = start(TWO_REASSIGNMENTS);
    List<PlanEntry> plan = process.plan(T0);
    assertEquals(List.of("manager.alpha", "manager.zeta"), plan.stream().map(PlanEntry::timer).toList());
    assertNull(plan.get(0).note());
    assertTrue(plan.get(1).note().contains("superseded by manager.alpha.to-dora"), plan.get(1).note());
    assertEquals(List.of("zed"), plan.get(1).targets());
  }

  // ---- cycles ------------------------------------------------------------------------------

  static String reminder(String catchUp) {
    return "{'requestId':'PO-4','requester':'carol','steps':[{'name':'finance','approvers':['frank'],"
        + "'completionDeadlines':[{'name':'remind','cycle':'R5/PT1H'"
        + (catchUp == null ? "" : ",'catchUp':'" + catchUp + "'")
        + ",'escalations':[{'action':'notify','to':['potentialOwners']}]}]}]}";
  }

  @Test
  void aCycleFiresEachOccurrenceCountedUntilItRunsOut() {
    ApprovalProcess process = start(reminder(null));
    for (int hour = 1; hour <= 5; hour++) {
      List<Expiry> runs = fire(process, at("PT" + hour + "H"));
      assertEquals(1, runs.size(), "hour " + hour);
      assertEquals(hour, runs.get(0).firing());
      assertEquals(Expiry.Cause.REMINDER, runs.get(0).cause());
    }
    assertEquals(5, infoOf(process, "finance.remind").firings());
    assertTrue(process.nextToExpire().isEmpty(), "R5 ran out");
    assertEquals(List.of(), fire(process, at("PT9H")));
  }

  /** Suspended from 00:30 to 03:45: the occurrences at 01:00, 02:00 and 03:00 were missed. */
  static List<Expiry> acrossASuspension(String catchUp) {
    ApprovalProcess process = start(reminder(catchUp));
    process.apply(new ApprovalCommand.Suspend("audit"), at("PT30M"));
    assertEquals(List.of(), fire(process, at("PT2H")));
    process.apply(new ApprovalCommand.Resume(), at("PT3H45M"));
    return fire(process, at("PT3H45M"));
  }

  @Test
  void fireOnceFiresOneReminderForEveryOccurrenceMissedWhileSuspended() {
    List<Expiry> runs = acrossASuspension(null);
    assertEquals(1, runs.size());
    assertEquals(at("PT3H"), runs.get(0).expiresAt());
    assertEquals(1, runs.get(0).firing());
  }

  @Test
  void fireAllFiresEachMissedReminderInOrder() {
    List<Expiry> runs = acrossASuspension("fire-all");
    assertEquals(List.of(at("PT1H"), at("PT2H"), at("PT3H")), runs.stream().map(Expiry::expiresAt).toList());
    assertEquals(List.of(1, 2, 3), runs.stream().map(Expiry::firing).toList());
  }

  @Test
  void skipDropsTheMissedRemindersAndGoesOnWithTheNext() {
    ApprovalProcess process = start(reminder("skip"));
    process.apply(new ApprovalCommand.Suspend("audit"), at("PT30M"));
    process.apply(new ApprovalCommand.Resume(), at("PT3H45M"));
    assertEquals(List.of(), fire(process, at("PT3H45M")));
    assertEquals(at("PT4H").toString(), infoOf(process, "finance.remind").expiresAt());
    assertEquals(1, fire(process, at("PT4H")).get(0).firing());
  }

  @Test
  void extendingACycleByADurationPostponesItsRemainingOccurrences() {
    ApprovalProcess process = start(reminder(null));
    fire(process, at("PT1H"));
    process.apply(
        new ApprovalCommand.ExtendDeadline("finance.remind", null, Duration.ofMinutes(30).toString(), "frank"), at("PT1H10M"));
    assertEquals(at("PT2H30M").toString(), infoOf(process, "finance.remind").expiresAt());
    TimerChange change = derivationOf(process, "finance.remind").changes().get(0);
    assertEquals("frank", change.by());
    assertEquals(at("PT2H").toString(), change.oldExpiresAt());
    assertEquals(at("PT2H30M").toString(), change.newExpiresAt());
  }

  @Test
  void theSuspendedPlanShowsMissedRemindersOnResumeAsThePolicySays() {
    ApprovalProcess process = start(reminder("fire-all"));
    process.apply(new ApprovalCommand.Suspend("audit"), at("PT30M"));
    List<PlanEntry> plan = process.plan(at("PT2H30M"));
    String later = PlanEntry.AT_IF_RESUMED;
    assertEquals(List.of("on resume", "on resume", later, later, later), plan.stream().map(PlanEntry::when).toList());
    assertEquals(List.of(1, 2, 3, 4, 5), plan.stream().map(PlanEntry::firing).toList());
    assertEquals(List.of("frank"), plan.get(0).targets());
  }

  @Test
  void thePlanIsCutToItsSoonestEntries() {
    StringBuilder timers = new StringBuilder();
    for (int i = 0; i < 60; i++) {
      timers.append(i == 0 ? "" : ",").append("{'name':'t").append(i).append("','cycle':'R/PT1H','handlers':[");
      for (int h = 0; h < 10; h++) {
        timers.append(h == 0 ? "" : ",").append("{'action':'warn'}");
      }
      timers.append("]}");
    }
    ApprovalProcess process = start("{'requestId':'PO-8','steps':[{'name':'s','approvers':['a']}],'timers':[" + timers + "]}");
    for (int i = 0; i < 60; i++) {
      process.apply(new ApprovalCommand.EnableTimer("t" + i, null), T0);
    }
    List<PlanEntry> plan = process.plan(T0);
    assertEquals(ProcessPlan.MAX_ENTRIES, plan.size());
    assertEquals(at("PT1H").toString(), plan.get(0).at());
    // 600 entries are due at 01:00 alone: the cut keeps 500 of those, nothing later.
    assertTrue(plan.stream().allMatch(p -> p.at().equals(at("PT1H").toString())));
  }

  // ---- listeners and outcomes --------------------------------------------------------------

  static final String LISTENED =
      "{'requestId':'PO-5','requester':'carol','steps':["
          + "{'name':'manager','approvers':['alice'],'completionDeadlines':[{'name':'due','for':'PT1H'}],"
          + " 'listeners':["
          + "   {'event':'created','actions':[{'action':'notify','to':['potentialOwners']}]},"
          + "   {'event':'assigned','actions':[{'action':'notify','to':['owner']}]},"
          + "   {'event':'updated','actions':[{'action':'warn'}]},"
          + "   {'event':'timeout','actions':[{'action':'notify','to':['requester']}]},"
          + "   {'event':'completed','actions':[{'action':'notify','to':['requester']}]}],"
          + " 'outcomes':[{'name':'needs-legal','next':'legal'},{'name':'withdrawn','end':'REJECTED'}]},"
          + "{'name':'finance','approvers':['frank']},"
          + "{'name':'legal','approvers':['lena'],'listeners':["
          + "   {'event':'deleted','actions':[{'action':'notify','to':['potentialOwners']}]}]}]}";

  static List<String> events(List<Expiry> runs) {
    return runs.stream().filter(r -> r.cause() == Expiry.Cause.TASK_EVENT)
        .map(r -> r.step() + "@" + r.taskEvent()).toList();
  }

  @Test
  void listenersRunOnEachTaskEventInTheOrderTheyHappen() {
    ApprovalProcess process = start(LISTENED);
    assertEquals(List.of("manager@created"), events(process.drainTriggered()));
    process.apply(new ApprovalCommand.Claim(null, "alice"), at("PT10M"));
    assertEquals(List.of("manager@assigned"), events(process.drainTriggered()));
    process.apply(new ApprovalCommand.Release(null, "alice"), at("PT20M"));
    assertEquals(List.of("manager@updated"), events(process.drainTriggered()));
    assertEquals(List.of("manager@timeout"), events(fire(process, at("PT1H"))));
    process.apply(new ApprovalCommand.Complete("alice", "needs-legal", "contract"), at("PT2H"));
    assertEquals(List.of("manager@assigned", "manager@completed"), events(process.drainTriggered()));
  }

  @Test
  void aNamedOutcomeLeadsToItsStepSkippingTheOnesBetween() {
    ApprovalProcess process = start(LISTENED);
    process.apply(new ApprovalCommand.Complete("alice", "Needs-Legal", null), at("PT10M"));
    assertEquals("legal", process.currentTask().name());
    assertEquals("needs-legal", process.status().steps().get(0).outcome());
    assertEquals("OBSOLETE", process.status().steps().get(1).state());
    process.apply(new ApprovalCommand.Abort("cancelled"), at("PT20M"));
    assertEquals(List.of("legal@deleted"),
        events(process.drainTriggered()).stream().filter(e -> e.startsWith("legal")).toList());
  }

  @Test
  void aNamedOutcomeMayEndTheApproval() {
    ApprovalProcess process = start(LISTENED);
    process.apply(new ApprovalCommand.Complete("alice", "withdrawn", null), at("PT10M"));
    assertEquals(ProcessState.REJECTED, process.state());
  }

  @Test
  void anUnknownOutcomeIsRefusedListingTheKnownOnes() {
    ApprovalProcess process = start(LISTENED);
    Fixtures.assertRefusedUnchanged(process, new ApprovalCommand.Complete("alice", "maybe", null), T0,
        "no outcome 'maybe' (outcomes: approved, rejected, needs-legal, withdrawn)");
  }

  @Test
  void badOutcomesAndListenersRejectTheStart() {
    String backwards = LISTENED.replace("'next':'legal'", "'next':'manager'");
    assertTrue(problems(backwards).get(0).contains("not after this step"), problems(backwards).toString());
    String listenerDecides = LISTENED.replace(
        "{'event':'updated','actions':[{'action':'warn'}]}",
        "{'event':'updated','actions':[{'action':'decide','outcome':'APPROVED'}]}");
    assertTrue(problems(listenerDecides).get(0).contains("notify and warn"), problems(listenerDecides).toString());
    String badEvent = LISTENED.replace("'event':'updated'", "'event':'touched'");
    assertTrue(problems(badEvent).get(0).contains("event must be one of"), problems(badEvent).toString());
  }

  @Test
  void aDecideEscalationMayChooseANamedOutcome() {
    ApprovalProcess process = start(LISTENED.replace(
        "'completionDeadlines':[{'name':'due','for':'PT1H'}]",
        "'completionDeadlines':[{'name':'due','for':'PT1H','escalations':[{'action':'decide','outcome':'needs-legal'}]}]"));
    Expiry due = process.expireDue(at("PT1H")).get(0);
    TimerHandler.Decide decide = (TimerHandler.Decide) due.handlers().get(0);
    assertTrue(process.decide(decide.outcome(), due.timer(), at("PT1H")));
    assertEquals("legal", process.currentTask().name());
  }

  // ---- business calendar -------------------------------------------------------------------

  static final CalendarSettings BERLIN =
      new CalendarSettings("Europe/Berlin", "09:00-17:00", List.of("MON", "TUE", "WED", "THU", "FRI"),
          List.of("2026-12-24", "2026-12-25"));

  static String businessDeadline(String duration) {
    return "{'requestId':'PO-6','requester':'carol','steps':[{'name':'manager','approvers':['alice'],"
        + "'completionDeadlines':[{'name':'due','for':'" + duration + "','calendar':'business'}]}]}";
  }

  @Test
  void workingDaysSkipTheWeekend() {
    // Friday 2026-11-20 15:00 CET + P1D = Monday 15:00 CET.
    ApprovalProcess process =
        start(businessDeadline("P1D"), Instant.parse("2026-11-20T14:00:00Z"), BERLIN);
    assertEquals("2026-11-23T14:00:00Z", infoOf(process, "manager.due").expiresAt());
    assertEquals("P1D business", infoOf(process, "manager.due").limit());
    assertEquals("Europe/Berlin, MON–FRI 09:00–17:00, 2 holidays", derivationOf(process, "manager.due").calendar());
    assertTrue(derivationOf(process, "manager.due").rule().endsWith("+ P1D of working time"));
  }

  @Test
  void workingDaysSkipHolidays() {
    // Wednesday 2026-12-23 10:00 CET + P1D: the 24th and 25th are holidays, then the weekend.
    ApprovalProcess process =
        start(businessDeadline("P1D"), Instant.parse("2026-12-23T09:00:00Z"), BERLIN);
    assertEquals("2026-12-28T09:00:00Z", infoOf(process, "manager.due").expiresAt());
  }

  @Test
  void workingDaysKeepTheirLocalTimeAcrossADstChange() {
    // Friday 2026-10-23 10:00 CEST (08:00Z) + P1D = Monday 10:00 CET (09:00Z), 73 h later.
    ApprovalProcess process =
        start(businessDeadline("P1D"), Instant.parse("2026-10-23T08:00:00Z"), BERLIN);
    assertEquals("2026-10-26T09:00:00Z", infoOf(process, "manager.due").expiresAt());
  }

  @Test
  void workingHoursCountOnlyInsideOpeningHours() {
    // Friday 16:00 CET + PT4H = 1 h on Friday, 3 h on Monday: Monday 12:00 CET.
    ApprovalProcess process =
        start(businessDeadline("PT4H"), Instant.parse("2026-11-20T15:00:00Z"), BERLIN);
    assertEquals("2026-11-23T11:00:00Z", infoOf(process, "manager.due").expiresAt());
  }

  @Test
  void aDateTimeWithoutOffsetIsReadInTheCalendarsZone() {
    ApprovalProcess process = start(
        "{'requestId':'PO-7','steps':[{'name':'s','approvers':['a'],"
            + "'completionDeadlines':[{'name':'due','until':'2026-12-01T17:00'}]}]}",
        T0, BERLIN);
    assertEquals("2026-12-01T16:00:00Z", infoOf(process, "s.due").expiresAt());
    assertEquals("2026-12-01T17:00+01:00", infoOf(process, "s.due").limit());
  }

  @Test
  void withoutTheWorkersCalendarOfficeHoursInUtcCount() {
    ApprovalProcess process = start(businessDeadline("PT4H"), Instant.parse("2026-11-20T15:00:00Z"), null);
    assertEquals("2026-11-23T11:00:00Z", infoOf(process, "manager.due").expiresAt());
  }

  @Test
  void theCalendarTravelsWithTheSnapshot() {
    ApprovalProcess process =
        start(businessDeadline("P1D"), Instant.parse("2026-11-20T14:00:00Z"), BERLIN);
    ProcessSnapshot snapshot =
        ProcessSnapshot.of(RequestJson.tree(process.snapshot()));
    ApprovalProcess restored = ApprovalProcess.restore(snapshot, "run-1", Instant.parse("2026-11-20T15:00:00Z"), Edition.CURRENT);
    restored.apply(new ApprovalCommand.ExtendDeadline("manager.due", "P2D business", null, "alice"),
        Instant.parse("2026-11-20T15:00:00Z"));
    // Friday 16:00 CET + two working days = Tuesday 16:00 CET.
    assertEquals("2026-11-24T15:00:00Z", infoOf(restored, "manager.due").expiresAt());
  }

  // ---- derivation --------------------------------------------------------------------------

  @Test
  void everyChangeOfADeadlineIsKeptWithWhoWhenAndTheOldAndNewValues() {
    ApprovalProcess process = start(TWO_DEADLINES);
    process.apply(new ApprovalCommand.ExtendDeadline("manager.due", null, "P1D", "carol"), at("PT1H"));
    process.apply(new ApprovalCommand.ExtendDeadline("manager.due", "P5D", null, null), at("PT2H"));
    List<TimerChange> changes = derivationOf(process, "manager.due").changes();
    assertEquals(2, changes.size());
    assertEquals(new TimerChange(at("PT1H").toString(), "carol", "limit", "P2D",
        "2026-11-26T09:00Z", at("P2D").toString(), at("P3D").toString()), changes.get(0));
    assertEquals("anonymous", changes.get(1).by());
    assertEquals(at("PT2H").plus(Duration.ofDays(5)).toString(), changes.get(1).newExpiresAt());
    assertEquals(at("PT2H").toString(), derivationOf(process, "manager.due").base());
  }

  @Test
  void enablingAndDisablingATimerIsInItsTrailWithWhoDidIt() {
    ApprovalProcess process = start(
        "{'requestId':'PO-9','steps':[{'name':'s','approvers':['a']}],'timers':[{'name':'quote','limit':'PT2H'}]}");
    process.apply(new ApprovalCommand.EnableTimer("quote", "carol"), at("PT1H"));
    process.apply(new ApprovalCommand.DisableTimer("quote", null), at("PT90M"));
    List<TimerChange> changes = derivationOf(process, "quote").changes();
    assertEquals(List.of("enabled", "disabled"), changes.stream().map(TimerChange::change).toList());
    assertEquals(List.of("carol", "anonymous"), changes.stream().map(TimerChange::by).toList());
    assertEquals(at("PT3H").toString(), changes.get(0).newExpiresAt());
  }

  @Test
  void badDeadlinesAreProblemsNamingTheirField() {
    String both = TWO_DEADLINES.replace("'for':'PT2H'", "'for':'PT2H','until':'2026-12-01T00:00:00Z'");
    assertTrue(problems(both).get(0).contains("steps[0].startDeadlines[0]: give exactly one of"), problems(both).toString());
    String reserved = TWO_DEADLINES.replace("'name':'due'", "'name':'completion'");
    assertTrue(problems(reserved).get(0).contains("is used twice (or is reserved)"), problems(reserved).toString());
    String tooShort = reminder(null).replace("R5/PT1H", "R5/PT10S");
    assertTrue(problems(tooShort).get(0).contains("at least one minute"), problems(tooShort).toString());
    String badCatchUp = reminder("sometimes");
    assertTrue(problems(badCatchUp).get(0).contains("catchUp"), problems(badCatchUp).toString());
    assertThrows(RuleViolation.class, () -> start(badCatchUp));
  }
}
