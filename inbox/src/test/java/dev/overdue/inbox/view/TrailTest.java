package dev.overdue.inbox.view;

import static dev.overdue.inbox.view.Invoice.DATES;
import static dev.overdue.inbox.view.Invoice.NOW;
import static dev.overdue.inbox.view.Invoice.TITLES;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * "What happened" in sentences, from the trail's real entries (the workflow's commands as it
 * records them, and its events): steps by their titles, nothing a person cannot follow.
 */
class TrailTest {
  /** The sentences of {@code entries}, at Mon 7 Dec 10:10 in Zurich, newest first. */
  private static List<String> said(String... entries) {
    return Trail.of(Invoice.history(String.join(",", entries)), TITLES, DATES, NOW).stream().map(Trail.Entry::what).toList();
  }

  private static String said(String entry) {
    List<String> said = said(new String[] {entry});
    assertEquals(1, said.size(), String.valueOf(said));
    return said.get(0);
  }

  private static String command(String name, String input) {
    return "{'at':'2026-12-07T09:10:00Z','kind':'update','name':'" + name + "','input':{" + input + "},'accepted':true}";
  }

  private static String event(String name, String input) {
    return "{'at':'2026-12-07T09:10:00Z','kind':'event','name':'" + name + "','input':{" + input + "},'accepted':true}";
  }

  @Test
  void decisionsAndHandingsOverArePeopleDoingThings() {
    assertEquals("alice approved — “within budget”", said(command("approve", "'user':'alice','comment':'within budget'")));
    assertEquals("alice rejected", said(command("reject", "'user':'alice'")));
    assertEquals("alice decided “Needs legal”", said(command("complete", "'user':'alice','outcome':'needs-legal'")));
    assertEquals("alice approved", said(command("complete", "'user':'alice','outcome':'approved'")));
    assertEquals("frank took the task", said(command("claim", "'user':'frank'")));
    assertEquals("frank started work on it", said(command("start", "'user':'frank'")));
    assertEquals("frank stopped working on it", said(command("stop", "'user':'frank'")));
    assertEquals("frank gave the task back", said(command("release", "'user':'frank'")));
    assertEquals("carol handed it to dave — “while I am away”", said(command("delegate", "'user':'carol','to':'dave','comment':'while I am away'")));
    assertEquals("dave handed it back", said(command("resolve", "'user':'dave'")));
    assertEquals("bob passed it on to finance", said(command("forward", "'user':'bob','to':['finance']")));
    assertEquals("carol gave it to fiona and lena instead", said(command("reassign", "'user':'carol','to':['fiona','lena']")));
    assertEquals("ada let dora take it too", said(command("nominate", "'user':'ada','to':['dora']")));
    assertEquals("frank skipped the step — “under the limit”", said(command("skip", "'user':'frank','reason':'under the limit'")));
    assertEquals("bob commented — “Quote?”", said(command("comment", "'user':'bob','text':'Quote?'")));
    assertEquals("bob set a follow-up date", said(command("setFollowUp", "'user':'bob','at':'P2D'")));
  }

  @Test
  void theRequestItselfIsPutOnHoldResumedOrWithdrawn() {
    assertEquals("the request was put on hold — “waiting for the quote”", said(command("suspend", "'reason':'waiting for the quote'")));
    assertEquals("the request was taken off hold", said(command("resume", "")));
    assertEquals("the request was withdrawn — “bought elsewhere”", said(command("abort", "'reason':'bought elsewhere'")));
  }

  @Test
  void aRefusalSaysWhatWasTriedAndKeepsTheReason() {
    List<Trail.Entry> entries = Trail.of(Invoice.history("{'at':'2026-12-07T09:10:00Z','kind':'update','name':'approve',"
        + "'input':{'user':'bob','comment':'fine by me'},'accepted':false,'reason':'step approve-manager is claimed by alice'}"),
        TITLES, DATES, NOW);
    assertEquals(new Trail.Entry("6 days ago", "Mon 7 Dec, 10:10", "Mon 7 Dec 2026, 10:10 CET", "bob tried to approve", true,
        "“Approve invoice (manager)” is claimed by alice"), entries.get(0), "the reason, with the step's title for its id");
    assertEquals("“Approve finance” may not be skipped; approve-finance.x stays",
        TITLES.inWords("step approve-finance may not be skipped; approve-finance.x stays"));
    assertEquals("“Approve finance”.", TITLES.inWords("step approve-finance."));
    assertEquals("mallory tried to change the request's details",
        said("{'at':'2026-12-07T09:10:00Z','kind':'update','name':'updateData','input':{'user':'mallory'},'accepted':false}"));
  }

  @Test
  void aDeadlinePassingNamesTheStepByItsTitleAndItsWarningIsNotRepeated() {
    assertEquals(List.of("the deadline to decide “Approve invoice (manager)” passed"),
        said(event("TimerExpired", "'timer':'approve-manager.escalate-manager','firing':1"),
            event("Warning", "'number':1,'timer':'approve-manager.escalate-manager','step':'approve-manager',"
                + "'message':'deadline approve-manager.escalate-manager passed (due 2026-12-07T09:10:00Z)'")));
    assertEquals("a reminder about “Approve invoice (manager)” was due",
        said(event("TimerExpired", "'timer':'approve-manager.remind-manager','firing':2")));
    assertEquals("the due date of “Approve invoice (manager)” passed", said(event("TimerExpired", "'timer':'approve-manager.completion'")));
    assertEquals("the deadline to decide “Approve finance” passed", said(event("TimerExpired", "'timer':'approve-finance.other'")));
    assertEquals("the timer “Follow up” went off", said(event("TimerExpired", "'timer':'follow-up'")));
    assertEquals("a warning was noted: notification to erin failed: no address",
        said(event("Warning", "'number':2,'message':'notification to erin failed: no address'")));
  }

  @Test
  void aDeadlineThatDecidedSaysHowTheWorkflowRecordsNoEntryOfItsOwnForIt() {
    Titles decided = Titles.of(Invoice.status("'currentStep':null,'state':'REJECTED','steps':[" + Invoice.manager(
        "'state':'COMPLETED','outcome':'REJECTED','decidedBy':'timer:approve-manager.escalate-manager'") + "]"));
    assertEquals(List.of("the deadline to decide “Approve invoice (manager)” passed: the request was rejected automatically"),
        Trail.of(Invoice.history(event("TimerExpired", "'timer':'approve-manager.escalate-manager'")), decided, DATES, NOW)
            .stream().map(Trail.Entry::what).toList());
  }

  @Test
  void whatAnEventChangedIsSaidOnceAndInWords() {
    assertEquals(List.of("the amount was changed from 1,850 to 2,000 and the cost centre was set to IT by bob"),
        said(event("DataChanged", "'by':'bob','changes':[{'field':'amount','old':1850,'new':2000},"
            + "{'field':'costCentre','old':null,'new':'IT'}]"), command("updateData", "'user':'bob','data':{'amount':2000}")));
    assertEquals(List.of("bob changed the priority from normal to high"),
        said(event("PriorityChanged", "'step':'approve-manager','by':'bob','old':5,'new':3"),
            command("setPriority", "'user':'bob','priority':3")));
    assertEquals("the priority of “Approve invoice (manager)” became highest",
        said(event("PriorityChanged", "'step':'approve-manager','timer':'approve-manager.escalate-manager','old':3,'new':0")));
    assertEquals(List.of("alice reminded dora and erin"),
        said(event("Nudged", "'step':'approve-manager','by':'alice','to':['dora','erin']"), command("nudge", "'user':'alice'")));
    assertEquals("“Approve invoice (manager)” was taken back from frank and offered to everyone again",
        said(event("Released", "'step':'approve-manager','timer':'approve-manager.work','owner':'frank'")));
    assertEquals("it went to dora instead",
        said(event("Reassignment", "'escalation':'approve-manager.escalate-manager.reassign','applied':true,'potentialOwners':['dora']")));
    assertEquals("erin stands in for dora, who is away",
        said(event("StandIn", "'step':'approve-manager','user':'dora','substitute':'erin','assigned':true")));
  }

  @Test
  void theWorkflowsHousekeepingIsLeftOutAndNothingYetIsAnEmptyList() {
    assertEquals(List.of(), said(event("OwnersLookedUp", "'lookup':1,'step':'approve-manager','purpose':'CREATED'"),
        event("TaskListener", "'step':'approve-manager','event':'create'"),
        event("ContinuedAsNew", "'previousRunId':'r-1'"),
        "{'at':'2026-12-07T09:10:00Z','kind':'signal','name':'enableTimer','input':{'timer':'follow-up'},'accepted':true}"));
    assertEquals(List.of(), Trail.of(null, TITLES, DATES, NOW));
  }

  @Test
  void newestFirst() {
    assertEquals(List.of("alice approved", "frank took the task"), said(
        command("claim", "'user':'frank'"), command("approve", "'user':'alice'")));
  }
}
