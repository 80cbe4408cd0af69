package dev.overdue.inbox.web;

import dev.overdue.api.http.Me;
import dev.overdue.api.http.TaskCounts;
import dev.overdue.api.http.TaskPage;
import dev.overdue.inbox.InboxSettings;
import dev.overdue.inbox.api.TaskApi;
import dev.overdue.inbox.view.TaskRows;
import jakarta.servlet.http.HttpSession;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Controller;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.ModelAndView;
import org.springframework.web.util.UriComponentsBuilder;

/**
 * The lists: my tasks, those open to me, my requests and, for administrators, every open
 * approval; filtered and sorted by the API, and refreshed in place while the page is open.
 */
@Controller
class TaskListController {
  private final TaskApi api;
  private final Pages pages;
  private final TaskRows rows;
  private final InboxSettings settings;
  private final Clock clock;
  private final ListSorts sorts;
  private final SavedLists savedLists;
  private final DataFilterFields dataFilters;

  TaskListController(TaskApi api, Pages pages, TaskRows rows, InboxSettings settings, Clock clock, ListSorts sorts,
      SavedLists savedLists, DataFilterFields dataFilters) {
    this.api = api;
    this.dataFilters = dataFilters;
    this.savedLists = savedLists;
    this.sorts = sorts;
    this.pages = pages;
    this.rows = rows;
    this.settings = settings;
    this.clock = clock;
  }

  @GetMapping("/")
  String home() {
    return "redirect:/tasks";
  }

  @GetMapping("/tasks")
  ModelAndView list(Filters filters, @RequestParam MultiValueMap<String, String> parameters, HttpSession session) {
    DataSearches data = DataSearches.of(parameters);
    TaskApi.Calls calls = api.forSignedIn();
    Me me = pages.me(calls, session);
    Pages.View view = Pages.View.of(filters.view());
    Map<String, Object> model = pages.frame(view.label, me, view, calls.get(TaskCounts.class, "/api/v1/tasks/counts", Map.of()));
    model.putAll(table(calls, view, filters, data, me, null));
    model.put("filters", filters);
    model.put("refined", filters.refined() || !data.query().isEmpty());
    model.put("dataSearches", data.fields());
    model.put("dataFilters", dataFilters.model(data.query()));
    model.put("otherDataSearches", data.fields().stream().filter(field -> !dataFilters.offers(field.get("name"))).toList());
    model.putAll(savedLists.model(calls, me));
    // My requests shows no priority: it is the deciders' order, not the requester's.
    model.put("sorts", sorts.options().entrySet().stream()
        .filter(sort -> view != Pages.View.REQUESTED || !sort.getKey().equals("priority"))
        .map(sort -> Map.of("value", sort.getKey(), "label", sort.getValue(), "selected", sort.getKey().equals(filters.sortOr(view))))
        .toList());
    return new ModelAndView("tasks", model);
  }

  /** The table alone, for the page's refresh: the same filters, read again. */
  @GetMapping("/tasks/rows")
  ModelAndView rows(Filters filters, @RequestParam MultiValueMap<String, String> parameters, HttpSession session) {
    TaskApi.Calls calls = api.forSignedIn();
    Me me = pages.me(calls, session);
    return new ModelAndView("rows", table(calls, Pages.View.of(filters.view()), filters, DataSearches.of(parameters), me,
        "on".equals(filters.details())));
  }

  /** @param details whether the table has the Details column; null: when a row has key facts */
  private Map<String, Object> table(
      TaskApi.Calls calls, Pages.View view, Filters filters, DataSearches data, Me me, Boolean details) {
    Map<String, String> query = new LinkedHashMap<>(filters.apiQuery(view, settings.zone()));
    query.putAll(data.api());
    query.put("cursor", filters.cursor());
    TaskPage page = calls.get(TaskPage.class, view == Pages.View.REQUESTED ? "/api/v1/requests" : "/api/v1/tasks", query);
    Map<String, Object> model = new LinkedHashMap<>();
    boolean requests = view == Pages.View.REQUESTED;
    List<TaskRows.Row> found = rows.of(page.tasks(), me.user(), clock.instant(), requests);
    model.put("rows", found);
    // The details column only where a row has key facts; my requests need no requester or priority.
    boolean withDetails = details != null ? details : found.stream().anyMatch(row -> !row.details().isEmpty());
    model.put("requestsView", requests);
    model.put("showDetails", withDetails);
    model.put("columns", (requests ? 3 : 6) + (withDetails ? 1 : 0));
    model.put("empty", found.isEmpty() ? emptyText(view) : "");
    model.put("refreshSeconds", settings.refresh().toSeconds());
    model.put("rowsUrl", UriComponentsBuilder.fromPath("/tasks/rows").queryParams(filters.query()).queryParams(data.query())
        .queryParam("details", withDetails ? "on" : "off").build().encode().toUriString());
    String next = page.next();
    model.put("nextPage", next == null ? null
        : UriComponentsBuilder.fromPath("/tasks").queryParams(filters.query()).queryParams(data.query())
            .replaceQueryParam("cursor", next).build().encode().toUriString());
    return model;
  }

  private static String emptyText(Pages.View view) {
    return switch (view) {
      case MINE -> "Nothing is claimed by you. Tasks you may take are under “Open to me”.";
      case CLAIMABLE -> "Nothing waits for you to claim it.";
      case REQUESTED -> "You have not requested anything.";
      case ALL -> "No approval is open.";
    };
  }
}
