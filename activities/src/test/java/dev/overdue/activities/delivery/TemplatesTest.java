package dev.overdue.activities.delivery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.activities.settings.Person;
import dev.overdue.activities.settings.TemplateSettings;
import dev.overdue.workflow.activities.MessageContext;
import dev.overdue.workflow.activities.NotificationEvent;
import dev.overdue.workflow.activities.Recipient;
import dev.overdue.workflow.activities.Recipient.Channel;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class TemplatesTest {
  private static final Templates DEFAULTS = new Templates(Map.of());
  private static final Recipient ALICE = new Recipient("alice", Channel.EMAIL, "alice@example.com");

  private static MessageContext context(String step, String stepTitle) {
    return new MessageContext(
        "approval-PO-4711", "PO-4711", "New laptop", "erin", Map.of("amount", 1200, "note", "R&D <urgent>"),
        step, stepTitle, "sla", 2, "2026-03-01T09:00:00Z", "2026-03-01T09:00:05Z");
  }

  private static Map<String, Object> scope(NotificationEvent event, Person person, MessageContext context) {
    return Templates.scope(event, ALICE, person, asSentFor(event, context));
  }

  /** A task listener's message names the task event, and no timer. */
  private static MessageContext asSentFor(NotificationEvent event, MessageContext c) {
    if (event != NotificationEvent.TASK_EVENT && event != NotificationEvent.TASK_OFFERED) {
      return c;
    }
    return new MessageContext(c.workflowId(), c.requestId(), c.title(), c.requester(), c.data(), c.step(),
        c.stepTitle(), null, 1, c.expiresAt(), c.expiredAt(),
        event == NotificationEvent.TASK_EVENT ? "completed" : null, c.stepPriority(), null, null);
  }

  /** What each default body says happened. */
  private static String saysWhat(NotificationEvent event) {
    return switch (event) {
      case TASK_EVENT -> "was completed";
      case TASK_OFFERED -> "waits for you";
      default -> "sla";
    };
  }

  @ParameterizedTest
  @EnumSource(NotificationEvent.class)
  void defaultsRenderWithAStep(NotificationEvent event) {
    Map<String, Object> scope = scope(event, null, context("finance", "Finance review"));
    String subject = DEFAULTS.subject(event, null, scope);
    String body = DEFAULTS.body(event, null, scope);

    assertTrue(subject.startsWith("[Overdue] ") && subject.contains("New laptop"), subject);
    assertFalse(subject.contains("\n") || subject.contains("{{"), subject);
    assertTrue(body.startsWith("Hello alice,\n"), body);
    assertTrue(body.contains("PO-4711")
        && body.contains(saysWhat(event)), body);
    assertTrue(body.contains("\nStep: Finance review (finance)\n"), body);
    assertTrue(body.contains("Requested by erin."), body);
    assertFalse(body.contains("{{"), body);
  }

  @ParameterizedTest
  @EnumSource(NotificationEvent.class)
  void defaultsRenderWithoutAStep(NotificationEvent event) {
    Map<String, Object> scope = scope(event, null, context(null, null));
    String subject = DEFAULTS.subject(event, null, scope);
    String body = DEFAULTS.body(event, null, scope);

    assertFalse(subject.contains("\n") || subject.contains("{{") || subject.contains("—"), subject);
    assertFalse(body.contains("Step") || body.contains("{{"), body);
    assertTrue(body.contains("(New laptop)") && body.endsWith("Requested by erin.\n"), body);
  }

  @Test
  void escalationSubjectNamesTheStepOnlyWhenThereIsOne() {
    NotificationEvent event = NotificationEvent.DEADLINE_ESCALATED;
    assertEquals(
        "[Overdue] Escalated: New laptop — Finance review",
        DEFAULTS.subject(event, null, scope(event, null, context("finance", "Finance review"))));
    assertEquals(
        "[Overdue] Escalated: New laptop", DEFAULTS.subject(event, null, scope(event, null, context(null, null))));
  }

  @Test
  void stepTitleDefaultsToTheStepName() {
    NotificationEvent event = NotificationEvent.REMINDER;
    String body = DEFAULTS.body(event, null, scope(event, null, context("finance", null)));
    assertTrue(body.contains("Step: finance (finance)"), body);
  }

  @Test
  void requestDataAndTimerAreReachableAndNothingIsHtmlEscaped() {
    NotificationEvent event = NotificationEvent.REMINDER;
    assertEquals(
        "1200 for R&D <urgent>, reminder 2 of sla\n",
        DEFAULTS.body(event, "{{data.amount}} for {{data.note}}, reminder {{timer.firing}} of {{timer.name}}",
            scope(event, null, context(null, null))));
  }

  @Test
  void displayNameComesFromThePersonWhenGiven() {
    NotificationEvent event = NotificationEvent.TIMER_EXPIRED;
    Person alice = new Person("Alice Liddell", "alice@example.com", null, null, null, null);
    Person nameless = new Person(null, "alice@example.com", null, null, null, null);
    assertTrue(DEFAULTS.body(event, null, scope(event, alice, context(null, null))).startsWith("Hello Alice Liddell,"));
    assertTrue(DEFAULTS.body(event, null, scope(event, nameless, context(null, null))).startsWith("Hello alice,"));
  }

  @Test
  void titleFallsBackToTheRequestId() {
    MessageContext untitled =
        new MessageContext("wf", "PO-9", null, "erin", null, null, null, "sla", 1, null, null);
    NotificationEvent event = NotificationEvent.REASSIGNED;
    assertEquals(
        "[Overdue] Reassigned to you: PO-9", DEFAULTS.subject(event, null, scope(event, null, untitled)));
  }

  @Test
  void settingsOverridesReplaceDefaults() {
    Templates templates =
        new Templates(
            Map.of(
                "reminder", new TemplateSettings("Nudge: {{request.id}}", "Please look at {{request.title}}."),
                "reassigned", new TemplateSettings("Yours now: {{request.id}}", null)));
    Map<String, Object> reminder = scope(NotificationEvent.REMINDER, null, context(null, null));
    Map<String, Object> reassigned = scope(NotificationEvent.REASSIGNED, null, context(null, null));
    Map<String, Object> expired = scope(NotificationEvent.TIMER_EXPIRED, null, context(null, null));

    assertEquals("Nudge: PO-4711", templates.subject(NotificationEvent.REMINDER, null, reminder));
    assertEquals("Please look at New laptop.\n", templates.body(NotificationEvent.REMINDER, null, reminder));
    assertEquals("Yours now: PO-4711", templates.subject(NotificationEvent.REASSIGNED, null, reassigned));
    assertEquals(
        DEFAULTS.body(NotificationEvent.REASSIGNED, null, reassigned),
        templates.body(NotificationEvent.REASSIGNED, null, reassigned));
    assertEquals(
        "[Overdue] New laptop: sla expired", templates.subject(NotificationEvent.TIMER_EXPIRED, null, expired));
  }

  @Test
  void theRequestsOwnTemplateWinsOverTheSettings() {
    Templates templates = new Templates(Map.of("reminder", new TemplateSettings("Nudge", "Look")));
    Map<String, Object> scope = scope(NotificationEvent.REMINDER, null, context(null, null));
    assertEquals("Own PO-4711", templates.subject(NotificationEvent.REMINDER, "Own {{request.id}}", scope));
  }

  @Test
  void aSubjectIsOneTrimmedLine() {
    Map<String, Object> scope = scope(NotificationEvent.REMINDER, null, context(null, null));
    assertEquals(
        "Overdue: PO-4711 New laptop",
        DEFAULTS.subject(NotificationEvent.REMINDER, "  Overdue:\n{{request.id}}\r\n  {{request.title}}\n", scope));
  }

  @Test
  void missingNamesRenderAsNothing() {
    Map<String, Object> scope = scope(NotificationEvent.REMINDER, null, context(null, null));
    assertEquals(
        "Hi [][][]!\n",
        DEFAULTS.body(NotificationEvent.REMINDER, "Hi [{{nobody}}][{{data.missing}}][{{step.title}}]!", scope));
  }

  @Test
  void onlyInvalidTemplatesAreRefused() {
    for (String invalid : List.of("{{#open}}", "{{/close}}", "{{}}", "{{ }}")) {
      assertThrows(IllegalArgumentException.class,
          () -> new Templates(Map.of("reminder", new TemplateSettings(invalid, null))), invalid);
    }
    for (String valid : List.of("Hello {{name}}", "{{#step}}{{title}}{{/step}}")) {
      new Templates(Map.of("reminder", new TemplateSettings(valid, null)));
    }
  }

  @Test
  void anInvalidOverrideFailsAtConstructionNamingTheTemplate() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> new Templates(Map.of("reminder", new TemplateSettings("{{#open}}", null))));
    assertTrue(e.getMessage().startsWith("templates.reminder.subject: not a valid Mustache template"), e.getMessage());
  }

  @Test
  void aStepsPriorityIsInTheScopeOfApprovalsThatHaveOne() {
    MessageContext c = context("manager", "Manager approval");
    MessageContext prioritized =
        new MessageContext(c.workflowId(), c.requestId(), c.title(), c.requester(), c.data(), c.step(),
            c.stepTitle(), c.timer(), c.firing(), c.expiresAt(), c.expiredAt(), null, 1, null, null);
    assertEquals("priority 1\n",
        DEFAULTS.body(NotificationEvent.DEADLINE_ESCALATED, "priority {{step.priority}}", scope(NotificationEvent.DEADLINE_ESCALATED, null, prioritized)));
    assertEquals("priority\n",
        DEFAULTS.body(NotificationEvent.DEADLINE_ESCALATED, "priority {{step.priority}}", scope(NotificationEvent.DEADLINE_ESCALATED, null, c)));
  }
}
