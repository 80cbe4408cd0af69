package dev.overdue.bpmn;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Camunda 7's due dates written as date arithmetic from the moment the task is created, {@code
 * ${dateTime().plusWeeks(1).toDate()}} (Camunda's own example), as the ISO duration a step's
 * timeout counts from the same moment. Weeks, days, hours, minutes and seconds have a fixed
 * length and add up; months and years do not, so they are refused as everywhere in the import.
 */
final class DateTimeArithmetic {
  private DateTimeArithmetic() {}

  private static final Pattern WHOLE =
      Pattern.compile("[$#]\\{\\s*dateTime\\(\\)((?:\\s*\\.\\s*plus[A-Za-z]+\\(\\s*\\d+\\s*\\))+)\\s*(?:\\.\\s*toDate\\(\\)\\s*)?}");
  private static final Pattern CALL = Pattern.compile("plus([A-Za-z]+)\\(\\s*(\\d+)\\s*\\)");

  /** The duration, or why it has none ({@code refusal}); empty when {@code text} is no such arithmetic. */
  record Period(String duration, String refusal) {}

  static Optional<Period> of(String text) {
    Matcher whole = WHOLE.matcher(text.strip());
    if (!whole.matches()) {
      return Optional.empty();
    }
    long days = 0;
    long seconds = 0;
    Matcher call = CALL.matcher(whole.group(1));
    while (call.find()) {
      long n = Long.parseLong(call.group(2));
      switch (call.group(1).toLowerCase(Locale.ROOT)) {
        case "weeks" -> days += 7 * n;
        case "days" -> days += n;
        case "hours" -> seconds += 3600 * n;
        case "minutes" -> seconds += 60 * n;
        case "seconds" -> seconds += n;
        case "months", "years" -> {
          return Optional.of(new Period(null, "plus" + call.group(1) + " counts months or years, which have no fixed"
              + " length in Overdue (write days, plusDays(30))"));
        }
        default -> {
          return Optional.of(new Period(null, "plus" + call.group(1) + " is not a unit of time Overdue reads"));
        }
      }
    }
    return Optional.of(new Period(iso(days, seconds), null));
  }

  private static String iso(long days, long seconds) {
    StringBuilder iso = new StringBuilder("P");
    if (days > 0) {
      iso.append(days).append('D');
    }
    if (seconds > 0) {
      iso.append('T');
      if (seconds / 3600 > 0) {
        iso.append(seconds / 3600).append('H');
      }
      if (seconds % 3600 / 60 > 0) {
        iso.append(seconds % 3600 / 60).append('M');
      }
      if (seconds % 60 > 0) {
        iso.append(seconds % 60).append('S');
      }
    }
    return iso.length() == 1 ? "PT0S" : iso.toString();
  }
}
