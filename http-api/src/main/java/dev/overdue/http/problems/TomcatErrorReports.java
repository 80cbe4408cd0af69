package dev.overdue.http.problems;

import org.apache.catalina.Host;
import org.apache.catalina.Valve;
import org.apache.catalina.core.StandardHost;
import org.apache.catalina.valves.ErrorReportValve;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;

/**
 * Tomcat's host reports errors with {@link ProblemReportValve}. Last of the customizers, so the
 * HTML valve Spring Boot adds (server.error.include-stacktrace: never) is found and replaced.
 */
@Configuration
class TomcatErrorReports {
  @Bean
  WebServerFactoryCustomizer<TomcatServletWebServerFactory> problemReports() {
    return new Last();
  }

  private static final class Last implements WebServerFactoryCustomizer<TomcatServletWebServerFactory>, Ordered {
    @Override
    public void customize(TomcatServletWebServerFactory factory) {
      factory.addContextCustomizers(context -> {
        Host host = (Host) context.getParent();
        for (Valve valve : host.getPipeline().getValves()) {
          if (valve instanceof ErrorReportValve) {
            host.getPipeline().removeValve(valve);
          }
        }
        // The host adds a valve of this class when it starts, unless it has one: this one.
        ((StandardHost) host).setErrorReportValveClass(ProblemReportValve.class.getName());
        host.getPipeline().addValve(new ProblemReportValve());
      });
    }

    @Override
    public int getOrder() {
      return Ordered.LOWEST_PRECEDENCE;
    }
  }
}
