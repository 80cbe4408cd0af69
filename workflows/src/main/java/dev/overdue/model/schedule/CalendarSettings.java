package dev.overdue.model.schedule;

import java.time.DateTimeException;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The business calendar timers count working time in: {@code zone} (an IANA time zone, required),
 * {@code workingHours} ({@code "09:00-17:00"} by default), {@code workingDays} (Monday to Friday
 * by default; {@code MON} or {@code MONDAY}, any case) and {@code holidays} (ISO dates, at most
 * {@value #MAX_HOLIDAYS}).
 *
 * <p>Only strings and lists of strings, normalized at construction (hours {@code HH:mm-HH:mm}, full
 * upper-case day names in week order, holidays sorted and each once), so that the workflow can
 * record it as a plain Jackson value and rebuild the same calendar from it on every replay. The
 * calendar arithmetic itself lives in the workflows module ({@code BusinessCalendar}); the
 * accessors here only give the parts as {@code java.time} values.
 */
public record CalendarSettings(
    String zone, String workingHours, List<String> workingDays, List<String> holidays) {

  public static final int MAX_HOLIDAYS = 1000;
  public static final String DEFAULT_WORKING_HOURS = "09:00-17:00";
  private static final List<String> DEFAULT_WORKING_DAYS =
      List.of("MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY");
  /** {@code 9:00-17:00}, {@code 09:00 - 17:30}, {@code 08:00–16:00} (an en dash, as people type it). */
  private static final Pattern HOURS =
      Pattern.compile("\\s*(\\d{1,2}:\\d{2})\\s*[-–]\\s*(\\d{1,2}:\\d{2})\\s*");

  /** Validates every field at once and throws one message naming each bad field. */
  public CalendarSettings {
    List<String> problems = new ArrayList<>();
    if (zone == null || zone.isBlank()) {
      problems.add("calendar.zone is required (an IANA time zone such as Europe/Berlin)");
    } else {
      try {
        ZoneId.of(zone);
      } catch (DateTimeException e) {
        problems.add("calendar.zone " + quote(zone) + " is not a time zone (IANA ids such as Europe/Berlin)");
      }
    }
    workingHours = normalizedHours(workingHours == null ? DEFAULT_WORKING_HOURS : workingHours, problems);
    workingDays = workingDays == null ? DEFAULT_WORKING_DAYS : normalizedDays(workingDays, problems);
    holidays = holidays == null ? List.of() : normalizedHolidays(holidays, problems);
    if (!problems.isEmpty()) {
      throw new IllegalArgumentException(String.join("; ", problems));
    }
  }

  /** Monday to Friday, 09:00–17:00, UTC, no holidays: the calendar when the settings have none. */
  public static CalendarSettings officeHours() {
    return new CalendarSettings("UTC", null, null, null);
  }

  public ZoneId zoneId() {
    return ZoneId.of(zone);
  }

  public LocalTime dayStart() {
    return LocalTime.parse(workingHours.substring(0, 5));
  }

  public LocalTime dayEnd() {
    return LocalTime.parse(workingHours.substring(6));
  }

  /** The working days, in week order. */
  public Set<DayOfWeek> days() {
    EnumSet<DayOfWeek> days = EnumSet.noneOf(DayOfWeek.class);
    workingDays.forEach(day -> days.add(DayOfWeek.valueOf(day)));
    return Collections.unmodifiableSet(days);
  }

  /** The holidays, in date order. */
  public Set<LocalDate> holidayDates() {
    TreeSet<LocalDate> dates = new TreeSet<>();
    holidays.forEach(date -> dates.add(LocalDate.parse(date)));
    return Collections.unmodifiableSortedSet(dates);
  }

  /** One line for logs and derivation trails: {@code Europe/Berlin, MON–FRI 09:00–17:00, 4 holidays}. */
  public String describe() {
    return zone + ", " + dayRanges() + " " + workingHours.replace('-', '–') + ", "
        + (holidays.isEmpty() ? "no holidays" : holidays.size() + (holidays.size() == 1 ? " holiday" : " holidays"));
  }

  @Override
  public String toString() {
    return describe();
  }

  /** Runs of three or more consecutive days as ranges, across the weekend too: SUN–THU, MON, WED, FRI. */
  private String dayRanges() {
    Set<DayOfWeek> days = days();
    if (days.size() == 7) {
      return "MON–SUN";
    }
    // Start the week after a day off, so that a run such as SUN–THU is not cut at Monday.
    DayOfWeek first = DayOfWeek.MONDAY;
    while (!(days.contains(first) && !days.contains(first.minus(1)))) {
      first = first.plus(1);
    }
    List<String> parts = new ArrayList<>();
    List<DayOfWeek> run = new ArrayList<>();
    for (int i = 0; i <= 7; i++) {
      DayOfWeek day = first.plus(i);
      if (i < 7 && days.contains(day)) {
        run.add(day);
        continue;
      }
      if (run.size() >= 3) {
        parts.add(shortName(run.get(0)) + "–" + shortName(run.get(run.size() - 1)));
      } else {
        run.forEach(d -> parts.add(shortName(d)));
      }
      run.clear();
    }
    return String.join(", ", parts);
  }

  private static String shortName(DayOfWeek day) {
    return day.name().substring(0, 3);
  }

  private static String normalizedHours(String value, List<String> problems) {
    Matcher matcher = HOURS.matcher(value);
    if (!matcher.matches()) {
      problems.add("calendar.workingHours must be like \"09:00-17:00\": " + quote(value));
      return value;
    }
    LocalTime start = time(matcher.group(1));
    LocalTime end = time(matcher.group(2));
    if (start == null || end == null) {
      problems.add("calendar.workingHours " + quote(value) + " is not a time range within 00:00-23:59");
      return value;
    }
    if (!start.isBefore(end)) {
      problems.add("calendar.workingHours must start before they end: " + quote(value));
      return value;
    }
    return start + "-" + end;
  }

  /** {@code H:mm} or {@code HH:mm}, or null when it is no time of day (25:00, 24:00, 09:61). */
  private static LocalTime time(String value) {
    try {
      return LocalTime.parse(value.length() == 4 ? "0" + value : value);
    } catch (DateTimeParseException e) {
      return null;
    }
  }

  private static List<String> normalizedDays(List<String> names, List<String> problems) {
    EnumSet<DayOfWeek> days = EnumSet.noneOf(DayOfWeek.class);
    for (int i = 0; i < names.size(); i++) {
      DayOfWeek day = day(names.get(i));
      if (day == null) {
        problems.add("calendar.workingDays[" + i + "]: " + quote(names.get(i))
            + " is not a day (MON, TUE, ... or MONDAY, TUESDAY, ...)");
      } else {
        days.add(day);
      }
    }
    if (names.isEmpty()) {
      problems.add("calendar.workingDays must name at least one working day");
    }
    return days.stream().map(DayOfWeek::name).toList();
  }

  private static DayOfWeek day(String name) {
    if (name == null) {
      return null;
    }
    String upper = name.strip().toUpperCase(Locale.ROOT);
    for (DayOfWeek day : DayOfWeek.values()) {
      if (day.name().equals(upper) || shortName(day).equals(upper)) {
        return day;
      }
    }
    return null;
  }

  private static List<String> normalizedHolidays(List<String> dates, List<String> problems) {
    if (dates.size() > MAX_HOLIDAYS) {
      problems.add("calendar.holidays: at most " + MAX_HOLIDAYS + " dates, got " + dates.size());
      return List.of();
    }
    TreeSet<LocalDate> sorted = new TreeSet<>();
    for (int i = 0; i < dates.size(); i++) {
      String date = dates.get(i);
      try {
        sorted.add(LocalDate.parse(date == null ? "" : date.strip()));
      } catch (DateTimeParseException e) {
        problems.add("calendar.holidays[" + i + "]: " + quote(date) + " is not a date (YYYY-MM-DD)");
      }
    }
    return sorted.stream().map(LocalDate::toString).toList();
  }

  private static String quote(String value) {
    return "'" + value + "'";
  }
}
