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

  /** The workflow refused the command; {@code reason} is its own. Nothing changed. */
  public static ApiProblem refused(String reason) {
    return new ApiProblem(HttpStatus.CONFLICT, "Refused", reason, REFUSED, null);
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
