package dev.overdue.activities.delivery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
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

/** The {@code links} scope: the task page always, action links only for whoever could decide. */
class InboxLinksTest {
  private static final InboxLinks INBOX = InboxLinks.of(new InboxSettings("https://inbox.example.com/"));
  private static final Recipient FIONA = new Recipient("fiona", Channel.EMAIL, "fiona@example.com");

  private static MessageContext context(String requestId, String step, String taskEvent, String owner) {
    return new MessageContext("approval-" + requestId, requestId, "Travel", "erin", Map.of(), step, "Payout",
        "payout.sla", 1, "2026-11-27T07:35:22Z", "2026-11-27T07:35:23Z", taskEvent, 5, null, owner);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> links(NotificationEvent event, Recipient to, MessageContext context) {
    return (Map<String, Object>) Templates.scope(event, to, null, context, INBOX).get("links");
  }

  @Test
  void theTaskPageIsTheBaseWithoutItsSlashAndTheRequestId() {
    Map<String, Object> links = links(NotificationEvent.REMINDER, FIONA, context("PO-4711", "payout", null, null));
    assertEquals(Map.of("task", "https://inbox.example.com/tasks/PO-4711"), links);
  }

  @Test
  void anInboxBelowAPathKeepsIt() {
    InboxLinks below = InboxLinks.of(new InboxSettings("http://intranet.example.com:8080/approvals"));
    assertEquals("http://intranet.example.com:8080/approvals/tasks/EXP-7",
        below.scope(NotificationEvent.REMINDER, FIONA, context("EXP-7", null, null, null)).get("task"));
  }

  @Test
  void theOwnerGetsActionLinksWithTheirNameEncoded() {
    Recipient jose = new Recipient("José Müller & Co", Channel.EMAIL, "jose@example.com");
    Map<String, Object> links =
        links(NotificationEvent.REMINDER, jose, context("PO:4711 x/y", "payout", null, "José Müller & Co"));
    String task = "https://inbox.example.com/tasks/PO%3A4711%20x%2Fy";
    assertEquals(task, links.get("task"));
    assertEquals(task + "?action=approve&for=Jos%C3%A9%20M%C3%BCller%20%26%20Co", links.get("approve"));
    assertEquals(task + "?action=reject&for=Jos%C3%A9%20M%C3%BCller%20%26%20Co", links.get("reject"));
  }

  @Test
  void unreservedCharactersStayAsTheyAre() {
    assertEquals("a-Z.0_9~", InboxLinks.encode("a-Z.0_9~"));
    assertEquals("%2B%3D%3F%23%25", InboxLinks.encode("+=?#%"));
  }

  @ParameterizedTest
  @EnumSource(value = NotificationEvent.class, names = {"TASK_OFFERED", "REASSIGNED"})
  void messagesToTheTasksDecidersByConstructionOfferActions(NotificationEvent event) {
    Map<String, Object> links = links(event, FIONA, context("EXP-7", "payout", null, null));
    assertEquals("https://inbox.example.com/tasks/EXP-7?action=approve&for=fiona", links.get("approve"));
    assertEquals("https://inbox.example.com/tasks/EXP-7?action=reject&for=fiona", links.get("reject"));
  }

  @ParameterizedTest
  @EnumSource(value = NotificationEvent.class, names = {"REMINDER", "DEADLINE_ESCALATED", "TIMER_EXPIRED", "TASK_EVENT"})
  void messagesToWhoeverAHandlerNamesOfferNoActionsToOthersThanTheOwner(NotificationEvent event) {
    Map<String, Object> links = links(event, FIONA, context("EXP-7", "payout", "created", "alice"));
    assertEquals(Map.of("task", "https://inbox.example.com/tasks/EXP-7"), links);
    assertTrue(links(event, FIONA, context("EXP-7", "payout", "created", "fiona")).containsKey("approve"), event.key());
  }

  @ParameterizedTest
  @CsvSource({"completed", "deleted"})
  void aTaskThatEndedOffersNoActionsEvenToItsOwner(String taskEvent) {
    Map<String, Object> links = links(NotificationEvent.TASK_EVENT, FIONA, context("EXP-7", "payout", taskEvent, "fiona"));
    assertFalse(links.containsKey("approve") || links.containsKey("reject"), links.toString());
  }

  @Test
  void withoutAStepThereIsNothingToDecide() {
    Map<String, Object> links = links(NotificationEvent.TASK_OFFERED, FIONA, context("EXP-7", null, null, null));
    assertEquals(Map.of("task", "https://inbox.example.com/tasks/EXP-7"), links);
  }

  @Test
  void aChannelInAReassignedGroupIsNoPerson() {
    Recipient hook = new Recipient("webhook:ops", Channel.WEBHOOK, "ops");
    assertFalse(links(NotificationEvent.REASSIGNED, hook, context("EXP-7", "payout", null, null)).containsKey("approve"));
  }

  @Test
  void withoutAnInboxThereAreNoLinks() {
    assertNull(InboxLinks.of(null));
    Map<String, Object> scope =
        Templates.scope(NotificationEvent.TASK_OFFERED, FIONA, null, context("EXP-7", "payout", null, null), null);
    assertFalse(scope.containsKey("links"), scope.toString());
    assertEquals(scope,
        Templates.scope(NotificationEvent.TASK_OFFERED, FIONA, null, context("EXP-7", "payout", null, null)));
  }
}
