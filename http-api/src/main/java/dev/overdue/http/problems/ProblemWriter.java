package dev.overdue.http.problems;

import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.converter.json.ProblemDetailJacksonMixin;
import tools.jackson.databind.json.JsonMapper;

/**
 * A problem+json body (RFC 9457) written where no controller runs: the filters' refusals, the
 * error page, Tomcat's own reports.
 * Controllers' problems come from {@link Problems}.
 */
public final class ProblemWriter {
  private static final JsonMapper JSON =
      JsonMapper.builder().addMixIn(ProblemDetail.class, ProblemDetailJacksonMixin.class).build();

  private ProblemWriter() {}

  public static void write(HttpServletResponse response, HttpStatus status, String detail) throws IOException {
    write(response, ProblemDetail.forStatusAndDetail(status, detail));
  }

  public static void write(HttpServletResponse response, ProblemDetail problem) throws IOException {
    if (response.isCommitted()) {
      return;
    }
    response.setStatus(problem.getStatus());
    response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
    response.getOutputStream().write(JSON.writeValueAsBytes(problem));
  }

  /** The problem as JSON text, for a writer that is not a servlet response's (Tomcat's own reports). */
  public static String json(ProblemDetail problem) {
    return JSON.writeValueAsString(problem);
  }
}
