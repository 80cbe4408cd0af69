package dev.overdue.inbox.web;

import dev.overdue.api.HistoryEntry;
import dev.overdue.api.PlanEntry;
import dev.overdue.api.StatusInfo;
import dev.overdue.api.StepInfo;
import dev.overdue.api.http.Actions;
import dev.overdue.api.http.Me;
import dev.overdue.inbox.api.ApiProblem;
import dev.overdue.inbox.api.TaskApi;
import dev.overdue.inbox.view.DataRows;
import dev.overdue.inbox.view.FormFields;
import dev.overdue.inbox.view.FreeForm;
import dev.overdue.inbox.view.TaskView;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;
import java.time.Clock;
import java.util.Arrays;
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
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

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
  /** A page's four reads run side by side. */
  private final ExecutorService reads = Executors.newCachedThreadPool(runnable -> {
    Thread thread = new Thread(runnable, "overdue-inbox-read");
    thread.setDaemon(true);
    return thread;
  });

  TaskPageController(TaskApi api, Pages pages, TaskView view, Clock clock) {
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
    if (!TaskView.known(action)) {
      throw new ApiProblem(400, "there is no action " + action);
    }
    try {
      // The status only where the body needs it (a decision's form, a detail's type): no read before a claim.
      calls.post(APPROVAL + "/" + action, body(action, fields, () -> calls.get(StatusInfo.class, APPROVAL, Map.of(), id)), fields.get("key"), id);
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
      model.put("refusal", problem.getMessage());
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
    List<Map<String, String>> actions = (List<Map<String, String>>) model.get("actions");
    if (actions.stream().noneMatch(a -> a.get("action").equals(action))) {
      model.put("linkNote", "The link asked you to " + TaskView.label(action).toLowerCase(java.util.Locale.ROOT)
          + " this task, but you cannot do that now: the task has changed since the message was sent.");
      return;
    }
    model.put("prepared", Map.of("action", action, "label", TaskView.label(action)));
  }

  /** The API's body for {@code action}, from the submitted fields. */
  private static ObjectNode body(String action, Map<String, String> fields, Supplier<StatusInfo> status) {
    ObjectNode body = JsonNodeFactory.instance.objectNode();
    String comment = fields.get("comment");
    switch (action) {
      case "approve", "reject", "complete" -> {
        comment(body, comment);
        StepInfo step = TaskView.currentStep(status.get());
        JsonNode form = FreeForm.tree(step == null ? null : step.form());
        ObjectNode output = FormFields.values(form, fields, FormFields.OUTPUT);
        if (!output.isEmpty()) {
          body.set("output", output);
        }
        if (action.equals("complete")) {
          body.put("outcome", fields.getOrDefault("outcome", ""));
        }
      }
      case "reassign" -> names(body, fields.get("to"));
      case "delegate" -> {
        body.put("to", required(fields.get("delegateTo"), "Say whom to hand it to."));
        comment(body, comment);
      }
      case "resolve" -> comment(body, comment);
      case "forward" -> {
        names(body, required(fields.get("forwardTo"), "Say whom to pass it on to."));
        comment(body, comment);
      }
      case "nominate" -> names(body, required(fields.get("nominateTo"), "Say whom to add."));
      case "skip" -> body.put("reason", required(fields.get("reason"), "Say why this step can be skipped."));
      case "set-priority" -> body.put("priority", priority(fields.get("priority")));
      case "comment" -> body.put("text",
          CommentTooLong.checked(required(fields.get("text"), "Write the comment first."), "text", CommentTooLong.ON_THE_THREAD));
      case "update-data" -> {
        String key = fields.getOrDefault("dataKey", "");
        if (key.isBlank()) {
          throw new ApiProblem(400, "Choose the detail to change, then its new value.");
        }
        body.putObject("data").set(key, DataRows.typed(FreeForm.tree(status.get().data()), key, fields.getOrDefault("dataValue", "")));
      }
      default -> { }
    }
    return body;
  }

  private static void comment(ObjectNode body, String comment) {
    if (comment != null && !comment.isBlank()) {
      body.put("comment", CommentTooLong.checked(comment, "comment", CommentTooLong.WITH_AN_ACTION));
    }
  }

  /** Names typed separated by commas, as the API's {@code to} list. */
  private static void names(ObjectNode body, String typed) {
    var to = body.putArray("to");
    Arrays.stream((typed == null ? "" : typed).split(",")).map(String::strip).filter(s -> !s.isEmpty()).forEach(to::add);
  }

  /** What was typed, stripped; when nothing, nothing is sent and the person is told {@code ask}. */
  private static String required(String typed, String ask) {
    if (typed == null || typed.isBlank()) {
      throw new ApiProblem(400, ask);
    }
    return typed.strip();
  }

  private static int priority(String chosen) {
    try {
      return Integer.parseInt(required(chosen, "Choose a priority."));
    } catch (NumberFormatException notANumber) {
      throw new ApiProblem(400, "Choose a priority from 0 (highest) to 10 (lowest).");
    }
  }
}
