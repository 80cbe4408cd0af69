package dev.overdue.workflow;

import static dev.overdue.workflow.ApprovalTestEnvironment.json;

import dev.overdue.api.HistoryEntry;
import dev.overdue.client.Approvals;
import dev.overdue.model.schedule.CalendarSettings;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.temporal.ChronoUnit;
import java.util.List;

/**
 * Scenarios whose histories are recorded for the replay test: together they drive every command,
 * every handler kind, suspension across an expiry, and each way a process ends.
 */
final class RecordedScenarios {
  private RecordedScenarios() {}

  /** Signals, updates, refusals, suspend/resume across an expiry, claim/release, two steps. */
  static String fullLifecycle(ApprovalTestEnvironment t) {
    String id =
        t.start(
            "{'requestId':'REPLAY-1','title':'Replay','requester':'carol','data':{'amount':12000},"
                + "'timeout':'P5D','steps':["
                + "{'name':'manager','approvers':['alice','bob'],'offerTimeout':'PT4H','timeout':'P2D'},"
                + "{'name':'finance','approvers':['frank'],'timeout':'P1D',"
                + "'onTimeout':[{'action':'notify','to':['frank','nobody']}]}],"
                + "'timers':[{'name':'reminder','limit':'PT30M','handlers':[{'action':'notify','to':['alice'],'message':'please"
                + " decide'},{'action':'warn'}]}]}");
    t.approvals.update(id, "enableTimer", json("{'timer':'reminder'}"));
    t.signalAndAwait(id, "enableTimer", "{'timer':'nope'}");
    t.signalAndAwait(id, "suspend", "{'reason':'waiting for a quote'}");
    t.sleep(Duration.ofHours(1));
    t.signalAndAwait(id, "resume", "{}");
    t.sleep(Duration.ofMinutes(1));
    t.approvals.update(id, "extendDeadline", json("{'timer':'reminder','limit':'PT2H'}"));
    t.approvals.update(id, "extendDeadline", json("{'timer':'manager.acceptance','by':'PT1H'}"));
    t.approvals.update(id, "claim", json("{'user':'bob'}"));
    t.approvals.update(id, "release", json("{'user':'bob'}"));
    t.sleep(Duration.ofHours(5));
    t.approvals.update(id, "disableTimer", json("{'timer':'reminder'}"));
    t.approvals.update(id, "approve", json("{'user':'alice','comment':'fine'}"));
    t.sleep(Duration.ofDays(1).plusMinutes(1));
    t.signalAndAwait(id, "approve", "{'user':'frank'}");
    t.approvals.result(id);
    return id;
  }

  /**
   * Deadlines and what came with them: start and completion deadlines with conditional escalations,
   * two reassignments at once, a reminder cycle caught up across a suspension, listeners, start and
   * complete with a named outcome, a working-time deadline (the calendar recorded as a side effect)
   * and a deadline moved by a named user.
   */
  static String deadlines(ApprovalTestEnvironment t) {
    String id =
        t.start(
            "{'requestId':'REPLAY-DEADLINES','requester':'carol','data':{'amount':12000,'priority':1},"
                + "'steps':[{'name':'manager','approvers':['alice','bob'], 'startDeadlines':[  "
                + " {'name':'zeta','for':'PT2H','escalations':[    "
                + " {'name':'big','condition':'data.amount >="
                + " 10000','action':'notify','to':['potentialOwners']},    "
                + " {'name':'small','condition':'data.amount < 100','action':'warn'},    "
                + " {'name':'to-zed','action':'reassign','to':['zed']}]},  "
                + " {'name':'alpha','for':'PT2H','escalations':[{'name':'to-dan','action':'reassign','to':['dan','alice']}]}],"
                + " 'completionDeadlines':[  "
                + " {'name':'remind','cycle':'R/PT1H','catchUp':'fire-all','escalations':[{'action':'notify','to':['potentialOwners','requester']}]},"
                + "   {'name':'due','for':'P1D','calendar':'business','escalations':[{'action':'notify','to':['owner','manager']}]}],"
                + " 'listeners':[  "
                + " {'event':'created','actions':[{'action':'notify','to':['potentialOwners']}]},  "
                + " {'event':'assigned','actions':[{'action':'warn'}]},  "
                + " {'event':'completed','actions':[{'action':'notify','to':['requester']}]}],"
                + " 'outcomes':[{'name':'needs-legal','next':'legal'}]},"
                + "{'name':'finance','approvers':['frank']},"
                + "{'name':'legal','approvers':['lena'],'completionDeadlines':[{'name':'due','for':'PT4H',"
                + "  'escalations':[{'action':'decide','outcome':'APPROVED'}]}]}]}");
    t.sleep(Duration.ofMinutes(30));
    t.signalAndAwait(id, "suspend", "{'reason':'quote'}");
    t.sleep(Duration.ofHours(3));
    t.approvals.update(id, "resume", json("{}"));
    t.sleep(Duration.ofMinutes(5));
    t.approvals.update(
        id, "extendDeadline", json("{'timer':'manager.due','by':'PT1H','user':'carol'}"));
    t.signalAndAwait(id, "start", "{'user':'dan'}");
    t.approvals.update(
        id, "complete", json("{'user':'dan','outcome':'needs-legal','comment':'contract'}"));
    t.sleep(Duration.ofHours(5));
    t.approvals.result(id);
    return id;
  }

  /**
   * Schedules: a cron reminder on working days caught up in full after a suspension, a cycle in
   * working time with an endDate, a working-time deadline moved by recalculate after a holiday was
   * announced (the worker's calendar read twice, as side effects), and a cron cycle postponed.
   */
  static String schedules(ApprovalTestEnvironment t) {
    WorkerCalendar.use(CalendarSettings.officeHours());
    try {
      String end = t.now().plus(Duration.ofDays(6)).truncatedTo(ChronoUnit.MINUTES).toString();
      String id =
          t.start(
              "{'requestId':'REPLAY-SCHEDULES','requester':'carol','steps':[{'name':'manager','approvers':['alice'],"
                  + "'completionDeadlines':[  {'name':'daily','cycle':'0 0 9 ? *"
                  + " MON-FRI','calendar':'business','catchUp':'fire-all',  "
                  + " 'escalations':[{'action':'notify','to':['potentialOwners']}]}, "
                  + " {'name':'hours','cycle':'R3/PT4H','calendar':'business','endDate':'"
                  + end
                  + "',   'escalations':[{'action':'notify','to':['requester']}]}, "
                  + " {'name':'due','for':'P5D','calendar':'business','escalations':[{'action':'warn'}]}]}]}");
      t.sleep(Duration.ofHours(30));
      t.signalAndAwait(id, "suspend", "{'reason':'audit'}");
      t.sleep(Duration.ofDays(2));
      t.approvals.update(id, "resume", json("{}"));
      String due = t.timer(id, "manager.due").expiresAt();
      WorkerCalendar.use(new CalendarSettings("UTC", null, null, List.of(due.substring(0, 10))));
      t.approvals.update(id, "recalculate", json("{'user':'carol'}"));
      t.signalAndAwait(id, "extendDeadline", "{'timer':'manager.daily','by':'P1D','user':'carol'}");
      t.sleep(Duration.ofDays(4));
      t.approvals.update(id, "approve", json("{'user':'alice'}"));
      t.approvals.result(id);
      return id;
    } finally {
      WorkerCalendar.use(CalendarSettings.officeHours());
    }
  }

  /**
   * Human tasks: candidate groups looked up by an activity, an assignee and a deadline from the
   * data, a priority raised by an escalation, the data updated, reassign and refresh-owners
   * (Updates that wait for the directory), a refusal, and a decision with an output.
   */
  static String humanTasks(ApprovalTestEnvironment t) {
    String id =
        t.start(
            "{'requestId':'REPLAY-TASKS','requester':'carol','data':{'owner':'bob','slaHours':6},"
                + "'keyFields':['slaHours','owner'],'steps':["
                + "{'name':'manager','approvers':['alice','bob'],'assignee':'=data.owner','priority':3,"
                + " 'completionDeadlines':[   {'name':'sla','for':'=duration(string(data.slaHours)"
                + " + \\\"h\\\")',   "
                + " 'escalations':[{'action':'setPriority','priority':1},{'action':'reassign','to':['finance']}]}],"
                + " 'listeners':[{'event':'assigned','actions':[{'action':'notify','to':['owner']}]}]},"
                + "{'name':'legal','candidateGroups':['legal','nobody'],'priority':2}]}");
    t.sleep(Duration.ofMinutes(5));
    t.approvals.update(
        id, "updateData", json("{'user':'carol','data':{'slaHours':8,'costCenter':'IT-200'}}"));
    t.signalAndAwait(id, "claim", "{'user':'mallory'}");
    t.sleep(Duration.ofHours(7));
    t.approvals.update(id, "refreshOwners", json("{'user':'admin'}"));
    t.approvals.update(id, "reassign", json("{'user':'carol','to':['legal','alice']}"));
    t.approvals.update(
        id,
        "approve",
        json("{'user':'erin','comment':'ok','output':{'checkedBy':'erin','slaHours':null}}"));
    t.sleep(Duration.ofMinutes(5));
    t.approvals.update(id, "reject", json("{'user':'erin','output':{'reason':'contract'}}"));
    t.approvals.result(id);
    return id;
  }

  /**
   * What task lists publish (version shape-13): a four-eyes step with a candidate group claimed,
   * released, suspended across an hour, reassigned to a group and a user, started and decided; then
   * a step distinct from it offered to a group too large for one search attribute value (its
   * PotentialOwners cut), whose completion timer expires before a member not listed claims and
   * rejects it. Offers are not told: 300 deliveries would only make the history large.
   */
  static String taskLists(ApprovalTestEnvironment t) {
    String id =
        t.start(
            "{'requestId':'REPLAY-LISTS','title':'Desks for the Zürich office','requester':'carol',"
                + "'notifyOffered':false,'steps':[{'name':'manager','approvers':['alice','bob','carol'],'candidateGroups':['legal'],"
                + "'offerTimeout':'PT4H','timeout':'P2D','notBy':['requester']},"
                + "{'name':'finance','approvers':['bob','frank'],'candidateGroups':['staff'],'timeout':'P1D',"
                + "'distinctFrom':['manager']}]}");
    t.approvals.update(id, "claim", json("{'user':'alice'}"));
    t.approvals.update(id, "release", json("{'user':'alice'}"));
    t.signalAndAwait(id, "claim", "{'user':'carol'}");
    t.approvals.update(id, "suspend", json("{'reason':'waiting for a quote'}"));
    t.sleep(Duration.ofHours(1));
    t.approvals.update(id, "resume", json("{}"));
    t.approvals.update(id, "reassign", json("{'user':'carol','to':['finance','alice']}"));
    t.approvals.update(id, "start", json("{'user':'dave'}"));
    t.approvals.update(id, "approve", json("{'user':'dave','comment':'ok'}"));
    t.sleep(Duration.ofDays(1).plusMinutes(1));
    t.approvals.update(id, "claim", json("{'user':'member-300'}"));
    t.approvals.update(id, "reject", json("{'user':'member-300','comment':'over budget'}"));
    t.approvals.result(id);
    return id;
  }

  /**
   * Forms (version shape-14): a step with a form whose approval is refused for an output that does
   * not fit it, by Update (its validator: nothing recorded) and by signal (recorded), then approved
   * with one that does; a second step's rejection gives none of its required fields.
   */
  static String forms(ApprovalTestEnvironment t) {
    String id =
        t.start(
            "{'requestId':'REPLAY-FORMS','requester':'carol','steps':[{'name':'finance','approvers':['frank'],"
                + "'form':{'type':'object','properties':{'amount':{'type':'number','title':'Amount','minimum':0},"
                + "'costCentre':{'type':'string','maxLength':8},'due':{'type':'string','format':'date'}},"
                + "'required':['amount','costCentre']}},"
                + "{'name':'controller','approvers':['erin'],"
                + "'form':{'type':'object','properties':{'checked':{'type':'boolean'}},'required':['checked']}}]}");
    try {
      t.approvals.update(id, "approve", json("{'user':'frank','output':{'amount':'ten'}}"));
      throw new IllegalStateException("an output that does not fit the form was accepted");
    } catch (io.temporal.client.WorkflowUpdateException refused) {
      // Refused by the validator, as expected.
    }
    t.signalAndAwait(id, "approve", "{'user':'frank','output':{'amount':12,'costCentre':'CC-7','due':'2026-02-30'}}");
    t.approvals.update(
        id, "approve", json("{'user':'frank','output':{'amount':12,'costCentre':'CC-7','due':'2026-12-31'}}"));
    t.approvals.update(id, "reject", json("{'user':'erin','comment':'not this year'}"));
    t.approvals.result(id);
    return id;
  }

  /**
   * Task operations (version shape-15): a business administrator, a stand-in for an absent approver,
   * comments, a deadline from the claim that releases a task claimed and left, a follow-up date
   * moved, a start and a stop, a delegation handed back, a forward to a group (a lookup), a
   * nomination, a priority set, a refused nomination by Signal (recorded) and by Update (not), a
   * step with excluded owners skipped, and the approval's end.
   */
  static String taskOperations(ApprovalTestEnvironment t) {
    // A worker whose directory keeps absences (olga is away, sam stands in), recorded at the start.
    WorkerDirectory.use(true);
    String id;
    try {
      id = t.start(
          "{'requestId':'REPLAY-OPERATIONS','requester':'carol','businessAdministrators':['ada'],'steps':["
              + "{'name':'manager','approvers':['alice','bob','olga'],'timeout':'P2D','followUp':'P1D',"
              + "'completionDeadlines':[{'name':'work','for':'PT2H','from':'claim','escalations':[{'action':'release'}]}]},"
              + "{'name':'finance','approvers':['frank'],'skippable':true,'timeout':'P1D','excludedOwners':['legal']}]}");
      // An Update is answered once the first workflow task, which records the setting, has run.
      t.approvals.update(id, "comment", json("{'user':'carol','text':'Quote attached.'}"));
    } finally {
      WorkerDirectory.use(false);
    }
    t.approvals.update(id, "claim", json("{'user':'bob'}"));
    t.sleep(Duration.ofHours(2).plusMinutes(1)); // bob claimed and left it: released
    t.approvals.update(id, "setFollowUp", json("{'user':'carol','at':'PT12H'}"));
    t.approvals.update(id, "start", json("{'user':'alice'}"));
    t.approvals.update(id, "stop", json("{'user':'alice'}"));
    t.approvals.update(id, "delegate", json("{'user':'alice','to':'dora','comment':'while I am away'}"));
    t.approvals.update(id, "resolve", json("{'user':'dora','comment':'checked the quote'}"));
    t.approvals.update(id, "forward", json("{'user':'alice','to':['finance']}"));
    t.signalAndAwait(id, "nominate", "{'user':'bob','to':['erin']}");
    try {
      t.approvals.update(id, "nominate", json("{'user':'bob','to':['erin']}"));
      throw new IllegalStateException("a nomination by someone not a business administrator was accepted");
    } catch (io.temporal.client.WorkflowUpdateException refused) {
      // Refused by the validator, as expected.
    }
    t.approvals.update(id, "nominate", json("{'user':'ada','to':['erin']}"));
    t.approvals.update(id, "setPriority", json("{'user':'ada','priority':1}"));
    t.approvals.update(id, "approve", json("{'user':'erin','comment':'fine'}"));
    t.approvals.update(id, "skip", json("{'user':'carol','reason':'under the finance limit'}"));
    t.approvals.result(id);
    return id;
  }

  /**
   * Cycles counted back from their end (version shape-16): three reminders before a fixed end, one
   * missed while suspended and caught up once; a second step's daily cycle on its end's grid, started
   * late; and a cycle with 'until', which still counts forward.
   */
  static String cycleEnd(ApprovalTestEnvironment t) {
    Instant end = t.now().plus(Duration.ofHours(5)).truncatedTo(ChronoUnit.HOURS);
    String id =
        t.start(
            "{'requestId':'REPLAY-CYCLE-END','requester':'carol','steps':["
                + "{'name':'manager','approvers':['alice'],'completionDeadlines':["
                + "{'name':'countdown','cycle':'R3/PT1H/" + end + "','escalations':[{'action':'notify','to':['potentialOwners']}]},"
                + "{'name':'forward','cycle':'R/PT2H until " + end + "','escalations':[{'action':'warn'}]}]},"
                + "{'name':'finance','approvers':['frank'],'completionDeadlines':["
                + "{'name':'daily','cycle':'R/P1D/" + end.plus(Duration.ofDays(3)) + "','escalations':[{'action':'warn'}]}]}]}");
    t.sleep(Duration.ofHours(2).plusMinutes(30));
    t.signalAndAwait(id, "suspend", "{'reason':'audit'}");
    t.sleep(Duration.ofHours(2));
    t.approvals.update(id, "resume", json("{}"));
    t.sleep(Duration.ofMinutes(10));
    t.approvals.update(id, "approve", json("{'user':'alice'}"));
    t.sleep(Duration.ofDays(1).plusHours(1));
    t.approvals.update(id, "approve", json("{'user':'frank'}"));
    t.approvals.result(id);
    return id;
  }

  /**
   * Days across a daylight-saving change in the worker's calendar zone (New York): a step timeout of
   * days, a daily cycle from a start the day before the next change, and a deadline extended by a
   * day, each at the same local time on the other side of the change.
   */
  static String daylightSaving(ApprovalTestEnvironment t) {
    ZoneId newYork = ZoneId.of("America/New_York");
    WorkerCalendar.use(new CalendarSettings(newYork.getId(), null, null, null));
    try {
      Instant change = newYork.getRules().nextTransition(t.now()).getInstant();
      LocalDateTime dayBefore = change.atZone(newYork).toLocalDate().minusDays(1).atTime(17, 0);
      long days = Duration.between(t.now(), change).toDays() + 3;
      String id =
          t.start(
              "{'requestId':'REPLAY-DST','requester':'carol','steps':["
                  + "{'name':'manager','approvers':['alice'],'timeout':'P" + days + "D','completionDeadlines':["
                  + "{'name':'daily','cycle':'R3/" + dayBefore + "/P1D','escalations':[{'action':'warn'}]},"
                  + "{'name':'due','for':'P1D','escalations':[{'action':'warn'}]}]}]}");
      t.approvals.update(id, "extendDeadline", json("{'timer':'manager.due','by':'P" + (days - 2) + "D'}"));
      t.sleep(Duration.between(t.now(), change).plus(Duration.ofDays(4)));
      t.approvals.update(id, "approve", json("{'user':'alice'}"));
      t.approvals.result(id);
      return id;
    } finally {
      WorkerCalendar.use(CalendarSettings.officeHours());
    }
  }

  /** A completion timer whose handlers warn and then reject the step. */
  static String decideOnTimeout(ApprovalTestEnvironment t) {
    String id =
        t.start(
            "{'requestId':'REPLAY-2','steps':[{'name':'manager','approvers':['alice'],'timeout':'PT1H',"
                + "'onTimeout':[{'action':'warn'},{'action':'decide','outcome':'REJECTED'}]}]}");
    t.sleep(Duration.ofHours(2));
    t.approvals.result(id);
    return id;
  }

  /** Aborted while suspended. */
  static String abortWhileSuspended(ApprovalTestEnvironment t) {
    String id =
        t.start(
            "{'requestId':'REPLAY-3','timeout':'PT1H','steps':[{'name':'manager','approvers':['alice']}]}");
    t.approvals.update(id, "suspend", json("{}"));
    t.approvals.update(id, "abort", json("{'reason':'duplicate'}"));
    t.approvals.result(id);
    return id;
  }

  /**
   * Enough confirmed changes to continue as new, then more commands and an expiry in the new run;
   * the recorded history is that continued run's, which starts from a snapshot.
   */
  static String continuedRun(ApprovalTestEnvironment t) {
    String id =
        t.start(
            "{'requestId':'REPLAY-4','timeout':'P5D','steps':[{'name':'manager','approvers':['alice'],"
                + "'offerTimeout':'PT4H'}],'timers':[{'name':'nag','limit':'PT30M'}]}");
    t.approvals.update(id, "enableTimer", json("{'timer':'nag'}"));
    for (int i = 0; i < 700; i++) {
      t.approvals.update(id, "extendDeadline", json("{'timer':'process','by':'PT1M'}"));
    }
    t.approvals.update(id, "claim", json("{'user':'alice'}"));
    t.sleep(Duration.ofMinutes(31));
    t.approvals.update(id, "approve", json("{'user':'alice'}"));
    t.approvals.result(id);
    return id;
  }

  /**
   * A reminder that warns every minute until the approval has continued as new (the first run
   * carries the count and the latest hundred of its few hundred warnings), then 110 more in the
   * new run, which starts from that snapshot and passes the bound again; then it is approved. The
   * recorded history is that continued run's.
   */
  static String boundedWarnings(ApprovalTestEnvironment t) {
    String id =
        t.start(
            "{'requestId':'REPLAY-BOUNDED','requester':'carol','steps':[{'name':'manager','approvers':['alice']}],"
                + "'timers':[{'name':'nag','cycle':'R/PT1M','handlers':[{'action':'warn'}]}]}");
    t.approvals.update(id, "enableTimer", json("{'timer':'nag'}"));
    while (!currentRunTrail(t, id).get(0).name().equals(HistoryEntry.CONTINUED_AS_NEW)) {
      t.sleep(Duration.ofMinutes(10));
    }
    while (currentRunTrail(t, id).stream().filter(e -> e.name().equals(HistoryEntry.WARNING)).count() < 110) {
      t.sleep(Duration.ofMinutes(10));
    }
    t.approvals.update(id, "approve", json("{'user':'alice'}"));
    t.approvals.result(id);
    return id;
  }

  private static List<HistoryEntry> currentRunTrail(ApprovalTestEnvironment t, String id) {
    return List.of(
        t.env.getWorkflowClient()
            .newUntypedWorkflowStub(Approvals.workflowId(id))
            .query("history", HistoryEntry[].class));
  }

  /**
   * Signed commands (version "shape-11"): the worker's default policy and each verification are
   * recorded, so this replays with no verifier at all.
   */
  static String signedCommands(ApprovalTestEnvironment t) {
    WorkerAuthentication.use(dev.overdue.model.auth.AuthPolicy.REQUIRED, new StandInTokens());
    try {
      String id =
          t.start(
              "{'requestId':'REPLAY-SIGNED','requester':'carol','timeout':'P2D','steps':["
                  + "{'name':'manager','approvers':['alice','bob'],'notBy':['requester']}]}");
      t.approvals.update(id, "claim", json("{'token':'signed:alice'}"));
      t.signalAndAwait(id, "release", "{'user':'alice','token':'signed:bob'}");
      t.signalAndAwait(id, "release", "{'user':'alice','token':'forged'}");
      t.signalAndAwait(id, "release", "{'user':'alice'}");
      t.sleep(Duration.ofHours(1));
      t.signalAndAwait(id, "approve", "{'token':'signed:alice','comment':'fine'}");
      t.approvals.result(id);
      return id;
    } finally {
      WorkerAuthentication.use(dev.overdue.model.auth.AuthPolicy.OFF, dev.overdue.model.auth.TokenVerifier.NONE);
    }
  }
}
