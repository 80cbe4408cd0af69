package dev.overdue.http.problems;

import java.io.Writer;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;
import org.apache.coyote.ActionCode;
import org.springframework.http.MediaType;

/**
 * Tomcat's own error reports as problem+json, in place of its HTML page: for what it refuses
 * before the application is reached (an encoded slash or NUL in the path, a character HTTP does
 * not allow in the request line), where no filter, controller or error page of ours runs.
 */
public final class ProblemReportValve extends ErrorReportValve {
  public ProblemReportValve() {
    setShowReport(false);
    setShowServerInfo(false);
  }

  @Override
  protected void report(Request request, Response response, Throwable throwable) {
    int status = response.getStatus();
    if (status < 400 || response.getContentWritten() > 0 || !response.setErrorReported()) {
      return;
    }
    AtomicBoolean ioAllowed = new AtomicBoolean(true);
    response.getCoyoteResponse().action(ActionCode.IS_IO_ALLOWED, ioAllowed);
    if (!ioAllowed.get()) {
      return;
    }
    // Tomcat's message says what it refused ("Invalid URI"); a 5xx says nothing of the internals.
    String message = response.getMessage();
    String detail = status >= 500 ? "internal error; the API's log has it"
        : message == null || message.isBlank() ? null : message;
    try {
      response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
      response.setCharacterEncoding("UTF-8");
      Writer writer = response.getReporter();
      if (writer != null) {
        writer.write(ProblemWriter.json(ErrorPageProblems.problem(status, detail)));
        response.finishResponse();
      }
    } catch (Exception e) {
      container.getLogger().warn("the problem report could not be written", e);
    }
  }
}
