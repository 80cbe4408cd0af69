package dev.overdue.http.problems;

import dev.overdue.client.ConnectionProblems;
import dev.overdue.client.RefusedException;
import dev.overdue.index.TaskIndexUnavailable;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.temporal.client.WorkflowNotFoundException;
import java.util.stream.Collectors;
import org.apache.tomcat.util.http.InvalidParameterException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.security.web.firewall.RequestRejectedException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;
import tools.jackson.core.JacksonException;
import tools.jackson.core.exc.StreamReadException;
import tools.jackson.databind.DatabindException;

/**
 * Every failure as problem+json: Spring's own (an unknown path, a wrong method, an unreadable
 * body, naming the field Jackson stopped at), the workflow's refusals (409 with its reason), an
 * approval that is not there (404), and Temporal or the task index out of reach (503). Anything else is a 500 whose
 * detail says nothing of the internals; the log has it.
 */
@RestControllerAdvice
class Problems extends ResponseEntityExceptionHandler {
  private static final Logger log = LoggerFactory.getLogger(Problems.class);

  @ExceptionHandler(RefusedException.class)
  ProblemDetail refused(RefusedException e) {
    return ApiProblem.refused(e.getMessage()).getBody();
  }

  @ExceptionHandler(WorkflowNotFoundException.class)
  ProblemDetail notFound(WorkflowNotFoundException e) {
    return ApiProblem.notFound(e.getExecution().getWorkflowId()).getBody();
  }

  @ExceptionHandler(StatusRuntimeException.class)
  ProblemDetail temporal(StatusRuntimeException e) {
    if (e.getStatus().getCode() == Status.Code.NOT_FOUND) {
      return ApiProblem.notFound("").getBody();
    }
    String explained = ConnectionProblems.explain(e);
    log.warn("Temporal call failed: {}", explained == null ? e.getStatus() : explained);
    return ApiProblem.unavailable(explained == null ? e.getStatus().getCode().name() : explained).getBody();
  }

  /** The task index's database down or unreachable: lists are unavailable for now, never wrong. */
  @ExceptionHandler(TaskIndexUnavailable.class)
  ProblemDetail index(TaskIndexUnavailable e) {
    log.warn("{}", e.getMessage());
    return ApiProblem.unavailable("the task index cannot be read now; try again in a moment").getBody();
  }

  /** Tomcat's own limits on parameters (how many, how long) that the query check leaves to it. */
  @ExceptionHandler(InvalidParameterException.class)
  ProblemDetail parameters(InvalidParameterException e) {
    return ApiProblem.badInput("query", "the parameters cannot be read: " + e.getMessage()).getBody();
  }

  /**
   * The firewall's refusal of a header value (not visible ASCII or Latin-1 text, such as
   * {@code Idempotency-Key: ×ø}), met only when a controller reads the header: a 400, as the
   * firewall's refusals before the controllers, not a 500.
   */
  @ExceptionHandler(RequestRejectedException.class)
  ProblemDetail rejected(RequestRejectedException e) {
    String why = e.getMessage() == null ? "" : e.getMessage().replaceFirst("^The request was rejected because ", "");
    return ApiProblem.refusedRequest("the request was refused: " + why).getBody();
  }

  @ExceptionHandler(Exception.class)
  ProblemDetail unexpected(Exception e) {
    log.error("unexpected failure", e);
    return ProblemDetail.forStatusAndDetail(HttpStatus.INTERNAL_SERVER_ERROR, "internal error; the API's log has it");
  }

  /** The body is not JSON, too deep, or a field has the wrong type or is unknown: 400 naming it. */
  @Override
  protected ResponseEntity<Object> handleHttpMessageNotReadable(
      HttpMessageNotReadableException e, HttpHeaders headers, HttpStatusCode status, WebRequest request) {
    String field = null;
    String detail = "the body is not the JSON this call takes";
    if (e.getCause() instanceof DatabindException databind && !databind.getPath().isEmpty()) {
      field = databind.getPath().stream()
          .map(ref -> ref.getPropertyName() != null ? ref.getPropertyName() : "[" + ref.getIndex() + "]")
          .collect(Collectors.joining(".")).replace(".[", "[");
      String shapes = JsonShapes.mismatch(databind);
      detail = shapes != null ? shapes : databind.getOriginalMessage();
    } else if (e.getCause() instanceof StreamReadException unreadable) {
      detail = PlainJsonErrors.describe(unreadable);
    } else if (e.getCause() instanceof JacksonException jackson) {
      detail = jackson.getOriginalMessage();
    }
    ProblemDetail problem = ApiProblem.badInput(field == null ? "body" : field, firstLine(detail)).getBody();
    return handleExceptionInternal(e, problem, headers, HttpStatus.BAD_REQUEST, request);
  }

  private static String firstLine(String text) {
    int end = text.indexOf('\n');
    return end < 0 ? text : text.substring(0, end);
  }
}
