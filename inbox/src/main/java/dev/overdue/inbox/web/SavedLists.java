package dev.overdue.inbox.web;

import dev.overdue.api.http.Me;
import dev.overdue.api.http.SavedView;
import dev.overdue.inbox.InboxSettings;
import dev.overdue.inbox.api.ApiProblem;
import dev.overdue.inbox.api.TaskApi;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Controller;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;
import org.springframework.web.util.UriComponentsBuilder;

/**
 * Saved lists: the list page's filters saved under a name through the API's saved views, for the
 * person or shared with one of their groups, and listed beside the tabs as links back to the list.
 */
@Controller
class SavedLists {
  private final TaskApi api;
  private final InboxSettings settings;

  SavedLists(TaskApi api, InboxSettings settings) {
    this.api = api;
    this.settings = settings;
  }

  /** The list page's part: the saved lists as links, and the person's groups to share with. */
  Map<String, Object> model(TaskApi.Calls calls, Me me) {
    List<Map<String, Object>> saved = calls.list(SavedView.class, "/api/v1/views", Map.of()).stream()
        .map(view -> {
          Map<String, Object> link = new LinkedHashMap<>();
          link.put("id", view.id());
          link.put("name", view.name());
          link.put("href", href(view.query()));
          link.put("own", view.owner().equals(me.user()));
          if (view.sharedWith() != null) {
            link.put("shared", "Shared with " + view.sharedWith() + (view.owner().equals(me.user()) ? "" : " by " + view.owner()));
          }
          return link;
        })
        .toList();
    return Map.of("savedLists", saved, "hasSavedLists", !saved.isEmpty(), "shareGroups", me.groups());
  }

  @PostMapping("/tasks/saved")
  String save(Filters filters, @RequestParam String name, @RequestParam(required = false) String sharedWith,
      @RequestParam MultiValueMap<String, String> parameters, RedirectAttributes said) {
    DataSearches data = DataSearches.of(parameters);
    TaskApi.Calls calls = api.forSignedIn();
    Pages.View view = Pages.View.of(filters.view());
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("name", name);
    body.put("query", apiQuery(view, filters, data));
    if (sharedWith != null && !sharedWith.isBlank()) {
      body.put("sharedWith", sharedWith);
    }
    try {
      calls.post("/api/v1/views", body, null);
      said.addFlashAttribute("done", "Saved this list as “" + name.strip() + "”"
          + (body.containsKey("sharedWith") ? ", shared with " + sharedWith + "." : "."));
    } catch (ApiProblem problem) {
      if (problem.status() / 100 != 4) {
        throw problem;
      }
      said.addFlashAttribute("notSaved", problem.getMessage());
    }
    return "redirect:" + UriComponentsBuilder.fromPath("/tasks").queryParams(filters.query()).queryParams(data.query())
        .build().encode().toUriString();
  }

  @PostMapping("/tasks/saved/{id}/delete")
  String delete(@PathVariable String id, RedirectAttributes said) {
    api.forSignedIn().delete("/api/v1/views/{v0}", id);
    said.addFlashAttribute("done", "The saved list was deleted.");
    return "redirect:/tasks";
  }

  /** The API's query string of the list the page shows: {@code list=requests} for my requests. */
  private String apiQuery(Pages.View view, Filters filters, DataSearches data) {
    UriComponentsBuilder query = UriComponentsBuilder.newInstance();
    if (view == Pages.View.REQUESTED) {
      query.queryParam("list", "requests");
    }
    filters.apiQuery(view, settings.zone()).forEach((name, value) -> {
      if (value != null && !value.isBlank()) {
        query.queryParam(name, value);
      }
    });
    query.queryParams(data.query());
    String text = query.build().encode().toUriString();
    return text.startsWith("?") ? text.substring(1) : text;
  }

  /** The list page's address for a saved query: its own words where they differ from the API's. */
  static String href(String query) {
    var parameters = UriComponentsBuilder.fromUriString("/tasks?" + query).build().getQueryParams();
    UriComponentsBuilder link = UriComponentsBuilder.fromPath("/tasks");
    if ("requests".equals(parameters.getFirst("list"))) {
      link.queryParam("view", "requested");
    }
    parameters.forEach((encodedName, values) -> {
      String name = decoded(encodedName);
      if (!name.equals("list")) {
        values.forEach(value -> link.queryParam(name,
            name.equals("overdue") && "true".equals(value) ? "on" : value == null ? "" : decoded(value)));
      }
    });
    return link.build().encode().toUriString();
  }

  private static String decoded(String text) {
    try {
      return java.net.URLDecoder.decode(text, java.nio.charset.StandardCharsets.UTF_8);
    } catch (IllegalArgumentException badEscape) {
      return text;
    }
  }
}
