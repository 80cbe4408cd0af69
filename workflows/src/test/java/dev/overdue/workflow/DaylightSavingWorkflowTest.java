package dev.overdue.workflow;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.overdue.api.PlanEntry;
import dev.overdue.model.schedule.CalendarSettings;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * A daily reminder keeps its local time across the worker's zone's next daylight-saving change:
 * `plan` and `timers` show 17:00 on both sides, and the timer fires there (edition shape-17).
 */
class DaylightSavingWorkflowTest {
  static final ApprovalTestEnvironment t = new ApprovalTestEnvironment();
  static final ZoneId NEW_YORK = ZoneId.of("America/New_York");

  @AfterAll
  static void close() {
    WorkerCalendar.use(CalendarSettings.officeHours());
    t.close();
  }

  @Test
  void aDailyReminderAt17FiresAt17OnBothSidesOfTheChange() {
    WorkerCalendar.use(new CalendarSettings(NEW_YORK.getId(), null, null, null));
    Instant change = NEW_YORK.getRules().nextTransition(t.now()).getInstant();
    LocalDate dayBefore = change.atZone(NEW_YORK).toLocalDate().minusDays(1);
    String id =
        t.start(
            "{'requestId':'DST-1','steps':[{'name':'manager','approvers':['alice'],'completionDeadlines':["
                + "{'name':'daily','cycle':'R3/" + dayBefore.atTime(17, 0) + "/P1D','escalations':[{'action':'warn'}]}]}]}");
    List<Instant> expected =
        List.of(0, 1, 2).stream().map(k -> dayBefore.plusDays(k).atTime(17, 0).atZone(NEW_YORK).toInstant()).toList();
    List<Instant> planned =
        t.approvals.plan(id).stream()
            .filter(e -> "manager.daily".equals(e.timer()))
            .map(PlanEntry::at)
            .map(Instant::parse)
            .distinct()
            .toList();
    assertEquals(expected, planned, "17:00 in New York each day, whatever the offset");
    assertEquals(expected.get(0).toString(), t.timer(id, "manager.daily").expiresAt());

    t.sleep(Duration.between(t.now(), expected.get(2).plus(Duration.ofHours(1))));
    assertEquals(3, t.timer(id, "manager.daily").firings());
    List<Instant> warnedAt =
        t.status(id).warnings().stream().map(w -> Instant.parse(w.at()).truncatedTo(ChronoUnit.SECONDS)).toList();
    assertEquals(expected, warnedAt);
  }
}
