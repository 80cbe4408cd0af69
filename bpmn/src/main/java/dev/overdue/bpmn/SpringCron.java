package dev.overdue.bpmn;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * Camunda 8's cron, which is Spring's (six fields, no {@code ?}, weekdays 0–7 from Sunday, macros
 * such as {@code @daily}), in Quartz's form, which Overdue reads: a {@code ?} in the day field
 * left free, weekday numbers written as names (Quartz counts 1–7 from Sunday, so {@code 1-5} would
 * shift by a day), a macro as its expression. Camunda 7's cron is Quartz's already.
 */
final class SpringCron {
  private SpringCron() {}

  private static final Map<String, String> MACROS = Map.of(
      "@yearly", "0 0 0 1 1 ?", "@annually", "0 0 0 1 1 ?", "@monthly", "0 0 0 1 * ?",
      "@weekly", "0 0 0 ? * SUN", "@daily", "0 0 0 * * ?", "@midnight", "0 0 0 * * ?", "@hourly", "0 0 * * * ?");
  private static final List<String> DAYS = List.of("SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT", "SUN");
  private static final Pattern NUMBERS = Pattern.compile("[0-7](-[0-7])?(,[0-7](-[0-7])?)*");

  /** Whether {@code text} is a cron Quartz would not read as Spring meant it. */
  static boolean isSpring(String text) {
    String[] fields = text.strip().split("\\s+");
    return MACROS.containsKey(text.strip()) || (fields.length == 6 && !fields[3].equals("?") && !fields[5].equals("?"));
  }

  /** {@code text} in Quartz's form; empty when it cannot be written so (both day fields set, a step in the weekdays). */
  static Optional<String> toQuartz(String text) {
    String macro = MACROS.get(text.strip());
    if (macro != null) {
      return Optional.of(macro);
    }
    String[] fields = text.strip().split("\\s+");
    if (NUMBERS.matcher(fields[5]).matches()) {
      fields[5] = names(fields[5]);
    } else if (fields[5].matches(".*\\d.*")) {
      return Optional.empty();
    }
    int free = fields[5].equals("*") ? 5 : fields[3].equals("*") ? 3 : -1;
    if (free < 0) {
      return Optional.empty();
    }
    fields[free] = "?";
    return Optional.of(String.join(" ", fields));
  }

  /** Weekday numbers (Spring's: 0 and 7 Sunday) as a list of names from Monday. */
  private static String names(String numbers) {
    TreeSet<Integer> days = new TreeSet<>(); // 1 Monday … 7 Sunday
    for (String part : numbers.split(",")) {
      String[] range = part.split("-");
      int from = Integer.parseInt(range[0]);
      int to = Integer.parseInt(range[range.length - 1]);
      for (int day = from; day <= to; day++) {
        days.add(day == 0 ? 7 : day);
      }
    }
    return String.join(",", days.stream().map(DAYS::get).toList());
  }
}
