package dev.overdue.model.schedule;

import dev.overdue.model.Texts;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Quartz forms that cron-utils 9.2.1, which Overdue reads cron with, reads as other times than
 * Quartz does — found by Quartz's own published cases (docs/reference/published-semantics.md):
 *
 * <ul>
 *   <li>a backward range in seconds, minutes, hours, days of the month or months ({@code 20-10},
 *       {@code NOV-FEB}): Quartz wraps it, cron-utils reads its first value only (it wraps
 *       weekdays as Quartz does);
 *   <li>{@code L} or {@code W} in a list of days of the month ({@code 1,L}, {@code 1,15W}):
 *       Quartz reads them, cron-utils drops them;
 *   <li>{@code L} in a list of weekdays ({@code SAT,SUN,L}): Quartz refuses it, cron-utils reads
 *       the {@code L} as Saturday.
 * </ul>
 *
 * A new approval is refused with one, saying what to write instead.
 */
public final class CronMisreadings {
  private CronMisreadings() {}

  /** A range {@code a-b} of numbers or months' names, with or without a step. */
  private static final Pattern RANGE = Pattern.compile("(\\d+|[A-Z]{3})-(\\d+|[A-Z]{3})(/\\d+)?");

  /** Seconds, minutes, hours, days of the month, months: what a backward range wraps, its ends. */
  private static final String[][] WRAPPING = {
    {"minute", "59", "0"}, {"hour", "59", "0"}, {"day", "23", "0"}, {"month's end", "31", "1"},
    {"year's end", "12", "1"}
  };

  private static final List<String> MONTHS =
      List.of("JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC");

  /** Why cron-utils would misread the Quartz expression {@code cron}, if it would. */
  public static Optional<String> of(CronSchedule cron) {
    String text = cron.text();
    String[] fields = text.split(" ");
    for (int field = 0; field < WRAPPING.length; field++) {
      for (String part : fields[field].split(",")) {
        Matcher range = RANGE.matcher(part.toUpperCase(Locale.ROOT));
        if (range.matches() && value(range.group(1)) > value(range.group(2))) {
          String[] wrap = WRAPPING[field];
          boolean named = !Character.isDigit(range.group(1).charAt(0));
          return Optional.of(
              Texts.quote(text)
                  + ": the range " + range.group(1) + "-" + range.group(2) + " runs backwards, which"
                  + " Quartz reads across the " + wrap[0] + " and cron-utils does not: write it as two ("
                  + range.group(1) + "-" + (named ? MONTHS.get(11) : wrap[1]) + ","
                  + (named ? MONTHS.get(0) : wrap[2]) + "-" + range.group(2) + ")");
        }
      }
    }
    String daysOfMonth = fields[3];
    if (daysOfMonth.contains(",") && daysOfMonth.matches(".*[LlWw].*")) {
      return Optional.of(
          Texts.quote(text)
              + ": L and W cannot be in a list of days of the month (" + daysOfMonth + "): give the"
              + " cycle one of them alone, and the other days to a second cycle");
    }
    String daysOfWeek = fields[5];
    if (daysOfWeek.contains(",")
        && Arrays.stream(daysOfWeek.split(",")).anyMatch(day -> day.toUpperCase(Locale.ROOT).endsWith("L"))) {
      return Optional.of(
          Texts.quote(text)
              + ": L cannot be in a list of weekdays (" + daysOfWeek + "), as in Quartz: give the"
              + " last weekday of the month (6L) alone");
    }
    return Optional.empty();
  }

  /** A number, or a month's name as its number (an unknown name was refused by the parser). */
  private static int value(String bound) {
    return Character.isDigit(bound.charAt(0)) ? Integer.parseInt(bound) : MONTHS.indexOf(bound) + 1;
  }
}
