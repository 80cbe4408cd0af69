package dev.overdue.model.request;

import dev.overdue.model.RuleViolation;
import dev.overdue.model.expression.DataExpression;
import dev.overdue.model.schedule.BusinessCalendar;
import dev.overdue.model.schedule.Cycle;
import dev.overdue.model.schedule.CycleText;
import dev.overdue.model.schedule.TimeLimit;
import java.time.ZoneId;
import java.util.Locale;

/**
 * Reads a request's time limits the way it means them: a duration counts working time when the
 * limit's own {@code calendar}, else the request's, is {@code business}; a date-time without offset
 * is read in the business calendar's zone. Used alike to validate a request and to start it.
 */
public record RequestLimits(String requestCalendar, BusinessCalendar calendar) {

  /**
   * The limit {@code text} means, in {@code ownCalendar} when it names one; null for no text. An
   * expression ({@code =...}) is compiled here and evaluated when its timer starts.
   */
  public TimeLimit of(String text, String ownCalendar) {
    if (text == null) {
      return null;
    }
    if (DataExpression.isExpression(text)) {
      DataExpression.compile(text, DataExpression.Result.LIMIT);
      return new TimeLimit.FromData(text, business(ownCalendar));
    }
    TimeLimit limit = TimeLimit.parse(text, zone());
    if (business(ownCalendar) && limit instanceof TimeLimit.Relative) {
      return new TimeLimit.Working(text);
    }
    return limit;
  }

  /**
   * The cycle {@code text} means, ending at {@code endDate} when given. In working time when its
   * calendar is {@code business}.
   */
  public Cycle cycle(String text, String endDate, String ownCalendar) {
    String written = text == null ? "" : text.trim();
    boolean addBusiness =
        business(ownCalendar)
            && !written.toLowerCase(Locale.ROOT).endsWith(TimeLimit.BUSINESS_SUFFIX);
    Cycle cycle = CycleText.parse(addBusiness ? written + TimeLimit.BUSINESS_SUFFIX : written, zone());
    if (endDate == null) {
      return cycle;
    }
    if (cycle.end().isPresent()) {
      throw new RuleViolation(
          "the cycle ends already ("
              + cycle.end().get()
              + "): give its end once, in the cycle or as endDate");
    }
    return cycle.endingAt(CycleText.dateTime(endDate.trim(), "endDate", zone()));
  }

  private ZoneId zone() {
    return calendar == null ? null : calendar.zone();
  }

  private boolean business(String ownCalendar) {
    String mode = ownCalendar != null ? ownCalendar : requestCalendar;
    return RequestValidator.BUSINESS.equalsIgnoreCase(String.valueOf(mode));
  }
}
