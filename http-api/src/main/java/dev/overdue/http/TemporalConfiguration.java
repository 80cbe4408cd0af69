package dev.overdue.http;

import dev.overdue.client.Approvals;
import dev.overdue.client.Connection;
import dev.overdue.model.request.RequestValidator;
import dev.overdue.tracing.Tracing;
import io.temporal.client.WorkflowClient;
import io.temporal.serviceclient.WorkflowServiceStubs;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * The one Temporal connection the API shares among its callers, from the settings every Temporal
 * tool reads (as the worker's and the CLI's), and readiness: ready while Temporal answers.
 */
@Configuration
class TemporalConfiguration {
  /** Temporal's own variables, also when given as Spring properties (--TEMPORAL_ADDRESS=… on the command line, tests). */
  private static final List<String> CONNECTION_VARIABLES =
      List.of("TEMPORAL_ADDRESS", "TEMPORAL_NAMESPACE", "TEMPORAL_PROFILE", "TEMPORAL_CONFIG_FILE", "TEMPORAL_API_KEY");

  @Bean
  Connection connection(Environment spring) {
    Map<String, String> environment = new HashMap<>(System.getenv());
    for (String variable : CONNECTION_VARIABLES) {
      String value = spring.getProperty(variable);
      if (value != null) {
        environment.put(variable, value);
      }
    }
    return Connection.load(environment);
  }

  @Bean(destroyMethod = "shutdown")
  WorkflowServiceStubs serviceStubs(Connection connection) {
    return connection.serviceStubs();
  }

  /**
   * Traces as the worker's and the CLI's, when the OTEL_* variables ask for them: each call to
   * Temporal (StartWorkflow, UpdateWorkflow, QueryWorkflow) is a span whose context the workflow
   * continues, so an approve from the API and the workflow's handling of it are one trace.
   */
  @Bean(destroyMethod = "close")
  Tracing tracing() {
    return Tracing.fromEnvironment("overdue-api");
  }

  @Bean
  WorkflowClient workflowClient(Connection connection, WorkflowServiceStubs stubs, Tracing tracing) {
    return connection.client(stubs, tracing.clientInterceptors());
  }

  /** Unsigned, with the workflow's own rules run before a start; each call signs for its caller. */
  @Bean
  Approvals approvals(WorkflowClient client) {
    return new Approvals(client, request -> RequestValidator.refusal(request, Instant.now()));
  }

  /** In the readiness group (application.yaml): a load balancer sends nothing while Temporal is away. */
  @Bean
  HealthIndicator temporal(Connection connection, WorkflowServiceStubs stubs) {
    return () -> {
      try {
        connection.verify(stubs, Duration.ofSeconds(2));
        return Health.up().withDetail("address", connection.address()).build();
      } catch (RuntimeException e) {
        return Health.down().withDetail("address", connection.address()).withDetail("problem", e.getMessage()).build();
      }
    };
  }
}
