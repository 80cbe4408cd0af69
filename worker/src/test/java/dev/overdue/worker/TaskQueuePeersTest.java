package dev.overdue.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.worker.TaskQueuePeers.Level;
import dev.overdue.worker.TaskQueuePeers.Notice;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which other pollers of a task queue are worth a line, and which. */
class TaskQueuePeersTest {
  private static final SettingsFingerprint MINE = new SettingsFingerprint("ab12cd34");
  private static final String ME = MINE.identity("100@host-a");
  private final TaskQueuePeers peers = new TaskQueuePeers("overdue", ME, MINE);

  @Test
  void aWorkerWithOtherSettingsIsWarnedAboutNamingBothAndWhatToDo() {
    String other = "200@host-b overdue settings=ef567890";
    assertEquals(
        List.of(
            new Notice(
                Level.WARN,
                "two workers with different settings poll task queue 'overdue': this one (100@host-a overdue"
                    + " settings=ab12cd34) and 200@host-b overdue settings=ef567890; approvals may run on"
                    + " either, so group lookups, calendars and signed commands may answer differently —"
                    + " stop one, or give each its own --task-queue")),
        peers.review(List.of(ME, other)));
  }

  @Test
  void aWorkerOfThisHostWhoseProcessEndedIsNotSpokenOf() {
    // The service still lists the worker this one replaced (pid 200, ended); pid 300 runs.
    TaskQueuePeers here = new TaskQueuePeers("overdue", ME, MINE, pid -> pid == 300);
    String ended = "200@host-a overdue settings=ef567890";
    String running = "300@host-a overdue settings=ef567890";
    String elsewhere = "200@host-b overdue settings=ef567890";
    assertEquals(
        List.of(Level.WARN, Level.WARN),
        here.review(List.of(ME, ended, running, elsewhere)).stream().map(Notice::level).toList());
    assertTrue(here.review(List.of(ended)).isEmpty());
  }

  @Test
  void eachOtherIdentityIsSpokenOfOnce() {
    String other = "200@host-b overdue settings=ef567890";
    assertEquals(1, peers.review(List.of(ME, other, other)).size());
    assertEquals(List.of(), peers.review(List.of(ME, other)), "a minute later, the same worker");
    String restarted = "300@host-b overdue settings=ef567890";
    List<Notice> again = peers.review(List.of(ME, other, restarted));
    assertEquals(1, again.size(), again.toString());
    assertEquals(Level.WARN, again.get(0).level());
    assertTrue(again.get(0).text().contains(restarted), again.get(0).text());
  }

  @Test
  void workersWithTheSameSettingsAreAFleet() {
    assertEquals(
        List.of(), peers.review(List.of(ME, "200@host-b overdue settings=ab12cd34", "300@host-c overdue settings=ab12cd34")));
  }

  @Test
  void aPollerThatShowsNoSettingsIsMentionedOnlyAsInformation() {
    List<Notice> notices = peers.review(List.of("400@host-d", ME));
    assertEquals(1, notices.size(), notices.toString());
    assertEquals(Level.INFO, notices.get(0).level());
    assertEquals(
        "task queue 'overdue' is also polled by 400@host-d, which does not show its settings (an older"
            + " Overdue worker, or another program); if its settings differ from this one's (100@host-a"
            + " overdue settings=ab12cd34), approvals may run on either and answer differently — stop"
            + " one, or give each its own --task-queue",
        notices.get(0).text());
    assertEquals(List.of(), peers.review(List.of("400@host-d")));
  }

  @Test
  void thisWorkerAloneIsNothingToSay() {
    assertEquals(List.of(), peers.review(List.of(ME)));
    assertEquals(List.of(), peers.review(List.of()));
  }
}
