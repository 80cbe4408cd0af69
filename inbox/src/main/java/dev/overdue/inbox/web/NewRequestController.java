package dev.overdue.inbox.web;

import dev.overdue.inbox.InboxSettings;
import dev.overdue.inbox.api.ApiProblem;
import dev.overdue.inbox.api.TaskApi;
import dev.overdue.inbox.requests.RequestType;
import dev.overdue.inbox.requests.RequestTypes;
import dev.overdue.inbox.view.FormFields;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;
import java.time.Clock;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.server.ResponseStatusException;
import org.springframework.web.servlet.ModelAndView;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;
import tools.jackson.databind.JsonNode;

/**
 * The "New request" pages: the request types, and one type's form, which starts a request in the
 * signed-in person's name through the API — with a CSRF token and an idempotency key, as every
 * action. The workflow checks the data against the type's data form; a refusal is shown on the
 * form, with what the person typed kept.
 */
@Controller
class NewRequestController {
  private static final String APPROVALS = "/api/v1/approvals";

  private final TaskApi api;
  private final Pages pages;
  private final RequestTypes types;
  private final InboxSettings settings;
  private final Clock clock;

  NewRequestController(TaskApi api, Pages pages, RequestTypes types, InboxSettings settings, Clock clock) {
    this.api = api;
    this.pages = pages;
    this.types = types;
    this.settings = settings;
    this.clock = clock;
  }

  @GetMapping("/requests/new")
  ModelAndView types(HttpSession session) {
    if (types.all().isEmpty()) {
      throw new ResponseStatusException(HttpStatus.NOT_FOUND);
    }
    Map<String, Object> model = pages.newRequestFrame("New request", pages.me(api.forSignedIn(), session));
    model.put("types", types.all().stream()
        .map(type -> Map.of("name", type.name(), "title", type.title())).toList());
    return new ModelAndView("requests", model);
  }

  @GetMapping("/requests/new/{name}")
  ModelAndView form(@PathVariable String name, HttpSession session) {
    RequestType type = type(name);
    Map<String, Object> model = model(type, session, type.newId(today()), type.title(), Map.of(), Map.of());
    return new ModelAndView("request", model);
  }

  @PostMapping("/requests/new/{name}")
  ModelAndView send(@PathVariable String name, @RequestParam Map<String, String> fields, HttpSession session,
      HttpServletResponse response, RedirectAttributes done) {
    RequestType type = type(name);
    TaskApi.Calls calls = api.forSignedIn();
    // The page's id, so that a second click sends the same request; one it could not have made, anew.
    String id = type.madeIt(fields.get("requestId")) ? fields.get("requestId") : type.newId(today());
    String title = fields.getOrDefault("title", "").strip();
    try {
      calls.post(APPROVALS, type.request(id, title.isEmpty() ? type.title() : title,
          FormFields.values(type.dataForm(), fields, FormFields.DATA)), fields.get("key"));
    } catch (ApiProblem problem) {
      if (problem.status() == 409) {
        // The page's id was sent before with something else (a browser's Back): the form again,
        // with a new id, rather than an error page.
        Map<String, Object> model = model(type, session, type.newId(today()), title, fields, Map.of());
        // In the requester's words, not the API's (which names workflows and runs).
        model.put("problems", List.of("A request numbered " + id + " exists already: it was sent before, with"
            + " other details. This form has a new number now: check it and send it again."));
        response.setStatus(409);
        return new ModelAndView("request", model);
      }
      if (problem.status() != 422) {
        throw problem;
      }
      List<String> problems = problems(problem.getMessage());
      Map<String, String> byField = new HashMap<>();
      for (String line : problems) {
        int colon = line.indexOf(": ");
        if (line.startsWith(FormFields.DATA) && colon > 0) {
          byField.putIfAbsent(line.substring(FormFields.DATA.length(), colon), line.substring(colon + 2));
        }
      }
      Map<String, Object> model = model(type, session, id, title, fields, byField);
      model.put("problems", problems);
      response.setStatus(422);
      return new ModelAndView("request", model);
    }
    done.addFlashAttribute("done", "Your request " + id + " was sent.");
    return new ModelAndView("redirect:/tasks/{id}", Map.of("id", id));
  }

  private RequestType type(String name) {
    return types.named(name).orElseThrow(() -> new ResponseStatusException(HttpStatus.NOT_FOUND));
  }

  private LocalDate today() {
    return LocalDate.now(clock.withZone(settings.zone()));
  }

  private Map<String, Object> model(RequestType type, HttpSession session, String id, String title,
      Map<String, String> submitted, Map<String, String> problems) {
    Map<String, Object> model = pages.newRequestFrame(type.title(), pages.me(api.forSignedIn(), session));
    model.put("type", type.name());
    model.put("typeTitle", type.title());
    model.put("requestId", id);
    model.put("title", title);
    model.put("fields", FormFields.of(type.dataForm(), FormFields.DATA, submitted, problems));
    model.put("problems", List.of());
    // A new key for every page shown: a refused request changed nothing, so its fix is a new one.
    model.put("key", UUID.randomUUID().toString());
    return model;
  }

  /** The workflow's problems, one a line after its heading ("invalid approval request:"). */
  private static List<String> problems(String detail) {
    List<String> lines = new ArrayList<>(detail.strip().lines().map(String::strip).filter(l -> !l.isEmpty()).toList());
    if (lines.size() > 1 && lines.get(0).endsWith(":")) {
      lines.remove(0);
    }
    return lines;
  }
}
