package dev.overdue.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.overdue.activities.settings.NotificationSettings;
import dev.overdue.model.schedule.CalendarSettings;
import dev.overdue.workflow.activities.Recipient;
import java.io.IOException;
import java.nio.file.Path;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The {@code calendar:} section of the worker's settings file: loaded, checked, explained. */
class CalendarSectionTest {
  private static final Function<String, String> NO_ENVIRONMENT = SettingsFiles.NO_ENVIRONMENT;
  private static final Set<DayOfWeek> MONDAY_TO_FRIDAY = EnumSet.range(DayOfWeek.MONDAY, DayOfWeek.FRIDAY);

  @TempDir Path dir;
  SettingsFiles files;

  @BeforeEach
  void files() {
    files = new SettingsFiles(dir);
  }

  private WorkerSettings load(String name, String text, Function<String, String> environment) throws IOException {
    return files.load(name, text, environment);
  }

  private WorkerSettings load(String yaml) throws IOException {
    return files.load(yaml);
  }

  private String failure(String yaml) throws IOException {
    return files.failure(yaml);
  }

  private static CalendarSettings berlin() {
    return new CalendarSettings(
        "Europe/Berlin", "09:00-17:00", List.of("MON", "TUE", "WED", "THU", "FRI"),
        List.of("2026-12-24", "2026-12-25", "2026-12-26", "2027-01-01"));
  }

  @Test
  void loadsTheCalendarSectionFromYaml() throws IOException {
    CalendarSettings calendar =
        load(
            """
            calendar:
              zone: Europe/Berlin
              workingHours: "08:30-16:45"
              workingDays: [mon, Tuesday, WED, thursday, Fri]
              holidays: [2027-01-01, 2026-12-25, 2026-12-24, 2026-12-26]
            """)
            .calendar();

    assertEquals("Europe/Berlin", calendar.zone());
    assertEquals(ZoneId.of("Europe/Berlin"), calendar.zoneId());
    assertEquals("08:30-16:45", calendar.workingHours());
    assertEquals(LocalTime.of(8, 30), calendar.dayStart());
    assertEquals(LocalTime.of(16, 45), calendar.dayEnd());
    assertEquals(List.of("MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY"), calendar.workingDays());
    assertEquals(MONDAY_TO_FRIDAY, calendar.days());
    // Unquoted YAML dates stay text (no timestamp resolution) and come back sorted.
    assertEquals(List.of("2026-12-24", "2026-12-25", "2026-12-26", "2027-01-01"), calendar.holidays());
    assertEquals(
        List.of(LocalDate.of(2026, 12, 24), LocalDate.of(2026, 12, 25), LocalDate.of(2026, 12, 26),
            LocalDate.of(2027, 1, 1)),
        new ArrayList<>(calendar.holidayDates()));
  }

  @Test
  void loadsTheCalendarSectionFromJson() throws IOException {
    CalendarSettings calendar =
        load(
            "worker.json",
            """
            {"calendar": {"zone": "America/New_York", "workingHours": "9:00 - 17:30",
                          "workingDays": ["SUN", "MON", "TUE", "WED", "THU"], "holidays": ["2026-07-03"]}}
            """,
            NO_ENVIRONMENT)
            .calendar();
    assertEquals(ZoneId.of("America/New_York"), calendar.zoneId());
    assertEquals("09:00-17:30", calendar.workingHours());
    assertEquals(List.of("MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "SUNDAY"), calendar.workingDays());
    assertEquals(Set.of(LocalDate.of(2026, 7, 3)), calendar.holidayDates());
    assertEquals("America/New_York, SUN–THU 09:00–17:30, 1 holiday", calendar.describe());
  }

  @Test
  void theZoneMayComeFromTheEnvironment() throws IOException {
    String yaml = "calendar:\n  zone: ${OVERDUE_ZONE:-Europe/Berlin}\n";
    assertEquals(
        ZoneId.of("Asia/Tokyo"), load("worker.yaml", yaml, Map.of("OVERDUE_ZONE", "Asia/Tokyo")::get).calendar().zoneId());
    assertEquals(ZoneId.of("Europe/Berlin"), load(yaml).calendar().zoneId());
  }

  @Test
  void onlyTheZoneIsRequired() throws IOException {
    CalendarSettings calendar = load("calendar: {zone: Europe/Vienna}\n").calendar();
    assertEquals(new CalendarSettings("Europe/Vienna", "09:00-17:00",
        List.of("MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY"), List.of()), calendar);
    assertEquals(LocalTime.of(9, 0), calendar.dayStart());
    assertEquals(LocalTime.of(17, 0), calendar.dayEnd());
    assertEquals(MONDAY_TO_FRIDAY, calendar.days());
    assertEquals(Set.of(), calendar.holidayDates());
  }

  @Test
  void withoutTheSectionThereIsNoCalendarAndTheDefaultIsOfficeHoursInUtc() throws IOException {
    WorkerSettings settings = load("notifications: {store: memory}\n");
    assertNull(settings.calendar());
    assertNull(load("calendar:\n").calendar());
    assertNull(WorkerSettings.defaults().calendar());

    CalendarSettings officeHours = CalendarSettings.officeHours();
    assertEquals(officeHours, settings.calendarOrDefault());
    assertEquals(ZoneId.of("UTC"), officeHours.zoneId());
    assertEquals(LocalTime.of(9, 0), officeHours.dayStart());
    assertEquals(LocalTime.of(17, 0), officeHours.dayEnd());
    assertEquals(MONDAY_TO_FRIDAY, officeHours.days());
    assertEquals(Set.of(), officeHours.holidayDates());
    assertEquals("UTC, MON–FRI 09:00–17:00, no holidays", officeHours.toString());
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '`',
      value = {
        "calendar: {workingHours: '09:00-17:00'}"
            + " | calendar: calendar.zone is required (an IANA time zone such as Europe/Berlin)",
        "calendar: {zone: ''}"
            + " | calendar: calendar.zone is required",
        "calendar: {zone: Mars/Olympus}"
            + " | calendar: calendar.zone 'Mars/Olympus' is not a time zone",
        "calendar: {zone: CEST}"
            + " | calendar: calendar.zone 'CEST' is not a time zone",
        "calendar: {zone: UTC, workingHours: '17:00-09:00'}"
            + " | calendar: calendar.workingHours must start before they end: '17:00-09:00'",
        "calendar: {zone: UTC, workingHours: '09:00-09:00'}"
            + " | calendar: calendar.workingHours must start before they end: '09:00-09:00'",
        "calendar: {zone: UTC, workingHours: '9 to 5'}"
            + " | calendar: calendar.workingHours must be like \"09:00-17:00\": '9 to 5'",
        "calendar: {zone: UTC, workingHours: '09:00-24:00'}"
            + " | calendar: calendar.workingHours '09:00-24:00' is not a time range within 00:00-23:59",
        "calendar: {zone: UTC, workingHours: '09:75-17:00'}"
            + " | calendar: calendar.workingHours '09:75-17:00' is not a time range within 00:00-23:59",
        "calendar: {zone: UTC, workingDays: [MON, Funday, TUESDAYS]}"
            + " | calendar: calendar.workingDays[1]: 'Funday' is not a day (MON, TUE, ... or MONDAY, TUESDAY, ...)",
        "calendar: {zone: UTC, workingDays: [MON, Funday, TUESDAYS]}"
            + " | calendar.workingDays[2]: 'TUESDAYS' is not a day",
        "calendar: {zone: UTC, workingDays: []}"
            + " | calendar: calendar.workingDays must name at least one working day",
        "calendar: {zone: UTC, holidays: [2026-12-24, 2026-02-30, 24.12.2026]}"
            + " | calendar: calendar.holidays[1]: '2026-02-30' is not a date (YYYY-MM-DD)",
        "calendar: {zone: UTC, holidays: [2026-12-24, 2026-02-30, 24.12.2026]}"
            + " | calendar.holidays[2]: '24.12.2026' is not a date (YYYY-MM-DD)",
        "calendar: {zone: UTC, workinghours: '09:00-17:00'}"
            + " | calendar.workinghours: Unrecognized field \"workinghours\"",
        "calendar: {zone: UTC, workingDays: MON}"
            + " | calendar.workingDays: must be a list, like [a, b]",
        "calendar: Europe/Berlin"
            + " | calendar: must be a section of fields (name: value), not a single value",
        "calendar: [Europe/Berlin]"
            + " | calendar: must be a section of fields (name: value), not a list",
      })
  void anInvalidCalendarIsExplainedWithTheField(String yaml, String expected) throws IOException {
    files.assertExplained(yaml, expected);
  }

  @Test
  void everyBadFieldIsNamedAtOnce() throws IOException {
    String message =
        failure("calendar: {zone: Nowhere/Town, workingHours: '18:00-08:00', workingDays: [XYZ], holidays: [soon]}\n");
    SettingsFiles.assertContains("calendar.zone 'Nowhere/Town' is not a time zone", message);
    SettingsFiles.assertContains("calendar.workingHours must start before they end", message);
    SettingsFiles.assertContains("calendar.workingDays[0]: 'XYZ' is not a day", message);
    SettingsFiles.assertContains("calendar.holidays[0]: 'soon' is not a date", message);
  }

  @Test
  void roundTripsThroughYaml() throws IOException {
    ObjectMapper yaml = new ObjectMapper(new YAMLFactory());
    for (CalendarSettings calendar : List.of(berlin(), CalendarSettings.officeHours())) {
      assertEquals(calendar, yaml.readValue(yaml.writeValueAsString(calendar), CalendarSettings.class));
    }
  }

  @Test
  void theSettingsKeepTheCalendarWhenTheNotificationsChange() throws IOException {
    WorkerSettings settings = load("calendar: {zone: Europe/Berlin}\n");
    WorkerSettings changed =
        settings.withNotifications(settings.notifications().withStore(NotificationSettings.MEMORY_STORE));
    assertNull(changed.notifications().storePath());
    assertEquals(settings.calendar(), changed.calendar());
    assertEquals(settings.directory(), changed.directory());
  }

  @Test
  void theExampleSettingsHaveACalendarAndAManagerEscalation() {
    Map<String, String> environment = Map.of("SMTP_PASSWORD", "pw", "OPS_WEBHOOK_SECRET", "secret");
    WorkerSettings settings =
        WorkerSettings.load(Path.of("..", "docs", "examples", "overdue.yaml"), environment::get);
    assertEquals("Europe/Berlin, MON–FRI 09:00–17:00, 4 holidays", settings.calendar().describe());
    assertEquals(
        List.of("carol", "ops-bot"),
        settings.directory().resolve(List.of("escalation"), settings.notifications().webhooks().keySet())
            .resolved().stream().map(Recipient::name).toList());
  }

}
