package dev.overdue.inbox.view;

import dev.overdue.api.KeyFact;
import dev.overdue.api.http.TaskSummary;
import dev.overdue.inbox.InboxSettings;
import dev.overdue.inbox.requests.RequestTypes;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/** A list's rows as the page shows them, from the API's task summaries ({@link TaskSummary}). */
@Component
public class TaskRows {
  /**
   * One row. {@code due} reads "in 3 h" or "overdue by 2 days", {@code dueExact} is the hover
   * text; {@code next} is set when something happens before the due date (a reminder, an
   * escalation), the page marking it. {@code details} are the request's key facts; {@code
   * outcome} is set once it ended, which then has no step, priority or due date to show.
   */
  public record Row(String id, String href, String title, String requester, String step, String state,
      String priority, String priorityScale, String due, String dueExact, String dueIso, boolean overdue, String next, String nextExact,
      String started, List<Detail> details, Outcome outcome) {}

  /** A key fact as a row shows it: "Amount (EUR)" and "1,850". */
  public record Detail(String label, String value) {}

  private final Dates dates;
  /** A step by its title where the request's type gives one (the lists' rows name only its id). */
  private final BiFunction<String, String, String> stepTitles;

  TaskRows(InboxSettings settings) {
    this(settings, (id, step) -> null);
  }

  @Autowired
  TaskRows(InboxSettings settings, RequestTypes types) {
    this(settings, (id, step) -> types.numbering(id).map(type -> type.stepTitle(step)).orElse(null));
  }

  TaskRows(InboxSettings settings, BiFunction<String, String, String> stepTitles) {
    this.dates = new Dates(settings.zone());
    this.stepTitles = stepTitles;
  }

  public List<Row> of(List<TaskSummary> items, String me, Instant now) {
    return of(items, me, now, false);
  }

  /**
   * The same; {@code byRun} for a list with ended approvals (my requests): a request id started
   * again has a row per run, each linking to its own run ({@code ?run=}) and saying when it started.
   */
  public List<Row> of(List<TaskSummary> items, String me, Instant now, boolean byRun) {
    List<Row> rows = new ArrayList<>();
    for (TaskSummary item : TaskView.listed(items)) {
      String id = item.id();
      String title = TaskView.or(item.title(), "");
      Instant due = instant(item.dueDate());
      Instant next = instant(item.nextDeadline());
      boolean nextFirst = next != null && next.isAfter(now) && (due == null || next.isBefore(due));
      String state = item.step() != null
          ? Words.taskState(item.taskState(), item.owner(), me)
          : Words.approvalState(item.state(), null);
      String run = byRun ? TaskView.or(item.runId(), "") : "";
      Instant started = byRun ? instant(item.startedAt()) : null;
      rows.add(new Row(
          id,
          "/tasks/" + encoded(id) + (run.isBlank() ? "" : "?run=" + encoded(run)),
          title.isBlank() ? id : title,
          TaskView.or(item.requester(), ""),
          item.step() == null ? "" : Words.stepTitle(stepTitles.apply(id, item.step()), item.step()),
          state,
          item.priority() != null ? Words.priority(item.priority()) : "",
          item.priority() != null ? Words.priorityScale(item.priority()) : "",
          due == null ? "no due date" : Dates.due(due, now),
          due == null ? "" : dates.exact(due),
          due == null ? "" : due.toString(),
          due != null && due.isBefore(now),
          nextFirst ? Dates.due(next, now) : null,
          nextFirst ? dates.exact(next) : null,
          started == null ? null : dates.exact(started),
          details(item.facts()),
          Outcome.of(item.state(), item.decidedBy(), me)));
    }
    return rows;
  }

  /** The request's key facts, labelled by its data form or their key, numbers grouped; none given, "—". */
  static List<Detail> details(List<KeyFact> facts) {
    List<Detail> details = new ArrayList<>();
    for (KeyFact fact : facts == null ? List.<KeyFact>of() : facts) {
      String label = fact.label() != null && !fact.label().isBlank() ? fact.label() : Words.label(fact.key());
      details.add(new Detail(label, DataRows.text(FreeForm.tree(fact.value()))));
    }
    return details;
  }

  private static String encoded(String text) {
    return java.net.URLEncoder.encode(text, java.nio.charset.StandardCharsets.UTF_8).replace("+", "%20");
  }

  private static Instant instant(String value) {
    return value != null && !value.isBlank() ? Instant.parse(value) : null;
  }
}
