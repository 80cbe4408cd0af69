package dev.overdue.inbox.web;

import dev.overdue.api.HistoryEntry;
import dev.overdue.api.PlanEntry;
import dev.overdue.api.StatusInfo;
import dev.overdue.api.http.Actions;
import dev.overdue.api.http.Me;
import dev.overdue.inbox.InboxSettings;
import dev.overdue.inbox.api.ApiProblem;
import dev.overdue.inbox.api.TaskApi;
import dev.overdue.inbox.view.TaskActions;
import dev.overdue.inbox.view.TaskView;
import dev.overdue.inbox.view.Titles;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;
import java.time.Clock;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.ModelAndView;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/**
 * One task's page and its actions. A GET never acts — not even from a notification's action link,
 * which only prepares the action for one confirming click, and only for the person it was sent to;
 * every action is a POST with a CSRF token and an idempotency key, so a double click acts once.
 */
@Controller
class TaskPageController {
  private static final String APPROVAL = "/api/v1/approvals/{v0}";

  private final TaskApi api;
  private final Pages pages;
  private final TaskView view;
  private final Clock clock;
  private final ZoneId zone;
  /** A page's four reads run side by side. */
  private final ExecutorService reads = Executors.newCachedThreadPool(runnable -> {
    Thread thread = new Thread(runnable, "overdue-inbox-read");
    thread.setDaemon(true);
    return thread;
  });

  TaskPageController(TaskApi api, Pages pages, TaskView view, Clock clock, InboxSettings settings) {
    this.zone = settings.zone();
    this.api = api;
    this.pages = pages;
    this.view = view;
    this.clock = clock;
  }

  @GetMapping("/tasks/{id}")
  ModelAndView page(@PathVariable String id, @RequestParam(required = false) String action,
      @RequestParam(name = "for", required = false) String recipient, @RequestParam(required = false) String run,
      HttpSession session) {
    TaskApi.Calls calls = api.forSignedIn();
    Map<String, Object> model = model(calls, id, run, session);
    prepare(model, action, recipient);
    return new ModelAndView("task", model);
  }

  /** Every action of the page: which one is the button pressed. */
  @PostMapping("/tasks/{id}")
  ModelAndView act(@PathVariable String id, @RequestParam String action, @RequestParam Map<String, String> fields,
      HttpSession session, HttpServletResponse response, RedirectAttributes done) {
    TaskApi.Calls calls = api.forSignedIn();
    // A named outcome's button posts complete:<outcome>.
    if (action.startsWith("complete:")) {
      fields = new java.util.HashMap<>(fields);
      fields.put("outcome", action.substring("complete:".length()));
      action = "complete";
    }
    if (!TaskActions.offered(action)) {
      throw new ApiProblem(400, "there is no action " + action);
    }
    try {
      calls.post(APPROVAL + "/" + action,
          ActionBody.of(action, fields, () -> calls.get(StatusInfo.class, APPROVAL, Map.of(), id), zone),
          fields.get("key"), id);
    } catch (CommentTooLong tooLong) {
      Map<String, Object> model = again(calls, id, session, fields);
      model.put("tooLong", tooLong.getMessage());
      model.put(tooLong.field() + "TooLong", true);
      response.setStatus(422);
      return new ModelAndView("task", model);
    } catch (ApiProblem problem) {
      if (!problem.refused()) {
        throw problem;
      }
      Map<String, Object> model = again(calls, id, session, fields);
      // The workflow's reason names steps by their ids: said with their titles.
      model.put("refusal", ((Titles) model.get("titles")).inWords(problem.getMessage()));
      response.setStatus(409);
      return new ModelAndView("task", model);
    }
    done.addFlashAttribute("done", Done.said(action, fields));
    // Handed on, the task may no longer be theirs to see: back to their list.
    boolean handedOn = action.equals("reassign") || action.equals("forward");
    return new ModelAndView(handedOn ? "redirect:/tasks" : "redirect:/tasks/{id}", Map.of("id", id));
  }

  /** The page again after an action that was not done, with the comments typed kept in its forms. */
  private Map<String, Object> again(TaskApi.Calls calls, String id, HttpSession session, Map<String, String> fields) {
    Map<String, Object> model = model(calls, id, null, session);
    model.put("comment", fields.getOrDefault("comment", ""));
    model.put("commentText", fields.getOrDefault("text", ""));
    return model;
  }

  /** The page of approval {@code id}, at run {@code run} (a request id started again has several); null: the latest. */
  private Map<String, Object> model(TaskApi.Calls calls, String id, String run, HttpSession session) {
    Me me = pages.me(calls, session);
    String user = me.user();
    Map<String, String> at = run == null || run.isBlank() ? Map.of() : Map.of("run", run);
    CompletableFuture<StatusInfo> status = read(() -> calls.get(StatusInfo.class, APPROVAL, at, id));
    CompletableFuture<List<PlanEntry>> plan = read(() -> calls.list(PlanEntry.class, APPROVAL + "/plan", at, id));
    CompletableFuture<List<HistoryEntry>> history = read(() -> calls.list(HistoryEntry.class, APPROVAL + "/history", at, id));
    CompletableFuture<Actions> actions = read(() -> calls.get(Actions.class, APPROVAL + "/actions", at, id));
    Map<String, Object> model;
    try {
      model = pages.frame(id, me, null);
      model.putAll(view.of(status.join(), plan.join(), history.join(), actions.join(), user, clock.instant()));
    } catch (CompletionException failed) {
      throw failed.getCause() instanceof RuntimeException cause ? cause : failed;
    }
    model.put("pageTitle", model.get("title"));
    model.put("key", UUID.randomUUID().toString());
    return model;
  }

  private <T> CompletableFuture<T> read(Supplier<T> call) {
    return CompletableFuture.supplyAsync(call, reads);
  }

  /**
   * A notification's action link: the action is prepared for a confirming click when the page's
   * person is the one it was sent to and the workflow would take it from them now; else the page
   * says why not.
   */
  private static void prepare(Map<String, Object> model, String action, String recipient) {
    if (action == null || action.isBlank()) {
      return;
    }
    String user = (String) model.get("user");
    if (recipient != null && !recipient.equals(user)) {
      model.put("linkNote", "This link was sent to " + recipient + ", and you are signed in as " + user
          + ": nothing is prepared. Sign out and in as " + recipient + " to use it, or act below as yourself.");
      return;
    }
    @SuppressWarnings("unchecked")
    List<String> allowed = (List<String>) model.get("allowed");
    if (!allowed.contains(action) || !TaskActions.offered(action)) {
      model.put("linkNote", "The link asked you to " + TaskActions.button(action).toLowerCase(java.util.Locale.ROOT)
          + " this task, but you cannot do that now: the task has changed since the message was sent.");
      return;
    }
    model.put("prepared", Map.of("action", action, "label", TaskActions.button(action)));
  }
}
