package dev.overdue.http.tasks;

import dev.overdue.api.http.SavedView;
import dev.overdue.api.http.TaskPage;
import dev.overdue.http.problems.ApiProblem;
import dev.overdue.http.security.Caller;
import dev.overdue.index.SavedViews;
import dev.overdue.index.TaskIndex;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.time.Clock;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/**
 * Saved views: a list's query string under a name, the caller's own or shared with one of their
 * groups. A view is opened as its viewer, so it shows only what their own list would.
 */
@RestController
@Tag(name = "Saved views", description = "Named lists, kept for their owner or shared with a group, opened as the viewer.")
class SavedViewController {
  private final SavedViews views;
  private final TaskSearch search;
  private final Clock clock;

  SavedViewController(TaskIndex index, TaskSearch search, Clock clock) {
    this.views = index.views();
    this.search = search;
    this.clock = clock;
  }

  /** What a new view is saved from; no other field is taken (JsonConfiguration). */
  @Schema(additionalProperties = Schema.AdditionalPropertiesValue.FALSE)
  record NewView(
      @Schema(description = "1 to 80 characters, unique among the caller's views", requiredMode = Schema.RequiredMode.REQUIRED,
          maxLength = SavedViews.MAX_NAME) String name,
      @Schema(description = "a list's query string, such as view=claimable&data.amount>=10000&sort=due;"
          + " list=requests for the caller's requests", requiredMode = Schema.RequiredMode.REQUIRED,
          maxLength = SavedQuery.MAX_LENGTH) String query,
      @Schema(description = "one of the caller's groups to share it with; absent: the caller's own") String sharedWith) {}

  @GetMapping(path = "/api/v1/views", produces = MediaType.APPLICATION_JSON_VALUE)
  @Operation(summary = "The caller's saved views and those shared with one of their groups, by name.")
  List<SavedView> views(@AuthenticationPrincipal Caller caller) {
    return views.visibleTo(caller.user(), caller.groups());
  }

  @PostMapping(path = "/api/v1/views", produces = MediaType.APPLICATION_JSON_VALUE)
  @ResponseStatus(HttpStatus.CREATED)
  @Operation(summary = "Save a list under a name, for the caller or shared with one of their groups.",
      description = "The query is checked as its list would check it: a bad parameter is a 400 naming it. Sharing"
          + " with a group the caller is not in, or saving view=all without administering Overdue, is a 403; a name"
          + " the caller has used is a 409.")
  SavedView saveView(@AuthenticationPrincipal Caller caller, @RequestBody NewView view) {
    if (view.name() == null) {
      throw ApiProblem.badInput("name", "a name is 1 to " + SavedViews.MAX_NAME + " characters");
    }
    String name;
    try {
      name = SavedViews.checkedName(view.name());
    } catch (IllegalArgumentException bad) {
      throw ApiProblem.badInput("name", bad.getMessage());
    }
    SavedQuery.read(view.query(), caller);
    String group = view.sharedWith() == null || view.sharedWith().isBlank() ? null : view.sharedWith().strip();
    if (group != null && !caller.groups().contains(group)) {
      throw ApiProblem.forbidden("a view is shared with one of your own groups (" + String.join(", ", caller.groups())
          + "), not " + group);
    }
    try {
      return views.create(caller.user(), name, view.query().startsWith("?") ? view.query().substring(1) : view.query(), group);
    } catch (SavedViews.NameTaken taken) {
      throw ApiProblem.conflict("name", taken.getMessage());
    }
  }

  @DeleteMapping(path = "/api/v1/views/{id}")
  @ResponseStatus(HttpStatus.NO_CONTENT)
  @Operation(summary = "Delete one of the caller's saved views.",
      description = "404 for a view the caller cannot see; 403 for one shared with them by someone else.")
  void deleteView(@AuthenticationPrincipal Caller caller, @PathVariable String id) {
    SavedView view = visible(caller, id);
    if (!view.owner().equals(caller.user()) || !views.delete(id, caller.user())) {
      throw ApiProblem.forbidden("only " + view.owner() + ", who saved it, deletes the view " + view.name());
    }
  }

  @GetMapping(path = "/api/v1/views/{id}/tasks", produces = MediaType.APPLICATION_JSON_VALUE)
  @Operation(summary = "Open a saved view: its list as the caller's own, paged as the list endpoints page.",
      description = "The query runs as the caller: view=claimable is what the caller may claim, not what its owner"
          + " may. A view of view=all opened by anyone but an administrator is a 403.")
  TaskPage openView(
      @AuthenticationPrincipal Caller caller,
      @PathVariable String id,
      @Parameter(description = "rows a page, 1 to " + TaskController.MAX_LIMIT, schema = @Schema(type = "integer", format = "int32",
          minimum = "1", maximum = "" + TaskController.MAX_LIMIT, defaultValue = "25"))
      @RequestParam(defaultValue = "25") int limit,
      @Parameter(description = "the next page, as the previous page's next gave it") @RequestParam(required = false) String cursor) {
    ListRequest list = SavedQuery.read(visible(caller, id).query(), caller);
    return search.search(caller, list, TaskController.limit(limit), cursor, clock.instant());
  }

  /** The view if the caller may see it; a 404 alike for a view unknown and one not theirs to see. */
  private SavedView visible(Caller caller, String id) {
    return views.get(id)
        .filter(view -> view.owner().equals(caller.user()) || caller.groups().contains(view.sharedWith()))
        .orElseThrow(() -> ApiProblem.missing("no saved view " + id));
  }
}
