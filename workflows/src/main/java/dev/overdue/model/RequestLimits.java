package dev.overdue.model;

/**
 * Reads a request's time limits the way it means them: a duration counts working time when the
 * limit's own {@code calendar}, else the request's, is {@code business}; a date-time without offset
 * is read in the business calendar's zone. Used alike to validate a request and to start it.
 */
record RequestLimits(String requestCalendar, BusinessCalendar calendar) {
  /** The limit {@code text} means, in {@code ownCalendar} when it names one; null for no text. */
  TimeLimit of(String text, String ownCalendar) {
    if (text == null) {
      return null;
    }
    TimeLimit limit = TimeLimit.parse(text, calendar == null ? null : calendar.zone());
    String mode = ownCalendar != null ? ownCalendar : requestCalendar;
    if (RequestValidator.BUSINESS.equalsIgnoreCase(String.valueOf(mode))
        && limit instanceof TimeLimit.Relative) {
      return new TimeLimit.Working(text);
    }
    return limit;
  }
}
