package dev.overdue.http.problems;

import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.apache.tomcat.util.http.InvalidParameterException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.webmvc.error.ErrorController;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The servlet error page (Spring Boot's {@code /error}, in place of its JSON): what Tomcat or a
 * filter ended with {@code sendError} or an exception, before any controller ran — TRACE (405),
 * an exception out of a filter — as problem+json with that status. Headers already set, such as
 * Allow, stay. Asked for directly, it is a path like any other that is not there: 404.
 */
@RestController
class ErrorPageProblems implements ErrorController {
  private static final Logger log = LoggerFactory.getLogger(ErrorPageProblems.class);

  @RequestMapping("${server.error.path:${error.path:/error}}")
  void error(HttpServletRequest request, HttpServletResponse response) throws IOException {
    Object code = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
    Object message = request.getAttribute(RequestDispatcher.ERROR_MESSAGE);
    Throwable failure = (Throwable) request.getAttribute(RequestDispatcher.ERROR_EXCEPTION);
    int status = code instanceof Integer given ? given : HttpStatus.NOT_FOUND.value();
    String detail = message instanceof String text && !text.isBlank() ? text : null;
    if (failure instanceof InvalidParameterException || (failure != null && failure.getCause() instanceof InvalidParameterException)) {
      status = HttpStatus.BAD_REQUEST.value();
      detail = "the parameters cannot be read";
    } else if (status >= 500) {
      log.error("failure before any controller (status {})", status, failure);
      detail = "internal error; the API's log has it";
    }
    ProblemWriter.write(response, problem(status, code == null ? "no such path" : detail));
  }

  /** Status, its reason phrase as the title, and a detail (the reason phrase when there is none). */
  static ProblemDetail problem(int status, String detail) {
    HttpStatus known = HttpStatus.resolve(status);
    String reason = known == null ? "Error" : known.getReasonPhrase();
    ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatusCode.valueOf(status), detail == null ? reason : detail);
    problem.setTitle(reason);
    return problem;
  }
}
