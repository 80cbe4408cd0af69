package dev.overdue.inbox.view;

import dev.overdue.inbox.InboxSettings;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;

/** A list's rows as the page shows them, from the API's task summaries. */
@Component
public class TaskRows {
  /**
   * One row. {@code due} reads "in 3 h" or "overdue by 2 days", {@code dueExact} is the hover
   * text; {@code next} is set when something happens before the due date (a reminder, an
   * escalation), the page marking it.
   */
  public record Row(String id, String href, String title, String requester, String step, String state,
      String priority, String due, String dueExact, String dueIso, boolean overdue, String next, String nextExact) {}

  private final Dates dates;

  TaskRows(InboxSettings settings) {
    this.dates = new Dates(settings.zone());
  }

  public List<Row> of(JsonNode items, String me, Instant now) {
    List<Row> rows = new ArrayList<>();
    for (JsonNode item : items) {
      String id = item.path("id").asString();
      String title = item.path("title").asString("");
      Instant due = instant(item.path("dueDate"));
      Instant next = instant(item.path("nextDeadline"));
      boolean nextFirst = next != null && next.isAfter(now) && (due == null || next.isBefore(due));
      String state = item.path("step").isString()
          ? Words.taskState(item.path("taskState").asString(null), item.path("owner").asString(null), me)
          : Words.approvalState(item.path("state").asString(null), null);
      rows.add(new Row(
          id,
          "/tasks/" + java.net.URLEncoder.encode(id, java.nio.charset.StandardCharsets.UTF_8).replace("+", "%20"),
          title.isBlank() ? id : title,
          item.path("requester").asString(""),
          item.path("step").asString(""),
          state,
          item.path("priority").isNumber() ? String.valueOf(item.path("priority").asInt()) : "",
          due == null ? "no due date" : Dates.due(due, now),
          due == null ? "" : dates.exact(due),
          due == null ? "" : due.toString(),
          due != null && due.isBefore(now),
          nextFirst ? Dates.due(next, now) : null,
          nextFirst ? dates.exact(next) : null));
    }
    return rows;
  }

  private static Instant instant(JsonNode value) {
    return value.isString() && !value.asString().isBlank() ? Instant.parse(value.asString()) : null;
  }
}
