package dev.overdue.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.overdue.model.schedule.CalendarSettings;
import dev.overdue.starter.CliHarness.Run;
import dev.overdue.workflow.WorkerCalendar;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Schedules from the command line, against the real workflow on a time-skipping in-memory service:
 * cron and working-time cycles in {@code timers --explain}, and {@code recalculate} after the
 * worker's calendar changed.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class SchedulesCliTest {
  static final String YAML =
      """
      requestId: PO-4714
      requester: carol
      steps:
        - name: manager
          approvers: [alice]
          completionDeadlines:
            - name: due
              for: P3D
              calendar: business
            - name: daily
              cycle: 0 0 9 ? * MON-FRI
              calendar: business
            - name: twice
              cycle: R2/PT1D
      """;

  @TempDir Path dir;
  CliHarness cli;

  @BeforeEach
  void startService() {
    WorkerCalendar.use(CalendarSettings.officeHours());
    cli = new CliHarness();
  }

  @AfterEach
  void stopService() {
    cli.close();
    WorkerCalendar.use(CalendarSettings.officeHours());
  }

  private void startYaml() throws IOException {
    Path file = Files.writeString(dir.resolve("po-4714.yaml"), YAML);
    cli.run("start", "--file", file.toString()).expect(0);
  }

  private String expiresAt(String timer) {
    for (JsonNode t : cli.run("timers", "PO-4714", "--json").expect(0).json()) {
      if (t.get("name").asText().equals(timer)) {
        return t.get("expiresAt").asText();
      }
    }
    throw new AssertionError("no timer " + timer);
  }

  @Test
  void timersShowEachScheduleNormalizedAndExplainItInWords() throws IOException {
    startYaml();
    String table = cli.run("timers", "PO-4714").expect(0).out();
    assertTrue(table.contains("0 0 9 ? * MON-FRI business"), table);
    assertTrue(table.contains("R2/P1D "), "R2/PT1D shows as the duration it reads: " + table);
    String explained = cli.run("timers", "PO-4714", "--explain").expect(0).out();
    assertTrue(
        explained.contains(
            "cron 0 0 9 ? * MON-FRI (at 09:00 every day between Monday and Friday) in UTC,"
                + " on working days, until cleared"),
        explained);
  }

  @Test
  void aCronCycleThatFiredStillReadsAsRunningTowardItsNextTime() throws IOException {
    startYaml();
    cli.sleep(java.time.Duration.ofDays(6));
    String table = cli.run("timers", "PO-4714").expect(0).out();
    String daily =
        table.lines().filter(l -> l.startsWith("manager.daily")).findFirst().orElseThrow();
    assertTrue(daily.contains(" RUNNING ") && !daily.contains("expired"), table);
    String due = table.lines().filter(l -> l.startsWith("manager.due")).findFirst().orElseThrow();
    assertTrue(due.contains("RUNNING (expired, handlers ran)"), table);
  }

  @Test
  void recalculateMovesWorkingTimeDatesIntoTheWorkersNewCalendarAndSaysHow() throws IOException {
    startYaml();
    String before = expiresAt("manager.due");
    // Every day of the next three weeks becomes a holiday, as if announced after the start.
    LocalDate today = Instant.parse(before).atZone(ZoneOffset.UTC).toLocalDate().minusDays(5);
    List<String> holidays =
        Stream.iterate(today, d -> d.plusDays(1)).limit(21).map(LocalDate::toString).toList();
    WorkerCalendar.use(new CalendarSettings("UTC", null, null, holidays));

    Run recalculated = cli.run("recalculate", "PO-4714", "--user", "carol").expect(0);

    String after = expiresAt("manager.due");
    assertTrue(Instant.parse(after).isAfter(Instant.parse(before)), before + " → " + after);
    assertTrue(
        recalculated
            .out()
            .startsWith(
                "recalculated in UTC, MON–FRI 09:00–17:00, 21 holidays: manager.due "
                    + Instant.parse(before)
                    + " → "
                    + Instant.parse(after)),
        recalculated.out());
    String explained = cli.run("timers", "PO-4714", "--explain").expect(0).out();
    assertTrue(
        explained.contains("carol: recalculated in UTC, MON–FRI 09:00–17:00, 21 holidays"),
        explained);
    assertEquals(
        "UTC, MON–FRI 09:00–17:00, 21 holidays",
        cli.run("timers", "PO-4714", "--json")
            .expect(0)
            .json()
            .get(1)
            .get("derivation")
            .get("calendar")
            .asText());
  }

  @Test
  void recalculateIsRefusedWhenNothingCountsInTheCalendar() {
    cli.run("start", "--request-id", "PO-4715", "--step", "manager=alice", "--timeout", "P5D")
        .expect(0);
    Run refused = cli.run("recalculate", "PO-4715").expect(1);
    assertTrue(refused.err().startsWith("rejected: nothing to recalculate"), refused.err());
  }
}
