package dev.overdue.http.tasks;

import dev.overdue.api.http.TaskCounts;
import dev.overdue.api.http.TaskPage;
import dev.overdue.http.problems.ApiProblem;
import dev.overdue.http.security.Caller;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import java.time.Clock;
import org.springframework.http.MediaType;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** "What can I act on": the caller's tasks, those offered to them, every open one, their requests. */
@RestController
@Tag(name = "Tasks", description = "Lists of tasks and requests, filtered, sorted and paged.")
class TaskController {
  static final int MAX_LIMIT = 100;
  /** The priority filter's forms (TaskFilter): one priority, or a range of two. */
  static final String PRIORITY = "^([0-9]|10)(\\.\\.([0-9]|10))?$";
  /** Text filters take no control character (TaskFilter). */
  static final String NO_CONTROL = "^[^\\x00-\\x1f\\x7f-\\x9f]*$";

  private final TaskSearch search;
  private final HttpServletRequest request;
  private final Clock clock;

  TaskController(TaskSearch search, Clock clock, HttpServletRequest request) {
    this.search = search;
    this.request = request;
    this.clock = clock;
  }

  @GetMapping(path = "/api/v1/tasks", produces = MediaType.APPLICATION_JSON_VALUE)
  @Operation(summary = "Tasks: mine (claimed by me), claimable (offered to me, a claim would be taken), all (administrators).",
      description = "Every list is complete: it comes from the task index, sorted and paged there. Besides the"
          + " parameters below, a list takes searches over the request's data: data.<field> then =, !=, >=, <=, >, <"
          + " or ~= (contains) and a value, for example data.amount>=10000&data.supplier=ACME (numbers compare as"
          + " numbers, text ignoring case; at most " + DataFilters.MAX_CONDITIONS + "); a malformed one is a 400"
          + " naming it.")
  TaskPage tasks(
      @AuthenticationPrincipal Caller caller,
      @Parameter(description = "mine, claimable or all", schema = @Schema(allowableValues = {"mine", "claimable", "all"},
          defaultValue = "claimable")) @RequestParam(defaultValue = "claimable") String view,
      @Parameter(description = "ISO-8601 instant: due before it", schema = @Schema(format = "date-time"))
      @RequestParam(required = false) String dueBefore,
      @Parameter(description = "ISO-8601 instant: due after it", schema = @Schema(format = "date-time"))
      @RequestParam(required = false) String dueAfter,
      @Parameter(description = "only tasks past their due date") @RequestParam(required = false) Boolean overdue,
      @Parameter(description = "a priority 0..10 (0 highest) or a range such as 0..3", schema = @Schema(pattern = PRIORITY))
      @RequestParam(required = false) String priority,
      @Parameter(description = "the current step's name", schema = @Schema(maxLength = TaskFilter.MAX_TEXT, pattern = NO_CONTROL))
      @RequestParam(required = false) String step,
      @Parameter(description = "the requester", schema = @Schema(maxLength = TaskFilter.MAX_TEXT, pattern = NO_CONTROL))
      @RequestParam(required = false) String requester,
      @Parameter(description = "text in the request id or title", schema = @Schema(maxLength = TaskFilter.MAX_TEXT, pattern = NO_CONTROL))
      @RequestParam(required = false) String q,
      @Parameter(description = "due, priority, followUp, started or data.<field> (a field of the request's data: numbers"
          + " as numbers before text, text ignoring case, rows without it last); - before it reverses",
          schema = @Schema(pattern = TaskSort.PATTERN, maxLength = TaskFilter.MAX_TEXT, defaultValue = "due"))
      @RequestParam(defaultValue = "due") String sort,
      @Parameter(description = "rows a page, 1 to " + MAX_LIMIT, schema = @Schema(type = "integer", format = "int32", minimum = "1", maximum = "" + MAX_LIMIT,
          defaultValue = "25")) @RequestParam(defaultValue = "25") int limit,
      @Parameter(description = "the next page, as the previous page's next gave it") @RequestParam(required = false) String cursor) {
    // The parameters above document the list; ListRequest reads them, as saved views do.
    ListRequest list = ListRequest.of(ListRequest.Kind.TASKS, caller, request.getParameterMap());
    return search.search(caller, list, limit(limit), cursor, clock.instant());
  }

  @GetMapping(path = "/api/v1/requests", produces = MediaType.APPLICATION_JSON_VALUE)
  @Operation(summary = "The caller's own requests, open and ended, newest first unless sorted otherwise.")
  TaskPage requests(
      @AuthenticationPrincipal Caller caller,
      @Parameter(description = "the current step's name", schema = @Schema(maxLength = TaskFilter.MAX_TEXT, pattern = NO_CONTROL))
      @RequestParam(required = false) String step,
      @Parameter(description = "text in the request id or title", schema = @Schema(maxLength = TaskFilter.MAX_TEXT, pattern = NO_CONTROL))
      @RequestParam(required = false) String q,
      @Parameter(description = "due, priority, followUp, started or data.<field> (a field of the request's data: numbers"
          + " as numbers before text, text ignoring case, rows without it last); - before it reverses",
          schema = @Schema(pattern = TaskSort.PATTERN, maxLength = TaskFilter.MAX_TEXT, defaultValue = "-started"))
      @RequestParam(defaultValue = "-started") String sort,
      @Parameter(description = "rows a page, 1 to " + MAX_LIMIT, schema = @Schema(type = "integer", format = "int32", minimum = "1", maximum = "" + MAX_LIMIT,
          defaultValue = "25")) @RequestParam(defaultValue = "25") int limit,
      @Parameter(description = "the next page, as the previous page's next gave it") @RequestParam(required = false) String cursor) {
    ListRequest list = ListRequest.of(ListRequest.Kind.REQUESTS, caller, request.getParameterMap());
    return search.search(caller, list, limit(limit), cursor, clock.instant());
  }

  @GetMapping(path = "/api/v1/tasks/counts", produces = MediaType.APPLICATION_JSON_VALUE)
  @Operation(summary = "How many tasks each of the caller's lists has: mine, claimable, requested (open), all (administrators only).")
  TaskCounts counts(@AuthenticationPrincipal Caller caller) {
    return search.counts(caller);
  }

  static int limit(int limit) {
    if (limit < 1 || limit > MAX_LIMIT) {
      throw ApiProblem.badInput("limit", "1 to " + MAX_LIMIT);
    }
    return limit;
  }
}
