package dev.overdue.inbox.web;

import dev.overdue.api.http.Me;
import dev.overdue.api.http.TaskCounts;
import dev.overdue.inbox.api.TaskApi;
import dev.overdue.inbox.requests.RequestTypes;
import jakarta.servlet.http.HttpSession;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.springframework.stereotype.Component;

/**
 * What every page shows around its content: who is signed in (as the API takes them), the lists
 * they may open, and, in development mode, that anyone here can be anyone.
 */
@Component
class Pages {
  /** The lists, in the order of the tabs; {@code all} for administrators only. */
  enum View {
    MINE("mine", "My tasks"),
    CLAIMABLE("claimable", "Open to me"),
    REQUESTED("requested", "My requests"),
    ALL("all", "All open approvals");

    final String key;
    final String label;

    View(String key, String label) {
      this.key = key;
      this.label = label;
    }

    /** How many tasks this list has; null when the counts do not say (all, for others than administrators). */
    Long count(TaskCounts counts) {
      return switch (this) {
        case MINE -> counts.mine();
        case CLAIMABLE -> counts.claimable();
        case REQUESTED -> counts.requested();
        case ALL -> counts.all();
      };
    }

    static View of(String key) {
      for (View view : values()) {
        if (view.key.equals(key)) {
          return view;
        }
      }
      return CLAIMABLE;
    }
  }

  private final RequestTypes types;

  Pages(RequestTypes types) {
    this.types = types;
  }

  /** Who the API takes the calls' person for, asked once per person signed in on the session. */
  Me me(TaskApi.Calls api, HttpSession session) {
    return MeInSession.me(session, api.person(), () -> api.get(Me.class, "/api/v1/me", Map.of()));
  }

  /** The frame's model: the page title, the person, the tabs with {@code current} marked. */
  Map<String, Object> frame(String title, Me me, View current) {
    return frame(title, me, current, false, null);
  }

  /** The frame of a list: each tab with how many tasks its list has ("Open to me 12"). */
  Map<String, Object> frame(String title, Me me, View current, TaskCounts counts) {
    return frame(title, me, current, false, counts);
  }

  /** The frame of a page that starts a request: its tab marked. */
  Map<String, Object> newRequestFrame(String title, Me me) {
    return frame(title, me, null, true, null);
  }

  private Map<String, Object> frame(String title, Me me, View current, boolean newRequest, TaskCounts counts) {
    Map<String, Object> model = new HashMap<>();
    model.put("pageTitle", title);
    model.put("user", me.user());
    List<Map<String, Object>> tabs = new ArrayList<>();
    for (View view : View.values()) {
      if (view == View.ALL && !me.admin()) {
        continue;
      }
      Map<String, Object> tab = new HashMap<>(Map.of("href", "/tasks?view=" + view.key, "label", view.label, "current", view == current));
      Long count = counts == null ? null : view.count(counts);
      if (count != null) {
        tab.put("count", String.format(Locale.ROOT, "%,d", count));
      }
      tabs.add(tab);
    }
    if (!types.all().isEmpty()) {
      tabs.add(Map.of("href", "/requests/new", "label", "New request", "current", newRequest));
    }
    model.put("tabs", tabs);
    return model;
  }
}
