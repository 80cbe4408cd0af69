package dev.overdue.workflow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.api.ApprovalCommand;
import dev.overdue.api.HistoryEntry;
import dev.overdue.client.RefusedException;
import dev.overdue.workflow.activities.Delivery;
import dev.overdue.workflow.activities.NotificationEvent;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A nudge through Temporal: its Update reaches the notification activity; a second one is refused. */
class NudgeWorkflowTest {
  private ApprovalTestEnvironment t;

  @BeforeEach
  void setUp() {
    t = new ApprovalTestEnvironment();
  }

  @AfterEach
  void tearDown() {
    t.close();
  }

  private List<Delivery> reminders() {
    return t.activities.deliveries.stream().filter(d -> d.event() == NotificationEvent.REMINDER).toList();
  }

  @Test
  void theRequestersNudgeRemindsThePotentialOwnersOnceAnHour() {
    String id =
        t.start("{'requestId':'NUDGE-1','requester':'carol','steps':[{'name':'manager','approvers':['alice','bob']}]}");
    assertEquals("step manager: alice, bob reminded by carol",
        t.approvals.update(id, new ApprovalCommand.Nudge(null, "carol")).message());
    t.sleep(Duration.ofSeconds(1));
    List<Delivery> sent = reminders();
    assertEquals(List.of("alice", "bob"), sent.stream().map(d -> d.recipient().name()).toList());
    assertTrue(sent.stream().allMatch(d -> "carol".equals(d.context().by())), sent.toString());
    assertTrue(sent.get(0).idempotencyKey().contains("/manager:nudged/1/alice/"), sent.get(0).idempotencyKey());

    RefusedException refused =
        assertThrows(RefusedException.class, () -> t.approvals.update(id, new ApprovalCommand.Nudge(null, "carol")));
    assertTrue(refused.reason().contains("you can nudge again in 60 minutes"), refused.reason());
    t.sleep(Duration.ofSeconds(1));
    assertEquals(2, reminders().size(), "the refused nudge reminded no one");
    List<HistoryEntry> nudges = t.history(id).stream().filter(h -> h.name().equals("nudge")).toList();
    assertEquals(1, nudges.size(), "a refused Update is not in the trail: " + nudges);
    assertTrue(nudges.get(0).accepted());
    assertFalse(t.history(id).stream().filter(h -> h.name().equals("Nudged")).toList().isEmpty());
  }
}
