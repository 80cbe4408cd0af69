package dev.overdue.model.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.temporal.api.common.v1.Payload;
import io.temporal.common.converter.DataConverter;
import io.temporal.common.converter.DefaultDataConverter;
import java.io.IOException;
import java.time.LocalDate;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The calendar's settings as the workflow records them: normalized, described, round-tripped. */
class CalendarSettingsTest {

  private static CalendarSettings berlin() {
    return new CalendarSettings(
        "Europe/Berlin", "09:00-17:00", List.of("MON", "TUE", "WED", "THU", "FRI"),
        List.of("2026-12-24", "2026-12-25", "2026-12-26", "2027-01-01"));
  }

  @Test
  void describesItselfInOneLine() {
    assertEquals("Europe/Berlin, MON–FRI 09:00–17:00, 4 holidays", berlin().describe());
    assertEquals(berlin().describe(), berlin().toString());
    assertEquals("UTC, MON, WED, FRI 07:00–12:00, no holidays",
        new CalendarSettings("UTC", "07:00-12:00", List.of("FRI", "WED", "MON"), null).describe());
    assertEquals("UTC, SAT–WED 09:00–17:00, no holidays",
        new CalendarSettings("UTC", null, List.of("MON", "TUE", "WED", "SAT", "SUN"), null).describe());
    assertEquals("UTC, FRI–MON 09:00–17:00, no holidays",
        new CalendarSettings("UTC", null, List.of("MON", "FRI", "SAT", "SUN"), null).describe());
    assertEquals("UTC, MON, TUE, THU, FRI 09:00–17:00, no holidays",
        new CalendarSettings("UTC", null, List.of("MON", "TUE", "THU", "FRI"), null).describe());
    assertEquals("UTC, MON–SUN 00:00–23:59, no holidays",
        new CalendarSettings("UTC", "00:00-23:59",
            List.of("MON", "TUE", "WED", "THU", "FRI", "SAT", "SUN"), null).describe());
  }

  @Test
  void normalizesDaysAndHolidaysEachOnceInOrder() {
    CalendarSettings calendar =
        new CalendarSettings("UTC", " 9:05–17:00 ", List.of("friday", "MON", "Mon", " tue "),
            List.of("2026-05-01", " 2026-01-01", "2026-05-01"));
    assertEquals("09:05-17:00", calendar.workingHours());
    assertEquals(List.of("MONDAY", "TUESDAY", "FRIDAY"), calendar.workingDays());
    assertEquals(List.of("2026-01-01", "2026-05-01"), calendar.holidays());
  }

  @Test
  void atMostAThousandHolidays() {
    List<String> days = LocalDate.of(2026, 1, 1).datesUntil(LocalDate.of(2026, 1, 1).plusDays(1001))
        .map(LocalDate::toString).toList();
    assertEquals(1000, new CalendarSettings("UTC", null, null, days.subList(0, 1000)).holidayDates().size());
    IllegalArgumentException tooMany =
        assertThrows(IllegalArgumentException.class, () -> new CalendarSettings("UTC", null, null, days));
    assertEquals("calendar.holidays: at most 1000 dates, got 1001", tooMany.getMessage());
  }

  @Test
  void roundTripsThroughJacksonAndTemporalsDataConverter() throws IOException {
    for (CalendarSettings calendar :
        List.of(berlin(), CalendarSettings.officeHours(),
            new CalendarSettings("Asia/Kolkata", "10:00-18:30", List.of("mon", "sat"), List.of("2026-08-15")))) {
      ObjectMapper json = new ObjectMapper();
      String text = json.writeValueAsString(calendar);
      assertEquals(calendar, json.readValue(text, CalendarSettings.class), text);
      // Only the four settings: no derived accessor leaks into the recorded value.
      assertEquals(Set.of("zone", "workingHours", "workingDays", "holidays"),
          toSet(json.readTree(text).fieldNames()), text);

      // How the workflow records it: a side-effect value through the default data converter.
      DataConverter converter = DefaultDataConverter.newDefaultInstance();
      Payload payload = converter.toPayload(calendar).orElseThrow();
      assertEquals(calendar, converter.fromPayload(payload, CalendarSettings.class, CalendarSettings.class));
    }
    assertEquals(
        "{\"zone\":\"Europe/Berlin\",\"workingHours\":\"09:00-17:00\","
            + "\"workingDays\":[\"MONDAY\",\"TUESDAY\",\"WEDNESDAY\",\"THURSDAY\",\"FRIDAY\"],"
            + "\"holidays\":[\"2026-12-24\",\"2026-12-25\",\"2026-12-26\",\"2027-01-01\"]}",
        new ObjectMapper().writeValueAsString(berlin()));
  }

  private static Set<String> toSet(java.util.Iterator<String> names) {
    Set<String> set = new java.util.HashSet<>();
    names.forEachRemaining(set::add);
    return set;
  }
}
