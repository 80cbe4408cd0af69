package dev.overdue.activities.delivery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.activities.settings.InboxSettings;
import dev.overdue.workflow.activities.MessageContext;
import dev.overdue.workflow.activities.NotificationEvent;
import dev.overdue.workflow.activities.Recipient;
import dev.overdue.workflow.activities.Recipient.Channel;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every default message is true for every way its event happens: a reassignment by a deadline or
 * by a person's command, an offer when a step starts, after a release or to an assignee, each
 * task event in words.
 */
class MessagesSayWhyTest {
  private static final Templates DEFAULTS = new Templates(Map.of());
  private static final Recipient FIONA = new Recipient("fiona", Channel.LOG, "fiona");

  private static final InboxLinks INBOX = InboxLinks.of(new InboxSettings("https://inbox.example.com"));
  private static final String TASK = "https://inbox.example.com/tasks/EXP-7";

  private static String body(NotificationEvent event, String timer, String taskEvent, String by, String owner) {
    return body(event, timer, taskEvent, by, owner, null);
  }

  private static String body(
      NotificationEvent event, String timer, String taskEvent, String by, String owner, InboxLinks links) {
    MessageContext context =
        new MessageContext("approval-EXP-7", "EXP-7", "Travel", "erin", Map.of(), "payout", "Payout", timer, 1,
            "2026-11-27T07:35:22Z", "2026-11-27T07:35:23Z", taskEvent, 5, by, owner);
    return DEFAULTS.body(event, null, Templates.scope(event, FIONA, null, context, links));
  }

  /** As each event is sent: a listener's with its task event, a timer's with its timer. */
  private static String linked(NotificationEvent event, String owner, InboxLinks links) {
    return switch (event) {
      case TASK_EVENT -> body(event, null, "created", null, owner, links);
      case TASK_OFFERED -> body(event, null, null, null, owner, links);
      default -> body(event, "payout.sla", null, null, owner, links);
    };
  }

  @Test
  void aReassignmentByCommandNamesWhoReassignedAndNoTimer() {
    String body = body(NotificationEvent.REASSIGNED, null, null, "carol", null);
    assertTrue(body.contains("carol reassigned approval EXP-7 (Travel) to you."), body);
    assertFalse(body.contains("because") || body.contains("expired") || body.contains("passed"), body);
  }

  @Test
  void aReminderSomeoneAskedForNamesThemAndNoTimer() {
    String body = body(NotificationEvent.REMINDER, null, null, "erin", null);
    assertTrue(body.contains("erin asks you to look at step payout of approval EXP-7 (Travel): it is still waiting."),
        body);
    assertFalse(body.contains("this is reminder"), body);
    MessageContext context =
        new MessageContext("approval-EXP-7", "EXP-7", "Travel", "erin", Map.of(), "payout", "Payout", null, 1,
            "2026-11-27T07:35:22Z", "2026-11-27T07:35:23Z", null, 5, "erin", null);
    assertEquals("[Overdue] Reminder from erin: Travel",
        DEFAULTS.subject(NotificationEvent.REMINDER, null,
            Templates.scope(NotificationEvent.REMINDER, FIONA, null, context, null)).strip());
  }

  @Test
  void aReminderOfATimerSaysWhichOneAndItsNumber() {
    String body = body(NotificationEvent.REMINDER, "payout.sla", null, null, null);
    assertTrue(body.contains("this is reminder 1 (payout.sla): approval EXP-7 (Travel) is still waiting."), body);
  }

  @Test
  void aReassignmentByATimerNamesTheTimerAndWhenItWasDue() {
    String body = body(NotificationEvent.REASSIGNED, "payout.claim-by", null, null, null);
    assertTrue(
        body.contains("was reassigned to you because payout.claim-by expired at 2026-11-27T07:35:22Z."), body);
  }

  @Test
  void anOfferSaysTheTaskWaitsForWhoeverClaimsItFirst() {
    String body = body(NotificationEvent.TASK_OFFERED, null, null, null, null);
    assertTrue(body.contains("approval EXP-7 (Travel) waits for you: its step is offered to you."), body);
    assertTrue(body.contains("Whoever claims it first decides it."), body);
    assertFalse(body.contains("released") || body.contains("assigned"), body);
    assertEquals(
        "[Overdue] Waiting for you: Travel — Payout",
        DEFAULTS.subject(NotificationEvent.TASK_OFFERED, null,
            Templates.scope(NotificationEvent.TASK_OFFERED, FIONA, null,
                new MessageContext("approval-EXP-7", "EXP-7", "Travel", "erin", Map.of(), "payout", "Payout",
                    null, 1, null, null, null, 5, null, null))));
  }

  @Test
  void anOfferAfterAReleaseSaysWhoReleasedIt() {
    String body = body(NotificationEvent.TASK_OFFERED, null, null, "alice", null);
    assertTrue(body.contains("its step is offered to you again, as alice released it."), body);
  }

  @Test
  void anAssignedTaskSaysItIsAssignedNotOffered() {
    String body = body(NotificationEvent.TASK_OFFERED, null, null, null, "fiona");
    assertTrue(body.contains("waits for you: its step is assigned to you."), body);
    assertFalse(body.contains("offered") || body.contains("claims"), body);
  }

  @ParameterizedTest
  @CsvSource({
    "created, was created",
    "assigned, got an owner",
    "updated, was updated",
    "completed, was completed",
    "deleted, ended undecided",
    "timeout, passed a deadline"
  })
  void eachTaskEventReadsAsASentence(String event, String words) {
    String body = body(NotificationEvent.TASK_EVENT, null, event, null, null);
    assertTrue(body.contains("the task of approval EXP-7 (Travel) " + words + " at 2026-11-27T07:35:23Z."), body);
  }

  @ParameterizedTest
  @EnumSource(NotificationEvent.class)
  void withAnInboxEveryMessageEndsWithItsTask(NotificationEvent event) {
    String body = linked(event, null, INBOX);
    assertTrue(body.endsWith("Requested by erin.\n\nOpen the task: " + TASK + "\n")
        || body.contains("Requested by erin.\n\nOpen the task: " + TASK + "\nApprove: "), body);
  }

  @ParameterizedTest
  @EnumSource(NotificationEvent.class)
  void aRequestWithoutARequesterSaysNothingOfWhoAsked(NotificationEvent event) {
    MessageContext context =
        new MessageContext("approval-EXP-7", "EXP-7", "Travel", null, Map.of(), "payout", "Payout", "payout.sla", 1,
            "2026-11-27T07:35:22Z", "2026-11-27T07:35:23Z", "created", 5, null, null);
    String body = DEFAULTS.body(event, null, Templates.scope(event, FIONA, null, context, INBOX));
    assertFalse(body.contains("Requested by"), body);
    assertTrue(body.contains("\n\nOpen the task: " + TASK + "\n"), "one blank line before the link: " + body);
  }

  @ParameterizedTest
  @EnumSource(NotificationEvent.class)
  void withoutAnInboxMessagesReadAsBefore(NotificationEvent event) {
    String body = linked(event, "fiona", null);
    assertTrue(body.endsWith("\nRequested by erin.\n"), body);
    assertFalse(body.contains("Open the task") || body.contains("Approve") || body.contains("http"), body);
  }

  @ParameterizedTest
  @EnumSource(value = NotificationEvent.class, names = {"TASK_OFFERED", "REMINDER", "REASSIGNED"})
  void offersRemindersAndReassignmentsToADeciderEndWithApproveAndReject(NotificationEvent event) {
    String body = linked(event, "fiona", INBOX);
    assertTrue(body.endsWith("Requested by erin.\n\n"
        + "Open the task: " + TASK + "\n"
        + "Approve: " + TASK + "?action=approve&for=fiona\n"
        + "Reject: " + TASK + "?action=reject&for=fiona\n"
        + "(Both open the task and ask you to confirm before anything is decided.)\n"), body);
  }

  @Test
  void aReminderToSomeoneWhoDoesNotHoldTheTaskOnlyLinksToIt() {
    String body = linked(NotificationEvent.REMINDER, "alice", INBOX);
    assertTrue(body.endsWith("Open the task: " + TASK + "\n"), body);
    assertFalse(body.contains("Approve") || body.contains("action="), body);
  }

  @ParameterizedTest
  @EnumSource(value = NotificationEvent.class, names = {"DEADLINE_ESCALATED", "TIMER_EXPIRED", "TASK_EVENT"})
  void otherMessagesOnlyLinkToTheTaskEvenForItsOwner(NotificationEvent event) {
    String body = linked(event, "fiona", INBOX);
    assertTrue(body.endsWith("Open the task: " + TASK + "\n"), body);
    assertFalse(body.contains("action="), body);
  }
}
