package dev.overdue.http.problems;

import java.net.URI;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.ErrorResponseException;

/**
 * An answer other than success, as problem+json (RFC 9457): the status, a short title, the detail
 * a person reads, and for bad input the {@code field} it names.
 */
public final class ApiProblem extends ErrorResponseException {
  /** The problem types, documented in docs/reference/http-api.md. */
  public static final URI REFUSED = URI.create("https://overdue.dev/problems/refused");

  /** A start on a request id an approval already has, running or ended. */
  public static final URI REQUEST_ID_USED = URI.create("https://overdue.dev/problems/request-id-used");

  private ApiProblem(HttpStatus status, String title, String detail, URI type, String field) {
    super(status, problem(status, title, detail, type, field), null);
  }

  private static ProblemDetail problem(HttpStatus status, String title, String detail, URI type, String field) {
    ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail);
    problem.setTitle(title);
    if (type != null) {
      problem.setType(type);
    }
    if (field != null) {
      problem.setProperty("field", field);
    }
    return problem;
  }

  /** No approval of that id, or none the caller may see: the two answer alike. */
  public static ApiProblem notFound(String id) {
    return new ApiProblem(HttpStatus.NOT_FOUND, "Not found", "no approval " + id, null, null);
  }

  /** Something other than an approval that is not there, or not for the caller's eyes: {@code detail} says what. */
  public static ApiProblem missing(String detail) {
    return new ApiProblem(HttpStatus.NOT_FOUND, "Not found", detail, null, null);
  }

  /** Input that clashes with what is stored, such as a name in use; {@code field} names it. */
  public static ApiProblem conflict(String field, String detail) {
    return new ApiProblem(HttpStatus.CONFLICT, "Conflict", detail, null, field);
  }

  /** The workflow refused the command; {@code reason} is its own. Nothing changed. */
  public static ApiProblem refused(String reason) {
    return new ApiProblem(HttpStatus.CONFLICT, "Refused", reason, REFUSED, null);
  }

  /**
   * A start refused because {@code workflowId} already ran (or runs): nothing was started. {@code
   * facts} (its runId, executionStatus, outcome, decidedBy, endedAt) are properties of the problem; null
   * ones are left out.
   */
  public static ApiProblem requestIdUsed(String detail, java.util.Map<String, String> facts) {
    ApiProblem problem = new ApiProblem(HttpStatus.CONFLICT, "Request id already used", detail, REQUEST_ID_USED, null);
    facts.forEach((name, value) -> {
      if (value != null) {
        problem.getBody().setProperty(name, value);
      }
    });
    return problem;
  }

  /** Input that is well-formed but cannot be taken, such as a request the workflow's rules refuse. */
  public static ApiProblem unprocessable(String detail, String field) {
    return new ApiProblem(HttpStatus.UNPROCESSABLE_CONTENT, "Not acceptable", detail, null, field);
  }

  public static ApiProblem badInput(String field, String detail) {
    return new ApiProblem(HttpStatus.BAD_REQUEST, "Bad input", field + ": " + detail, null, field);
  }

  /** A request refused for its form, before it was read (the firewall's refusals). */
  public static ApiProblem refusedRequest(String detail) {
    return new ApiProblem(HttpStatus.BAD_REQUEST, "Bad Request", detail, null, null);
  }

  public static ApiProblem forbidden(String detail) {
    return new ApiProblem(HttpStatus.FORBIDDEN, "Forbidden", detail, null, null);
  }

  public static ApiProblem unavailable(String detail) {
    return new ApiProblem(HttpStatus.SERVICE_UNAVAILABLE, "Temporal unavailable", detail, null, null);
  }
}
