package dev.overdue.inbox.web;

import org.springframework.util.LinkedMultiValueMap;
import org.springframework.util.MultiValueMap;

/**
 * A list's filters as the page's form sends them (query parameters), passed on to the API, which
 * checks them: a bad one is its 400, shown on the page. {@code details} is the page's own, for its
 * refresh: whether its table has the Details column, so the rows keep to the header.
 */
record Filters(String view, String q, String step, String priority, String overdue, String dueBefore, String sort,
    String cursor, String details) {

  /**
   * Whether the person filtered or ordered this list: then its filters stay open, else the tasks
   * come first (on a phone, the first screen).
   */
  boolean refined() {
    return java.util.stream.Stream.of(q, step, priority, overdue, dueBefore, sort).anyMatch(value -> value != null && !value.isBlank());
  }

  /** The sort asked for, else the list's natural one: requests newest first, tasks by due date. */
  String sortOr(Pages.View list) {
    if (sort != null && !sort.isBlank()) {
      return sort;
    }
    return list == Pages.View.REQUESTED ? "-started" : "due";
  }

  /**
   * "Due by" a day, as the date input gives it (2026-12-01): due before that day ends in the
   * inbox's zone, as the API's instant; anything else is passed on for the API to refuse by name.
   */
  String dueBy(java.time.ZoneId zone) {
    if (dueBefore == null || dueBefore.isBlank()) {
      return null;
    }
    try {
      return java.time.LocalDate.parse(dueBefore).plusDays(1).atStartOfDay(zone).toInstant().toString();
    } catch (java.time.format.DateTimeParseException notADay) {
      return dueBefore;
    }
  }

  /**
   * The API's query for this list, without the cursor: {@code view} and the task filters for the
   * task lists, only text, step and sort for my requests (whose endpoint is another).
   */
  java.util.Map<String, String> apiQuery(Pages.View list, java.time.ZoneId zone) {
    java.util.Map<String, String> query = new java.util.LinkedHashMap<>();
    query.put("q", q);
    query.put("step", step);
    query.put("sort", sortOr(list));
    if (list != Pages.View.REQUESTED) {
      query.put("view", list.key);
      query.put("priority", priority);
      query.put("overdue", "on".equals(overdue) ? "true" : null);
      query.put("dueBefore", dueBy(zone));
    }
    return query;
  }

  /** These filters as query parameters, without the cursor (a new page starts at the top). */
  MultiValueMap<String, String> query() {
    MultiValueMap<String, String> query = new LinkedMultiValueMap<>();
    put(query, "view", view);
    put(query, "q", q);
    put(query, "step", step);
    put(query, "priority", priority);
    put(query, "overdue", overdue);
    put(query, "dueBefore", dueBefore);
    put(query, "sort", sort);
    return query;
  }

  private static void put(MultiValueMap<String, String> query, String name, String value) {
    if (value != null && !value.isBlank()) {
      query.add(name, value);
    }
  }
}
