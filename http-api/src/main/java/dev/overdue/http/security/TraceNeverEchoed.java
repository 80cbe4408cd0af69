package dev.overdue.http.security;

import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.servlet.DispatcherServlet;

/**
 * TRACE is answered as any method a path does not take: 405 with that path's Allow (Tomcat's own
 * refusal listed every servlet method, PUT and DELETE too). Tomcat lets it through only because
 * this DispatcherServlet routes it to the handlers, which map no TRACE, and never on to
 * HttpServlet's doTrace, which would echo the request, its Authorization header included
 * (Spring's dispatch-trace-request option still echoes after the handlers).
 */
@Configuration
class TraceNeverEchoed {
  @Bean
  WebServerFactoryCustomizer<TomcatServletWebServerFactory> traceToTheApplication() {
    return factory -> factory.addConnectorCustomizers(connector -> connector.setAllowTrace(true));
  }

  /** In place of Spring Boot's (same name), with its defaults. */
  @Bean(name = "dispatcherServlet")
  DispatcherServlet dispatcherServlet() {
    return new DispatcherServlet() {
      @Override
      protected void doTrace(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        processRequest(request, response);
      }
    };
  }
}
