package dev.overdue.http.security;

import dev.overdue.http.problems.ApiProblem;
import dev.overdue.http.problems.ProblemWriter;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.web.firewall.HttpFirewall;
import org.springframework.security.web.firewall.RequestRejectedHandler;
import org.springframework.security.web.firewall.StrictHttpFirewall;

/**
 * Spring Security's firewall, strict as it comes, with two changes: a request it refuses (an
 * encoded %, a path parameter, a backslash) is a 400 problem+json saying why, not Spring Boot's
 * error JSON; and a method of any name (QUERY, TRACE: see {@link TraceNeverEchoed}) is let
 * through, so Spring MVC answers 405 with Allow where the path is known, rather than 400. Who may
 * call is not decided by method, so that opens nothing.
 */
@Configuration
class Firewall {
  private static final String REJECTED = "The request was rejected because ";

  @Bean
  HttpFirewall httpFirewall() {
    StrictHttpFirewall firewall = new StrictHttpFirewall();
    firewall.setUnsafeAllowAnyHttpMethod(true);
    return firewall;
  }

  @Bean
  RequestRejectedHandler requestRejectedHandler() {
    return (request, response, e) -> {
      String why = e.getMessage() == null ? "" : e.getMessage();
      why = why.startsWith(REJECTED) ? why.substring(REJECTED.length()) : why;
      ProblemWriter.write(response, ApiProblem.refusedRequest("the request was refused: " + why).getBody());
    };
  }
}
