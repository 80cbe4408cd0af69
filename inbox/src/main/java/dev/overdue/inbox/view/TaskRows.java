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
      String priority, String due, String dueExact, String dueIso, boolean overdue, String next, String nextExact,
      String started) {}

  private final Dates dates;

  TaskRows(InboxSettings settings) {
    this.dates = new Dates(settings.zone());
  }

  public List<Row> of(JsonNode items, String me, Instant now) {
    return of(items, me, now, false);
  }

  /**
   * The same; {@code byRun} for a list with ended approvals (my requests): a request id started
   * again has a row per run, each linking to its own run ({@code ?run=}) and saying when it started.
   */
  public List<Row> of(JsonNode items, String me, Instant now, boolean byRun) {
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
      String run = byRun ? item.path("runId").asString("") : "";
      Instant started = byRun ? instant(item.path("startedAt")) : null;
      rows.add(new Row(
          id,
          "/tasks/" + encoded(id) + (run.isBlank() ? "" : "?run=" + encoded(run)),
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
          nextFirst ? dates.exact(next) : null,
          started == null ? null : dates.exact(started)));
    }
    return rows;
  }

  private static String encoded(String text) {
    return java.net.URLEncoder.encode(text, java.nio.charset.StandardCharsets.UTF_8).replace("+", "%20");
  }

  private static Instant instant(JsonNode value) {
    return value.isString() && !value.asString().isBlank() ? Instant.parse(value.asString()) : null;
  }
}
