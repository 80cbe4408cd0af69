package dev.overdue.client;

import com.uber.m3.tally.Scope;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowClientOptions;
import io.temporal.envconfig.ClientConfigProfile;
import io.temporal.serviceclient.WorkflowServiceStubs;
import io.temporal.serviceclient.WorkflowServiceStubsOptions;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Connection settings exactly as every Temporal tool reads them (temporal-envconfig): the
 * TEMPORAL_ADDRESS, TEMPORAL_NAMESPACE, TEMPORAL_API_KEY and TEMPORAL_TLS* variables, and profiles
 * in the TOML config file chosen by TEMPORAL_PROFILE / TEMPORAL_CONFIG_FILE.
 */
public record Connection(ClientConfigProfile profile) {
  public static final String DEFAULT_ADDRESS = "localhost:7233";

  public static Connection load() {
    try {
      return new Connection(ClientConfigProfile.load());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the Temporal client configuration", e);
    }
  }

  /** True when an address came from the environment or a profile, not from the default. */
  public boolean addressConfigured() {
    return profile.getAddress() != null && !profile.getAddress().isBlank();
  }

  public String address() {
    return addressConfigured() ? profile.getAddress() : DEFAULT_ADDRESS;
  }

  public String namespace() {
    return profile.getNamespace() == null || profile.getNamespace().isBlank()
        ? "default"
        : profile.getNamespace();
  }

  public WorkflowServiceStubs serviceStubs() {
    return serviceStubs(null);
  }

  /**
   * Stubs whose client and worker metrics (and workflow code's {@code Workflow.getMetricsScope()})
   * report to {@code metricsScope}; null for none.
   */
  public WorkflowServiceStubs serviceStubs(Scope metricsScope) {
    WorkflowServiceStubsOptions.Builder options =
        WorkflowServiceStubsOptions.newBuilder(profile.toWorkflowServiceStubsOptions())
            .setTarget(address());
    if (metricsScope != null) {
      options.setMetricsScope(metricsScope);
    }
    return WorkflowServiceStubs.newServiceStubs(options.build());
  }

  public WorkflowClient client(WorkflowServiceStubs stubs) {
    WorkflowClientOptions options =
        WorkflowClientOptions.newBuilder(profile.toWorkflowClientOptions())
            .setNamespace(namespace())
            .build();
    return WorkflowClient.newInstance(stubs, options);
  }
}
