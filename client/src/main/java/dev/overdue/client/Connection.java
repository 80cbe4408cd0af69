package dev.overdue.client;

import com.uber.m3.tally.Scope;
import dev.overdue.client.codec.PayloadEncryption;
import io.grpc.StatusRuntimeException;
import io.temporal.api.workflowservice.v1.DescribeNamespaceRequest;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowClientOptions;
import io.temporal.common.converter.DataConverter;
import io.temporal.common.interceptors.WorkflowClientInterceptor;
import io.temporal.envconfig.ClientConfigProfile;
import io.temporal.envconfig.LoadClientConfigProfileOptions;
import io.grpc.ManagedChannelBuilder;
import io.temporal.serviceclient.WorkflowServiceStubs;
import java.util.function.Consumer;
import io.temporal.serviceclient.WorkflowServiceStubsOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Connection settings exactly as every Temporal tool reads them (temporal-envconfig): the
 * TEMPORAL_ADDRESS, TEMPORAL_NAMESPACE, TEMPORAL_API_KEY and TEMPORAL_TLS* variables, and profiles
 * in the TOML config file chosen by TEMPORAL_PROFILE / TEMPORAL_CONFIG_FILE; plus Overdue's
 * optional payload encryption (OVERDUE_CODEC_KEY or OVERDUE_CODEC_KEY_FILE), so that the worker
 * and the CLI, which both connect through here, always agree on how payloads are encoded.
 */
public record Connection(ClientConfigProfile profile, PayloadEncryption encryption) {
  public static final String DEFAULT_ADDRESS = "localhost:7233";

  /** Without payload encryption. */
  public Connection(ClientConfigProfile profile) {
    this(profile, PayloadEncryption.none());
  }

  /**
   * @throws UncheckedIOException when the TOML file cannot be read
   * @throws IllegalArgumentException when a setting is unusable (an unknown profile, a bad key)
   */
  public static Connection load() {
    return load(System.getenv());
  }

  /** The settings of {@code environment} instead of the process's (tests; the worker's checks). */
  public static Connection load(Map<String, String> environment) {
    ClientConfigProfile profile;
    try {
      profile =
          ClientConfigProfile.load(
              LoadClientConfigProfileOptions.newBuilder().setEnvOverrides(environment).build());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the Temporal client configuration", e);
    }
    return new Connection(profile, PayloadEncryption.fromEnvironment());
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

  /** True when TLS is on: asked for, or implied by an API key (as temporal-envconfig decides). */
  public boolean tls() {
    if (profile.getTls() != null) {
      return !Boolean.TRUE.equals(profile.getTls().isDisabled());
    }
    return profile.getApiKey() != null && !profile.getApiKey().isEmpty();
  }

  /** How this connection authenticates, for a start-up line: never the key or a path's content. */
  public String security() {
    StringBuilder text = new StringBuilder(tls() ? "TLS" : "plaintext");
    if (profile.getTls() != null && tls()) {
      if (profile.getTls().getClientCertPath() != null || profile.getTls().getClientCertData() != null) {
        text.append(" with a client certificate");
      }
      if (profile.getTls().getServerCACertPath() != null || profile.getTls().getServerCACertData() != null) {
        text.append(", server CA from the configuration");
      }
    }
    if (profile.getApiKey() != null && !profile.getApiKey().isEmpty()) {
      text.append(", API key");
    }
    return text.toString();
  }

  public WorkflowServiceStubs serviceStubs() {
    return serviceStubs(null);
  }

  /**
   * Stubs whose client and worker metrics (and workflow code's {@code Workflow.getMetricsScope()})
   * report to {@code metricsScope}; null for none.
   */
  public WorkflowServiceStubs serviceStubs(Scope metricsScope) {
    return serviceStubs(metricsScope, null);
  }

  /**
   * The same, with {@code channel} given the gRPC channel's builder before it is built (the CLI
   * gives it an event loop of its own); null for none.
   */
  public WorkflowServiceStubs serviceStubs(Scope metricsScope, Consumer<ManagedChannelBuilder<?>> channel) {
    WorkflowServiceStubsOptions.Builder options =
        WorkflowServiceStubsOptions.newBuilder(profile.toWorkflowServiceStubsOptions())
            .setTarget(address());
    if (metricsScope != null) {
      options.setMetricsScope(metricsScope);
    }
    if (channel != null) {
      options.setChannelInitializer(channel);
    }
    return WorkflowServiceStubs.newServiceStubs(options.build());
  }

  /** The converter both sides use: the SDK's default, with the payload codec around it. */
  public DataConverter dataConverter() {
    return encryption.dataConverter();
  }

  public WorkflowClient client(WorkflowServiceStubs stubs) {
    return client(stubs, new WorkflowClientInterceptor[0]);
  }

  /** The same, with {@code interceptors} around its calls (tracing's, when traces are on). */
  public WorkflowClient client(WorkflowServiceStubs stubs, WorkflowClientInterceptor... interceptors) {
    WorkflowClientOptions options =
        WorkflowClientOptions.newBuilder(profile.toWorkflowClientOptions())
            .setNamespace(namespace())
            .setDataConverter(dataConverter())
            .setInterceptors(interceptors)
            .build();
    return WorkflowClient.newInstance(stubs, options);
  }

  /**
   * One call to the service (DescribeNamespace, as a worker makes when it starts), bounded by
   * {@code timeout}, so that wrong TLS settings or credentials fail at once with their reason
   * instead of as endless poll errors.
   *
   * @throws Unusable with what went wrong and which setting fixes it
   */
  public void verify(WorkflowServiceStubs stubs, Duration timeout) {
    try {
      stubs
          .blockingStub()
          .withDeadlineAfter(timeout.toMillis(), TimeUnit.MILLISECONDS)
          .describeNamespace(DescribeNamespaceRequest.newBuilder().setNamespace(namespace()).build());
    } catch (StatusRuntimeException e) {
      String explained = ConnectionProblems.explain(e);
      if (explained == null) {
        explained =
            switch (e.getStatus().getCode()) {
              case NOT_FOUND -> "namespace '" + namespace() + "' does not exist (TEMPORAL_NAMESPACE)";
              case DEADLINE_EXCEEDED -> "no answer within " + timeout.toSeconds() + " s";
              default -> e.getStatus().getCode()
                  + (e.getStatus().getDescription() == null ? "" : ": " + e.getStatus().getDescription().strip());
            };
      }
      throw new Unusable(
          "cannot use Temporal at " + address() + " (namespace " + namespace() + ", " + security()
              + "): " + explained,
          e);
    }
  }

  /** The service cannot be used with these settings; the message says why. */
  public static final class Unusable extends RuntimeException {
    Unusable(String message, Throwable cause) {
      super(message, cause);
    }
  }

  /** Never the API key: ClientConfigProfile's own toString prints it in clear. */
  @Override
  public String toString() {
    return "Connection[address=" + address() + ", namespace=" + namespace() + ", " + security()
        + ", " + encryption.describe() + "]";
  }
}
