package dev.overdue.inbox.web;

import dev.overdue.inbox.api.ApiProblem;
import dev.overdue.inbox.security.ApiCredentials;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.client.ResourceAccessException;
import org.springframework.web.servlet.ModelAndView;

/**
 * What a page says when it cannot show what was asked: in a person's words, with the status a
 * browser and a proxy understand. A task one may not see reads as one that does not exist, as in
 * the API.
 */
@ControllerAdvice
class Problems {
  private static final Logger log = LoggerFactory.getLogger(Problems.class);

  private final EveryPage everyPage;

  Problems(EveryPage everyPage) {
    this.everyPage = everyPage;
  }

  @ExceptionHandler(ApiProblem.class)
  ModelAndView api(ApiProblem problem, HttpServletRequest request, HttpServletResponse response) {
    int status = problem.status();
    if (status == 401) {
      // The API no longer takes the session's token (expired past refresh, revoked): sign in again.
      return new ModelAndView(signInAgain(request));
    }
    response.setStatus(status);
    return switch (status) {
      case 404 -> page(request, "Not found", "There is no such task here: it does not exist, or it is not yours to see.");
      case 400, 422 -> page(request, "That did not work", problem.getMessage());
      case 403 -> page(request, "Not allowed", problem.getMessage());
      case 429 -> page(request, "Too many requests", "Wait a moment and try again.");
      case 504 -> page(request, "No answer yet", problem.getMessage());
      default -> {
        log.warn("the task API answered {}: {}", status, problem.getMessage());
        yield page(request, "Something went wrong", "The approvals service could not answer (" + status + "). Try again in a moment.");
      }
    };
  }

  @ExceptionHandler(ResourceAccessException.class)
  ModelAndView unreachable(ResourceAccessException down, HttpServletRequest request, HttpServletResponse response) {
    log.warn("cannot reach the task API: {}", down.getMessage());
    response.setStatus(503);
    return page(request, "The approvals service is not reachable", "Nothing was changed. Try again in a moment.");
  }

  /** The session's token is spent: the person signs in again, and comes back here. */
  @ExceptionHandler(ApiCredentials.SignInAgain.class)
  String signInAgain(HttpServletRequest request) {
    request.getSession().invalidate();
    return "redirect:/tasks";
  }

  private ModelAndView page(HttpServletRequest request, String heading, String message) {
    Map<String, Object> model = everyPage.problemFrame(heading, request);
    model.put("heading", heading);
    model.put("message", message);
    return new ModelAndView("problem", model);
  }
}
